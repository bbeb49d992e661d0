"""What each rule of the decision layer is worth: every rule turned off in turn, answer by answer, on the dev sets
and the held-out sets of realistic answers.

    PYTHONPATH=src python benchmarks/rule_ablation.py [--rules polarity,units,...] [--sets dev|held-out|all]

For each alignment rule (``checkers.rules.alignment``: polarity, siblings, scope, units, anchors, conditions), the
window veto and the second opinion (the second bundled model, which only ever rescues), runs the real `faithkit
check` with everything else at its default, and prints, per group of sets, how many answers the rule gets right
that the checker without it gets wrong (faults it catches, faithful answers it would otherwise lose) and the
reverse (faithful answers it costs, faults it lets through), with the checker's figures with every rule on. Issue
31 asks for this table: a rule is kept for what it does where it was not chosen, so its held-out line is the one to
read. The model's scores are the same in every run (the rules only decide which windows may support a claim), so
with the score cache warm each run takes seconds per set.

Dev and held-out are the groups of ``benchmarks/answer_set_names.py``, as the sets' READMEs say (the held-out sets
were written blind and are only for confirming).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import answer_set_names as names  # noqa: E402

DEV = names.paths("dev")  # every set of each group: no draw here depends on the order
HELD_OUT = names.paths("held-out")
DEFAULT_RULES = ("polarity", "siblings", "scope", "units", "anchors", "conditions")
VETO = "window veto"
SECOND = "second opinion"  # the second bundled model (``checkers.nli_verdict.is_candidate``): a rescue, not a flag


def outcomes(data: Path, check_args: list[str], work: Path) -> dict[str, tuple[str, bool]]:
    """answer id -> (measure, right) from `benchmarks/shapes_dev.py --json` run with ``check_args``."""
    out = work / f"{data.stem}.json"
    command = [sys.executable, str(ROOT / "benchmarks" / "shapes_dev.py"), "--data", str(data), "--json", str(out),
               "--", *check_args]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{data.name}: shapes_dev.py failed:\n{done.stderr[-2000:]}")
    return {a["id"]: (a["measure"], a["right"]) for a in json.loads(out.read_text(encoding="utf-8"))["answers"]}


def without(rule: str) -> list[str]:
    """The check arguments that turn one rule off and leave every other default."""
    if rule == VETO:
        return ["--no-window-veto"]
    if rule == SECOND:
        return ["--checker", "nli:second_opinion=off"]
    kept = [r for r in DEFAULT_RULES if r != rule]
    return ["--checker", f"nli:alignment_rules={'+'.join(kept)}"] if kept else ["--checker", "nli:alignment=false"]


def compare(base: dict[str, tuple[str, bool]], off: dict[str, tuple[str, bool]]) -> dict[str, int]:
    """What the rule does: answers right only with it (by measure) and right only without it."""
    tally = {"faults caught": 0, "faithful kept": 0, "refusals counted": 0, "faithful lost": 0, "faults missed": 0,
             "refusals lost": 0}
    names = {"fault caught": ("faults caught", "faults missed"), "faithful kept": ("faithful kept", "faithful lost"),
             "refusal counted": ("refusals counted", "refusals lost")}
    for answer, (measure, right) in base.items():
        gained, lost = names[measure]
        if right and not off[answer][1]:
            tally[gained] += 1
        elif off[answer][1] and not right:
            tally[lost] += 1
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default=",".join((*DEFAULT_RULES, VETO, SECOND)),
                        help="comma-separated rules to turn off in turn (default: every rule, the window veto and the "
                             "second opinion)")
    parser.add_argument("--sets", choices=("dev", "held-out", "all"), default="all")
    args = parser.parse_args(argv)
    groups = {"dev": DEV, "held-out": HELD_OUT}
    groups = groups if args.sets == "all" else {args.sets: groups[args.sets]}
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    known = (*DEFAULT_RULES, VETO, SECOND)
    unknown = [r for r in rules if r not in known]
    if unknown:
        parser.error(f"unknown rule(s) {', '.join(unknown)}; known: {', '.join(known)}")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for group, sets in groups.items():
            base: dict[str, tuple[str, bool]] = {}
            for data in sets:
                base.update(outcomes(data, [], work))
            totals: dict[str, list[int]] = {}
            for measure, right in base.values():
                totals.setdefault(measure, [0, 0])
                totals[measure][0] += right
                totals[measure][1] += 1
            print(f"\n{group}: {len(sets)} sets, every rule on: "
                  + ", ".join(f"{m} {r}/{n}" for m, (r, n) in sorted(totals.items())))
            print(f"  {'rule off':<14} {'it catches':>10} {'it keeps':>9} {'it counts':>9}   "
                  f"{'it costs':>8} {'lets through':>12} {'refusals lost':>13}")
            for rule in rules:
                off: dict[str, tuple[str, bool]] = {}
                for data in sets:
                    off.update(outcomes(data, without(rule), work))
                t = compare(base, off)
                print(f"  {rule:<14} {t['faults caught']:>10} {t['faithful kept']:>9} {t['refusals counted']:>9}   "
                      f"{t['faithful lost']:>8} {t['faults missed']:>12} {t['refusals lost']:>13}")
    print("\nit catches / keeps / counts: answers right with the rule and wrong without it (faults, faithful, "
          "refusals); it costs / lets through / refusals lost: right without it and wrong with it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
