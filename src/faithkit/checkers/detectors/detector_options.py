"""Options of the public-detector kinds (``classifier``, ``seq2seq``, ``hhem``), and their published defaults.

Light on purpose (pydantic only, like ``nli_options``): the registry imports it; only the checker imports torch.

Why the premises default to ``chunks``: MiniCheck, AlignScore and HHEM are document-level detectors, trained and
evaluated on chunks of a few hundred tokens and aggregated by the max over chunks; feeding them the short
sentence windows a sentence-level NLI model wants is not how their published figures were measured. The chunk
sizes are MiniCheck's (``minicheck/minicheck.py``: 400 tokenizer tokens for the RoBERTa / DeBERTa heads, 500
whitespace words for Flan-T5).
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from faithkit.checkers.options import CheckerOptions
from faithkit.text.windows import DEFAULT_WINDOW_SENTENCES

__all__ = [
    "ClassifierOptions",
    "DetectorOptions",
    "HHEMOptions",
    "MINICHECK_T5_TEMPLATE",
    "Seq2SeqOptions",
    "is_commit_hash",
]

MINICHECK_T5_TEMPLATE = "predict: {premise}{eos}{claim}"
"""MiniCheck-Flan-T5's input (``minicheck/inference.py``: ``'predict: ' + doc + tokenizer.eos_token + claim``)."""

HHEM_MODEL = "vectara/hallucination_evaluation_model"

Premises = Literal["windows", "chunks", "passage"]
ChunkUnit = Literal["tokens", "words"]


def is_commit_hash(value: str | None) -> bool:
    """A pinned hub revision: a full 40-hex commit hash (a branch or tag can move under you)."""
    return value is not None and re.fullmatch(r"[0-9a-f]{40}", value) is not None


class DetectorOptions(CheckerOptions):
    """model: folder or hub id; revision: hub revision of ``model``; threshold: P(supported) at or above which a
    claim is supported; premises: ``windows`` (1..window_sentences adjacent sentences, as ``nli``), ``chunks``
    (sentences packed into chunks of about ``chunk_size`` ``chunk_unit``s, as MiniCheck; best chunk wins) or
    ``passage`` (each passage whole); chunk_size / chunk_unit: None takes the kind's published default;
    max_length: the model's input limit in tokens (None: the kind's default), longer inputs are truncated and
    flagged; smoke_check: refuse a model that fails an obvious supported / unsupported pair at load."""

    model: str | None = None
    revision: str | None = None
    threshold: float = Field(0.5, ge=0.0, le=1.0)
    premises: Premises = "chunks"
    chunk_size: int | None = Field(None, ge=8)
    chunk_unit: ChunkUnit | None = None
    window_sentences: int = Field(DEFAULT_WINDOW_SENTENCES, ge=1)
    max_length: int | None = Field(None, ge=8)
    batch_size: int = Field(16, ge=1)
    device: str = "cpu"
    smoke_check: bool = True

    @field_validator("model", "revision", mode="before")
    @classmethod
    def _text(cls, value: Any) -> Any:
        return None if value is None else str(value)

    @model_validator(mode="after")
    def _shape_options_fit_the_shape(self) -> DetectorOptions:
        """An option of another premise shape would silently do nothing: refuse it."""
        if self.premises != "windows" and self.window_sentences != DEFAULT_WINDOW_SENTENCES:
            raise ValueError(f"window_sentences applies to premises=windows, not premises={self.premises}")
        if self.premises != "chunks" and self.chunk_size is not None:
            raise ValueError(f"chunk_size applies to premises=chunks, not premises={self.premises}")
        return self


class ClassifierOptions(DetectorOptions):
    """A binary "supported" sequence-classification head (MiniCheck-RoBERTa / -DeBERTa, AlignScore-style).

    positive_label: the ``id2label`` name of the "supported" output; needed when the names say nothing
    (``LABEL_0`` / ``LABEL_1``, ``0`` / ``1``): faithkit never takes an output by its index. input_format:
    ``pair`` (the tokenizer's (premise, claim) pair encoding) or ``eos`` (one text, premise + eos token +
    claim, as MiniCheck feeds its classifiers)."""

    positive_label: str | None = None
    input_format: Literal["pair", "eos"] = "pair"

    @field_validator("positive_label", mode="before")
    @classmethod
    def _label_text(cls, value: Any) -> Any:
        return None if value is None else str(value)  # positive_label=1 arrives from a spec string as int 1


class Seq2SeqOptions(DetectorOptions):
    """A seq2seq detector read at its first decoding step (MiniCheck-Flan-T5): the score is the softmax of the
    ``positive_token`` logit against the ``negative_token`` logit. template: the input, with ``{premise}``,
    ``{claim}`` and ``{eos}`` (the tokenizer's end-of-sequence token); the default is MiniCheck's."""

    template: str = MINICHECK_T5_TEMPLATE
    positive_token: str = "1"
    negative_token: str = "0"

    @field_validator("template")
    @classmethod
    def _template_fields(cls, value: str) -> str:
        if "{premise}" not in value or "{claim}" not in value:
            raise ValueError("a template needs {premise} and {claim}")
        try:
            value.format(premise="", claim="", eos="")
        except (KeyError, IndexError, ValueError) as exc:
            raise ValueError(f"template fields are {{premise}}, {{claim}} and {{eos}} only ({exc})") from None
        return value

    @field_validator("positive_token", "negative_token", mode="before")
    @classmethod
    def _token_text(cls, value: Any) -> Any:
        return str(value)


class HHEMOptions(DetectorOptions):
    """Vectara's HHEM-2.1-Open, which runs its own modelling code from the model repository.

    trust_remote_code: must be given (``--trust-remote-code``), and for a hub model together with a pinned
    ``revision`` (a 40-hex commit), or the checker refuses to load: the remote code runs with your
    permissions. The premise/hypothesis prompt lives in that code (``model.predict(pairs)``)."""

    model: str | None = HHEM_MODEL
    trust_remote_code: bool = False
    chunk_unit: ChunkUnit | None = "words"
