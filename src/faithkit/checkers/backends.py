"""Which runtime scores pairs: torch (``PairScorer``) or ONNX Runtime (``checkers.onnx_backend``).

Kept apart from ``checkers.pairs`` so that a new backend is one entry here; both return the same
``PairScores`` for the same pairs (within float error, measured by tests/checkers/test_onnx_backend.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from faithkit.errors import UsageError

BACKENDS = ("torch", "onnx")


def build_scorer(backend: str, model: str | Path, options: dict[str, Any]) -> Any:
    """A loaded pair scorer for ``model`` on ``backend`` (options: PairScorer's keyword arguments)."""
    if backend == "torch":
        from faithkit.checkers.pairs import PairScorer

        return PairScorer(model, **options)
    if backend == "onnx":
        from faithkit.checkers.onnx_backend import OnnxPairScorer

        return OnnxPairScorer(model, **options)
    raise UsageError(f"unknown backend {backend!r}: expected one of {', '.join(BACKENDS)}")
