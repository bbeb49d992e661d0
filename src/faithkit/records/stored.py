"""What a results folder holds: one ``AnswerResult`` per line of results.jsonl, and the ``RunManifest``.

The stored form of a run (docs/results-format.md), written by the pipeline and read back by every reader
(``io.results``, the reports, ``compare``, ``rescore``). Apart from ``records.flow`` because this is a file format:
reading is lenient (a missing key takes its default, for old and hand-written folders), keys this version does
not know are kept in ``extra``, and ``UNSET`` tells an absent key from ``null``, so a record read back is written
out exactly as it was read. No checker imports any of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from enum import Enum
from typing import Any, Literal

from faithkit.records.flow import NOT_SUPPORTED, SUPPORTED, Claim, Evidence, Verdict, is_flag

AnswerStatus = Literal["scored", "refusal", "no_claims", "error"]


class Unset(Enum):
    """Marks a results key that is absent from the JSON (not the same as ``null``), so a record read back
    writes out exactly as it was read: e.g. ``raw`` is written, possibly as null, only when claims failed."""

    UNSET = "unset"


UNSET = Unset.UNSET


def _present(value: Any) -> bool:
    return value is not UNSET


def _split(cls: type, data: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The keys of ``data`` that are fields of ``cls`` and the rest (kept in ``extra`` so nothing is dropped)."""
    names = {f.name for f in fields(cls)} - {"extra"}
    known = {k: v for k, v in data.items() if k in names}
    return known, {k: v for k, v in data.items() if k not in names}


def consistent_label3(verdict: Verdict) -> str | None:
    """The stored ``label3``, never at odds with the verdict it sits beside (issue 35): a supported claim is
    "supported" whichever stage decided (an arithmetic rescue kept the model's "not_found"), and a claim a later
    stage flagged is "not_found" where its model had said "supported" (the missing-number rule), or had said
    nothing and the stage found the claim's number in no passage (stage ``numbers``). A checker that cannot tell
    contradiction from absence keeps None: metrics read None as "cannot tell" (``scoring``)."""
    if verdict.label == SUPPORTED:
        return "supported"
    if verdict.label == NOT_SUPPORTED and (verdict.label3 == "supported"
                                           or (verdict.label3 is None and verdict.stage == "numbers")):
        return "not_found"
    return verdict.label3


