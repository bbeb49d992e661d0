"""Answer-level acceptance check of the default `faithkit check` on the Larkspur-style help-center set.

    PYTHONPATH=src python -m faithkit check benchmarks/accuracy/larkspur_answers.jsonl --out /tmp/lk
    python benchmarks/accuracy/larkspur_check.py /tmp/lk/results.jsonl

An answer is predicted "unsupported" when any of its claims is not supported; gold labels are in each line's
metadata (with the fault type). Prints one line per answer and the count right.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from faithkit.io.results import read_results

SET = Path(__file__).with_name("larkspur_answers.jsonl")


def main(results_path: str) -> int:
    gold = {}
    for line in SET.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        gold[row["id"]] = row["metadata"]
    right = total = 0
    folder = Path(results_path)
    for row in read_results(folder.parent if folder.is_file() else folder).answers:
        if row.id not in gold:
            continue
        meta = gold[row.id]
        predicted = "unsupported" if row.unsupported else "faithful"
        total += 1
        right += predicted == meta["gold"]
        scores = ", ".join(f"{c.score:.2f}/{c.stage}" for c in row.claims if c.score is not None)
        mark = "ok " if predicted == meta["gold"] else "XX "
        print(f"{mark} {row.id:18s} {meta['fault']:22s} gold={meta['gold']:11s} got={predicted:11s} {scores}")
    if total != len(gold):
        print(f"WARNING: {len(gold) - total} answers missing from the results", file=sys.stderr)
    print(f"{right}/{len(gold)} answers right")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
