"""Operand conditions: a claim's amount is right only where its sentence says it applies (issue 31, item 2).

Conditions a passage sentence puts on an amount that neither the numbers stage nor the model sees, because every
number and word of the claim is a passage's:

- the days or months it applies on (``calendar``): "R$120 ... from Monday to Thursday" used for a Friday;
- its rate: "₩69,000 per month" given as the price "for the minimum term of 3 months" (``rate_as_total``);
- a cap or a minimum its sentence puts on the total (``ignored_limit``): "R$12 per pair, with a maximum of R$48 in
  shoe rental per lane", and the claim's 6 × R$12 = R$72 (the claim does not name the R$48);
- a range or bound its sentence puts on the user's own quantity (``out_of_range``, reported as ``ignored_limit``):
  "frozen ... for 2 to 8 weeks, at SEK 50 per week" priced for a 10-week freeze (session 35: dev +1 fault, held out
  +1 fault, no faithful answer lost);
- an exclusion a sentence states: "Visit cards ... cannot be combined with the weekday 20% discount" when a claim
  takes 20% off the visit card's ₩150,000. An exclusion sentence has a phrase that says two things do not go
  together ("cannot be combined with", "does not apply to", "not valid on", "excluded from", "..., but not on /
  off Y"); the words before its first such phrase are one side and the words after each phrase another. A
  derivation that applies a percentage to an amount (or to a number the claim worked out from that amount)
  clashes with it when one side names the percentage and another names the amount (``_names``: by its figure, or
  by the head of one of the side's items, all of whose words are words of the amount's own part of its sentence).
- an amount the claim states where its arithmetic uses another amount it does not write: "7 days at €20 would be
  €343" is 7 × €49 (``misstated``, session 45).

Checked on every claim the stage would otherwise pass that has numbers: a number the claim repeats is tried in
each passage sentence that states it (one without a clash clears it), a passage operand of its arithmetic in the
sentence it was read from. Tried and not kept (session 28): thresholds ("Stays of 7 nights or more get 10% off"),
whose bound a sentence's other amounts share.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from faithkit.checkers.numbers.analysis import NumberReport
from faithkit.checkers.numbers.calendar import calendar_conflict
from faithkit.checkers.numbers.extract import quantities, rate_of
from faithkit.checkers.numbers.misstated import PRICE_KEYS, keys, misstated_operand
from faithkit.checkers.numbers.operands import Derivation, Operand
from faithkit.checkers.numbers.quantity import Quantity, dimension, same_amount
from faithkit.checkers.rules.alignment import binding_conflict
from faithkit.checkers.rules.alignment_conditions import moved_first_count
from faithkit.checkers.rules.alignment_names import names, roles
from faithkit.checkers.rules.alignment_units import per_mismatch
from faithkit.records import NOT_SUPPORTED, ClaimCheck, Evidence, Passage, Verdict
from faithkit.text.sentences import split_sentences

__all__ = ["OperandConflict", "bound_operands", "claim_operand_conflict", "conflict_verdict", "exclusion_conflict",
           "ignored_limit", "rate_as_total", "scenario"]

_EXCLUSION = re.compile(
    r"\b(?:cannot|can\s*not|can't|may\s+not|is\s+not|isn't|are\s+not|aren't)\s+(?:be\s+)?combined\s+with\b"
    r"|\b(?:does|do)\s*(?:not|n't)\s+apply\s+(?:to|on|for)\b|\bnot\s+valid\s+(?:on|for|with)\b"
    r"|\bexcluded\s+from\b|\bbut\s+not\s+(?:on|off|for|with)\b", re.IGNORECASE)

_VERB = re.compile(r"\b(?:costs?|is|are|pays?|gets?|charges?|adds?|comes?|takes?)\b", re.IGNORECASE)
_ITEM = re.compile(r",|\s(?:or|and)\s", re.IGNORECASE)
_VERB_AHEAD = re.compile(r"\s(?:is|are|can|cannot|can't|must|will|may|has|have|gets?|costs?|pays?|includes?)\s",
                         re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,;:(]|\s[—–]\s|\b(?:which|so|and|but|while)\b", re.IGNORECASE)
_SPAN_LEAD = re.compile(r"^\s*(?:in\s+total\s+)?(?:for|over|covering)\b", re.IGNORECASE)


@dataclass(frozen=True)
class OperandConflict:
    """An amount the claim uses where a passage sentence says it does not apply."""

    rule: str
    reason: str
    passage_id: str
    sentence: str


def rate_as_total(claim: str, number: Quantity, stated: Sequence[str]) -> str | None:
    """"₩69,000 for the minimum term of 3 months" where every sentence that states ₩69,000 states it per month: the
    claim gives a price for several periods that its sentences give for one. Only a span the claim attaches to the
    number itself ("for" / "over" ... N periods, in its own clause) and only a claim number with no rate of its
    own; None when any sentence states the number without a period or per the claim's span."""
    if rate_of(claim, number).period or not stated:
        return None
    end = _CLAUSE_END.search(claim, number.end)
    tail = claim[number.end:end.start() if end else len(claim)]
    if not _SPAN_LEAD.match(tail):
        return None
    spans = [q for q in quantities(tail) if q.unit in ("day", "week", "month", "year") and q.value > 1]
    if not spans:
        return None
    periods = {rate_of(s, q).period for s in stated for q in quantities(s) if same_amount(q, number)}
    if not periods or None in periods:
        return None
    per = " or ".join(sorted(str(p) for p in periods))
    return f"{number.text} is a price per {per}; the claim gives it for {spans[0].text}"