@dataclass(frozen=True)
class ClaimResult:
    """One claim with its verdict, as one entry of a record's ``claims`` in results.jsonl.

    text: the claim as it was checked.
    span: ``(start, end)`` character span in the answer of the text the claim came from.
    verdict: supported / not_supported / error (an ``error`` counts as not supported).
    stage: which stage decided: nli, similarity, judge, numbers, arithmetic, ...
    score: the deciding score (entailment probability, cosine), or None.
    evidence: the window / quote / expression that decided it, or None.
    probs: entailment / neutral / contradiction of the best window (NLI), or None.
    label3: supported / contradicted / not_found diagnostic, or None.
    truncated: some (window, claim) pair was cut to the model's limit.
    error: why the verdict is an error, or a warning on a decided verdict.
    raw: a rejected model reply, verbatim, or None.
    detail: stage-specific extras.
    reference: only with a reference answer: the same claim checked against the reference (absent otherwise).
    cited: the passages the claim's citation markers name (``?label`` for one naming no passage); [] for none;
        None (key absent) in records written before citations were read.
    citation: supported (a cited passage supports it) / misattributed (supported, but by no cited passage) /
        unsupported (the claim is not supported) / none (it cites nothing). A citation never changes ``verdict``.
    extra: keys this version does not know, kept so a record round-trips unchanged.

    Reading is lenient (a missing key takes its default) because old and hand-written results folders are read
    too; values are not coerced, so what is read is what is written back.
    """

    text: str = ""
    span: tuple[int, int] = (0, 0)
    verdict: str = ""
    stage: str = ""
    score: float | None = None
    evidence: Evidence | None = None
    probs: dict[str, float] | None = None
    label3: str | None = None
    truncated: bool = False
    error: str | None = None
    raw: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    reference: ClaimResult | Unset = UNSET
    cited: tuple[str, ...] | None = None
    citation: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, claim: Claim, verdict: Verdict, reference: ClaimResult | Unset = UNSET,
           citation: str = "none") -> ClaimResult:
        """The stored form of a checker's verdict on a claim."""
        return cls(claim.text, (claim.start, claim.end), verdict.label, verdict.stage, verdict.score,
                   verdict.evidence, verdict.probs, consistent_label3(verdict), verdict.truncated, verdict.error,
                   verdict.raw, verdict.detail, reference, tuple(claim.cited), citation)

    @property
    def supported(self) -> bool:
        return not is_flag(self.verdict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "span": list(self.span), "verdict": self.verdict,
                               "stage": self.stage, "score": self.score,
                               "evidence": None if self.evidence is None else asdict(self.evidence),
                               "probs": self.probs, "label3": self.label3, "truncated": self.truncated,
                               "error": self.error, "raw": self.raw, "detail": self.detail}
        if self.cited is not None:  # absent from records written before citations were read: kept absent
            out["cited"] = list(self.cited)
        if self.citation is not None:
            out["citation"] = self.citation
        if isinstance(self.reference, ClaimResult):
            out["reference"] = self.reference.to_dict()
        return {**out, **self.extra}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ClaimResult:
        known, extra = _split(cls, data)
        if "span" in known:
            known["span"] = tuple(known["span"])
        if "cited" in known:
            known["cited"] = tuple(known["cited"])
        evidence = known.get("evidence")
        if isinstance(evidence, Mapping):
            known["evidence"] = Evidence(evidence.get("passage_id"), evidence.get("text", ""), evidence.get("start"),
                                         evidence.get("end"))
        if isinstance(known.get("reference"), Mapping):
            known["reference"] = ClaimResult.from_dict(known["reference"])
        return cls(**known, extra=extra)


@dataclass(frozen=True)
class Correctness:
    """Faithfulness next to correctness, for an interaction with a reference answer.

    faithful: no claim of the answer is unsupported by the passages.
    correct: no claim contradicted by the reference and every reference claim found in the answer.
    reference_claims: sentence claims of the reference answer.
    reference_claims_in_answer: of those, how many the answer supports.
    claims_contradicted_by_reference: answer claims the reference contradicts.
    claims_supported_by_reference: answer claims the reference supports.
    """

    faithful: bool
    correct: bool
    reference_claims: int = 0
    reference_claims_in_answer: int = 0
    claims_contradicted_by_reference: int = 0
    claims_supported_by_reference: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {**{f.name: getattr(self, f.name) for f in fields(self) if f.name != "extra"}, **self.extra}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Correctness:
        known, extra = _split(cls, data)
        return cls(**known, extra=extra)


