"""An answer that declines the one thing it was asked, and says beside it only what the sources support.

Why: assistants rarely decline in one bare sentence. "I can't tell you whether a surfboard would be accepted: the
luggage page only deals with bicycles." declines the question and says what the articles do cover; so do a list of
the topics the help center covers with their prices, and "the largest room it lists is the party room for up to 15
people". Counted as a scored answer, such a refusal read as a faithful answer (or as a failure, when the model could
not entail a sentence about what the sources cover), and the refusal rate missed it; checking nothing in it would hide
a wrong fact next to the refusal ("... what I can tell you is that lessons cost NT$500", when they cost NT$450).

The rule, applied after the claims are checked: an answer that declines, to a question that asks one thing
(``asks_two_things``), gets the warning ``declines_the_question``; it is a ``refusal`` when every other claim counts
beside the refusal, its claims kept in the record, checked, and stays scored and unsupported when one does not. A
question that asks two things ("How much is a child ticket, and is there a sibling discount?") is answered in part
by the same shape: that answer stays scored (a partial answer is an answer). So does an answer with no question, or
one of a word or two: what was asked is unknown, so the supported sentence may be the answer.

An answer declines when its declining sentences were dropped (the ``partial_refusal`` warning), or when a claim
the model did not support declines in its own words (``detail.declines_in_words``): a source or "I" and a negated
verb of saying, covering or finding ("The guide doesn't go into sea temperatures, because it's only about lessons
and rentals", which no refusal pattern takes whole because it also says what the guide covers). A supported claim
never declines: "whatever your plan doesn't cover is paid on the day" is a fact.

A claim counts beside the refusal when it is supported, or when its sentence reports what a source says or does
not say ("the membership page only says that ...", "because they're only about lessons and rentals";
``detail.reports_source``) and the model only did not find it: its stage is the model's (no rule and no number
stage decided it) and the model does not read it as contradicted. Such a sentence describes the sources' scope,
which the model cannot entail from the sources themselves ("The pricing article gives the small room only in Taiwan
dollars"); a wrong number, name or condition in it is still decided by the rules and keeps the answer scored, and a
fact said as the assistant's own ("What I can tell you is that ...") is checked as before. Chosen on the refusal dev
sets, confirmed held out (session 40; the model card has the figures). ``faithkit rescore`` re-decides the status
from the re-decided claims and their marks (``restatus``), so a run rescored at another threshold reads as a fresh
run at it would.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from faithkit.records import SUPPORTED, AnswerResult, ClaimResult
from faithkit.scoring import SCOPE_REFUSAL, answer_faithfulness

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


# a sentence whose subject is a text source and whose verb reports what it says: "The membership page only says
# that ...", "the pricing article gives ...", "because they're only about ..."
# the nouns a text source goes by, for both patterns below
_SOURCE_NOUN = (r"(?:articles?|pages?|guides?|help\s*cent(?:er|re)|docs|documentation|faqs?|sections?|site|website|"
                r"materials?|sources?|notes|price\s+list)")
_SOURCE_REPORTS = re.compile(
    rf"\b(?:(?:the|our|these|those|this|that|your|its)\s+(?:[\w'-]+\s+){{0,2}}?{_SOURCE_NOUN}|they|it)"
    r"(?:'s|'re|\s+is|\s+are)?\s+(?:\[[^\]]*\]\s+)?(?:only\s+|just\s+|also\s+|mainly\s+)?(?:says?|lists?|gives?|"
    r"describes?|mentions?|covers?|prices?|explains?|shows?|names?|quotes?|deals?\s+with|goes\s+into|about|"
    r"talks?\s+about)\b",
    re.IGNORECASE)


# a sentence that declines in words no refusal pattern takes whole, because it also says what a source covers:
# a source (or "I") and a negated verb of saying, covering or finding ("The guide doesn't go into sea temperatures,
# because it's only about lessons and rentals", "Harness hire isn't covered: the rentals page lists shoes")
_NEGATED_SAYING = re.compile(
    r"\b(?:don't|doesn't|didn't|do\s+not|does\s+not|did\s+not|can't|cannot|couldn't|could\s+not|isn't|aren't|"
    r"wasn't|weren't|not|never|won't|unable\s+to|nothing|no)\s+(?:[\w'-]+\s+){0,2}?(?:say|says|said|state[sd]?|"
    r"mention(?:s|ed)?|specif(?:y|ies|ied)|explain(?:s|ed)?|describe[sd]?|detail(?:s|ed)?|address(?:es|ed)?|"
    r"discuss(?:es|ed)?|go(?:es)?\s+into|gone\s+into|tell|find|found|see|know|confirm|spell(?:s|ed)?\s+out|"
    r"clarif(?:y|ies|ied)|indicate[sd]?|cover(?:s|ed)?|list(?:s|ed)?|answer(?:s|ed)?|information|details|info|"
    r"mention|word)\b", re.IGNORECASE)
_SOURCE_OR_I = re.compile(rf"\bI\b|\bI'm\b|\b{_SOURCE_NOUN}\b", re.IGNORECASE)
DECLINES_IN_WORDS = "declines_in_words"  # ``detail`` key of a claim whose sentence declines (``_NEGATED_SAYING``)
REPORTS_SOURCE = "reports_source"  # ``detail`` key of a claim whose sentence reports what a source says


def _marked(claim: ClaimResult, answer: str) -> ClaimResult:
    """``claim`` with ``detail.reports_source`` set when its sentence reports what a source says or does not say,
    and ``detail.declines_in_words`` when it declines (module docstring)."""
    sentence = answer[claim.span[0]:claim.span[1]]
    marks: dict[str, bool] = {}
    if _NEGATED_SAYING.search(sentence) and _SOURCE_OR_I.search(sentence):
        marks[DECLINES_IN_WORDS] = marks[REPORTS_SOURCE] = True
    elif _SOURCE_REPORTS.search(sentence):
        marks[REPORTS_SOURCE] = True
    return dataclasses.replace(claim, detail={**claim.detail, **marks}) if marks else claim


def _counts_beside_refusal(verdict: Any, stage: Any, label3: Any, detail: Any) -> bool:
    """Supported, or a source's scope the model only did not find: no rule or number stage decided it and the model
    does not read it as contradicted (module docstring)."""
    return verdict == SUPPORTED or (stage == "nli" and label3 != "contradicted"
                                    and bool((detail or {}).get(REPORTS_SOURCE)))


def _declines_in_words(claims: list[tuple[Any, Any]]) -> bool:
    """Whether a (verdict, detail) claim declines in its own words: a supported one states a fact ("whatever your
    plan doesn't cover is paid on the day", which no source would say it cannot answer)."""
    return any(verdict != SUPPORTED and (detail or {}).get(DECLINES_IN_WORDS) for verdict, detail in claims)


def declined_with_context(record: AnswerResult, question: str, answer: str = "") -> AnswerResult:
    """``record`` marked ``declines_the_question`` and, when every claim beside the refusal counts beside it
    (``_counts_beside_refusal``; ``answer`` holds the claims' sentences), a refusal (module docstring); otherwise
    unchanged."""
    if (record.status != "scored" or not record.claims
            or len(re.findall(r"\w+", question)) < 3 or asks_two_things(question)):
        return record
    claims = tuple(_marked(c, answer) for c in record.claims)
    if "partial_refusal" not in record.warnings and not _declines_in_words(
            [(c.verdict, c.detail) for c in claims]):
        return record
    record = dataclasses.replace(record, claims=claims, warnings=(*record.warnings, DECLINES))
    if not all(_counts_beside_refusal(c.verdict, c.stage, c.label3, c.detail) for c in claims):
        return record
    why = CONTEXT_REFUSAL if all(c.verdict == SUPPORTED for c in claims) else SCOPE_REFUSAL
    return dataclasses.replace(record, status="refusal", faithfulness=None, unsupported=None, refusal=why)


def restatus(record: dict[str, Any]) -> dict[str, Any]:
    """A stored record marked ``declines_the_question`` with its status read again from its claims' verdicts (a
    refusal when it declines and every claim counts beside the refusal); any other record unchanged."""
    if DECLINES not in (record.get("warnings") or ()):
        return record
    claims = record.get("claims") or []
    labels = [c.get("verdict") for c in claims]
    declines = "partial_refusal" in record["warnings"] or _declines_in_words(
        [(c.get("verdict"), c.get("detail")) for c in claims])
    if declines and all(_counts_beside_refusal(c.get("verdict"), c.get("stage"), c.get("label3"), c.get("detail"))
                        for c in claims):
        why = CONTEXT_REFUSAL if all(label == SUPPORTED for label in labels) else SCOPE_REFUSAL
        return {**record, "status": "refusal", "faithfulness": None, "unsupported": None, "refusal": why}
    return {**record, "status": "scored", "faithfulness": answer_faithfulness(labels),
            "unsupported": any(label != SUPPORTED for label in labels), "refusal": None}
