"""A model's ``tokenizer.json`` read by the `tokenizers` library alone, for the ONNX Runtime path.

Why: an ONNX run needs no torch and no transformers once the export exists, but ``AutoTokenizer`` imports
transformers, 2.5 s of every run's start on this machine (the whole pipeline around the model costs about as much).
``tokenizers`` is the Rust library transformers' fast tokenizers wrap, so the same file gives the same ids: the
pair template (``[CLS] a [SEP] b [SEP]``), the normaliser and truncation ``longest_first`` are read from, or set
on, the one backend. Only what ``pair_batches.PairBatches`` and ``PairScorer`` use is offered. A folder without a
``tokenizer.json``, or one whose tokenizer pads on the left, gets ``AutoTokenizer`` as before
(``load_pair_tokenizer``). Parity with ``AutoTokenizer`` is tested on the bundled model and the tiny test models
(tests/checkers/test_onnx_backend.py).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["PairTokenizer", "load_pair_tokenizer"]


def _token_text(value: Any) -> str | None:
    """A special token in tokenizer_config.json: a string, or an AddedToken dict with ``content``."""
    if isinstance(value, dict):
        return value.get("content")
    return value if isinstance(value, str) else None


class PairTokenizer:
    """Encodes (premise, hypothesis) pairs as the model's fast tokenizer does, without transformers."""

    def __init__(self, folder: str | Path):
        from tokenizers import Tokenizer

        folder = Path(folder)
        self._backend = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self._backend.no_padding()  # padding is PairBatches' job; truncation is set per call, as transformers does
        self._backend.no_truncation()
        config_path = folder / "tokenizer_config.json"
        config = json.loads(config_path.read_text(encoding="utf-8")) if config_path.is_file() else {}
        self.padding_side = config.get("padding_side", "right")
        pad = _token_text(config.get("pad_token"))
        self.pad_token_id = self._backend.token_to_id(pad) if pad else None
        self.pad_token_type_id = int(config.get("pad_token_type_id", 0) or 0)

    def __call__(self, premises: Sequence[str], hypotheses: Sequence[str], truncation: bool | str = False,
                 max_length: int | None = None, **_: Any) -> dict[str, list[list[int]]]:
        if truncation:
            if max_length is None:
                raise ValueError("truncation needs max_length")
            self._backend.enable_truncation(max_length, strategy="longest_first")
        try:
            encodings = self._backend.encode_batch(list(zip(premises, hypotheses)))
        finally:
            self._backend.no_truncation()
        return {"input_ids": [e.ids for e in encodings], "token_type_ids": [e.type_ids for e in encodings],
                "attention_mask": [e.attention_mask for e in encodings]}


def load_pair_tokenizer(folder: str | Path) -> Any:
    """``PairTokenizer`` for a folder with a right-padding ``tokenizer.json``, else transformers' AutoTokenizer."""
    folder = Path(folder)
    if (folder / "tokenizer.json").is_file():
        tokenizer = PairTokenizer(folder)
        if tokenizer.padding_side == "right":
            return tokenizer
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(folder))
