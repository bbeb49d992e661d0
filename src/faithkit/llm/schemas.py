"""Reply schemas for every LLM task, as pydantic models (their JSON schema is what the provider receives).

Models are strict (no type coercion: ``"1"`` is not a claim number) and forbid extra fields, so a reply that
drifts from the format is rejected and re-asked instead of being read generously. Checks that pydantic cannot
express (count, numbering, ranges) are the ``check_*`` functions, which return a reason or None.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import BaseModel, ConfigDict

from faithkit.llm.quotes import content_words

JudgeLabel = Literal["SUPPORTED", "CONTRADICTED", "NOT_FOUND"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class JudgeItem(_Strict):
    claim: int
    label: JudgeLabel
    passage: str
    quote: str


class JudgeReply(_Strict):
    verdicts: list[JudgeItem]


class DecomposedClaim(_Strict):
    sentence: int
    claim: str


class DecomposeReply(_Strict):
    claims: list[DecomposedClaim]


class ExtractLabelItem(_Strict):
    sentence: int
    claim: str
    label: JudgeLabel
    passage: str
    quote: str


class ExtractLabelReply(_Strict):
    claims: list[ExtractLabelItem]


class MissingCondition(_Strict):
    condition: str
    passage: str
    quote: str


class OmissionReply(_Strict):
    missing: list[MissingCondition]


def check_numbering(numbers: list[int], expected: int) -> str | None:
    """Exactly one item per claim 1..expected, each number once, in order."""
    if len(numbers) != expected:
        return f"expected exactly {expected} verdict(s), one per claim, got {len(numbers)}"
    dupes = sorted(n for n, c in Counter(numbers).items() if c > 1)
    if dupes:
        return f"claim number(s) {dupes} appear more than once"
    if numbers != list(range(1, expected + 1)):
        return f"claim numbers must be 1..{expected} in order, got {numbers}"
    return None


def check_judge(expected: int):
    def check(reply: JudgeReply) -> str | None:
        return check_numbering([v.claim for v in reply.verdicts], expected)

    return check


def check_sentences(sentences: list[str], require_claims: bool):
    """Sentence numbers within range, claim texts non-empty and sharing a content word with their sentence
    (a claim that shares none is misattributed or invented, e.g. a copied template placeholder), and at least
    one claim when the answer states something."""

    def check(reply: DecomposeReply | ExtractLabelReply) -> str | None:
        if require_claims and not reply.claims:
            return "the answer states facts, so at least one claim is needed"
        for i, item in enumerate(reply.claims, 1):
            if not item.claim.strip():
                return f"claim {i} is empty"
            if not 1 <= item.sentence <= len(sentences):
                return f"claim {i} names sentence {item.sentence}, but the answer has sentences 1..{len(sentences)}"
            source = content_words(sentences[item.sentence - 1])
            if source and not content_words(item.claim) & source:
                return f"claim {i} ({item.claim!r}) shares no word with answer sentence {item.sentence}"
        return None

    return check
