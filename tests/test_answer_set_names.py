"""benchmarks/answer_set_names.py: each answer set named once with its group, and the benchmarks that read them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import answer_set_names as names  # noqa: E402


def test_each_set_is_in_one_group_and_its_file_exists() -> None:
    assert not set(names.DEV) & set(names.HELD_OUT)
    assert len(set(names.DEV)) == len(names.DEV) and len(set(names.HELD_OUT)) == len(names.HELD_OUT)
    assert all(p.is_file() for p in (*names.paths("dev"), *names.paths("held-out")))
    assert names.path("shapes_dev") == names.SHAPES_DEV
    assert names.path("numbers_holdout6") == ROOT / "benchmarks" / "numbers_holdout6" / "numbers_holdout6.jsonl"


def test_a_held_out_set_cannot_be_named_as_dev_nor_an_unknown_set_at_all() -> None:
    with pytest.raises(ValueError, match="not dev sets: rates_holdout"):
        names.paths("dev", ("shapes_dev", "rates_holdout"))
    with pytest.raises(ValueError, match="unknown answer set 'shapes_holdout9'"):
        names.path("shapes_holdout9")
    assert names.paths("held-out", ("rates_holdout", "shapes_holdout2"))[0].name == "rates_holdout.jsonl"


def test_the_mutation_benchmarks_keep_their_subsets_in_the_order_their_seeded_draws_used() -> None:
    """Their figures (session 45: number mutations 431/458, amount moves 188/379) depend on the order of the files."""
    import number_mutations
    import time_mutations

    def named(files: list[Path]) -> list[str]:
        return ["shapes_dev" if f == names.SHAPES_DEV else f.stem for f in files]

    assert named(number_mutations.SETS["dev"]) == ["shapes_dev", "shapes_dev2", "numbers_dev", "shapes_holdout"]
    assert named(number_mutations.SETS["held-out"]) == [
        *(f"shapes_holdout{i}" for i in range(2, 7)), "numbers_holdout", *(f"numbers_holdout{i}" for i in range(2, 7))]
    assert named(time_mutations.SETS["dev"]) == [  # the dev sets before clauses_dev (session 44)
        "shapes_dev", "shapes_dev2", "shapes_holdout", "numbers_dev", "numbers_dev2", "refusals_dev2", "refusals_dev3",
        "refusals_dev4", "periods_dev"]
    assert named(time_mutations.SETS["held-out"]) == [
        *(f"shapes_holdout{i}" for i in range(2, 8)), "numbers_holdout", *(f"numbers_holdout{i}" for i in range(2, 7)),
        "refusals_holdout", "refusals_holdout2", "leaning_holdout", "periods_holdout"]


def test_the_pooled_figures_and_the_rule_ablation_read_every_set_of_each_group() -> None:
    import answer_sets
    import rule_ablation

    assert [n for n, _ in answer_sets.DEV_SETS] == list(names.DEV)
    assert [n for n, _ in answer_sets.HELD_OUT_SETS] == list(names.HELD_OUT)
    dev, held_out = rule_ablation.DEV, rule_ablation.HELD_OUT
    assert dev == names.paths("dev") and held_out == names.paths("held-out")


def test_answer_sets_refuses_a_set_name_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    """``--sets`` with a typo must say so, not run nothing and write an empty file."""
    import answer_sets

    with pytest.raises(SystemExit) as stop:
        answer_sets.main(["--sets", "clauses_holdot"])
    assert stop.value.code == 2 and "unknown set 'clauses_holdot'" in capsys.readouterr().err


def test_answer_sets_refuses_a_set_outside_the_group_it_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """``--group dev --sets clauses_holdout`` would run no set and write an empty file."""
    import answer_sets

    with pytest.raises(SystemExit) as stop:
        answer_sets.main(["--group", "dev", "--sets", "clauses_holdout"])
    assert stop.value.code == 2 and "not in --group dev" in capsys.readouterr().err
