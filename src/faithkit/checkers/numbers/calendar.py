"""Calendar conditions: an amount a passage gives for some days or months, used for others (issue 31, item 2).

"Lane hire costs R$120 per lane per hour from Monday to Thursday and R$160 ... from Friday to Sunday", asked about
Friday, answered "The lane is 2 hours at R$120, so R$240": every number is in a passage or computed from one, and
every word is a passage's, so neither the numbers stage nor the model sees that R$120 is the wrong day's price.
The same for months ("NOK 950 per night from 1 June to 31 August", a stay in May) and for a discount the sentence
limits ("From Monday to Wednesday before 12:00, ... washes are 20% off", a wash on Thursday).

An amount's condition is read from its own part of its sentence: the words after it up to the next amount of the
same kind or the end of its clause ("R$120 per lane per hour from Monday to Thursday and"), or, for the
sentence's first amount with none there, the words before it ("From Monday to Wednesday before 12:00, the ...
washes are 20% off"). "The rest of the year" is the months the sentence's other parts do not name. The
scenario is the days and months the claim names, or, when it names none, the question's ("this Friday", "3 nights
in May"). A conflict is an amount whose days (or months) share none with the scenario's; a condition or a
scenario that names neither is no conflict, so the rule can only flag a claim whose calendar is explicit on both
sides.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from faithkit.checkers.numbers.extract import quantities
from faithkit.checkers.numbers.quantity import Quantity, dimension, same_amount
from faithkit.text.calendar_names import MONTHS, SHORT_MONTHS, SHORT_WEEKDAYS, WEEKDAYS

__all__ = ["Calendar", "calendar_conflict", "calendar_of", "operand_calendar"]

_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_DAY_SHORT = "(?:" + "|".join(sorted(SHORT_WEEKDAYS, key=len, reverse=True)) + ")"
_MONTH_NAMES = "|".join(sorted([m for m in MONTHS if m != "may"] + list(SHORT_MONTHS), key=len, reverse=True))
# "May" is a month only where a date or a span says so ("31 May", "in May", "May to June"), never the modal verb
_MONTH = rf"(?:{_MONTH_NAMES})\b\.?|(?<=\d )May\b|(?<=\bin )May\b|(?<=\bof )May\b|" \
         r"(?<=\bfrom )May\b|May(?=\s*(?:to|until|till|through|[-–—])\s)|(?<=to )May\b|(?<=until )May\b|" \
         r"(?<=[-–—])May\b|May(?= \d)"
_SPAN = r"\s*(?:to|until|till|through|thru|and|[-–—])\s*"  # "and" only inside "between X and Y"
_DAY_RANGE = re.compile(rf"\b(?:between\s+)?(?P<a>{_DAY}|{_DAY_SHORT})\b(?:{_SPAN})(?P<b>{_DAY}|{_DAY_SHORT})\b",
                        re.IGNORECASE)
_DAY_WORD = re.compile(rf"(?<!\d\s)\b(?:{_DAY}|weekdays?|weekends?|weeknights?)\b", re.IGNORECASE)
_DATED = r"(?:\d{1,2}(?:st|nd|rd|th)?\s+)?"
_MONTH_RANGE = re.compile(rf"(?:between\s+|from\s+)?{_DATED}(?P<a>{_MONTH})(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?"
                          rf"(?:{_SPAN}){_DATED}(?P<b>{_MONTH})", re.IGNORECASE)
_MONTH_WORD = re.compile(_MONTH, re.IGNORECASE)
_REST_OF_YEAR = re.compile(r"\b(?:the\s+)?rest\s+of\s+the\s+year\b|\bother\s+months\b|\boff[- ]season\b(?=\s*\()",
                           re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:no|not|without)\s+(?:\w+\s+)?(?:(?:" + _DAY + r"|weekdays?|weekends?|weeknights?|"
                      + "|".join(m for m in MONTHS if m != "may") + r")\b)",
                      re.IGNORECASE)
_PHRASE = re.compile(r"\b(?:on|at|from|in|during|between|every|throughout|until|till|through)\s+[^,;]*",
                     re.IGNORECASE)
# a clause's leading adverbial, up to its comma: "On weekdays before 15:00, ...", "From 1 September to 31 May, ..."
_LEADING = re.compile(r"\s*(?:on|from|in|during|between|at|every|each|throughout)\b[^,;]*,", re.IGNORECASE)
_CLAUSE_END = re.compile(r";|,\s+(?:and|while|whereas|so|but\s+(?!only))\b|[.!?](?:\s|$)", re.IGNORECASE)


@dataclass(frozen=True)
class Calendar:
    """The weekdays (0 = Monday) and months (1-12) a text names; None where it names none."""

    days: frozenset[int] | None = None
    months: frozenset[int] | None = None

    def __bool__(self) -> bool:
        return self.days is not None or self.months is not None

    def clashes(self, other: Calendar) -> str | None:
        """"days" or "months" when both name that and share none of it, else None."""
        if self.days is not None and other.days is not None and not self.days & other.days:
            return "days"
        if self.months is not None and other.months is not None and not self.months & other.months:
            return "months"
        return None


def _day(word: str) -> int:
    """0 for "Monday", "Mondays" or "Mon"; the names are ``text.calendar_names``'."""
    low = word.lower().removesuffix("s") if word.lower().endswith("days") else word.lower()
    return WEEKDAYS.index(SHORT_WEEKDAYS.get(low, low))


