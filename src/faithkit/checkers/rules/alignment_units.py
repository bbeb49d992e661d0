"""The units rule of the alignment rules: the same number in another unit, or another frequency.

Apart from ``alignment`` because it changes for its own reasons (new unit words, new ways of saying how often)
and is the largest of the string rules; ``alignment`` re-exports its names and applies it as the rule ``units``.
``quantities`` is also what the binding rule reads (which number belongs to which name).
"""

from __future__ import annotations

import re
from functools import lru_cache

from faithkit.text.number_words import NUMBER_WORDS, number_word_pattern

__all__ = ["frequency_conflict", "quantities", "times_conflict", "times_counts", "unit_conflict"]

_UNITS: dict[str, tuple[str, str]] = {}  # unit word -> (dimension, canonical unit)
for _dim, _groups in {
    "time": (("second", "seconds", "sec", "secs"), ("minute", "minutes", "min", "mins"),
             ("hour", "hours", "hr", "hrs"), ("day", "days"), ("week", "weeks"), ("month", "months"),
             ("year", "years", "yr", "yrs")),
    "data": (("kb",), ("mb",), ("gb", "gigabytes", "gigabyte"), ("tb", "terabytes", "terabyte")),
    "weight": (("grams", "gram"), ("kg", "kilograms", "kilogram", "kilos"), ("lb", "lbs", "pounds")),
    "length": (("mm",), ("cm", "centimetres", "centimeters"), ("metres", "meters"),
               ("km", "kilometres", "kilometers"), ("inch", "inches"), ("ft", "feet", "foot"),
               ("mile", "miles")),
    "speed": (("mbps",), ("gbps",), ("kbps",)),
}.items():
    for _group in _groups:
        for _word in _group:
            _UNITS[_word] = (_dim, _group[0])
_QUANTITY = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:-\s*)?(?:business\s+|working\s+|calendar\s+)?([A-Za-z]+)\b")


_NUMBER_WORDS = {word: str(value) for word, value in NUMBER_WORDS.items()}
_WORD_QUANTITY = re.compile(rf"\b({number_word_pattern()})\s+(?:business\s+|working\s+|calendar\s+|full\s+)?"
                            r"([A-Za-z]+)\b", re.IGNORECASE)
_RATE = re.compile(r"(\d+(?:[.,]\d+)*)\s*(?:%|[A-Za-z]+)?\s+(?:a|an|per|each|every)\s+([A-Za-z]+)\b")


_MONEY = re.compile(r"([$€£¥])\s?(\d+(?:[.,]\d+)?)(?![\d.,]*\s*(?:%|[kKmM]\b|bn\b|million|billion))")
_CURRENCY = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}


@lru_cache(maxsize=65536)
def quantities(text: str) -> frozenset[tuple[str, str, str]]:
    """(number, dimension, unit) for every number directly followed by a known unit ("90 days", "30kg", "one
    day"), (number, "rate", period) for a number given per period ("€5,000 a month", "19.9% a year"), and
    (number, "money", currency) for an amount after a currency sign ("€3.90").
    Memoized, so frozen."""
    out = set()
    for m in _QUANTITY.finditer(text):
        unit = _UNITS.get(m.group(2).lower())
        if unit:
            out.add((m.group(1).replace(",", ""), *unit))
    for m in _WORD_QUANTITY.finditer(text):
        unit = _UNITS.get(m.group(2).lower())
        if unit:
            out.add((_NUMBER_WORDS[m.group(1).lower()], *unit))
    for m in _RATE.finditer(text):
        unit = _UNITS.get(m.group(2).lower())
        if unit and unit[0] == "time":
            out.add((m.group(1).replace(",", ""), "rate", unit[1]))
    for m in _MONEY.finditer(text):  # "€3.90": an amount of a currency binds to a name as "90 days" does
        out.add((m.group(2).replace(",", ""), "money", _CURRENCY[m.group(1)]))
    return frozenset(out)


_FREQUENCY = re.compile(r"\b(hourly|daily|weekly|fortnightly|biweekly|monthly|quarterly|yearly|annually)\b",
                        re.IGNORECASE)



def frequency_conflict(claim: str, sentence: str) -> bool:
    """True when the claim says how often ("billed weekly") and the sentence says another frequency and not the
    claim's ("billed monthly"): a period is a unit too, and the small model reads "weekly" as "monthly"."""
    ours = {m.lower() for m in _FREQUENCY.findall(claim)}
    theirs = {m.lower() for m in _FREQUENCY.findall(sentence)}
    return bool(ours and theirs and not ours & theirs)


_TIMES_WORDS = {"once": 1, "twice": 2, "thrice": 3}
# how many times: "once", "twice", "four times", "at most 100 times" (a frequency, a cap on repeats), not "once
# you ...", "at once", "at least once", "more than once", "twice as much", "10 times the price" (a conjunction, a
# lower bound, a comparison)
_TIMES = re.compile(rf"(?<!\bat )(?<!\bthan )(?<!\bleast )(?<!-)\b(?:(once|twice|thrice)|"
                    rf"(\d+|{number_word_pattern()})\s+times)\b(?!\s+(?:as|the|its|their|your|more|less|larger|"
                    rf"smaller|faster|slower|longer|higher|lower|bigger|cheaper|over)\b)", re.IGNORECASE)
_CLAUSE_ONCE = re.compile(r"\bonce\s+(?:you|we|they|it|he|she|the|your|our|their|this|that|these|those|an?\s+\w+\s+"
                          r"(?:is|are|has|have))\b", re.IGNORECASE)


@lru_cache(maxsize=65536)
def times_counts(text: str) -> frozenset[int]:
    """How many times the text says something may happen or happens: "extend once" {1}, "twice a month" {2},
    "up to five times a month" {5}; "once you cancel" and "twice as long" say no count. Memoized: every claim
    reads the same passage sentences."""
    out = set()
    for m in _TIMES.finditer(text):
        if m.group(1):
            if m.group(1).lower() == "once" and _CLAUSE_ONCE.match(text, m.start()):
                continue
            out.add(_TIMES_WORDS[m.group(1).lower()])
        else:
            raw = m.group(2).lower()
            value = int(raw) if raw.isdigit() else NUMBER_WORDS.get(raw)
            if value is not None:
                out.add(int(value))
    return frozenset(out)


def times_conflict(claim: str, sentence: str) -> bool:
    """True when the claim says how many times ("you can extend it twice") and the sentence it is about says
    another count and not the claim's ("You can extend the collection time once"): the count is a quantity whose
    unit is the repeat, and the small model reads "twice" for "once" (shapes_dev sd-017: supported at 0.99)."""
    ours, theirs = times_counts(claim), times_counts(sentence)
    return bool(ours and theirs and not ours & theirs)


def unit_conflict(claim: str, sentence: str) -> bool:
    """True when the claim gives a number in one unit and the sentence gives the same number in another unit of
    the same kind, and nowhere in the claim's unit ("90 hours" against "within 90 days"); or a frequency
    ("weekly") or a count of times ("twice") that the sentence gives as another one (``frequency_conflict``,
    ``times_conflict``)."""
    if frequency_conflict(claim, sentence) or times_conflict(claim, sentence):
        return True
    theirs = quantities(sentence)
    for number, dimension, unit in quantities(claim):
        same_number = {(d, u) for n, d, u in theirs if n == number}
        if (dimension, unit) not in same_number and any(d == dimension for d, _ in same_number):
            return True
    return False
