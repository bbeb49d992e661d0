"""The answer sets of realistic answers by name: which are dev (choose on them) and which are held out (confirm only).

Why one module: the lists were written out in four benchmarks (answer_sets, number_mutations, time_mutations,
rule_ablation), so a new set took four edits and one list fell behind (rule_ablation's held-out line left out
numbers_holdout6 and rates_holdout). Here each set is named once with its group. A benchmark that draws seeded
mutants keeps its own subset in its own order (the draw depends on the order, so moving a set would move its
figures), but names it through :func:`paths`, which refuses a name of the wrong group: a held-out set cannot be read
as dev by a slip in a list.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
# written outside the project (../shared/data/README.md); it lies beside the checkout, not under benchmarks/
SHAPES_DEV = BENCHMARKS.parents[1] / "shared" / "data" / "dev" / "shapes_dev.jsonl"

# in the order the pooled figures have always been summed
DEV = ("shapes_dev", "shapes_dev2", "shapes_holdout", "numbers_dev", "numbers_dev2", "refusals_dev2", "refusals_dev3",
       "refusals_dev4", "periods_dev", "clauses_dev", "amounts_dev")  # shapes_holdout dev since session 16;
# clauses_dev (session 44) and amounts_dev (session 45) written blind as dev
HELD_OUT = ("shapes_holdout2", "shapes_holdout3", "shapes_holdout4", "shapes_holdout5", "shapes_holdout6",
            "shapes_holdout7", "numbers_holdout", "numbers_holdout2", "numbers_holdout3", "numbers_holdout4",
            "numbers_holdout5", "numbers_holdout6", "refusals_holdout", "refusals_holdout2", "leaning_holdout",
            "periods_holdout", "rates_holdout", "clauses_holdout")
GROUPS = {"dev": DEV, "held-out": HELD_OUT}


def path(name: str) -> Path:
    """The JSONL file of the set ``name`` (every set but shapes_dev lives in ``benchmarks/NAME/NAME.jsonl``)."""
    if name not in DEV and name not in HELD_OUT:
        raise ValueError(f"unknown answer set {name!r}: name it in benchmarks/answer_set_names.py first")
    return SHAPES_DEV if name == "shapes_dev" else BENCHMARKS / name / f"{name}.jsonl"


def paths(group: str, names: Iterable[str] | None = None) -> list[Path]:
    """The files of ``names`` (every set of ``group`` when None), in the order given; each must belong to ``group``."""
    members = GROUPS[group]
    chosen = members if names is None else tuple(names)
    strays = [name for name in chosen if name not in members]
    if strays:
        raise ValueError(f"not {group} sets: {', '.join(strays)}")
    return [path(name) for name in chosen]
