"""Offline measure of a second-opinion model on the help-center suite: two stacks' results, combined per claim.

    PYTHONPATH=src python benchmarks/helpcenter/run.py --out /tmp/first                     # the shipped stack
    PYTHONPATH=src python benchmarks/helpcenter/run.py --model M --threshold 0.9 --out /tmp/second
    PYTHONPATH=src python benchmarks/helpcenter/second_opinion.py /tmp/first/results.jsonl /tmp/second/results.jsonl

Why offline first: building a stage into the checker costs an afternoon; reading two results files costs
seconds. The rule it applies is the one written in `training/results/run11_rule.md` before any score was read:
a claim the first stack did not support becomes supported when the second stack supports it, but only when
the first verdict came from the NLI stage and the checker would ask the second model about it
(``checkers.nli_verdict.is_candidate``: no rule named a sentence that disagrees with it, and no first-model
contradiction of a claim that negates every case or a number; run 11's rule also left out every contradicted
claim). Claims are matched by position inside
their answer (both stacks split answers with the same splitter; a mismatch stops the script).
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from suite_score import LABELS, figures, predict, read_jsonl, render  # noqa: E402


def is_candidate(claim: dict[str, Any]) -> bool:
    """A first-stack verdict the second opinion may overturn: an NLI verdict the checker's own rule would ask the
    second model about (``checkers.nli_verdict.is_candidate``; until session 35 this file kept its own copy of run
    11's rule, which then drifted from the checker's)."""
    from faithkit.checkers.nli_verdict import is_candidate as asked
    from faithkit.records import Verdict

    verdict = Verdict(claim["verdict"], claim.get("stage") or "", label3=claim.get("label3"),
                      detail=claim.get("detail") or {})
    return claim.get("stage") == "nli" and asked(verdict, claim["text"])


def combine(first: list[dict[str, Any]], second: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], int, int]:
    """The combined results, how many claims were candidates, and how many the second opinion overturned."""
    by_id = {record["id"]: record for record in second}
    out, candidates, overturned = [], 0, 0
    for record in first:
        merged = copy.deepcopy(record)
        other = by_id.get(record["id"])
        claims = merged.get("claims") or []
        if other is not None and [c["text"] for c in claims] != [c["text"] for c in other.get("claims") or []]:
            raise SystemExit(f"{record['id']}: the two runs split the answer differently")
        for i, claim in enumerate(claims):
            if not is_candidate(claim):
                continue
            candidates += 1
            if other is not None and other["claims"][i]["verdict"] == "supported":
                overturned += 1
                claims[i] = {**other["claims"][i], "stage": "second_opinion"}
        merged["unsupported"] = any(c["verdict"] != "supported" for c in claims)
        out.append(merged)
    return out, candidates, overturned


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path, help="results.jsonl of the shipped stack")
    parser.add_argument("second", type=Path, help="results.jsonl of the second model's stack")
    parser.add_argument("--no-misses", action="store_true")
    args = parser.parse_args(argv)
    combined, candidates, overturned = combine(read_jsonl(args.first), read_jsonl(args.second))
    print(render(figures(predict(read_jsonl(LABELS), combined)), show_misses=not args.no_misses))
    print(f"\nsecond opinion: {candidates} candidate claims, {overturned} overturned to supported")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
