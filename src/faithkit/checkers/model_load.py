"""How to load a pair model: the six settings every scorer is loaded with, declared once.

The NLI pair scorers (``pairs.PairScorer``, ``onnx_backend.OnnxPairScorer``) and the detector scorers
(``detectors.scorers.ClassifierScorer`` / ``Seq2SeqScorer``, ``detectors.hhem.HHEMScorer``) took the same six
keyword arguments, each copy with its own defaults to keep in step (issue 33: `duplicates` paired their
signatures). They take one ``ModelLoad`` now, and only what is their own besides it (a label, a template, the
remote-code switch). Plain data, no heavy import: a checker that has not loaded its model yet pickles with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ModelLoad:
    """Where a model comes from and how it is run.

    model: a local folder or a hub id; revision: the hub commit, tag or branch (None: a folder, or the hub's
    default); batch_size: pairs per forward pass (the detectors' options give their own, 16); max_length: the input
    limit in tokens (None: the model's own; a seq2seq detector's ``SEQ2SEQ_MAX_LENGTH``); device: the torch device
    (the ONNX backend runs on the CPU only); smoke_check: score an obvious entailment and an obvious contradiction
    at load, and refuse a model that gets them wrong."""

    model: str | Path
    revision: str | None = None
    batch_size: int = 32
    max_length: int | None = None
    device: str = "cpu"
    smoke_check: bool = True
