"""Does a folder's ``model.onnx`` compute what its weights do in torch? Checked by ``faithkit export-onnx`` after
writing a graph, on a few fixed pairs; the whole-stack parity on the dev files is benchmarks/backend_parity.py."""

from __future__ import annotations

from pathlib import Path

from faithkit.checkers.onnx_graph import GRAPH_FILE
from faithkit.errors import ModelLoadError

PARITY_PAIRS = (
    ("The dog is sleeping on the porch.", "The dog is sleeping."),
    ("The dog is sleeping on the porch.", "The dog is not sleeping."),
    ("Refunds are issued within 14 days of the request, minus a 5% fee.", "Refunds are issued within 30 days."),
    ("Members can borrow up to 12 items at a time. DVDs are lent for 7 days.", "DVDs are lent for a week."),
)
PARITY_LIMIT = 1e-4  # fp32 on both sides: measured 1e-6 on the bundled models


def torch_parity(folder: str | Path) -> float:
    """Max |Δp| between torch and the folder's graph on ``PARITY_PAIRS``; ModelLoadError over ``PARITY_LIMIT``
    (a graph that does not compute what the weights do must not be shipped)."""
    import numpy as np

    from faithkit.checkers.model_load import ModelLoad
    from faithkit.checkers.onnx_backend import OnnxPairScorer
    from faithkit.checkers.pairs import PairScorer

    pairs = list(PARITY_PAIRS)
    load = ModelLoad(folder, smoke_check=False)
    reference = PairScorer(load).score(pairs).probs
    exported = OnnxPairScorer(load).score(pairs).probs
    worst = float(np.abs(reference - exported).max())
    if worst > PARITY_LIMIT:
        raise ModelLoadError(f"{folder}/{GRAPH_FILE} differs from torch by {worst:.2e} (> {PARITY_LIMIT:g}); "
                             "do not ship it")
    return worst
