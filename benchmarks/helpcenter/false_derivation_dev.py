"""The false-derivation method (``benchmarks/false_derivation.py``) on the help-center dev suite's own claims.

The suite's passages were written so that coincidence traps exist (issue 11 item 1), which makes it a harder
field for the verifier than the public corpora: replace one grounded number of a labelled claim (in a passage,
in the question, or derived) by a random nearby value that no passage or question of its interaction contains
(integers uniform in [0.5·v, 1.5·v], decimals at the same precision), and count how often the changed number
still comes out ``derived``, including through the stage's question re-derivation (``derive_from_question``).
Dev data: a figure to watch when the derivation rules change, not a test-set result.

Run: PYTHONPATH=src .venv/bin/python benchmarks/helpcenter/false_derivation_dev.py [--seed 0] [--per-number 5]
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from faithkit.checkers.numbers import analyse_claim_numbers, extract_quantities, number_text
from faithkit.checkers.numbers.analysis import derive_from_question
from faithkit.records import Passage
from faithkit.stats import wilson_interval

HERE = Path(__file__).resolve().parent


def nearby(rng: random.Random, value: float, decimals: int) -> float:
    if decimals:
        return round(rng.uniform(0.5 * value, 1.5 * value), decimals)
    return float(rng.randint(max(1, int(0.5 * value)), max(2, int(1.5 * value))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-number", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    interactions = {r["id"]: r for r in map(json.loads, (HERE / "interactions.jsonl").open())}
    trials, hits = 0, []
    for label in map(json.loads, (HERE / "labels.jsonl").open()):
        row = interactions[label["answer_id"]]
        passages = tuple(Passage(c["id"], c["text"]) for c in row["contexts"])
        question, claim = row["question"], label["claim"]
        texts = " ".join([c["text"] for c in row["contexts"]] + [question])
        present = {round(q.value, 6) for q in extract_quantities(texts)}
        for n in analyse_claim_numbers(claim, passages, question).numbers:
            q = n.quantity
            digits = claim[q.num_start:q.num_end][:1].isdigit()
            if n.status not in ("derived", "in_sources", "in_question") or not digits:
                continue
            for _ in range(args.per_number):
                value = nearby(rng, q.value, q.decimals)
                if round(value, 6) in present or value == q.value:
                    continue
                changed = claim[:q.num_start] + number_text(value, q.decimals or None) + claim[q.num_end:]
                report = analyse_claim_numbers(changed, passages, question)
                if report.accepted and not report.derived:
                    report = derive_from_question(changed, passages, question, report) or report
                trials += 1
                status = next((m for m in report.numbers if m.quantity.start == q.start), None)
                if report.accepted and status is not None and status.status == "derived":
                    hits.append((changed, status.expression))
    ci = wilson_interval(len(hits), trials)
    print(f"help-center dev: {trials} trials, {len(hits)} false derived, rate {ci.rate or 0:.3f} "
          f"[{ci.low:.3f}, {ci.high:.3f}]")
    for changed, expression in hits:
        print(f"  {expression:32s} {changed}")


if __name__ == "__main__":
    main()
