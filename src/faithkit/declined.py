"""An answer that declines the one thing it was asked, and says beside it only what the sources support.

Why: assistants rarely decline in one bare sentence. "I can't tell you whether a surfboard would be accepted: the
luggage page only deals with bicycles." declines the question and says what the articles do cover; so do a list of
the topics the help center covers with their prices, and "the largest room it lists is the party room for up to 15
people". Counted as a scored answer, such a refusal read as a faithful answer (or as a failure, when the model could
not entail a sentence about what the sources cover), and the refusal rate missed it; checking nothing in it would hide
a wrong fact next to the refusal ("... what I can tell you is that lessons cost NT$500", when they cost NT$450).

The rule, applied after the claims are checked: an answer whose declining sentences were dropped (the
``partial_refusal`` warning), to a question that asks one thing (``asks_two_things``), gets the warning
``declines_the_question``; it is a ``refusal`` when every other claim is supported, its claims kept in the record,
checked, and stays scored and unsupported when one is not. A question that asks two things ("How much is a child
ticket, and is there a sibling discount?") is answered in part by the same shape: that answer stays scored (a partial
answer is an answer). So does an answer with no question, or one of a word or two: what was asked is unknown, so the
supported sentence may be the answer. ``faithkit rescore`` re-decides the status from the re-decided claims
(``restatus``), so a run rescored at another threshold reads as a fresh run at it would.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from faithkit.records import SUPPORTED, AnswerResult
from faithkit.scoring import answer_faithfulness

# a second question: two question marks, or a joined clause that asks again ("..., and is it free?", "or can I ...")
_TWO_THINGS = re.compile(
    r"\?.*\S.*\?|(?:,\s*|\s+)(?:and|or|also|plus)\s+(?:also\s+)?(?:is|are|can|could|do|does|did|how|what|what's|when|"
    r"where|which|who|will|would|should|if|whether|is\s+there|are\s+there|may|must)\b",
    re.IGNORECASE)
CONTEXT_REFUSAL = "declines the question; every other claim is supported"
DECLINES = "declines_the_question"


def asks_two_things(question: str) -> bool:
    """Whether ``question`` asks more than one thing (``_TWO_THINGS``)."""
    return bool(_TWO_THINGS.search(question.strip()))


def declined_with_context(record: AnswerResult, question: str) -> AnswerResult:
    """``record`` marked ``declines_the_question`` and, when every claim beside the refusal is supported, a refusal
    (module docstring); otherwise unchanged."""
    if (record.status != "scored" or "partial_refusal" not in record.warnings or not record.claims
            or len(re.findall(r"\w+", question)) < 3 or asks_two_things(question)):
        return record
    record = dataclasses.replace(record, warnings=(*record.warnings, DECLINES))
    if record.unsupported:
        return record
    return dataclasses.replace(record, status="refusal", faithfulness=None, unsupported=None, refusal=CONTEXT_REFUSAL)


def restatus(record: dict[str, Any]) -> dict[str, Any]:
    """A stored record marked ``declines_the_question`` with its status read again from its claims' verdicts (a
    refusal when every one is supported); any other record unchanged."""
    if DECLINES not in (record.get("warnings") or ()):
        return record
    labels = [c.get("verdict") for c in record.get("claims") or []]
    if all(label == SUPPORTED for label in labels):
        return {**record, "status": "refusal", "faithfulness": None, "unsupported": None, "refusal": CONTEXT_REFUSAL}
    return {**record, "status": "scored", "faithfulness": answer_faithfulness(labels), "unsupported": True,
            "refusal": None}
