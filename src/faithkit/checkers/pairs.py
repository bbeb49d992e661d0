"""Reusable parts of any pair classifier: score (premise, claim) pairs with a Hugging Face head, and cache them.

``PairScorer`` runs the model (length-sorted, dynamically padded batches under ``torch.inference_mode()``;
pairs over the model's limit are truncated and flagged, never silently) and returns probabilities in the
role columns (entailment, neutral, contradiction): a binary head fills entailment and puts the rest in neutral.
``CachedPairScoring`` puts the content cache in front of it, keyed on the weights hash, the settings that change
a score and the pair, and counts what ran. The NLI checker is built from these and ``window_veto``; a new
pair classifier (a MiniCheck-style detector) uses the same parts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from faithkit.checkers.labels import LabelOrder, resolve_label_order
from faithkit.checkers.model_files import (
    PAIR_SCORER_VERSION,
    model_files_hash,
    require_model_folder,
    valid_pair_value,
)
from faithkit.checkers.model_load import ModelLoad
from faithkit.errors import MissingDependencyError, ModelLoadError

SMOKE_PREMISE = "The dog is sleeping on the porch."
SMOKE_ENTAILED = "The dog is sleeping."
SMOKE_CONTRADICTED = "The dog is not sleeping."
SMOKE_NEUTRAL = "The dog's name is Max."


def weights_hash(folder: Path) -> str:
    """sha256 over the weight files of a local model folder: the identity used in manifests and caches.

    Memoised per process on the files' (name, size, mtime): a run reads the identity of each bundled model from
    ``ModelFiles``, the scorer and the ONNX graph check, and 45 MB hashed once is enough."""
    files = sorted(p for p in Path(folder).iterdir() if p.suffix in {".safetensors", ".bin", ".pt"})
    if not files:
        raise ModelLoadError(f"{folder}: no weight files (*.safetensors / *.bin)")
    stats = tuple((str(p.absolute()), p.stat().st_size, p.stat().st_mtime_ns) for p in files)
    return _hash_files(stats)


@lru_cache(maxsize=64)
def _hash_files(stats: tuple[tuple[str, int, int], ...]) -> str:
    digest = hashlib.sha256()
    for name, _, _ in stats:
        path = Path(name)
        digest.update(path.name.encode())
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):  # noqa: B023 - used at once
                digest.update(block)
    return "sha256:" + digest.hexdigest()


class PairScores(NamedTuple):
    """Probabilities per pair, columns (entailment, neutral, contradiction), and per-pair truncation flags."""

    probs: np.ndarray
    truncated: np.ndarray


class PairScorer:
    """A Hugging Face sequence-classification model that scores (premise, hypothesis) pairs: an NLI head or a
    binary support detector, read through label roles (``checkers.labels``).

    Loads as ``load`` says (``model_load.ModelLoad``: a local folder or a hub id + revision); resolves the label
    roles from config.id2label (or the declared ``entailment_label``); runs a smoke check (one obvious
    entailment, one obvious contradiction) and refuses a model that gets it wrong.
    """

    def __init__(self, load: ModelLoad, entailment_label: str | None = None):
        from faithkit.model_source import check_model_source

        model, revision, device = load.model, load.revision, load.device
        check_model_source(str(model), revision, "NLI model", hub=False)  # a missing folder: say so before torch
        try:
            import torch  # noqa: F401
            from transformers import AutoModelForSequenceClassification, AutoTokenizer
            from transformers.utils import logging as hf_logging
        except ImportError as exc:  # pragma: no cover - torch/transformers are core dependencies
            raise MissingDependencyError(f"pair classifiers need torch and transformers: {exc}") from exc
        hf_logging.disable_progress_bar()
        self.source = str(model)
        self.revision = revision
        self.batch_size = load.batch_size
        self.device = device
        local = Path(model).expanduser()
        self.is_local = local.is_dir()
        require_model_folder(model, "NLI model")  # a path that is not a folder: say so, not a hub-id error
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(str(local) if self.is_local else self.source,
                                                           revision=revision)
            net = AutoModelForSequenceClassification.from_pretrained(
                str(local) if self.is_local else self.source, revision=revision)
        except Exception as exc:  # noqa: BLE001 - any load failure (a size mismatch, a pickle) is a load error
            raise ModelLoadError(f"could not load NLI model {self.source!r}: {type(exc).__name__}: "
                                 f"{str(exc)[:500]}") from exc
        self.model = net.float().to(device).eval()
        self.entailment_label = entailment_label
        self.labels: LabelOrder = resolve_label_order(self.model.config.id2label, entailment_label)
        limit = getattr(self.model.config, "max_position_embeddings", 512) or 512
        tokenizer_limit = getattr(self.tokenizer, "model_max_length", limit) or limit
        self.max_length = min(load.max_length or limit, limit, tokenizer_limit)
        self.identity = weights_hash(local) if self.is_local else (
            getattr(self.model.config, "_commit_hash", None) or revision or "unpinned")
        if load.smoke_check:
            self._smoke_check()

    def _smoke_check(self) -> None:
        scores = self.score([(SMOKE_PREMISE, SMOKE_ENTAILED), (SMOKE_PREMISE, SMOKE_CONTRADICTED),
                             (SMOKE_PREMISE, SMOKE_NEUTRAL)]).probs
        entailed, contradicted, neutral = scores
        if not (entailed[0] >= 0.5 and entailed[0] == entailed.max() and contradicted[0] < 0.5):
            raise ModelLoadError(
                f"NLI model {self.source!r} failed the smoke check with labels {self.labels.names}: "
                f"P(entailment) was {entailed[0]:.3f} for an obvious entailment and {contradicted[0]:.3f} for an "
                "obvious contradiction. Its label order or head is not what faithkit expects."
            )
        if self.labels.contradiction is not None and not (
                contradicted[2] == contradicted.max() and neutral[0] < 0.5):
            # A 3-way head: the contradiction column must be the contradiction (a neutral <-> contradiction swap
            # in id2label passes the entailment test but turns the window veto and label3 upside down).
            raise ModelLoadError(
                f"NLI model {self.source!r} failed the smoke check with labels {self.labels.names}: for an obvious "
                f"contradiction it gave entailment/neutral/contradiction {contradicted.round(3).tolist()}, and "
                f"P(entailment) {neutral[0]:.3f} for an unrelated claim. Its id2label names the wrong outputs "
                "(neutral and contradiction swapped?)."
            )

    def encode(self, premises: list[str], hypotheses: list[str], **kwargs: Any) -> Any:
        """Tokenize pairs (a subclass may join them another way: ``scorers.ClassifierScorer``)."""
        return self.tokenizer(premises, hypotheses, **kwargs)

    def token_lengths(self, pairs: Sequence[tuple[str, str]]) -> list[int]:
        encoded = self.encode([p for p, _ in pairs], [h for _, h in pairs], truncation=False)
        return [len(ids) for ids in encoded["input_ids"]]

    def score(self, pairs: Sequence[tuple[str, str]]) -> PairScores:
        """Probabilities for each pair (columns entailment, neutral, contradiction), length-sorted batches."""
        import torch

        if not pairs:
            return PairScores(np.zeros((0, 3)), np.zeros(0, dtype=bool))
        from faithkit.checkers.pair_batches import PairBatches

        encoded = PairBatches(self.tokenizer, pairs, self.max_length, self.encode)  # tokenised once, by length
        out = np.zeros((len(pairs), 3))
        truncated = encoded.truncated
        with torch.inference_mode():
            for idx, arrays in encoded.batches(self.batch_size):
                batch = {name: torch.from_numpy(a).to(self.device) for name, a in arrays.items()}
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


def _files_identity(scorer: Any) -> dict[str, str]:
    """The config / tokenizer files' hash (local folders) and the scorer's code version, computed once."""
    cached = getattr(scorer, "_files_identity", None)
    if cached is None:
        cached = {"scorer_version": PAIR_SCORER_VERSION}
        inner = getattr(scorer, "_scorer", scorer)  # a detector wraps its kind's scorer
        source = getattr(scorer, "source", None) or getattr(inner, "source", None)
        if source is not None and Path(source).expanduser().is_dir():
            cached["model_files"] = model_files_hash(Path(source).expanduser())
        scorer._files_identity = cached  # type: ignore[attr-defined]
    return cached


PAIR_COUNTERS = ("nli_pairs", "nli_pairs_unique", "nli_pairs_scored", "nli_cache_hits", "truncated_pairs")


class CachedPairScoring:
    """Scores pairs through ``scorer()`` (called on first use, so the model loads lazily), reading and filling
    the content cache when one is given, and counting into ``counters`` (nli_pairs_scored, nli_cache_hits)."""

    def __init__(self, scorer: Callable[[], PairScorer], cache: Any, counters: dict[str, int],
                 kind: str = "nli-v1", describe: Callable[[], Any] | None = None):
        self.scorer = scorer
        self.cache = cache
        self.counters = counters
        self.kind = kind
        self.describe = describe  # identity without loading (checkers.model_identity), so a full hit loads nothing

    def identity(self) -> dict[str, Any]:
        """What a cached score depends on (the cache key's model part)."""
        scorer = (self.describe or self.scorer)()
        # the detector kinds (checkers.detectors.scorers) say what their scores pin
        if hasattr(scorer, "cache_identity"):
            return {**scorer.cache_identity(), "checker": self.kind, **_files_identity(scorer)}
        identity = {"weights": scorer.identity, "max_length": scorer.max_length,
                    "labels": list(scorer.labels.names), "checker": self.kind, **_files_identity(scorer)}
        if scorer.entailment_label is not None:
            identity["entailment_label"] = scorer.entailment_label
        return identity

    def score(self, pairs: list[tuple[str, str]]) -> PairScores:
        if self.cache is None:
            self.counters["nli_pairs_scored"] += len(pairs)
            return self.scorer().score(pairs)
        from faithkit.cache import PairScoreCache

        store = PairScoreCache(self.cache, self.identity())
        cached = store.get_many(pairs)
        invalid = [i for i, value in enumerate(cached) if value is not None and not valid_pair_value(value)]
        for i in invalid:  # a stored value that is not a probability row is a miss, recomputed and overwritten
            cached[i] = None
        if invalid:
            self.counters["nli_cache_invalid"] = self.counters.get("nli_cache_invalid", 0) + len(invalid)
        missing = [i for i, value in enumerate(cached) if value is None]
        if not missing:  # every pair known: the model is not needed (nor loaded)
            fresh = PairScores(np.zeros((0, 3)), np.zeros(0, dtype=bool))
        else:
            fresh = self.scorer().score([pairs[i] for i in missing])
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
