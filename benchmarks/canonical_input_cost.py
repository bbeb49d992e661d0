"""What canonical input costs per pair, next to what the model costs: every (window, claim) pair of the help-center
dev suite rewritten with and without the quantity rewording of canonical input v2, side by side in one run.

    PYTHONPATH=src python benchmarks/canonical_input_cost.py

Why: the rewording extracts the quantities of every claim and window (memoized per text), so it could in principle
slow the default checker; the issue's speed bar is in pairs/s. Prints microseconds per pair for both and the ratio,
and the bundled model's own cost per pair on a sample of the same pairs, for scale.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from faithkit.checkers import nli_input
from faithkit.records import Passage
from faithkit.text.sentences import split_sentences
from faithkit.text.windows import all_windows

LOG = Path(__file__).resolve().parent / "helpcenter" / "interactions.jsonl"


def pairs() -> list[tuple[str, str]]:
    out = []
    for line in LOG.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        passages = tuple(Passage(c["id"], c["text"]) for c in record["contexts"])
        windows = all_windows(passages, 3)
        for claim in split_sentences(record["answer"]):
            out += [(w.text, claim.text) for w in windows]
    return out


def timed(rewrite, work: list[tuple[str, str]], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        nli_input.canonical.cache_clear()
        nli_input._quantities.cache_clear()
        began = time.perf_counter()
        rewrite(work)
        best = min(best, time.perf_counter() - began)
    return best


def spelling_only(work: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(nli_input.canonical(p), nli_input.canonical(c)) for p, c in work]


def main() -> int:
    work = pairs()
    v1, v2 = timed(spelling_only, work), timed(nli_input.canonical_pairs, work)
    changed = sum(a != b for a, b in zip(spelling_only(work), nli_input.canonical_pairs(work)))
    print(f"{len(work)} pairs, {changed} reworded by the quantity rule")
    print(f"spelling only (v1):        {1e6 * v1 / len(work):8.1f} us/pair")
    print(f"with amounts (v2):         {1e6 * v2 / len(work):8.1f} us/pair   ratio v2/v1 {v2 / v1:.2f}")
    sample = nli_input.canonical_pairs(work[::40])
    from faithkit.checkers.nli import NLIChecker

    checker = NLIChecker().load()
    checker.score_pairs(sample[:32])  # warm-up
    began = time.perf_counter()
    checker.score_pairs(sample)
    model = (time.perf_counter() - began) / len(sample)
    print(f"the bundled model:         {1e6 * model:8.1f} us/pair ({len(sample)} of the pairs)   "
          f"v2's extra share of a pair: {100 * (v2 - v1) / len(work) / model:.2f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
