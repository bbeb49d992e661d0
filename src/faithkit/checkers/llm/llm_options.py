"""Options of the LLM judge and of the cascade (NLI first, the judge where NLI is not confident).

Both extend the provider options (``llm.options.LLMOptions``: model, endpoint, decoding), so one spec string
or one set of CLI flags builds the whole checker. The cascade's NLI stage has its own model options
(``nli_model``, ``nli_revision``, and the NLI decision options under their NLI names): ``revision`` is not one
of them, because in a cascade ``model`` names the LLM. (Before this model existed, ``faithkit check`` sent
``--revision`` to the cascade's NLI model while the registry dropped it; now both map it to ``nli_revision``.)
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from faithkit.checkers.nli_options import DEFAULT_NLI_THRESHOLD, DEFAULT_WINDOW_VETO, NLIOptions, _off_is_none
from faithkit.llm.options import LLMOptions
from faithkit.text.windows import DEFAULT_WINDOW_SENTENCES

DEFAULT_ROUTE_BELOW = 0.98  # see checkers/llm/cascade.py for how it was chosen


class JudgeOptions(LLMOptions):
    """judge_mode: batch (one call per answer), per-claim, or extract-and-label (one call extracts and labels
    the claims; needs LLM claims); strict: SUPPORTED only if stated explicitly; repeats / repeat_modes: run the
    judge N times (comma-separated modes to cycle through); claims_per_call: the batch judge's chunk size;
    quote_nli: flag (default) / veto / off: the NLI model's second opinion on each SUPPORTED quote, reported
    (flag) or also required (veto; the judge's recall then falls to the small model's on paraphrases)."""

    judge_mode: Literal["batch", "per-claim", "extract-and-label"] = "batch"
    strict: bool = False
    repeats: int = Field(1, ge=1)
    repeat_modes: str | None = None
    claims_per_call: int = Field(20, ge=1)
    quote_nli: Literal["veto", "flag", "off"] = "flag"  # NLI's check of each SUPPORTED quote (quote_nli.py)

    @field_validator("repeat_modes", mode="before")
    @classmethod
    def _modes_text(cls, value: object) -> object:
        if isinstance(value, (list, tuple)):
            return ",".join(str(v) for v in value)
        return value

    @field_validator("quote_nli", mode="before")
    @classmethod
    def _quote_nli_switch(cls, value: object) -> object:
        """``quote_nli=off`` / ``on`` arrive from a spec string as booleans."""
        if isinstance(value, bool):
            return "veto" if value else "off"
        return value

    def modes(self) -> list[str]:
        return [m.strip() for m in (self.repeat_modes or "").split(",") if m.strip()]


class CascadeOptions(JudgeOptions):
    """route_below: claims whose NLI entailment is below this go to the judge; nli_model / nli_revision: the
    first stage's model (None: the bundled one); threshold, window_veto, window_sentences, batch_size, device,
    smoke_check: the first stage's NLI options (see ``NLIOptions``)."""

    route_below: float = Field(DEFAULT_ROUTE_BELOW, ge=0.0, le=1.0)
    nli_model: str | None = None
    nli_revision: str | None = None
    threshold: float = Field(DEFAULT_NLI_THRESHOLD, ge=0.0, le=1.0)
    window_veto: float | None = Field(DEFAULT_WINDOW_VETO, ge=0.0, le=1.0)
    window_sentences: int = Field(DEFAULT_WINDOW_SENTENCES, ge=1)
    batch_size: int = Field(32, ge=1)
    device: str = "cpu"
    smoke_check: bool = True
    first: str | None = None
    """The first stage as a checker spec with ``;`` between its options (``,`` separates the cascade's):
    ``cascade:first=classifier:model=DIR;positive_label=supported``. None: NLI from the options above."""

    @field_validator("window_veto", mode="before")
    @classmethod
    def _veto_off(cls, value: object) -> object:
        return _off_is_none(value)

    def nli_options(self) -> NLIOptions:
        return NLIOptions(model=self.nli_model, revision=self.nli_revision, threshold=self.threshold,
                          window_veto=self.window_veto, window_sentences=self.window_sentences,
                          batch_size=self.batch_size, device=self.device, smoke_check=self.smoke_check)

    def judge_options(self) -> JudgeOptions:
        return JudgeOptions(**{k: getattr(self, k) for k in JudgeOptions.model_fields})
