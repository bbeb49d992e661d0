"""Every answer set at once: the dev sets pooled (choose here) and the held-out sets pooled (confirm here).

    PYTHONPATH=src python benchmarks/answer_sets.py                       # both groups, the default checker
    PYTHONPATH=src python benchmarks/answer_sets.py --group dev           # the dev sets only (minutes)
    PYTHONPATH=src python benchmarks/answer_sets.py --json B.json -- --checker nli:threshold=0.5
    PYTHONPATH=src python benchmarks/answer_sets.py --compare A.json B.json   # answers whose grade moved
    PYTHONPATH=src python benchmarks/answer_sets.py --sets clauses_holdout --json N.json   # named sets only

How a rule or threshold is accepted here: chosen on the **dev** sets, confirmed on the **held-out** sets, which are
read only as counts and as the ids of answers whose grade changed (``--compare`` prints ids, never text). Each set
is graded exactly as ``benchmarks/shapes_dev.py --data FILE`` grades it (the same ``faithkit check`` run and the same
outcome per answer: faithful kept, fault caught, refusal counted); this script runs them in turn and adds the
pooled line of each group with its 95% Wilson interval, the figure the model card and the closing notes quote.
``--json`` keeps every answer's outcome, so two runs of the code before and after a change can be compared.

Why one script: the acceptance figures were sums of 25 separate runs, added by hand, which nobody could reproduce
from the note alone.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from contextlib import redirect_stdout
from io import StringIO
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import answer_set_names as names  # noqa: E402
from shapes_dev import grade, rate, read_jsonl, run_check, split_check_args  # noqa: E402

# (name, file): dev sets may be read in full and chosen on; held-out sets only confirm
DEV_SETS = tuple(zip(names.DEV, names.paths("dev")))
HELD_OUT_SETS = tuple(zip(names.HELD_OUT, names.paths("held-out")))
GROUPS = {"dev": DEV_SETS, "held-out": HELD_OUT_SETS}
MEASURES = ("faithful kept", "fault caught", "refusal counted")


def grade_set(path: Path, check_args: list[str]) -> dict[str, Any]:
    """One set run through `faithkit check` and graded as ``shapes_dev.py`` grades it (its tables not printed)."""
    rows = read_jsonl(path)
    with tempfile.TemporaryDirectory() as tmp, redirect_stdout(StringIO()):
        return grade(rows, run_check(rows, check_args, Path(tmp)), show_claims=False)


def pooled(figures: dict[str, dict[str, Any]]) -> dict[str, list[int]]:
    """Right and total per measure, summed over the sets of a group."""
    total: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for one in figures.values():
        for measure, (right, n) in one["measures"].items():
            total[measure][0] += right
            total[measure][1] += n
    return dict(total)


def figures_lines(group: str, figures: dict[str, dict[str, Any]]) -> list[str]:
    """A line per set (right/total per measure) and the group's pooled line with Wilson intervals."""
    lines = [f"{group}: {len(figures)} sets"]
    for name, one in figures.items():
        shown = "  ".join(f"{m} {one['measures'][m][0]}/{one['measures'][m][1]}" for m in MEASURES
                          if m in one["measures"])
        lines.append(f"  {name:<18} {shown}")
    total = pooled(figures)
    lines += [f"  pooled {m:<16} {rate(*total[m])}" for m in MEASURES if m in total]
    errors = [a["id"] for one in figures.values() for a in one["answers"] if a["status"] == "error"]
    lines.append(f"  records with status error: {len(errors)}" + (f" ({', '.join(errors)}: see their results)"
                                                                    if errors else ""))  # never a silent pass
    return lines


def changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Each answer whose grade differs between two ``--json`` files: set, id, measure, gained or lost (no text)."""
    out = []
    for group in GROUPS:
        for name, one in before.get(group, {}).items():
            theirs = {a["id"]: a for a in after.get(group, {}).get(name, {}).get("answers", [])}
            for answer in one["answers"]:
                other = theirs.get(answer["id"])
                if other is not None and other["right"] != answer["right"]:
                    moved = "gained" if other["right"] else "lost"
                    out.append(f"{group} {name} {answer['id']} {answer['measure']}: {moved} "
                               f"({answer['status']} -> {other['status']})")
    return out


def main(argv: list[str] | None = None) -> int:
    argv, check_args = split_check_args(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--group", choices=[*GROUPS, "all"], default="all")
    parser.add_argument("--sets", help="comma-separated set names: run only these (e.g. a new set against a "
                        "--json of the others)")
    parser.add_argument("--json", type=Path, help="write every set's figures and answers here")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"),
                        help="list the answers whose grade moved between two --json files, and stop")
    args = parser.parse_args(argv)
    wanted = set(args.sets.split(",")) if args.sets else None
    for name in wanted or ():
        try:
            names.path(name)
        except ValueError as unknown:
            parser.error(str(unknown).replace("answer set", "set"))
    in_group = {name for group, sets in GROUPS.items() if args.group in (group, "all") for name, _ in sets}
    for name in sorted((wanted or set()) - in_group):  # run nothing and write an empty file: never silently
        parser.error(f"set {name!r} is not in --group {args.group}")
    if args.compare:
        before, after = (json.loads(p.read_text(encoding="utf-8")) for p in args.compare)
        moved = changes(before, after)
        print("\n".join(moved) if moved else "no answer's grade moved")
        for group in GROUPS:
            if group in before and group in after:
                print("\n".join(f"{group} {m}: {rate(*b)} -> {rate(*a)}" for m, b, a in
                                ((m, pooled(before[group]).get(m), pooled(after[group]).get(m)) for m in MEASURES)
                                if b and a))
        return 0
    out: dict[str, dict[str, Any]] = {}
    for group, sets in GROUPS.items():
        if args.group not in (group, "all"):
            continue
        chosen = [(name, path) for name, path in sets if wanted is None or name in wanted]
        if not chosen:
            continue
        out[group] = {name: grade_set(path, check_args) for name, path in chosen}
        print("\n".join(figures_lines(group, out[group])), flush=True)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
