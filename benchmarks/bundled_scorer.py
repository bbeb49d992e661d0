"""The bundled model's pair scorer on a backend, as the backend benchmarks (backends.py, threads.py) load it:
batches of 32 on the CPU, no smoke check, so both time the same scorer."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def bundled_scorer(backend: str) -> Any:
    sys.path.insert(0, str(ROOT / "src"))
    from faithkit.checkers.backends import build_scorer
    from faithkit.checkers.nli import bundled_model_path

    options = {"revision": None, "batch_size": 32, "max_length": None, "device": "cpu", "smoke_check": False,
               "entailment_label": None}
    return build_scorer(backend, bundled_model_path(), options)
