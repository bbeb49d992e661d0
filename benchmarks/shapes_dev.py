"""Grade `faithkit check` on answers written outside the project, in the shapes real assistants produce.

    PYTHONPATH=src python benchmarks/shapes_dev.py                         # the default checker
    PYTHONPATH=src python benchmarks/shapes_dev.py -- --checker nli:threshold=0.6   # any `check` flags after --
    PYTHONPATH=src python benchmarks/shapes_dev.py --results runs/shapes   # grade an existing run, no model
    ... --claims        # every answer's claims with verdict, score, stage and reason
    ... --json out.json # the figures and every answer's outcome, for a side-by-side comparison

`../shared/data/dev/shapes_dev.jsonl` (26+ answers in three invented help centers) is dev data: choose on it,
never train on it. The grading fields (`expect`, `shape`, `fault`, `citation`, `domain`) are stripped before the
check, so the checker sees only what `faithkit check` would see in a real log.

An answer is graded by what a gate does with it:

- ``faithful``: *kept* when its record is ``scored`` with no unsupported claim (a refusal or an error is not kept);
- ``unsupported``: *caught* when it is ``scored`` with at least one unsupported claim, or an error;
- ``refusal``: *counted* when its record is ``refusal`` (the answer declines and is left out of the averages);
- ``citation: misattributed`` (a faithful answer citing the wrong passage): *warned* when a claim of the record
  has ``citation: misattributed`` while the answer is still kept.

Each rate is printed with its 95% Wilson interval, per shape, per fault and per domain.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from faithkit.stats import wilson_interval

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "dev" / "shapes_dev.jsonl"
GRADING_FIELDS = ("expect", "shape", "fault", "citation", "domain", "computed", "swap")


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def run_check(rows: list[dict[str, Any]], check_args: list[str], workdir: Path) -> Path:
    """Write the rows without grading fields and run the real `faithkit check` on them; the results folder."""
    log = workdir / "shapes.jsonl"
    log.write_text("".join(json.dumps({k: v for k, v in r.items() if k not in GRADING_FIELDS}) + "\n"
                           for r in rows), encoding="utf-8")
    out = workdir / "run"
    command = [sys.executable, "-m", "faithkit", "check", str(log), "--out", str(out), "--overwrite", "--quiet",
               "--no-report", *check_args]
    done = subprocess.run(command, capture_output=True, text=True, env=os.environ.copy())
    if done.returncode not in (0, 1):
        raise SystemExit(f"faithkit check failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return out


def outcome(row: dict[str, Any], record: dict[str, Any]) -> tuple[str, bool]:
    """(the measure this answer counts in, whether the checker got it right)."""
    status = record.get("status")
    expect = row["expect"]
    if expect == "faithful":
        return "faithful kept", status == "scored" and not record.get("unsupported")
    if expect == "refusal":
        return "refusal counted", status == "refusal"
    return "fault caught", status == "error" or (status == "scored" and bool(record.get("unsupported")))


def warned_misattributed(record: dict[str, Any]) -> bool:
    return any(c.get("citation") == "misattributed" for c in record.get("claims") or ())


def rate(right: int, total: int) -> str:
    if not total:
        return "-"
    found = wilson_interval(right, total)
    low, high = found.low, found.high
    return f"{right}/{total} {100 * right / total:5.1f}% [{100 * low:5.1f}, {100 * high:5.1f}]"


def table(title: str, groups: dict[str, list[bool]]) -> list[str]:
    lines = [f"{title:<32} right/total  rate   95% Wilson"]
    lines += [f"  {name:<30} {rate(sum(marks), len(marks))}" for name, marks in sorted(groups.items())]
    return lines


def claim_lines(record: dict[str, Any]) -> list[str]:
    out = []
    for claim in record.get("claims") or ():
        score = claim.get("score")
        reason = (claim.get("detail") or {}).get("reason") or ""
        cited = claim.get("citation") or ""
        shown = f"{score:.2f}" if isinstance(score, float) else "  - "
        out.append(f"      [{claim.get('verdict')}/{shown} {claim.get('stage')}{' cite=' + cited if cited else ''}]"
                   f" {claim.get('text')!r} {reason}")
    return out


def grade(rows: list[dict[str, Any]], results: Path, show_claims: bool) -> dict[str, Any]:
    records = {r["id"]: r for r in read_jsonl(results / "results.jsonl")}
    by_measure: dict[str, list[bool]] = defaultdict(list)
    by_shape: dict[str, list[bool]] = defaultdict(list)
    by_fault: dict[str, list[bool]] = defaultdict(list)
    by_domain: dict[str, list[bool]] = defaultdict(list)
    warned: list[bool] = []
    answers = []
    for row in rows:
        record = records.get(row["id"], {"status": "missing"})
        measure, right = outcome(row, record)
        by_measure[measure].append(right)
        by_shape[f"{row['shape']} ({row['expect']})"].append(right)
        if row.get("fault"):
            by_fault[row["fault"]].append(right)
        by_domain[row.get("domain", "?")].append(right)
        if row.get("citation") == "misattributed":
            warned.append(warned_misattributed(record))
        answers.append({"id": row["id"], "measure": measure, "right": right, "status": record.get("status")})
        if show_claims:
            print(f"{'ok ' if right else 'BAD'} {row['id']} {row['shape']}/{row.get('fault') or row['expect']}:"
                  f" {record.get('status')} unsupported={record.get('unsupported')}")
            print("\n".join(claim_lines(record)))
    lines = table("measure", by_measure) + [""] + table("shape (expect)", by_shape) + [""]
    lines += table("fault", by_fault) + [""] + table("domain", by_domain)
    lines += ["", f"misattributed citation warned   {rate(sum(warned), len(warned))}"]
    print("\n".join(lines))
    return {"measures": {k: [sum(v), len(v)] for k, v in by_measure.items()},
            "shapes": {k: [sum(v), len(v)] for k, v in by_shape.items()},
            "faults": {k: [sum(v), len(v)] for k, v in by_fault.items()},
            "misattributed_warned": [sum(warned), len(warned)], "answers": answers}


def split_check_args(argv: list[str]) -> tuple[list[str], list[str]]:
    """A benchmark's own arguments, and what follows a ``--``: added to the `faithkit check` command line (every
    benchmark that runs the checker takes them, so one tree measures a rule turned off)."""
    if "--" not in argv:
        return list(argv), []
    return list(argv[: argv.index("--")]), list(argv[argv.index("--") + 1:])


def main(argv: list[str] | None = None) -> int:
    argv, check_args = split_check_args(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--results", type=Path, help="grade this results folder instead of running a check")
    parser.add_argument("--claims", action="store_true", help="print every answer's claims")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    rows = read_jsonl(args.data)
    with tempfile.TemporaryDirectory() as tmp:
        results = args.results or run_check(rows, check_args, Path(tmp))
        figures = grade(rows, results, args.claims)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
