"""Options of the NLI checker (and of any pair classifier built on ``checkers.pairs``), and their defaults.

Light on purpose (pydantic only): the registry, the CLI and the NLI checker itself all import it, and only the
checker imports torch. ``DEFAULT_WINDOW_VETO`` (used by ``checkers.rules.window_veto``) lives here, not in the registry,
so nothing below the registry has to import the registry.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator

from faithkit.checkers.nli_input import DEFAULT_CANONICAL_INPUT
from faithkit.checkers.options import CheckerOptions
from faithkit.checkers.rules.alignment import DEFAULT_ALIGNMENT, DEFAULT_ALIGNMENT_RULES, parse_rules
from faithkit.text.windows import DEFAULT_WINDOW_SENTENCES

DEFAULT_NLI_THRESHOLD = 0.45  # session 5, help-center dev + WiCE dev (MODEL_CARD.md); the head is folded at 0.5
DEFAULT_FOLLOW_ON = True  # measured on the help-center dev suite, WiCE dev and Move 6 (MODEL_CARD.md, session 8)
DEFAULT_SECOND_THRESHOLD = 0.9  # session 10, help-center dev (training/results/run11_outcome.md)
# the bundled second-opinion model when the first model is the bundled one, none for a model the user names
SECOND_OPINION_AUTO = "auto"
# session 11, by the rule in benchmarks/accuracy/spread_evidence_rule.md: WiCE dev 66.9 -> 69.4, help-center dev
# faults 123/134 either way, faithful flagged 14 -> 13 of 192 (MODEL_CARD.md)
DEFAULT_SPREAD_EVIDENCE = True
# ONNX Runtime on the bundled models' own graphs: no torch needed, parity with torch measured (benchmarks/backends.py)
DEFAULT_BACKEND = "onnx"
# the model skips windows about something else, and re-reads them for a claim left not supported (prune_recheck):
# the verdicts of reading every window, a quarter of the pairs (MODEL_CARD.md, session 14)
DEFAULT_PRUNE_WINDOWS = 0.5
# a first reading of the windows that share the most of the claim's words; only a claim left not supported there
# reads the rest of its related windows (issue 34; MODEL_CARD.md, session 17)
DEFAULT_PRUNE_FIRST = 1.0
DEFAULT_WINDOW_VETO = 0.8  # chosen on dev (benchmarks/window_veto_dev.py); see the bundled model's card

__all__ = ["DEFAULT_BACKEND", "DEFAULT_NLI_THRESHOLD", "DEFAULT_PRUNE_FIRST", "DEFAULT_PRUNE_WINDOWS",
           "DEFAULT_SECOND_THRESHOLD", "DEFAULT_SPREAD_EVIDENCE", "DEFAULT_WINDOW_VETO", "NLIOptions",
           "SECOND_OPINION_AUTO"]


def _off_is_none(value: Any) -> Any:
    """``window_veto=off`` in a spec string arrives as False: it means no veto."""
    if value is False or (isinstance(value, str) and value.strip().lower() in ("off", "none", "no", "false")):
        return None
    return value


class NLIOptions(CheckerOptions):
    """model: folder or hub id (None: the bundled model); revision: hub revision of ``model``;
    threshold: P(entailment) at or above which a claim is supported; window_veto: contradiction level at
    which a claim's own sentence vetoes the multi-sentence windows around it (None: no veto);
    window_sentences: windows of 1..N adjacent sentences of one passage; entailment_label: the ``id2label``
    name of the output meaning "supported", for heads whose label names say nothing (``LABEL_1``): every other
    output then counts as "not supported"; smoke_check: refuse a model that fails an obvious entailment /
    contradiction pair at load; batch_size, device, max_length: how pairs run (max_length None: the model's);
    backend: onnx (default: ONNX Runtime on the folder's own ``model.onnx``, else on an export cached next to the
    faithkit cache, ``checkers.onnx_backend``), or torch (the ``torch`` extra; needed for device=cuda);
    canonical_input: the model reads claims and premises with one spelling per negation and bound
    (``checkers.nli_input``); prune_windows: None (``off``), the model reads every window, or a share s (default
    0.5): it skips windows that share fewer than s times the claim's content words the best window shares, or none
    (``checkers.window_prune``: fewer forward passes); prune_recheck: a claim the windows read leave not supported
    is read again on every window (default), so pruning changes no verdict of the model and a supported claim's
    score is at most a lower bound (``sweep`` reads every window); prune_first: None (``off``) or a share s above
    ``prune_windows`` (default 1.0): the model first reads only the windows sharing at least s times what the best
    window shares, and a claim they leave not supported reads the rest of its related windows, then (with
    ``prune_recheck``) every window; follow_on: a clause such
    as "...; after that they are not refundable" is also a premise of its own, read with its antecedents put back
    (``checkers.rules.follow_on``); second_opinion: the folder of a second model consulted only for claims the first
    model does not support and no rule refutes (not a contradicted claim that negates every case or a number),
    supporting them at ``second_threshold``
    (``checkers.nli_verdict.is_candidate``); ``auto`` (default): the bundled second-opinion model when ``model`` is the
    bundled one, none for any other model; None (``off``): none; spread_evidence: a claim also gets, per passage,
    the few sentences that cover its content words joined as one more window, where they are not neighbours
    (``checkers.spread_evidence``)."""

    model: str | None = None
    revision: str | None = None
    threshold: float = Field(DEFAULT_NLI_THRESHOLD, ge=0.0, le=1.0)
    window_veto: float | None = Field(DEFAULT_WINDOW_VETO, ge=0.0, le=1.0)
    window_sentences: int = Field(DEFAULT_WINDOW_SENTENCES, ge=1)
    entailment_label: str | None = None
    contradiction_threshold: float = Field(0.5, ge=0.0, le=1.0)
    smoke_check: bool = True
    max_length: int | None = Field(None, ge=8)
    batch_size: int = Field(32, ge=1)
    device: str = "cpu"
    alignment: bool = DEFAULT_ALIGNMENT
    alignment_rules: str = DEFAULT_ALIGNMENT_RULES
    backend: Literal["torch", "onnx"] = DEFAULT_BACKEND
    canonical_input: bool = DEFAULT_CANONICAL_INPUT
    prune_windows: float | None = Field(DEFAULT_PRUNE_WINDOWS, ge=0.0, le=1.0)
    prune_recheck: bool = True
    prune_first: float | None = Field(DEFAULT_PRUNE_FIRST, ge=0.0, le=1.0)
    follow_on: bool = DEFAULT_FOLLOW_ON
    second_opinion: str | None = SECOND_OPINION_AUTO
    second_threshold: float = Field(DEFAULT_SECOND_THRESHOLD, ge=0.0, le=1.0)
    spread_evidence: bool = DEFAULT_SPREAD_EVIDENCE

    @field_validator("alignment_rules", mode="before")
    @classmethod
    def _known_rules(cls, value: Any) -> Any:
        rules = parse_rules(value if isinstance(value, str) else ",".join(value))  # ValueError names the known ones
        return "+".join(rules)  # "+" joins them so that the value fits in a NAME:k=v,... spec string

    @field_validator("window_veto", "prune_windows", "prune_first", mode="before")
    @classmethod
    def _veto_off(cls, value: Any) -> Any:
        return _off_is_none(value)

    @field_validator("second_opinion", mode="before")
    @classmethod
    def _second_off(cls, value: Any) -> Any:
        value = _off_is_none(value)
        return None if value is None else str(value)

    @field_validator("model", mode="before")
    @classmethod
    def _model_text(cls, value: Any) -> Any:
        return None if value is None else str(value)
