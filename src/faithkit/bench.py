"""Accuracy benchmark of any checker on labeled files, scored the way ``faithkit check`` scores claims.

Binary files (JSONL with ``doc``, ``claim``, ``label`` 1 = supported / 0 = not, optional ``group``):

* the doc is one passage; the checker sees it through its own windows (for NLI: every 1-3 sentence window,
  best entailment wins), exactly as in ``faithkit check``;
* a multi-sentence claim is split into sentences (answer particles such as "Yes." dropped, as the default
  claim extractor does) and scored by its weakest sentence: min over sentences of the checker's score;
* rows sharing a ``group`` are one claim with several evidence chunks (WiCE): the claim's score is the max over
  its rows, and its label must be the same on every row (a conflict is an input error, not a guess).

Balanced accuracy (LLM-AggreFact's metric) is reported at one threshold with a stratified bootstrap 95%
interval (seeded). The threshold is the caller's: pass the one chosen on dev data. ``choose_threshold`` is
there to pick it on dev files; using it on test files would make the figure worthless.

3-way NLI files (``.tsv`` with ``sentence1``, ``sentence2``, ``gold_label``) need a checker with
``score_pairs`` (NLI): 3-way accuracy (argmax) plus binary balanced accuracy (entailment vs the rest) at the
threshold. A verdict without a score (label ``error``) counts as "not supported" and is counted in ``errors``.
"""

from __future__ import annotations

import csv
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from faithkit.checkers.base import Checker, pair_scorer, walk
from faithkit.claims.sentences import sentence_claims
from faithkit.errors import InputFormatError, UsageError
from faithkit.guards import expect_verdicts
from faithkit.records import ClaimCheck, Passage
from faithkit.stats import balanced_accuracy, balanced_accuracy_interval, wilson_interval
from faithkit.text.windows import DEFAULT_WINDOW_SENTENCES, all_windows

NLI_LABELS = ("entailment", "neutral", "contradiction")
DEFAULT_GRID = tuple(round(x, 2) for x in np.arange(0.02, 0.99, 0.01))


@dataclass(frozen=True)
class LabeledClaim:
    """One claim to score: its sentences checked against the doc chunks of all rows of its group."""

    id: str
    label: int
    docs: tuple[str, ...]
    claim: str


@dataclass(frozen=True)
class NLIPair:
    premise: str
    hypothesis: str
    gold: str


@dataclass(frozen=True)
class ClaimScores:
    """Scores of labeled claims (one per claim), with how many checker pairs and errors they took. evidence: per
    claim, the text that decided its score (the best chunk's weakest sentence's evidence; None without one);
    claim_errors: per claim, its error verdicts (each scored 0, so a row can say its score is not the model's)."""

    labels: np.ndarray
    scores: np.ndarray
    pairs: int
    errors: int
    seconds: float
    evidence: tuple[str | None, ...] = ()
    claim_errors: tuple[int, ...] = ()


@dataclass(frozen=True)
class DatasetResult:
    """One file's figures, as written to the bench JSON. ``low``/``high``: 95% bootstrap interval of the
    balanced accuracy. ``pairs_per_second`` counts (window, claim-sentence) pairs the checker scored."""

    n: int
    balanced_accuracy: float
    low: float
    high: float
    threshold: float | None
    pairs_per_second: float
    seconds: float
    n_supported: int
    errors: int
    accuracy3: float | None = None
    accuracy3_low: float | None = None
    accuracy3_high: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None or k == "threshold"}


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    from faithkit.io.jsonl import read_jsonl

    rows = []
    for number, row in read_jsonl(path):
        if not isinstance(row, dict):
            raise InputFormatError(f"{path}: a row must be an object", number)
        rows.append(row)
    return rows


def load_claims(path: str | Path) -> list[LabeledClaim]:
    """Read a binary labeled JSONL file into claims (rows of one ``group`` merged; order of first row)."""
    path = Path(path)
    grouped: dict[str, list[dict[str, Any]]] = {}
    for number, row in enumerate(_read_jsonl(path), 1):
        missing = [k for k in ("doc", "claim", "label") if k not in row]
        if missing:
            raise InputFormatError(f"{path}: row {number} lacks {', '.join(missing)}")
        if row["label"] not in (0, 1, True, False):
            raise InputFormatError(f"{path}: row {number} has label {row['label']!r}; expected 0 or 1")
        key = str(row.get("group") or row.get("id") or f"row-{number}")
        grouped.setdefault(key, []).append(row)
    claims = []
    for key, rows in grouped.items():
        labels = {int(r["label"]) for r in rows}
        claims_text = {r["claim"] for r in rows}
        if len(labels) > 1 or len(claims_text) > 1:
            raise InputFormatError(f"{path}: group {key!r} mixes labels or claims; a group is one claim")
        claims.append(LabeledClaim(key, labels.pop(), tuple(r["doc"] for r in rows), claims_text.pop()))
    if not claims:
        raise InputFormatError(f"{path}: no rows")
    return claims