_LIMIT = re.compile(r"\b(?:(?P<max>maximum|max\.|capped\s+at|a\s+cap\s+of|no\s+more\s+than|at\s+most)|"
                    r"(?P<min>minimum))(?:\s+(?:charge|fee|price|total|spend|cost|payment))?(?:\s+(?:of|is|at))?\s*",
                    re.IGNORECASE)


def ignored_limit(claim: str, derivation: Derivation) -> tuple[str, str] | None:
    """(reason, sentence) when the claim's derived price, a product of a rate and the user's count, passes a cap or
    falls short of a minimum that the rate's own sentence puts after it, right after its limit word ("with a
    maximum charge of RON 40 per visit", "a minimum charge of THB 22,000 per session"), in the same currency, and
    the claim names neither that limit amount; None otherwise. A claim that names the limit is working with it
    ("THB 900 for six of you, but there's a maximum of THB 600")."""
    target = derivation.target
    if not (dimension(target.unit) or "").startswith("currency:") or set(derivation.ops) != {"×"}:
        return None
    named = quantities(claim)
    for operand in derivation.operands:
        if "passage" not in operand.origins or not operand.context:
            continue
        sentence = operand.context
        for m in _LIMIT.finditer(sentence):
            limit = next((q for q in quantities(sentence) if m.end() <= q.start <= m.end() + 2), None)
            if limit is None or limit.unit != target.unit or any(same_amount(q, limit) for q in named):
                continue
            rate = next((q for q in quantities(sentence) if same_amount(q, operand.quantity)), None)
            if rate is None or rate.start > m.start():  # the limit is on the rate stated before it
                continue
            if m.group("max") and target.value > limit.value:
                return f"{target.text} passes the {limit.text} maximum its sentence sets", sentence
            if m.group("min") and target.value < limit.value:
                return f"{target.text} is under the {limit.text} minimum its sentence sets", sentence
    return None


_BOUND = re.compile(r"\b(?:(?P<max>up\s+to|at\s+most|no\s+more\s+than|a\s+maximum\s+of|maximum)|"
                    r"(?P<min>at\s+least|a\s+minimum\s+of|minimum))\s+(?:of\s+)?$", re.IGNORECASE)


def _allowed(sentence: str, unit: str | None) -> tuple[float | None, float | None, str] | None:
    """(lowest, highest, as written) that ``sentence`` allows for a quantity in ``unit``: a range ("for 2 to 8
    weeks") or a bound ("up to 14 days", "at least 3 nights"); None when it states neither."""
    found = [q for q in quantities(sentence) if q.unit == unit and unit is not None]
    ends = [q for q in found if q.kind == "range"]
    if len(ends) == 2:
        return ends[0].value, ends[1].value, sentence[ends[0].start:ends[1].end]
    for q in found:
        bound = _BOUND.search(sentence, 0, q.start)
        if bound:
            written = sentence[bound.start():q.end]
            return (None, q.value, written) if bound.group("max") else (q.value, None, written)
    return None


def out_of_range(claim: str, derivation: Derivation) -> tuple[str, str] | None:
    """(reason, sentence) when a price the claim works out scales a rate by the user's own quantity that the rate's
    sentence does not allow: "A membership can be frozen ... for 2 to 8 weeks, at SEK 50 per week." and "a
    10-week freeze would be SEK 500". None when the claim names the bound (it is working with it: "... but the
    maximum is 8 weeks")."""
    target = derivation.target
    if not (dimension(target.unit) or "").startswith("currency:") or "×" not in derivation.ops:
        return None
    users = [o for o in derivation.operands if "passage" not in o.origins and o.origins & {"question", "claim"}
             and not o.unit.per and o.quantity.kind != "range"]
    named = quantities(claim)
    for operand in derivation.operands:
        if "passage" not in operand.origins or not operand.context:
            continue
        for user in users:
            allowed = _allowed(operand.context, user.quantity.unit)
            if allowed is None:
                continue
            low, high, written = allowed
            value = user.quantity.value
            if (low is not None and value < low or high is not None and value > high) and not any(
                    q.unit == user.quantity.unit and q.value in (low, high) for q in named):
                return f"{user.quantity.text} is outside the {written} its sentence allows", operand.context
    return None


