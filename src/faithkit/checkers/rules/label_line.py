"""A label line is supported by the sentence that gives its label and its amount together.

Why (issues 30 and 31): assistants price a user's case as a list of label lines under a lead-in that describes the
case ("For your SUV on a Saturday:" / "- Pet-hair removal: RON 30", "**Plus plan for a new customer:**" /
"- **Installation:** 6,500 BDT, one-off, paid on the day"). Each line is checked with its lead-in in front, and the
model does not read "For your SUV on a Saturday: Pet-hair removal: RON 30" as entailed by "Pet-hair removal can be
added to any standard or premium wash for RON 30." (0.08): a label and a lead-in are not a sentence. A reader
checks such a line by finding the sentence that names the label and gives the amount, and that is this rule.

The line is ``[lead-in: ]label: amount[ words]``, the value opening with its amount. It is supported by a sentence
of a window the checker reads (one passage, no spread or re-read window) when:

- the sentence states the amount (same value and unit, ``numbers.quantity.same_amount``);
- every content word of the label is in the sentence, the question or the lead-in ("Your dad (senior): CHF 59":
  "dad" is the question's), and at least one is in the sentence;
- every content word after the amount is in the sentence, the question or the lead-in ("one-off, paid on the day");
- the amount is the label's: the only amount of its unit in the sentence, or the one whose clause holds a word of
  the label or the lead-in while no such word stands only in other amounts' clauses; words before the first amount
  are the sentence's shared subject and choose nothing ("A day pass costs CHF 79 for adults, CHF 59 for seniors":
  "senior" chooses CHF 59, so "Your dad (senior): CHF 79" and "Day pass, senior: CHF 79" are not supported;
  "Hospital bed: Deposit: JOD 150" against "a refundable deposit of JOD 50 for a wheelchair and JOD 150 for a
  hospital bed": the lead-in names the case). The question's words choose nothing either.

Every other rule still applies first: a window whose sentence disagrees with the line (another case's calendar, a
sibling, a unit) decides, and a window the model reads as contradicting it keeps it unsupported. The lead-in's own
conditions are the user's case; whether the amount applies to that case is the other rules' question.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from faithkit.checkers.numbers.extract import quantities
from faithkit.checkers.numbers.quantity import Quantity, same_amount
from faithkit.checkers.rules.alignment_words import WORD, clause_spans, stem, words
from faithkit.records import Window
from faithkit.text.sentences import split_sentences

__all__ = ["labelled_window"]

_LINE = re.compile(r"^(?:(?P<lead>[^:]{1,90}):\s+)?(?P<label>[^:]{1,80}):\s+(?P<value>.+?)[.!]?$")


def _content(text: str) -> frozenset[str]:
    return frozenset(w for w in words(text) if not w[:1].isdigit())


@lru_cache(maxsize=8192)
def _sentences(text: str) -> tuple[str, ...]:
    return tuple(s.text for s in split_sentences(text))


def _binds(sentence: str, names: frozenset[str], amount: Quantity) -> bool:
    """Whether ``amount`` is the one ``names`` (the label's and lead-in's words) choose in ``sentence``: the only
    amount of its unit there, or the one whose clause holds a name while no name stands only in other amounts'
    clauses. Words before the sentence's first amount are its shared subject ("A day pass costs CHF 79 for adults,
    CHF 59 for seniors ...": "day pass" chooses no price, "senior" chooses CHF 59)."""
    same_unit = [q for q in quantities(sentence) if q.unit == amount.unit or same_amount(q, amount)]
    if len(same_unit) <= 1:  # the amount itself, maybe written in another unit ("45 cents" for $0.45)
        return bool(same_unit)
    first = min(q.start for q in same_unit)
    chosen: dict[str, bool] = {}  # name -> whether a clause of it states the claim's amount
    for start, end in clause_spans(sentence):
        clause = sentence[start:end]
        stated = [q for q in quantities(clause) if q.unit == amount.unit or same_amount(q, amount)]
        if not stated:
            continue
        own = any(same_amount(q, amount) for q in stated)
        for m in WORD.finditer(clause):
            name = stem(m.group(0))
            if name in names and start + m.start() > first:
                chosen[name] = chosen.get(name, False) or own
    return any(chosen.values()) and all(chosen.values())


def labelled_window(claim: str, windows: Sequence[Window], question: str = "") -> tuple[int, str] | None:
    """The index of the first window with a sentence that supports ``claim`` as a label line, and that sentence
    (module docstring); None when the claim is no label line or no sentence does."""
    line = _LINE.match(claim.strip())
    if line is None:
        return None
    value = line.group("value")
    amounts = [q for q in quantities(value) if q.kind == "number" and q.unit is not None]
    if not amounts or amounts[0].start > 1:
        return None
    amount = amounts[0]
    label = _content(line.group("label"))
    lead = _content(line.group("lead") or "")
    case = _content(question) | lead
    rest = _content(value[amount.end:])
    if not label:
        return None
    tried: set[str] = set()  # windows overlap: each sentence is judged once
    for i, window in enumerate(windows):
        if window.reads is not None:
            continue
        for sentence in _sentences(window.text):
            if sentence in tried:
                continue
            tried.add(sentence)
            said = _content(sentence)
            if (label & said and not label - said - case and not rest - said - case
                    and any(same_amount(q, amount) for q in quantities(sentence))
                    and _binds(sentence, (label | lead) & said, amount)):
                return i, sentence
    return None