def load_nli(path: str | Path) -> list[NLIPair]:
    """Read a 3-way NLI TSV (sentence1 premise, sentence2 hypothesis, gold_label); rows whose gold label is
    not one of the three (SNLI's "-", no consensus) are skipped, as is standard."""
    path = Path(path)
    with path.open(encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)
        needed = {"sentence1", "sentence2", "gold_label"}
        if not reader.fieldnames or not needed <= set(reader.fieldnames):
            raise InputFormatError(f"{path}: a 3-way NLI TSV needs columns {sorted(needed)}")
        pairs = [NLIPair(r["sentence1"], r["sentence2"], r["gold_label"]) for r in reader
                 if r["gold_label"] in NLI_LABELS]
    if not pairs:
        raise InputFormatError(f"{path}: no rows with gold_label in {NLI_LABELS}")
    return pairs


def claim_sentences(claim: str) -> list[str]:
    """The sentences a claim is checked as: what the default extractor makes of it, else the whole claim."""
    return [c.text for c in sentence_claims(claim)] or [claim.strip()]


def score_claims(checker: Checker, claims: Sequence[LabeledClaim]) -> ClaimScores:
    """Score each claim: max over its doc chunks of (min over its sentences of the checker's score)."""
    requests: list[ClaimCheck] = []
    owners: list[tuple[int, int]] = []  # (claim index, chunk index)
    pairs = 0
    windows_of: dict[str, list[Any]] = {}  # per doc, its windows (premises for chunked detectors)
    windowed = [c.window_sentences for c in walk(checker) if hasattr(c, "window_sentences")]  # e.g. under numbers
    window_sentences = windowed[0] if windowed else DEFAULT_WINDOW_SENTENCES
    shaped = ([c.premises_for for c in walk(checker) if hasattr(c, "premises_for")]  # chunked detectors
              or [c.premise_windows for c in walk(checker) if hasattr(c, "premise_windows")])  # nli, follow-on too
    chunked = any(hasattr(c, "premises_for") for c in walk(checker))
    per_claim = [] if chunked else [c.claim_windows for c in walk(checker) if hasattr(c, "claim_windows")]  # spread
    for ci, claim in enumerate(claims):
        for di, doc in enumerate(claim.docs):
            passages = (Passage("doc", doc),)
            if doc not in windows_of:
                windows_of[doc] = list(shaped[0](passages) if shaped else all_windows(passages, window_sentences))
            for sentence in claim_sentences(claim.claim):
                requests.append(ClaimCheck(claim=sentence, passages=passages, group=claim.id))
                owners.append((ci, di))
                pairs += len(per_claim[0](sentence, passages, windows_of[doc]) if per_claim else windows_of[doc])
    from faithkit.progress import check_with_progress

    start = time.perf_counter()
    verdicts = check_with_progress(checker, requests)
    seconds = time.perf_counter() - start
    expect_verdicts(checker.name, verdicts, len(requests))
    chunk_scores: dict[tuple[int, int], tuple[float, str | None]] = {}
    claim_errors = [0] * len(claims)
    for owner, verdict in zip(owners, verdicts):
        score = verdict.score
        if verdict.label == "error" or score is None:
            claim_errors[owner[0]] += 1
            score = 0.0
        if owner not in chunk_scores or float(score) < chunk_scores[owner][0]:
            chunk_scores[owner] = (float(score), verdict.evidence.text if verdict.evidence is not None else None)
    best: dict[int, tuple[float, str | None]] = {}  # per claim, its best chunk (the first on a tie)
    for (ci, _), (value, text) in chunk_scores.items():
        if ci not in best or value > best[ci][0]:
            best[ci] = (value, text)
    scores = np.array([max(0.0, best[ci][0]) if ci in best else 0.0 for ci in range(len(claims))])
    evidence = tuple(best[ci][1] if ci in best else None for ci in range(len(claims)))
    labels = np.array([c.label for c in claims], dtype=int)
    return ClaimScores(labels, scores, pairs, sum(claim_errors), seconds, evidence, tuple(claim_errors))


def claim_rows(claims: Sequence[LabeledClaim], scores: ClaimScores, threshold: float) -> list[dict[str, Any]]:
    """One row per claim (id, gold label, score, the decision at ``threshold``, right or not, claim, evidence, and
    how many of its checks ended in an error, scored 0): what ``faithkit bench --claims-out`` writes, so that two
    settings can be compared claim by claim on dev."""
    return [{"id": c.id, "label": c.label, "score": round(float(score), 6), "supported": bool(score >= threshold),
             "right": bool((score >= threshold) == bool(c.label)), "claim": c.claim,
             "evidence": scores.evidence[i] if scores.evidence else None,
             "errors": scores.claim_errors[i] if scores.claim_errors else 0}
            for i, (c, score) in enumerate(zip(claims, scores.scores))]


def choose_threshold(labels: np.ndarray, scores: np.ndarray, grid: Sequence[float] = DEFAULT_GRID) -> float:
    """The grid threshold with the best balanced accuracy (ties: the one closest to 0.5). Dev data only."""
    best = max(grid, key=lambda t: (balanced_accuracy(labels, scores >= t), -abs(t - 0.5)))
    return float(best)


