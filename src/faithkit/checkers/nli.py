"""NLI cross-encoder checker: a claim is supported when some premise window entails it.

Each claim is scored against every window of 1-3 adjacent sentences of every passage (never across passages;
``window_sentences``) and the best window decides. Pairs of a whole batch of claims are deduplicated, sorted by
length and run in dynamically padded batches under ``torch.inference_mode()``. A pair longer than the model's limit
is truncated by the tokenizer and *flagged*, never silently. "Contradicted" is only a diagnostic, read from the
windows of the passage that best supports the claim: NLI heads call off-topic pairs contradictions.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from faithkit.checkers.labels import LabelOrder, resolve_label_order
from faithkit.checkers.registry import DEFAULT_WINDOW_VETO
from faithkit.errors import MissingDependencyError, ModelLoadError
from faithkit.records import ClaimCheck, Evidence, Passage, Verdict, Window
from faithkit.text.windows import DEFAULT_WINDOW_SENTENCES, all_windows

BUNDLED_MODEL_NAME = "faithkit-nli-minilm"
SMOKE_PREMISE = "The dog is sleeping on the porch."
SMOKE_ENTAILED = "The dog is sleeping."
SMOKE_CONTRADICTED = "The dog is not sleeping."


def bundled_model_path() -> Path:
    """The folder of the NLI model shipped inside the package (trained by training/, see its MODEL_CARD.md)."""
    return Path(__file__).resolve().parent.parent / "models" / BUNDLED_MODEL_NAME


def weights_hash(folder: Path) -> str:
    """sha256 over the weight files of a local model folder: the identity used in manifests and caches."""
    digest = hashlib.sha256()
    files = sorted(p for p in folder.iterdir() if p.suffix in {".safetensors", ".bin", ".pt"})
    if not files:
        raise ModelLoadError(f"{folder}: no weight files (*.safetensors / *.bin)")
    for path in files:
        digest.update(path.name.encode())
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return "sha256:" + digest.hexdigest()


class PairScores(NamedTuple):
    """Probabilities per pair, columns (entailment, neutral, contradiction), and per-pair truncation flags."""

    probs: np.ndarray
    truncated: np.ndarray


class PairScorer:
    """A Hugging Face sequence-classification NLI model that scores (premise, hypothesis) pairs.

    Loads from a local folder or a hub id (+ revision); resolves the label order from config.id2label; runs
    a smoke check (one obvious entailment, one obvious contradiction) and refuses a model that gets it wrong.
    """

    def __init__(self, model: str | Path, revision: str | None = None, batch_size: int = 32,
                 max_length: int | None = None, device: str = "cpu", smoke_check: bool = True):
        try:
            import torch  # noqa: F401
            from transformers import AutoModelForSequenceClassification, AutoTokenizer
            from transformers.utils import logging as hf_logging
        except ImportError as exc:  # pragma: no cover - torch/transformers are core dependencies
            raise MissingDependencyError(f"the NLI checker needs torch and transformers: {exc}") from exc
        hf_logging.disable_progress_bar()
        self.source = str(model)
        self.revision = revision
        self.batch_size = batch_size
        self.device = device
        local = Path(model).expanduser()
        self.is_local = local.is_dir()
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(str(local) if self.is_local else self.source,
                                                           revision=revision)
            net = AutoModelForSequenceClassification.from_pretrained(
                str(local) if self.is_local else self.source, revision=revision)
        except (OSError, ValueError) as exc:
            raise ModelLoadError(f"could not load NLI model {self.source!r}: {exc}") from exc
        self.model = net.float().to(device).eval()
        self.labels: LabelOrder = resolve_label_order(self.model.config.id2label)
        limit = getattr(self.model.config, "max_position_embeddings", 512) or 512
        tokenizer_limit = getattr(self.tokenizer, "model_max_length", limit) or limit
        self.max_length = min(max_length or limit, limit, tokenizer_limit)
        self.identity = weights_hash(local) if self.is_local else (
            getattr(self.model.config, "_commit_hash", None) or revision or "unpinned")
        if smoke_check:
            self._smoke_check()

    def _smoke_check(self) -> None:
        scores = self.score([(SMOKE_PREMISE, SMOKE_ENTAILED), (SMOKE_PREMISE, SMOKE_CONTRADICTED)]).probs
        entailed, contradicted = scores
        if not (entailed[0] >= 0.5 and entailed[0] == entailed.max() and contradicted[0] < 0.5):
            raise ModelLoadError(
                f"NLI model {self.source!r} failed the smoke check with labels {self.labels.names}: "
                f"P(entailment) was {entailed[0]:.3f} for an obvious entailment and {contradicted[0]:.3f} for an "
                "obvious contradiction. Its label order or head is not what faithkit expects."
            )

    def token_lengths(self, pairs: Sequence[tuple[str, str]]) -> list[int]:
        encoded = self.tokenizer([p for p, _ in pairs], [h for _, h in pairs], truncation=False)
        return [len(ids) for ids in encoded["input_ids"]]

    def score(self, pairs: Sequence[tuple[str, str]]) -> PairScores:
        """Probabilities for each pair (columns entailment, neutral, contradiction), length-sorted batches."""
        import torch

        if not pairs:
            return PairScores(np.zeros((0, 3)), np.zeros(0, dtype=bool))
        lengths = self.token_lengths(pairs)
        order = np.argsort(lengths, kind="stable")
        out = np.zeros((len(pairs), 3))
        truncated = np.array([n > self.max_length for n in lengths])
        with torch.inference_mode():
            for begin in range(0, len(order), self.batch_size):
                idx = order[begin:begin + self.batch_size]
                batch = self.tokenizer([pairs[i][0] for i in idx], [pairs[i][1] for i in idx],
                                       truncation="longest_first", max_length=self.max_length,
                                       padding="longest", return_tensors="pt").to(self.device)
                logits = self.model(**batch).logits.float()
                probs = torch.softmax(logits, dim=-1).cpu().numpy()
                out[idx] = self._to_columns(probs)
        return PairScores(out, truncated)

    def _to_columns(self, probs: np.ndarray) -> np.ndarray:
        lab = self.labels
        cols = np.zeros((len(probs), 3))
        cols[:, 0] = probs[:, lab.entailment]
        if lab.not_entailment is not None:
            cols[:, 1] = probs[:, lab.not_entailment]
        else:
            cols[:, 1] = probs[:, lab.neutral]
            cols[:, 2] = probs[:, lab.contradiction]
        return cols


class NLIChecker:
    """Claim-level checker over premise windows with an NLI cross-encoder (see module docstring)."""

    name = "nli"

    def __init__(self, model: str | Path | None = None, revision: str | None = None, threshold: float = 0.5,
                 batch_size: int = 32, max_length: int | None = None, device: str = "cpu",
                 smoke_check: bool = True, contradiction_threshold: float = 0.5, cache: Any = None,
                 window_veto: float | None = DEFAULT_WINDOW_VETO,
                 window_sentences: int = DEFAULT_WINDOW_SENTENCES):
        if model is None:
            model = bundled_model_path()
            if not model.is_dir():
                raise ModelLoadError(f"the bundled NLI model is missing at {model}; reinstall faithkit")
        if not 0.0 <= threshold <= 1.0:
            raise ModelLoadError(f"threshold must be within [0, 1], got {threshold}")
        if window_sentences < 1:
            raise ModelLoadError(f"window_sentences must be at least 1, got {window_sentences}")
        self.window_sentences = window_sentences
        self.model_source = model
        self.threshold = threshold
        self.contradiction_threshold = contradiction_threshold
        self._options = dict(revision=revision, batch_size=batch_size, max_length=max_length, device=device,
                             smoke_check=smoke_check)
        self.cache = cache
        self.window_veto = window_veto
        self.counters: dict[str, int] = {"nli_pairs": 0, "nli_pairs_unique": 0, "nli_pairs_scored": 0,
                                         "nli_cache_hits": 0, "truncated_pairs": 0}

    @cached_property
    def scorer(self) -> PairScorer:
        return PairScorer(self.model_source, **self._options)

    def load(self) -> NLIChecker:
        """Load the model now (otherwise it loads on first use) so load errors surface before a run starts."""
        _ = self.scorer
        return self

    def spec(self) -> dict[str, Any]:
        scorer = self.scorer
        return {
            "checker": self.name,
            "model": str(self.model_source),
            "bundled": Path(self.model_source) == bundled_model_path(),
            "revision": self._options["revision"],
            "weights": scorer.identity,
            "labels": list(scorer.labels.names),
            "threshold": self.threshold,
            "max_length": scorer.max_length,
            "windows": f"1-{self.window_sentences} sentences within one passage",
            "window_sentences": self.window_sentences,
            "window_veto": self.window_veto,
            "cache": self.cache.spec() if self.cache is not None else None,
        }

    def score_pairs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        """Probabilities (n, 3) with columns entailment, neutral, contradiction."""
        return self.scorer.score(pairs).probs

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        windows_of = {}
        unique: dict[tuple[str, str], int] = {}
        for req in requests:
            if req.passages not in windows_of:
                windows_of[req.passages] = all_windows(req.passages, self.window_sentences)
            for window in windows_of[req.passages]:
                unique.setdefault((window.text, req.claim), len(unique))
        scores = self._score_cached(list(unique))
        self.counters["nli_pairs"] += sum(len(windows_of[r.passages]) for r in requests)
        self.counters["nli_pairs_unique"] += len(unique)
        self.counters["truncated_pairs"] += int(scores.truncated.sum())
        return [self._verdict(req, windows_of[req.passages], unique, scores) for req in requests]

    def _score_cached(self, pairs: list[tuple[str, str]]) -> PairScores:
        """Score pairs, reading and filling the content cache (keyed on weights hash + settings + pair)."""
        if self.cache is None:
            self.counters["nli_pairs_scored"] += len(pairs)
            return self.scorer.score(pairs)
        from faithkit.cache import PairScoreCache

        scorer = self.scorer
        store = PairScoreCache(self.cache, {"weights": scorer.identity, "max_length": scorer.max_length,
                                            "labels": list(scorer.labels.names), "checker": "nli-v1"})
        cached = store.get_many(pairs)
        missing = [i for i, value in enumerate(cached) if value is None]
        fresh = scorer.score([pairs[i] for i in missing])
        store.put_many([pairs[i] for i in missing],
                       [[*map(float, fresh.probs[j]), bool(fresh.truncated[j])] for j in range(len(missing))])
        probs = np.zeros((len(pairs), 3))
        truncated = np.zeros(len(pairs), dtype=bool)
        for i, value in enumerate(cached):
            if value is not None:
                probs[i], truncated[i] = value[:3], value[3]
        probs[missing], truncated[missing] = fresh.probs, fresh.truncated
        self.counters["nli_pairs_scored"] += len(missing)
        self.counters["nli_cache_hits"] += len(pairs) - len(missing)
        return PairScores(probs, truncated)

    def _verdict(self, req: ClaimCheck, windows: list[Window], index: dict[tuple[str, str], int],
                 scores: PairScores) -> Verdict:
        if not windows:
            return Verdict("not_supported", self.name, score=None, label3="not_found",
                           error="no passage text to check against")
        rows = np.array([index[(w.text, req.claim)] for w in windows])
        probs = scores.probs[rows]
        usable = (self._usable_windows(req.claim, windows, probs) if self.window_veto is not None
                  else np.ones(len(windows), bool))
        best = int(np.argmax(np.where(usable, probs[:, 0], -1.0)))
        window = windows[best]
        entail = float(probs[best, 0])
        supported = entail >= self.threshold
        label3 = "supported" if supported else self._contradiction_diagnostic(window.passage_id, windows, probs)
        return Verdict(
            label="supported" if supported else "not_supported",
            stage=self.name,
            score=entail,
            evidence=Evidence(window.passage_id, window.text, window.start, window.end),
            probs={"entailment": entail, "neutral": float(probs[best, 1]),
                   "contradiction": float(probs[best, 2])},
            label3=label3,
            truncated=bool(scores.truncated[rows].any()),
            error="a premise window was truncated to the model's limit" if scores.truncated[rows].any() else None,
            detail={"vetoed_windows": int((~usable).sum())} if not usable.all() else {},
        )

    def _usable_windows(self, claim: str, windows: list[Window], probs: np.ndarray) -> np.ndarray:
        """Which windows may support the claim: a multi-sentence window may not when the one of its sentences that
        the claim is about (the one sharing most of the claim's content words; the first on a tie) contradicts
        the claim on its own (contradiction >= window_veto).

        Why: joined sentences let a small model borrow a word from a neighbour sentence ("...the current month
        is not refunded. Annual contracts can be refunded in full" 'entails' "the current month is refunded"),
        the failure that also makes windows stop at passage borders. Only the sentence the claim is about may
        veto: NLI heads call off-topic pairs contradictions, and those must not sink a supported claim.
        """
        shortest_from: dict[tuple[str, int], int] = {}  # the one-sentence window starting at an offset
        for i, w in enumerate(windows):
            key = (w.passage_id, w.start)
            if key not in shortest_from or w.end < windows[shortest_from[key]].end:
                shortest_from[key] = i
        singles: dict[str, list[int]] = {}  # passage id -> its one-sentence windows, by start offset
        for (passage_id, _), i in sorted(shortest_from.items(), key=lambda kv: (kv[0][0], kv[0][1])):
            singles.setdefault(passage_id, []).append(i)
        starts = {pid: [windows[j].start for j in js] for pid, js in singles.items()}
        claim_words = content_words(claim)
        overlap = {j: len(claim_words & content_words(windows[j].text)) for js in singles.values() for j in js}
        usable = np.ones(len(windows), bool)
        for i, w in enumerate(windows):
            if shortest_from[(w.passage_id, w.start)] == i:
                continue
            js, offsets = singles[w.passage_id], starts[w.passage_id]
            inside = [j for j in js[bisect_left(offsets, w.start):bisect_left(offsets, w.end)]
                      if windows[j].end <= w.end]
            if len(inside) < 2:
                continue
            about = max(inside, key=lambda j: (overlap[j], -windows[j].start))
            if probs[about, 2] >= self.window_veto:
                usable[i] = False
        return usable

    def _contradiction_diagnostic(self, passage_id: str, windows: list[Window], probs: np.ndarray) -> str:
        """'contradicted' only if a window of the best-supporting passage contradicts the claim."""
        same = [i for i, w in enumerate(windows) if w.passage_id == passage_id]
        return "contradicted" if probs[same, 2].max() >= self.contradiction_threshold else "not_found"


_STOPWORDS = frozenset(
    "a an the and or but if of to in on at by for with from as is are was were be been it its this that these those "
    "you your we our they their he she his her can could will would may might do does did not no than then so "
    "such also only all any each every per".split())


def content_words(text: str) -> set[str]:
    """Lower-cased word tokens minus stopwords: a cheap measure of what a sentence is about."""
    return {t for t in re.findall(r"[\w€$%]+", text.lower()) if t not in _STOPWORDS}


def passages_of(texts: Sequence[str]) -> tuple[Passage, ...]:
    """Convenience: plain strings -> passages with ids p0, p1, ..."""
    return tuple(Passage(f"p{i}", t) for i, t in enumerate(texts))
