"""The units rule of the alignment rules: the same number in another unit, frequency or denominator.

Apart from ``alignment`` because it changes for its own reasons (new unit words, new ways of saying how often)
and is the largest of the string rules; ``alignment`` re-exports its names and applies it as the rule ``units``.
``quantities`` is also what the binding rule reads (which number belongs to which name).
"""

from __future__ import annotations

import re
from functools import lru_cache

from faithkit.text.currencies import CODE_PATTERN, CURRENCY_SYMBOLS, SIGN_CLASS
from faithkit.text.number_words import NUMBER_WORDS, number_word_pattern

__all__ = ["frequency_conflict", "per_conflict", "per_denominators", "per_mismatch", "quantities", "times_conflict",
           "times_counts", "unit_conflict"]

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


# an amount of money: a currency's sign or code before the number ("€3.90", "JOD 150"), or its code after it ("1,800
# BDT"); every currency ``text.currencies`` knows, not only € $ £ ¥, so a swap in Jordanian dinars binds as one in euros
_MONEY = re.compile(rf"(?:(?P<sign>{SIGN_CLASS})|\b(?P<code>{CODE_PATTERN})\s)\s?(?P<n>\d+(?:[.,]\d+)*)"
                    r"(?![\d.,]*\s*(?:%|[kKmM]\b|bn\b|million|billion))"
                    rf"|(?P<n2>\d+(?:[.,]\d+)*)\s(?P<after>{CODE_PATTERN})\b")


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
        currency = CURRENCY_SYMBOLS[m.group("sign")] if m.group("sign") else m.group("code") or m.group("after")
        out.add(((m.group("n") or m.group("n2")).replace(",", ""), "money", currency))
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


# a number with what it is counted per: "€30 per order", "NOK 120 per person per stay", "€0.20 per colour A4 page"
_PER_NUMBER = re.compile(r"(\d+(?:[.,]\d+)*)\s*(?:%|[A-Za-z]+)?(?=\s+(?:per|a|an)\s)")
_PER_TOKEN = re.compile(r"\s+([A-Za-z0-9]+(?:-[A-Za-z]+)*)")
_PER = frozenset(("per", "a", "an"))
_NP_END = frozenset("""and or for with up to in on at from plus but so which if when after before until within by
than the of is are was were be you your it its this that come comes came cost costs make makes take takes give
gives add adds total""".split())
_NOT_DENOMINATORS = frozenset("cent centum few lot little bit couple total maximum minimum row time".split())
_SAME_DENOMINATOR = {"people": "person", "persons": "person", "head": "person"}
# what any count noun instantiates: "¥500 per item" holds for "¥500 per bag"
_GENERIC_DENOMINATORS = frozenset("item unit piece article thing one".split())
_LEAD_START = re.compile(r".*(?:[,;:]|\d)", re.DOTALL)
_WORD = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z]+)*")


def _denominator(word: str) -> str:
    word = word.lower()
    if word in _UNITS:
        return _UNITS[word][1]
    word = _SAME_DENOMINATOR.get(word, word)
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _phrases_after(text: str, at: int) -> list[tuple[str, ...]]:
    """The noun phrases of "per X per Y" from ``at`` on: each starts after per / a / an and ends at a word that
    cannot be in it (``_NP_END``), at punctuation, or after four words."""
    phrases: list[tuple[str, ...]] = []
    phrase: list[str] | None = None
    for m in _PER_TOKEN.finditer(text, at):
        if m.start() != at:
            break
        at, word = m.end(), m.group(1).lower()
        if word in _PER:
            if phrase:
                phrases.append(tuple(phrase))
            phrase = []
        elif phrase is None or word in _NP_END or len(phrase) == 4:
            break
        else:
            phrase.append(_denominator(word))
    if phrase:
        phrases.append(tuple(phrase))
    return [p for p in phrases if p[0] not in _NOT_DENOMINATORS]


@lru_cache(maxsize=65536)
def per_denominators(text: str) -> frozenset[tuple[str, tuple[str, ...]]]:
    """(number, the words of what it is counted per) for every "NUMBER per X" / "NUMBER a X", chains included:
    "NOK 120 per person per night" gives (120, (person,)) and (120, (night,)); "€0.20 per colour A4 page" gives
    (0.20, (colour, a4, page)). The words of the number's own clause before it count too, as a phrase that starts
    with "": in "each further day costs ¥500 per item" the ¥500 is per day as well."""
    out = set()
    for m in _PER_NUMBER.finditer(text):
        number = m.group(1).replace(",", "")
        phrases = _phrases_after(text, m.end())
        out.update((number, phrase) for phrase in phrases)
        lead = _LEAD_START.sub("", text[: m.start(1)])
        if phrases and lead.strip():
            out.add((number, ("", *(_denominator(w) for w in _WORD.findall(lead)))))
    return frozenset(out)


def per_mismatch(claim: str, sentence: str) -> str | None:
    """What the claim counts a number per ("€30 per page") when the sentence counts that number per something else
    and not per the claim's ("adds €30 per order"), in words, or None: the rate's denominator is its unit. A
    generic denominator of the sentence ("per item") holds for any of the claim's."""
    theirs = per_denominators(sentence)
    for number, phrase in sorted(per_denominators(claim)):
        counted = [ws for n, ws in theirs if n == number and ws[0]]
        if not phrase[0] or not counted or any(ws[-1] in _GENERIC_DENOMINATORS for ws in counted):
            continue
        if not set(phrase) & {w for n, ws in theirs if n == number for w in ws}:
            per = " and per ".join(sorted(" ".join(ws) for ws in counted))
            return f"the sentence counts {number} per {per}; the claim counts it per {' '.join(phrase)}"
    return None


def per_conflict(claim: str, sentence: str) -> bool:
    """True when the claim counts a number per something the sentence does not (``per_mismatch``)."""
    return per_mismatch(claim, sentence) is not None


def unit_conflict(claim: str, sentence: str) -> bool:
    """True when the claim gives a number in one unit and the sentence gives the same number in another unit of
    the same kind, and nowhere in the claim's unit ("90 hours" against "within 90 days"); or a frequency
    ("weekly"), a count of times ("twice") or a denominator ("per page") that the sentence gives as another one
    (``frequency_conflict``, ``times_conflict``, ``per_conflict``)."""
    if frequency_conflict(claim, sentence) or times_conflict(claim, sentence) or per_conflict(claim, sentence):
        return True
    theirs = quantities(sentence)
    for number, dimension, unit in quantities(claim):
        same_number = {(d, u) for n, d, u in theirs if n == number}
        if (dimension, unit) not in same_number and any(d == dimension for d, _ in same_number):
            return True
    return False