def evaluate_scores(scores: ClaimScores, threshold: float, seed: int = 0) -> DatasetResult:
    predictions = (scores.scores >= threshold).astype(int)
    interval = balanced_accuracy_interval(scores.labels, predictions, seed=seed)
    return DatasetResult(
        n=len(scores.labels), balanced_accuracy=round(100 * interval.value, 2), low=round(100 * interval.low, 2),
        high=round(100 * interval.high, 2), threshold=threshold,
        pairs_per_second=round(scores.pairs / scores.seconds, 1) if scores.seconds > 0 else 0.0,
        seconds=round(scores.seconds, 3), n_supported=int(scores.labels.sum()), errors=scores.errors,
    )


def evaluate_nli(checker: Any, pairs: Sequence[NLIPair], threshold: float, seed: int = 0) -> DatasetResult:
    """3-way accuracy (argmax over entailment/neutral/contradiction, Wilson interval) and binary balanced
    accuracy (entailment >= threshold vs gold entailment) on a 3-way NLI file."""
    scorer = pair_scorer(checker)
    if scorer is None:
        raise UsageError(f"checker {getattr(checker, 'name', checker)!r} cannot score 3-way NLI files "
                         "(it has no score_pairs)")
    start = time.perf_counter()
    probs = np.asarray(scorer.score_pairs([(p.premise, p.hypothesis) for p in pairs]), dtype=float)
    seconds = time.perf_counter() - start
    if probs.shape != (len(pairs), 3):
        raise UsageError(f"score_pairs returned shape {probs.shape}, expected ({len(pairs)}, 3)")
    gold = np.array([NLI_LABELS.index(p.gold) for p in pairs])
    labels = (gold == 0).astype(int)
    scores = ClaimScores(labels, probs[:, 0], len(pairs), 0, seconds)
    result = evaluate_scores(scores, threshold, seed)
    correct = int((probs.argmax(axis=1) == gold).sum())
    acc3 = wilson_interval(correct, len(pairs))
    return DatasetResult(**{**asdict(result), "accuracy3": round(100 * correct / len(pairs), 2),
                            "accuracy3_low": round(100 * acc3.low, 2), "accuracy3_high": round(100 * acc3.high, 2)})


def bench_file(checker: Checker, path: str | Path, threshold: float, seed: int = 0,
               rows: list[dict[str, Any]] | None = None) -> DatasetResult:
    """Benchmark one file (``.jsonl`` binary or ``.tsv`` 3-way NLI) at ``threshold``; for a ``.jsonl`` file,
    each claim's row (``claim_rows``) is appended to ``rows`` when it is given."""
    path = Path(path)
    if path.suffix == ".tsv":
        return evaluate_nli(checker, load_nli(path), threshold, seed)
    if path.suffix == ".jsonl":
        claims = load_claims(path)
        scores = score_claims(checker, claims)
        if rows is not None:
            rows.extend(claim_rows(claims, scores, threshold))
        return evaluate_scores(scores, threshold, seed)
    raise UsageError(f"{path}: expected a .jsonl (doc/claim/label) or .tsv (3-way NLI) file")


def format_table(results: dict[str, DatasetResult]) -> str:
    """A plain-text table of the results (renderers compute nothing: every figure comes from the results)."""
    head = f"{'dataset':34s} {'n':>6s} {'bal.acc':>8s} {'95% interval':>15s} {'thr':>5s} {'acc3':>6s} " \
           f"{'pairs/s':>9s} {'errors':>6s}"
    lines = [head, "-" * len(head)]
    for name, r in results.items():
        acc3 = f"{r.accuracy3:6.1f}" if r.accuracy3 is not None else f"{'-':>6s}"
        thr = f"{r.threshold:5.2f}" if r.threshold is not None else f"{'-':>5s}"
        lines.append(f"{name:34s} {r.n:6d} {r.balanced_accuracy:8.1f} {f'[{r.low:.1f}, {r.high:.1f}]':>15s} "
                     f"{thr} {acc3} {r.pairs_per_second:9.1f} {r.errors:6d}")
    return "\n".join(lines)


def format_checkers_table(results: dict[str, dict[str, DatasetResult]]) -> str:
    """One table for several checkers (``faithkit bench --checker A --checker B``): a row per checker and file."""
    width = max([7, *map(len, results)])
    head = f"{'checker':{width}s} {'dataset':24s} {'n':>6s} {'bal.acc':>8s} {'95% interval':>15s} {'thr':>5s} " \
           f"{'pairs/s':>9s} {'errors':>6s}"
    lines = [head, "-" * len(head)]
    for label, per_file in results.items():
        for name, r in per_file.items():
            thr = f"{r.threshold:5.2f}" if r.threshold is not None else f"{'-':>5s}"
            lines.append(f"{label:{width}s} {name:24s} {r.n:6d} {r.balanced_accuracy:8.1f} "
                         f"{f'[{r.low:.1f}, {r.high:.1f}]':>15s} {thr} {r.pairs_per_second:9.1f} {r.errors:6d}")
    return "\n".join(lines)
