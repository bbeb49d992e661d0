"""Kept / caught counts of checkers on a labeled dev file at several thresholds, side by side (one run).

    PYTHONPATH=src python benchmarks/accuracy/dev_curve.py /work/shared/data/dev/wice_claim_dev.jsonl \
        --checker nli:spread_evidence=false --checker nli

Why: a change that moves balanced accuracy at one threshold may only move the checker along its strictness curve.
Comparing the counts at equal "supported kept" tells a better curve from a shifted one. Claims are scored as
`faithkit bench` scores them (best chunk, weakest sentence), but with the whole `faithkit check` stack (the numbers
stage included, as `build` makes it), through the content cache (``use``), so a second run reads stored scores.
Dev files only: choosing on a test file makes its figure worthless.

``--combine`` adds rows for claim scores combined from the first two checkers (``mean``: their average, ``max``:
the higher), the cheapest test of whether a second model is worth asking on every claim (session 12: the bundled
second opinion on WiCE dev is no such model; MODEL_CARD.md):

    PYTHONPATH=src python benchmarks/accuracy/dev_curve.py /work/shared/data/dev/wice_claim_dev.jsonl --checker nli \
        --checker nli:model=src/faithkit/models/faithkit-nli-minilm-second-opinion --combine mean,max
"""

from __future__ import annotations

import argparse

import numpy as np

from faithkit.bench import load_claims, score_claims
from faithkit.checkers.registry import build
from faithkit.checkers.spec import parse_checker_spec

THRESHOLDS = (0.1, 0.2, 0.3, 0.45, 0.6, 0.8)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", help="a dev .jsonl (doc, claim, label[, group])")
    ap.add_argument("--checker", action="append", required=True, help="checker spec, repeatable")
    ap.add_argument("--thresholds", default=",".join(map(str, THRESHOLDS)))
    ap.add_argument("--combine", default="", help="mean and/or max of the first two checkers' scores (mean,max)")
    args = ap.parse_args()
    combine = [c for c in args.combine.split(",") if c]
    if any(c not in COMBINE for c in combine) or (combine and len(args.checker) < 2):
        ap.error("--combine takes mean and/or max, and needs two checkers")
    claims = load_claims(args.file)
    labels = np.array([c.label for c in claims])
    thresholds = [float(t) for t in args.thresholds.split(",")]
    print(f"{len(claims)} claims: {int(labels.sum())} supported, {int((labels == 0).sum())} not")
    print("checker | " + " | ".join(f"t={t:g} kept/caught (bal.)" for t in thresholds))
    scored = []
    for spec in args.checker:
        parsed = parse_checker_spec(spec)
        scores = score_claims(build(parsed.name, {**parsed.options, "cache": "use"}), claims).scores
        scored.append(scores)
        print(f"{spec} | " + " | ".join(curve(scores, labels, thresholds)))
    for how in combine:
        print(f"{how} of the first two | " + " | ".join(curve(COMBINE[how](*scored[:2]), labels, thresholds)))


COMBINE = {"mean": lambda a, b: (a + b) / 2, "max": np.maximum}


def curve(scores: np.ndarray, labels: np.ndarray, thresholds: list[float]) -> list[str]:
    """"kept/caught (balanced)" at each threshold."""
    cells = []
    for t in thresholds:
        kept = int(((scores >= t) & (labels == 1)).sum())
        caught = int(((scores < t) & (labels == 0)).sum())
        balanced = 50 * (kept / max(1, labels.sum()) + caught / max(1, (labels == 0).sum()))
        cells.append(f"{kept}/{caught} ({balanced:.1f})")
    return cells


if __name__ == "__main__":
    main()
