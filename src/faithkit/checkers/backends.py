"""Which runtime scores pairs: ONNX Runtime (``checkers.onnx_backend``, the default) or torch (``PairScorer``).

Kept apart from ``checkers.pairs`` so that a new backend is one entry here; both return the same
``PairScores`` for the same pairs (within float error, measured by tests/checkers/test_onnx_backend.py and
benchmarks/backend_parity.py).

``shared_scorer`` keeps one loaded scorer per model and settings for the whole process: `mutate` builds a checker
per spec, `bench` and `sweep` one per file, the pytest plugin one per test, and each used to open the same model
session again (0.3-0.6 s and 90 MB each time). A local folder's key holds its weights and config hashes, so a
folder rewritten in place (a test, a retrained model) is loaded afresh.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from faithkit.errors import UsageError

BACKENDS = ("torch", "onnx")


def build_scorer(backend: str, model: str | Path, options: dict[str, Any]) -> Any:
    """A loaded pair scorer for ``model`` on ``backend`` (options: the ``ModelLoad`` settings and
    ``entailment_label``, as ``nli.SCORER_OPTIONS`` names them)."""
    from faithkit.checkers.model_load import ModelLoad

    settings = dict(options)
    entailment_label = settings.pop("entailment_label", None)
    load = ModelLoad(model, **settings)
    if backend == "torch":
        from faithkit.checkers.pairs import PairScorer

        return PairScorer(load, entailment_label=entailment_label)
    if backend == "onnx":
        from faithkit.checkers.onnx_backend import OnnxPairScorer

        return OnnxPairScorer(load, entailment_label=entailment_label)
    raise UsageError(f"unknown backend {backend!r}: expected one of {', '.join(BACKENDS)}")


_SHARED: dict[tuple[Any, ...], Any] = {}
_SHARED_LOCK = threading.Lock()


def _model_key(model: str | Path, revision: str | None) -> tuple[Any, ...]:
    folder = Path(model).expanduser()
    if revision is None and folder.is_dir() and (folder / "config.json").is_file():
        from faithkit.checkers.model_files import model_files_hash
        from faithkit.checkers.pairs import weights_hash

        try:
            return (str(folder.resolve()), weights_hash(folder), model_files_hash(folder))
        except Exception:  # noqa: BLE001 - an unreadable folder: no sharing; the loader reports the real error
            return (str(folder.resolve()), object())
    return (str(model), revision)


def shared_scorer(backend: str, model: str | Path, options: dict[str, Any]) -> Any:
    """``build_scorer``'s scorer, loaded once per process for the same model files, backend and options."""
    key = (backend, _model_key(model, options.get("revision")), tuple(sorted(options.items())))
    with _SHARED_LOCK:
        scorer = _SHARED.get(key)
        if scorer is None:
            scorer = _SHARED[key] = build_scorer(backend, model, options)
    return scorer


def forget_shared_scorers() -> None:
    """Drop every shared scorer (tests that count loads; a long-lived process freeing memory)."""
    with _SHARED_LOCK:
        _SHARED.clear()
