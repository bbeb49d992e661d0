"""What a cached pair score depends on besides the weights, and what a cached score must look like.

The NLI cache key once held the weights hash, the max length and the label names only: a copy of the model
with ``num_hidden_layers: 5`` in config.json, or a tokenizer with ``lowercase: false``, got every score from the
cache and changed verdicts. ``model_files_hash`` covers every file of a local model folder that is not a weight
file (config, tokenizer, vocabularies, special tokens), and ``PAIR_SCORER_VERSION`` changes whenever the code
that turns logits into the stored columns changes.

``valid_pair_value`` is the read-side check: a stored value of the right shape but wrong content (the issue's
``[1, 0, 0, false]`` for a pair the model scores neutral is indistinguishable) cannot be caught, but anything
that is not three finite probabilities summing to one plus a truncation flag is a miss, never a verdict.
"""

from __future__ import annotations

import hashlib
import math
from pathlib import Path
from typing import Any

PAIR_SCORER_VERSION = "pair-scorer-2"
WEIGHT_SUFFIXES = frozenset({".safetensors", ".bin", ".pt", ".pth", ".onnx", ".h5", ".msgpack", ".ckpt"})
_SKIPPED = frozenset({".gitattributes", "LICENSE", "LICENSE.txt", "NOTICE"})
DOC_SUFFIXES = frozenset({".md", ".rst"})  # README.md, MODEL_CARD.md: prose, which no score depends on


def model_files_hash(folder: Path) -> str:
    """sha256 over the name and bytes of each non-weight file at the top of a model folder (config.json,
    tokenizer.json, tokenizer_config.json, vocab files, ...), in name order. Documentation is left out: the
    bundled model's MODEL_CARD.md was once hashed, so every edit of the card made every cached score a miss
    (a WiCE dev bench that should read 44,070 pairs from the cache scored them all again)."""
    digest = hashlib.sha256()
    for path in sorted(folder.iterdir()):
        if (not path.is_file() or path.suffix in WEIGHT_SUFFIXES or path.suffix.lower() in DOC_SUFFIXES
                or path.name in _SKIPPED):
            continue
        digest.update(path.name.encode() + b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return "sha256:" + digest.hexdigest()


def valid_pair_value(value: Any) -> bool:
    """True for ``[p_entail, p_neutral, p_contradiction, truncated]``: finite floats in [0, 1] summing to ~1
    and a bool."""
    if not isinstance(value, list) or len(value) != 4 or not isinstance(value[3], bool):
        return False
    probs = value[:3]
    if not all(isinstance(p, (int, float)) and not isinstance(p, bool) for p in probs):
        return False
    if not all(math.isfinite(p) and -1e-6 <= p <= 1 + 1e-6 for p in probs):
        return False
    return abs(sum(probs) - 1.0) < 1e-3


def require_model_folder(model: str | Path, what: str = "model") -> None:
    """ModelLoadError when ``model`` is written as a path (``/…``, ``./…``, ``../…``, ``~…``) or names an existing
    file, but is not a folder: the hub client would otherwise answer "Repo id must use alphanumeric chars"."""
    from faithkit.errors import ModelLoadError

    text, path = str(model), Path(model).expanduser()
    if path.is_dir():
        return
    if path.exists():
        raise ModelLoadError(f"{what} {text} is a file, expected a model folder")
    if text.startswith(("/", "./", "../", "~", ".\\")):
        raise ModelLoadError(f"{what} folder not found: {text}")
