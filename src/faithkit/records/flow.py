"""The data that flows between faithkit's stages in memory: passages, interactions, claims, windows, verdicts.

Everything here is a frozen dataclass with no behaviour beyond (de)serialisation, so every stage can be
tested with hand-built values and results can be re-scored later without re-running a model.

Apart from ``records.stored`` (what a results folder holds) because the two change for different reasons: these
are what a checker reads and returns, and a new checker or input format only ever needs them; the stored records
are the on-disk format (docs/results-format.md), with leniency for old folders and round-tripping of unknown keys.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

VerdictLabel = Literal["supported", "not_supported", "error"]
Label3 = Literal["supported", "contradicted", "not_found"]

SUPPORTED: VerdictLabel = "supported"
NOT_SUPPORTED: VerdictLabel = "not_supported"
ERROR: VerdictLabel = "error"


def is_flag(label: str) -> bool:
    """The one "is this flagged" predicate: True for any label other than ``supported`` (not_supported,
    contradicted, not_found, error, ...). An error is a flag: faithkit fails closed."""
    return label != SUPPORTED


@dataclass(frozen=True)
class Passage:
    """One passage that was in the prompt.

    id: the passage id from the log, or ``p{index}`` (0-based prompt position) when the log gave plain strings.
    text: the passage exactly as it was in the prompt.
    """

    id: str
    text: str


@dataclass(frozen=True)
class Interaction:
    """One logged RAG interaction: what the generator saw and what it answered.

    id: unique id from the log (or ``line-N`` when absent).
    question: the user's question ("" when the log has none).
    contexts: the passages in prompt order, read from the prompt log (never re-retrieved).
    answer: the generated answer.
    reference: an optional reference answer, used for correctness next to faithfulness.
    metadata: the log's ``metadata`` plus every field faithkit does not know, so nothing is dropped.
    line: 1-based line number in the input file.
    source_format: which field naming the line used: faithkit, ragas, deepeval or promptfoo.
    """

    id: str
    question: str
    contexts: tuple[Passage, ...]
    answer: str
    reference: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    line: int = 0
    source_format: str = "faithkit"


@dataclass(frozen=True)
class Claim:
    """One checkable statement taken from an answer.

    text: the claim as it will be checked.
    start, end: character span in the answer of the text the claim came from (for a sentence claim, the
        sentence itself; for an LLM-decomposed claim, the sentence it was linked to).
    source: how it was produced: ``sentence`` or ``llm``.
    cited: the passages its citation markers name (``claims.citations``), in the order written; ``?label`` for a
        marker that names no passage of the prompt. Empty when it cites nothing.
    """

    text: str
    start: int
    end: int
    source: str = "sentence"
    cited: tuple[str, ...] = ()


@dataclass(frozen=True)
class Window:
    """A premise window: one to three adjacent sentences, or a follow-on clause, of a single passage.

    start, end: character offsets of the window in its passage's text (``passage.text[start:end]``).
    reads: what the model and the alignment rules read instead of ``text``, when that differs: a follow-on
        clause with its antecedents put back (``checkers.rules.follow_on``). ``text`` stays the exact slice shown as
        evidence.
    """

    passage_id: str
    text: str
    start: int
    end: int
    reads: str | None = None

    @property
    def premise(self) -> str:
        """The text a model or a rule judges: ``reads`` when set, else ``text``."""
        return self.reads if self.reads is not None else self.text


@dataclass(frozen=True)
class Evidence:
    """The text that decided a verdict: a premise window, a verified judge quote, or an expression."""

    passage_id: str | None
    text: str
    start: int | None = None
    end: int | None = None


@dataclass(frozen=True)
class ClaimCheck:
    """One claim to check, with everything a checker may read.

    passages: the interaction's passages (a checker builds its own windows from them).
    question, answer: the interaction's question and whole answer (judges and number checks read them).
    group: the interaction id, so a checker can batch the claims of one answer in one request.
    settled: a rule outside the checker already makes the claim not supported whatever the checker says (a number
        in no passage that no arithmetic derives): the checker may skip work that could only move its score,
        never its label (the NLI checker's re-read of pruned windows and its second opinion; issue 34).
    context: what the same answer states (its claims, a split claim's other parts): the numbers stage may
        compute a number of the claim from a statement there whose own numbers the passages or the question
        account for ("12 months would be CHF 5,760" lends 5,760 to "10% off brings it to CHF 5,184"). Never
        evidence for anything else: a model does not read it. It may hold the claim's own text, which readers
        leave out (the pipeline gives every claim of an answer one shared tuple: a tuple of the others per claim
        was quadratic in time and memory on a long answer, 512 MB of references for 8,000 claims).
    """

    claim: str
    passages: tuple[Passage, ...]
    question: str = ""
    answer: str = ""
    group: str = ""
    settled: bool = False
    context: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """A checker's decision on one claim. Failures are verdicts too (label ``error``), never guesses.

    label: supported / not_supported / error.
    stage: which stage decided: nli, similarity, judge, numbers, arithmetic, ...
    score: the deciding score (entailment probability, cosine), None where the stage has none.
    evidence: the window / quote / expression that decided it.
    probs: entailment / neutral / contradiction probabilities of the best window (NLI only).
    label3: supported / contradicted / not_found where the stage can tell (diagnostic only).
    truncated: a (premise, claim) pair was cut to fit the model; the verdict may have missed text.
    error: why the verdict is an error (or a warning attached to a decided verdict).
    raw: a rejected model reply, kept verbatim for review.
    detail: stage-specific extras (e.g. the arithmetic expression, numbers not in the sources).
    """

    label: VerdictLabel
    stage: str
    score: float | None = None
    evidence: Evidence | None = None
    probs: dict[str, float] | None = None
    label3: Label3 | None = None
    truncated: bool = False
    error: str | None = None
    raw: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Verdict:
        data = dict(data)
        if data.get("evidence") is not None:
            data["evidence"] = Evidence(**data["evidence"])
        return cls(**data)