def _sides(sentence: str) -> list[str]:
    """An exclusion sentence's sides: the words before its first phrase, and after each phrase up to the next."""
    found = list(_EXCLUSION.finditer(sentence))
    if not found:
        return []
    ends = [m.start() for m in found[1:]] + [len(sentence)]
    return [sentence[: found[0].start()], *(sentence[m.end():end] for m, end in zip(found, ends))]


def _own_part(operand: Operand) -> str:
    """The words of its sentence that are about the operand: the sentence's lead (before its first number; not
    when the operand's stretch has a verb, a clause of its own) and the operand's own stretch, between the
    amounts of its kind before and after it. "Plus with 200 GB for $2.99 a
    month, and Pro with 2 TB for $10 a month": Plus is no word of $10. An exclusion after the operand is no part of
    it ("30% off the monthly Pro plan; the student discount does not apply to Plus")."""
    sentence = operand.context
    exclusion = _EXCLUSION.search(sentence)
    if exclusion and exclusion.start() > sentence.find(operand.quantity.text):
        sentence = sentence[: exclusion.start()]
    found = quantities(sentence)
    own = next((q for q in found if same_amount(q, operand.quantity)), None)
    if own is None:
        return sentence
    kin = [q for q in found if dimension(q.unit) == dimension(own.unit)]
    start = max((q.end for q in kin if q.end <= own.start), default=0)
    end = min((q.start for q in kin if q.start >= own.end), default=len(sentence))
    if start and _VERB.search(sentence, start, own.start):  # "... and Premium costs $12": a subject of its own
        return sentence[start:end]
    return f"{sentence[:found[0].start]} {sentence[start:end]}"


def _names(side: str, operand: Operand, other: Operand) -> bool:
    """Whether an exclusion side names the operand: its figure ("20%"), or one of the side's items (split at "or",
    "and", commas) whose head, the words before its verb, less words of prices and of the other operand's own
    part, are all words of the operand's own part of its sentence (``_own_part``): "Day Passes" names "The
    Unlimited Day Pass costs $7"; "certified translations" does not name "Translation costs €0.12 per word"."""
    if any(same_amount(q, operand.quantity) for q in quantities(side)):
        return True
    own, others = keys(_own_part(operand)), keys(_own_part(other)) | PRICE_KEYS
    for item in _ITEM.split(side):
        head = keys(_VERB_AHEAD.split(item, maxsplit=1)[0]) - others
        if head and head <= own:
            return True
    return False


def _behind(derivation: Derivation, others: Sequence[Derivation]) -> list[Operand]:
    """The derivation's operands, and for an operand that is a number the claim worked out itself, that
    number's own operands ("5 Day Passes would be $35, and your 20% Club discount brings that down to $28": 28 =
    (1 − 20%) × 35, and 35 = 5 × $7, the Day Pass price)."""
    out = list(derivation.operands)
    for operand in derivation.operands:
        out += [o for d in others if d is not derivation and operand.claim_quantity is not None
                and same_amount(d.target, operand.claim_quantity) for o in d.operands]
    return out


def exclusion_conflict(derivation: Derivation, sentences: Sequence[tuple[str, str]],
                       others: Sequence[Derivation] = ()) -> OperandConflict | None:
    """The exclusion sentence (module docstring) that forbids applying a percentage of ``derivation`` to one of
    its amounts, or to an amount behind a number of the claim it uses (``others``: the claim's derivations);
    ``sentences``: (passage id, sentence) of the prompt's passages."""
    from_passage = [o for o in _behind(derivation, others) if "passage" in o.origins and o.context]
    percents = [o for o in from_passage if o.dim == "%"]
    amounts = [o for o in from_passage if (dimension(o.quantity.unit) or "").startswith("currency:")
               and o.context not in {p.context for p in percents}]
    for pid, sentence in sentences:
        sides = _sides(sentence)
        for percent in percents:
            for amount in amounts:
                if any(_names(a, percent, amount) and _names(b, amount, percent) for a in sides for b in sides
                       if a is not b):
                    return OperandConflict("exclusion", f"{percent.quantity.text} does not apply to "
                                           f"{amount.quantity.text}: \"{sentence}\"", pid, sentence)
    return None