@dataclass(frozen=True)
class AnswerResult:
    """One line of results.jsonl: what happened to one input line (see docs/results-format.md).

    id: interaction id (``line-N`` if the line had none or could not be parsed).
    line: 1-based line number in the input file.
    status: scored / refusal / no_claims / error.
    faithfulness: supported claims / claims; None unless scored.
    unsupported: at least one claim not supported; None unless scored.
    claims: the claims with their verdicts; empty unless scored, or a refusal beside supported context.
    error: the reason when the status is error.
    refusal: the refusal pattern that matched.
    warnings: non-fatal notes (empty_contexts, empty_answer, partial_refusal, declines_the_question,
        judge_same_family).
    source_format: faithkit / ragas / deepeval / promptfoo; absent on a line that could not be parsed.
    raw: the decomposer's rejected reply when claims could not be extracted (absent otherwise).
    correctness: only with a reference answer (absent otherwise).
    citations: only when a claim cites a passage: ``claims``, ``claims_citation_supported``, ``misattributed``,
        ``pairs`` (claim, cited passage), ``pairs_supported``, ``recall`` (claims whose citations support them /
        claims) and ``precision`` (pairs whose passage alone supports the claim / pairs), ALCE-style.
    unchecked: the answer's sentences no claim covers, each ``{"text", "span", "why"}`` (``claims.unchecked``);
        absent when every sentence is checked.
    extra: keys this version does not know, kept so a record round-trips unchanged.
    """

    id: str
    line: int = 0
    status: str = "scored"
    faithfulness: float | None = None
    unsupported: bool | None = None
    claims: tuple[ClaimResult, ...] = ()
    error: str | None = None
    refusal: str | None = None
    warnings: tuple[str, ...] = ()
    source_format: str | Unset = UNSET
    raw: str | None | Unset = UNSET
    correctness: Correctness | Unset = UNSET
    citations: dict[str, Any] | Unset = UNSET
    unchecked: tuple[dict[str, Any], ...] | Unset = UNSET
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def failing_claims(self) -> tuple[ClaimResult, ...]:
        """The claims not supported (``not_supported`` or ``error``): what a reviewer reads first."""
        return tuple(c for c in self.claims if not c.supported)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "line": self.line, "status": self.status,
                               "faithfulness": self.faithfulness, "unsupported": self.unsupported,
                               "claims": [c.to_dict() for c in self.claims], "error": self.error,
                               "refusal": self.refusal, "warnings": list(self.warnings)}
        for key in ("source_format", "raw"):
            if _present(getattr(self, key)):
                out[key] = getattr(self, key)
        if isinstance(self.correctness, Correctness):
            out["correctness"] = self.correctness.to_dict()
        if isinstance(self.citations, dict):
            out["citations"] = self.citations
        if isinstance(self.unchecked, tuple):
            out["unchecked"] = list(self.unchecked)
        return {**out, **self.extra}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AnswerResult:
        known, extra = _split(cls, data)
        known["claims"] = tuple(ClaimResult.from_dict(c) for c in known.get("claims") or ())
        known["warnings"] = tuple(known.get("warnings") or ())
        if isinstance(known.get("unchecked"), list):
            known["unchecked"] = tuple(known["unchecked"])
        if isinstance(known.get("correctness"), Mapping):
            known["correctness"] = Correctness.from_dict(known["correctness"])
        return cls(**known, extra=extra)


@dataclass(frozen=True)
class RunManifest:
    """manifest.json: how a results folder was produced, and its run metrics.

    results_format: version of this format (bumped on any incompatible change).
    faithkit_version: the faithkit that wrote the run.
    command: the command line.
    input: ``{"path", "sha256", "records"}`` of the interaction log.
    checker: the checker's spec (name, model, revision or hash, threshold, non-default options).
    claims: the claim extractor's spec.
    refusal_patterns: the refusal patterns used.
    packages: versions of python and the libraries that can change a verdict.
    started_at, finished_at: ISO-8601 UTC.
    resumed: the run continued an interrupted one.
    complete: every input line has a record (readers refuse an incomplete run).
    summary: run metrics (scoring.RunSummary) plus stage counters; readers ignore keys they do not know.
    profiles: the run score under other tools' definitions.
    extra: keys this version does not know, kept so a manifest round-trips unchanged.
    """

    results_format: int = 1
    faithkit_version: str = ""
    command: tuple[str, ...] = ()
    input: dict[str, Any] = field(default_factory=dict)
    checker: dict[str, Any] = field(default_factory=dict)
    claims: dict[str, Any] = field(default_factory=dict)
    refusal_patterns: tuple[str, ...] = ()
    packages: dict[str, str] = field(default_factory=dict)
    started_at: str = ""
    finished_at: str = ""
    resumed: bool = False
    complete: bool = True
    summary: dict[str, Any] = field(default_factory=dict)
    profiles: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "extra"}
        out.update(command=list(self.command), refusal_patterns=list(self.refusal_patterns))
        return {**out, **self.extra}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RunManifest:
        known, extra = _split(cls, data)
        for key in ("command", "refusal_patterns"):
            if key in known:
                known[key] = tuple(known[key])
        return cls(**known, extra=extra)
