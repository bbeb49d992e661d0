"""What a local model folder's scores depend on, read from its files without loading the weights.

A rerun whose pairs are all in the content cache needs the cache key's model part (weights hash, max length,
label order) but not the model: reading config.json and tokenizer_config.json and hashing the weight files
costs milliseconds, where importing torch + transformers and loading the weights costs seconds. ``ModelFiles``
has the attributes ``CachedPairScoring.identity`` reads from a loaded ``PairScorer`` (identity, max_length,
labels, entailment_label) and the same values; ``check_same_as`` proves it when the model does load.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from faithkit.checkers.labels import LabelOrder, resolve_label_order
from faithkit.checkers.pairs import weights_hash
from faithkit.errors import ModelLoadError

DEFAULT_POSITIONS = 512  # what PairScorer assumes when a config has no max_position_embeddings


def _json_file(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ModelLoadError(f"cannot read {path}: {exc}") from exc


class ModelFiles:
    """The identity of a local pair-classifier folder, as ``PairScorer`` would compute it once loaded."""

    def __init__(self, folder: str | Path, max_length: int | None = None, entailment_label: str | None = None):
        self.folder = Path(folder).expanduser()
        self.source = str(self.folder)  # what pairs._files_identity hashes the config/tokenizer files of
        if not (self.folder / "config.json").is_file():
            raise ModelLoadError(f"{self.folder}: not a model folder (no config.json)")
        config = _json_file(self.folder / "config.json")
        tokenizer = _json_file(self.folder / "tokenizer_config.json")
        self.entailment_label = entailment_label
        # transformers' PretrainedConfig default when a config names no labels: LABEL_0..LABEL_{num_labels-1}
        id2label = {int(k): v for k, v in (config.get("id2label") or {}).items()} or {
            i: f"LABEL_{i}" for i in range(int(config.get("num_labels", 2)))
        }
        self.labels: LabelOrder = resolve_label_order(id2label, entailment_label)
        limit = config.get("max_position_embeddings") or DEFAULT_POSITIONS
        tokenizer_limit = tokenizer.get("model_max_length") or limit
        self.max_length = min(max_length or limit, limit, tokenizer_limit)
        self.identity = weights_hash(self.folder)

    def check_same_as(self, scorer: Any) -> None:
        """ModelLoadError when the loaded model disagrees with what its files said (cache keys would lie)."""
        mine = (self.identity, self.max_length, tuple(self.labels.names))
        theirs = (scorer.identity, scorer.max_length, tuple(scorer.labels.names))
        if mine != theirs:
            raise ModelLoadError(
                f"{self.folder}: the loaded model's identity {theirs} differs from the one read "
                f"from its files {mine}; run with --cache refresh"
            )