def claim_operand_conflict(claim: str, question: str, passages: Sequence[Passage],
                           report: NumberReport) -> OperandConflict | None:
    """The first amount of ``claim`` used where its passage sentence says it does not apply (module docstring)."""
    sentences = [(p.id, s.text) for p in passages for s in split_sentences(p.text)]
    for number in report.numbers:
        if number.status != "in_sources":
            continue
        found = [(pid, s) for pid, s in sentences if any(same_amount(q, number.quantity) for q in quantities(s))]
        why = [calendar_conflict(claim, question, s, number.quantity) for _, s in found]
        if found and all(why):
            return OperandConflict("calendar", str(why[0]), found[0][0], found[0][1])
        total = rate_as_total(claim, number.quantity, [s for _, s in found])
        if total:
            return OperandConflict("rate_as_total", total, found[0][0], found[0][1])
    exclusions = [(pid, s) for pid, s in sentences if _EXCLUSION.search(s)]
    for derivation in report.derivations:
        for operand in derivation.operands:
            if "passage" not in operand.origins or not operand.context:
                continue
            why = calendar_conflict(claim, question, operand.context, operand.quantity)
            if why:
                source = next((p.id for p in passages if operand.context in p.text), operand.source)
                return OperandConflict("calendar", why, source, operand.context)
        excluded = exclusion_conflict(derivation, exclusions, report.derivations) if exclusions else None
        if excluded:
            return excluded
        limited = ignored_limit(claim, derivation) or out_of_range(claim, derivation)
        if limited:
            sentence = limited[1]
            source = next((p.id for p in passages if sentence in p.text), "")
            return OperandConflict("ignored_limit", limited[0], source, sentence)
    misstated = misstated_operand(claim, report)
    if misstated:
        operand, why = misstated
        source = next((p.id for p in passages if operand.context in p.text), operand.source)
        return OperandConflict("misstated_operand", why, source, operand.context)
    return None


def conflict_verdict(inner: Verdict, conflict: OperandConflict, report: NumberReport) -> Verdict:
    """The flag: not supported by the numbers stage, its rule named, the sentence that decided it as evidence.
    ``disagreeing_sentence``: a passage sentence refutes the claim, as an alignment rule's does, so a split claim
    whose parts each pass on their own is not supported through them (``checkers.parts``): a part "brings that
    down to $28" computes from the other part's "$35" and no longer sees the Day Pass price behind it. Not for a
    cap: another part may name it ("THB 900 for six of you, but there's a maximum of THB 600")."""
    refutes = {"disagreeing_sentence": True} if conflict.rule != "ignored_limit" else {}
    return Verdict(NOT_SUPPORTED, "numbers", score=None, evidence=Evidence(conflict.passage_id, conflict.sentence),
                   detail={"numbers_rule": conflict.rule, **refutes, "numbers": report.as_dicts(),
                           "reason": f"[{conflict.passage_id}]: {conflict.reason}", "inner": inner.to_dict()})


def scenario(claim: str, question: str | None) -> str:
    """The text that says whose case the claim is about: the claim, led by the question when the claim names no
    one (no name, no role). "The first 3 days are €20 each (€60)." asked "How much is an adult kayak set for 5
    days?" is about adults, and €20 is the children's price (``bound_operands``, session 29: the worked
    premise reads the claim against the operand's sentence, where nothing else ties it to the adult)."""
    return claim if names(claim) or roles(claim) or not question else f"{question} {claim}"


def bound_operands(request: ClaimCheck, verdict: Verdict, report: NumberReport) -> Verdict:
    """An arithmetic verdict stands only if each passage operand belongs to what the claim is about: "For a guest,
    a 3-hour booking costs €75." computes 3 × €25, and "€25 per hour for members and €40 per hour for guests" gives
    €25 to members (``alignment.binding_conflict`` on the operand's sentence, issue 31); "€30 per page" is not "€30
    per order" (``alignment_units.per_mismatch``); and "₴200 per hour for their first 3 hours" does not price
    "their first 4 hours" (``alignment_conditions.moved_first_count``)."""
    case = scenario(request.claim, request.question)  # whose case: the claim's, or the question's
    for derivation in report.derivations:
        for operand in derivation.operands:
            if "passage" not in operand.origins or not operand.context:
                continue
            per = per_mismatch(request.claim, operand.context)  # "€30 per page" from "€30 per order"
            moved = moved_first_count(request.claim, operand.context)  # "first 4 hours" at a "first 3" price
            if per or moved or binding_conflict(f"{case} ({operand.quantity.text})", operand.context):
                inner = Verdict.from_dict(verdict.detail["inner"]) if "inner" in verdict.detail else verdict
                why = per or (f"{operand.quantity.text} holds for the {moved[0]}, not the {moved[1]}" if moved
                              else f"{operand.quantity.text} belongs to another case than the claim's")
                source = next((p.id for p in request.passages if operand.context in p.text), operand.source)
                rule = "operand_unit" if per else "operand_condition" if moved else "operand_binding"
                return Verdict(NOT_SUPPORTED, "numbers", score=None, evidence=Evidence(source, operand.context),
                               detail={"numbers_rule": rule, "numbers": report.as_dicts(),
                                       "reason": f"[{source}]: {why}", "inner": inner.to_dict()})
    return verdict