def _month(word: str) -> int:
    low = word.lower().rstrip(".")
    return MONTHS.index(SHORT_MONTHS.get(low, low)) + 1


def _cycle(a: int, b: int, size: int, first: int = 0) -> set[int]:
    """a..b inclusive on a cycle of ``size`` starting at ``first`` ("Friday to Sunday", "September to May")."""
    out, k = {a}, a
    while k != b:
        k = first + (k - first + 1) % size
        out.add(k)
    return out


@lru_cache(maxsize=65536)
def calendar_of(text: str) -> Calendar:
    """The days and months ``text`` names: day names and spans ("from Monday to Thursday", "Mon–Fri"), "weekdays",
    "weekends", month names and spans ("from 1 June to 31 August"). A number before "weekdays" makes it a duration
    ("5 weekdays"), and "no" / "not" / "without" just before a name says the opposite ("with no weekday
    discount"): neither names a day."""
    text = _NEGATED.sub(" ", text)
    days: set[int] = set()
    taken: list[tuple[int, int]] = []
    for m in _DAY_RANGE.finditer(text):
        if m.group(0).lower().startswith("between") or " and " not in m.group(0).lower():
            days |= _cycle(_day(m.group("a")), _day(m.group("b")), 7)
            taken.append(m.span())
    for m in _DAY_WORD.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        low = m.group(0).lower()
        days |= set(range(5)) if low.startswith("week") and "end" not in low else {5, 6} if "weekend" in low \
            else {_day(low)}
    months: set[int] = set()
    taken = []
    for m in _MONTH_RANGE.finditer(text):
        if m.group(0).lower().startswith("between") or not re.search(r"\band\b", m.group(0), re.IGNORECASE):
            months |= _cycle(_month(m.group("a")), _month(m.group("b")), 12, first=1)
            taken.append(m.span())
    for m in _MONTH_WORD.finditer(text):
        if not any(a <= m.start() < b for a, b in taken):
            months.add(_month(m.group(0)))
    return Calendar(frozenset(days) or None, frozenset(months) or None)


def _conditions(part: str) -> str:
    """The prepositional phrases of a sentence part, where a condition on an amount is stated ("per lane per hour
    from Monday to Thursday", "per jumper on weekdays"); a day named otherwise ("each, with no weekday discount")
    is no condition of the amount before it."""
    return " ".join(m.group(0) for m in _PHRASE.finditer(part))


def _amount(q: Quantity) -> bool:
    """A price or a percentage: what a day or a season changes. Counts and durations are left out ("up to four
    people" ran on into the next predicate's "from 1 June to 31 August")."""
    dim = dimension(q.unit)
    return dim == "%" or bool(dim and dim.startswith("currency:"))


def operand_calendar(sentence: str, quantity: Quantity) -> Calendar:
    """The calendar condition of the amount of ``sentence`` that is ``quantity`` (module docstring); an empty
    ``Calendar`` when the sentence does not state the amount, it is no price or percentage, or no day or month
    limits it."""
    found = quantities(sentence)
    own = next((q for q in found if same_amount(q, quantity)), None)
    if own is None or not _amount(own):
        return Calendar()
    kin = [q for q in found if dimension(q.unit) == dimension(own.unit)]
    following = next((q.start for q in kin if q.start > own.start), len(sentence))
    end = _CLAUSE_END.search(sentence, own.end, following)
    after = sentence[own.end:end.start() if end else following]
    condition = calendar_of(_conditions(after))
    if not condition and kin[0] is own:  # "From Monday to Wednesday before 12:00, the ... washes are 20% off"
        start = max((m.end() for m in _CLAUSE_END.finditer(sentence, 0, own.start)), default=0)
        lead = _LEADING.match(sentence, start, own.start)
        return calendar_of(lead.group(0)) if lead else Calendar()
    return _rest_of_year(after, sentence, condition)


def _rest_of_year(part: str, sentence: str, condition: Calendar) -> Calendar:
    """"NOK 720 per night the rest of the year": the months the sentence's other parts do not name."""
    if not _REST_OF_YEAR.search(part):
        return condition
    named = calendar_of(sentence.replace(part, " ")).months
    if not named:
        return condition
    return Calendar(condition.days, frozenset(set(range(1, 13)) - named))


def calendar_conflict(claim: str, question: str, sentence: str, quantity: Quantity) -> str | None:
    """Why ``quantity`` as ``sentence`` states it belongs to other days or months than the claim's scenario, in
    words ("$120 applies from Monday to Thursday; the claim is about Friday"), or None."""
    condition = operand_calendar(sentence, quantity)
    if not condition:
        return None
    scenario = calendar_of(claim)
    source = "claim"
    if not scenario:
        scenario, source = calendar_of(question), "question"
    kind = condition.clashes(scenario)
    if kind is None:
        return None
    return (f"{quantity.text} applies on {_named(condition, kind)}; the {source} is about "
            f"{_named(scenario, kind)}")


def _named(calendar: Calendar, kind: str) -> str:
    if kind == "days":
        return ", ".join(WEEKDAYS[d].capitalize() for d in sorted(calendar.days or ()))
    return ", ".join(MONTHS[m - 1].capitalize() for m in sorted(calendar.months or ()))

