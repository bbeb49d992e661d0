"""Would checking a claim as its clauses help? Session 12's dev check, kept so its figure can be rerun.

    PYTHONPATH=src python benchmarks/accuracy/clause_claims_dev.py /work/shared/data/dev/wice_claim_dev.jsonl

A claim that joins two statements (", and", ";", ``checkers.rules.alignment.clauses``) is scored as its clauses: each
clause by its best chunk, the claim by its weakest clause, against the default checker's score of the whole claim
(`faithkit bench`'s way: best chunk, weakest sentence; numbers stage off). Why it was tried: a long claim must
otherwise be entailed by one window. What it showed (WiCE dev, 57 of 349 claims split): 8 verdicts change at 0.45,
all 8 become wrong (70.1 -> 67.7), so it is not a checker option. Scores go through the content cache (``use``).
Dev files only.
"""

from __future__ import annotations

import argparse

import numpy as np

from faithkit.bench import claim_sentences, load_claims
from faithkit.cache import ContentCache
from faithkit.checkers.registry import BuildContext, build
from faithkit.checkers.rules.alignment import clauses
from faithkit.progress import check_with_progress
from faithkit.records import ClaimCheck, Passage
from faithkit.stats import balanced_accuracy


def best_over_chunks(checker, claims, parts_of) -> np.ndarray:
    """Per claim: min over its parts of (max over its chunks of the part's score)."""
    requests, owners = [], []
    for ci, claim in enumerate(claims):
        for pi, part in enumerate(parts_of(claim.claim)):
            for doc in claim.docs:
                requests.append(ClaimCheck(claim=part, passages=(Passage("doc", doc),), group=claim.id))
                owners.append((ci, pi))
    best: dict[tuple[int, int], float] = {}
    for owner, verdict in zip(owners, check_with_progress(checker, requests), strict=True):
        best[owner] = max(best.get(owner, 0.0), float(verdict.score or 0.0))
    scores = np.ones(len(claims))
    for (ci, _), value in best.items():
        scores[ci] = min(scores[ci], value)
    return scores


def as_clauses(claim: str) -> list[str]:
    return [part for sentence in claim_sentences(claim) for part in clauses(sentence)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", help="a dev .jsonl (doc, claim, label[, group])")
    ap.add_argument("--threshold", type=float, default=0.45)
    args = ap.parse_args()
    claims = load_claims(args.file)
    context = BuildContext()
    context.cache = ContentCache(None, "use")
    checker = build("nli", {"numbers": False, "arithmetic": False}, context)
    labels = np.array([c.label for c in claims])
    whole, split = best_over_chunks(checker, claims, claim_sentences), best_over_chunks(checker, claims, as_clauses)
    t = args.threshold
    changed = [i for i in range(len(claims)) if (whole[i] >= t) != (split[i] >= t)]
    print(f"{sum(len(as_clauses(c.claim)) > len(claim_sentences(c.claim)) for c in claims)} of {len(claims)} claims "
          f"split into clauses; balanced accuracy at {t}: whole {100 * balanced_accuracy(labels, whole >= t):.1f}, "
          f"clauses {100 * balanced_accuracy(labels, split >= t):.1f}")
    right = sum((split[i] >= t) == bool(labels[i]) for i in changed)
    print(f"{len(changed)} verdicts change, {right} of them to the right one")
    for i in changed:
        print(f"  [{labels[i]}] {whole[i]:.2f} -> {split[i]:.2f}  {claims[i].claim[:120]}")


if __name__ == "__main__":
    main()
