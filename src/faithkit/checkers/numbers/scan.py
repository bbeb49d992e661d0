"""The word lists and low-level scanners that number extraction (``extract.py``) is built from.

Kept apart from the extraction rules so that each file reads in one sitting: here are the vocabularies (units,
number words, naming words whose digits are codes) and the helpers that look a few words before or after a
numeral; ``extract.py`` decides what counts as a quantity.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from faithkit.checkers.numbers.quantity import (
    _CURRENCY_WORDS,
    _DATA_UNITS,
    _MULTIPLIER_WORDS,
    _PERCENT_WORDS,
    _TIME_UNITS,
    CURRENCY_CODE_PREFIX,
    CURRENCY_SIGNS,
    DOLLAR_PREFIX,
    TIME_ADJECTIVES,
    WORKING_ADJECTIVES,
    WORKING_DAY,
)
from faithkit.text.calendar_names import MONTH_WORDS
from faithkit.text.currencies import CURRENCY_CODES

_STOP = {
    "a", "an", "the", "and", "or", "but", "nor", "of", "to", "in", "on", "at", "by", "for", "with", "from",
    "into", "onto", "over", "under", "than", "as", "per", "is", "are", "was", "were", "be", "been", "being",
    "am", "has", "have", "had", "do", "does", "did", "will", "would", "can", "could", "shall", "should",
    "may", "might", "must", "that", "which", "who", "whom", "whose", "this", "these", "those", "it", "its",
    "they", "them", "their", "we", "our", "you", "your", "he", "she", "his", "her", "i", "me", "my", "so",
    "if", "then", "when", "while", "after", "before", "up", "down", "out", "off", "more", "less", "most",
    "least", "only", "also", "each", "every", "all", "any", "some", "no", "not", "other", "another", "same",
    "such", "there", "here", "where", "how", "what", "why", "about", "around", "approximately", "roughly",
    "nearly", "almost", "within", "without", "between", "among", "through", "during", "since",
    "until", "till", "via", "plus", "minus", "times", "vs", "versus", "etc", "ie", "eg", "both",
    "either", "neither", "instead", "yet", "still", "just", "even", "too", "very", "once", "twice", "again",
}

_MONTHS = MONTH_WORDS
_ID_PREFIXES = {
    "http", "https", "status", "error", "code", "codes", "port", "version", "release", "build", "rfc", "iso",
    "soc", "pci", "windows", "ios", "android", "macos", "python", "java", "node", "chapter", "section", "page",
    "step", "line", "number", "id", "model", "article", "room", "gate", "level", "tier", "phase", "item",
    "ticket", "issue", "pr", "figure", "fig", "table", "appendix", "route", "channel", "ipv", "utf", "sha",
    "md", "aes", "rsa", "tls", "ssl", "ver", "gen", "generation", "#",
}
_IDIOMS = {
    "one-time", "one-off", "one-click", "one-way", "two-way", "one-stop", "one-on-one", "one-to-one",
    "one-to-many", "many-to-one", "third-party", "first-party", "first-class", "first-hand", "second-hand",
    "two-factor", "two-step", "multi-factor", "24/7", "one-size-fits-all", "all-in-one",
}

_UNIT_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_TENS_WORDS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90,
}
_SCALE_WORDS = {"hundred": 100, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_MULTIPLIERS = {"twice": 2, "thrice": 3, "double": 2, "triple": 3, "quadruple": 4}
_ORDINAL_WORDS = {
    "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
    "eleventh": 11, "twelfth": 12, "fifteenth": 15, "twentieth": 20, "thirtieth": 30, "hundredth": 100,
}
_SUFFIX_SCALE = {"k": 1e3, "K": 1e3, "m": 1e6, "M": 1e6, "mn": 1e6, "bn": 1e9, "B": 1e9, "b": 1e9}

_NUMERIC = re.compile(
    r"(?P<cur>" + DOLLAR_PREFIX + r"|" + CURRENCY_SIGNS + r"\s?|" + CURRENCY_CODE_PREFIX + r")?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
    r"(?P<glued>[A-Za-z%]+)?"
)
_SKIP_PATTERNS = re.compile(
    r"\b\d{4}-\d{1,2}-\d{1,2}\b"  # ISO date
    r"|\b(?:19|20)\d{2}\s?[–—-]\s?(?:\d{2}|\d{4})\b"  # 2018–19, 2019-2021: year spans
    r"|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b"  # 15/01/2024, 01.02.2024
    r"|\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?\b)?"  # 03:00, 3:30 pm
    r"|\b\d{1,2}\s*[ap]\.m\.|\b\d{1,2}\s*[ap]m\b"  # 3 pm, 3 a.m.
    r"|\b[vV]\d+(?:\.\d+)*\b"  # v2.1
    r"|\b\d+(?:\.\d+){2,}\b"  # 1.2.3, IP addresses
    r"|\b\d+/\d+\b"  # fractions, 24/7
    r"|\b[A-Za-z]+[-/]\d+(?:\.\d+)?[A-Za-z]*\b"  # AES-256, GPT-4, HTTP/1.1, Su-25s
)
_WORD = re.compile(r"[A-Za-z]+")
_RANGE_GAP = re.compile(r"^\s*(?:–|—|-|to|and|or)\s*$")


_CONTEXT = 80


def _before(text: str, pos: int) -> str:
    """The few characters before ``pos``: context lookups stay O(1), so a long passage scans in linear time."""
    return text[max(0, pos - _CONTEXT):pos]


def _after(text: str, pos: int) -> str:
    return text[pos:pos + _CONTEXT]


def _singular(word: str) -> str:
    w = word.lower()
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("sses"):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss") and not w.endswith("us"):
        return w[:-1]
    return w


# ----------------------------------------------------------------------------------------------- scanning


@dataclass(frozen=True)
class _Unit:
    unit: str | None
    end: int
    per: str | None = None
    noun_start: int | None = None
    noun_end: int | None = None


def _next_words(text: str, pos: int, n: int = 3) -> list[re.Match[str]]:
    out = []
    for m in _WORD.finditer(text, pos):
        gap = text[pos if not out else out[-1].end() : m.start()]
        if gap.strip(" \t-") or len(gap) > 3:
            break
        out.append(m)
        if len(out) == n:
            break
    return out


def _prev_word(text: str, pos: int) -> str:
    m = re.search(r"([A-Za-z#]+)\.?\s*$", _before(text, pos))
    return m.group(1).lower() if m else ""


def _unit_after(text: str, pos: int) -> _Unit:
    """The unit written right after a numeral ending at ``pos``: symbol, word, or hyphenated form."""
    rest = _after(text, pos)
    if rest.startswith("%"):
        return _Unit("%", pos + 1)
    m = re.match(r"\s?(per ?cent)\b", rest, re.I)
    if m:
        return _Unit("%", pos + m.end())
    words = _next_words(text, pos)
    if not words:
        return _Unit(None, pos)
    first = words[0]
    low = first.group(0).lower()
    if low in TIME_ADJECTIVES and len(words) > 1 and words[1].group(0).lower() in _TIME_UNITS:
        if low in WORKING_ADJECTIVES and _TIME_UNITS[words[1].group(0).lower()] == "day":
            return _Unit(WORKING_DAY, words[1].end(), noun_start=first.start(), noun_end=words[1].end())
        first, low = words[1], words[1].group(0).lower()
    if first.group(0) in CURRENCY_CODES or low in _CURRENCY_WORDS:
        return _Unit(_CURRENCY_WORDS.get(low, first.group(0)), first.end())
    if low in _PERCENT_WORDS:
        return _Unit("%", first.end())
    if low in _DATA_UNITS:
        return _Unit(_DATA_UNITS[low], first.end())
    if low in _TIME_UNITS and (len(low) > 1 or first.start() == pos):
        return _Unit(_TIME_UNITS[low], first.end(), noun_start=first.start(), noun_end=first.end())
    if low in _MULTIPLIER_WORDS:
        return _Unit("times", first.end())
    if low == "per" and len(words) > 1 and words[1].group(0).lower() in _TIME_UNITS:
        return _Unit(None, pos, per=_TIME_UNITS[words[1].group(0).lower()])
    if low in _STOP or low in _MONTHS or len(low) < 2:
        return _Unit(None, pos)
    unit = _Unit(_singular(low), first.end(), noun_start=first.start(), noun_end=first.end())
    per = re.match(r"\s+(?:per|a|an|each)\s+([A-Za-z]+)", _after(text, unit.end))
    if per and (per.group(1).lower() in _TIME_UNITS):
        return _Unit(unit.unit, unit.end, _TIME_UNITS[per.group(1).lower()], unit.noun_start, unit.noun_end)
    return unit


_SINGULAR_TIME_WORDS = {"second", "minute", "hour", "day", "week", "month", "year"}
# verbs that end in -s like a plural noun: "the 16-25 Railcard costs £30" is not a count of costs
_VERBS_IN_S = frozenset("""
costs gives includes takes gets means needs allows comes lasts applies requires has does goes keeps makes pays
runs works expires offers remains stays saves adds counts charges earns holds lets supports says shows starts
ends opens closes covers carries sells travels arrives leaves becomes seems uses
""".split())


def _noun_after(text: str, pos: int, plural: bool) -> re.Match[str] | None:
    """The word right after ``pos`` (one space) when it can be the head noun of a counted phrase: a content
    word, plural when the count is above one ("large bags"), singular for one ("small bag")."""
    m = re.match(r" ([A-Za-z]+)\b", text[pos:pos + 40])
    if m is None:
        return None
    low = m.group(1).lower()
    if (low in _STOP or low in _TIME_UNITS or low in _DATA_UNITS or low in _CURRENCY_WORDS or len(low) < 3
            or low in _VERBS_IN_S or not m.group(1).islower()):
        return None
    ends_in_s = low.endswith("s") and not low.endswith("ss")
    return m if ends_in_s == plural else None


def counted_noun(text: str, unit: _Unit, value: float, word_number: bool) -> _Unit:
    """The noun a count is of when the word after the numeral only modifies it: "four large bags" counts large
    bags and "Three standard delivery fees" standard delivery fees (not "large" or "standard"); "Two day passes"
    counts day passes, not days. The modifiers stay in the noun ("large bag"), so that large and small bags are
    never counted as one another. A time word is read as a modifier only after a number word and a space
    ("14 day trial", "two-day pass" stay durations: digits and hyphens are how durations are written). Up to
    two modifiers; the head must agree in number with the count ("one small bag", "two large bags")."""
    if unit.noun_start is None or unit.noun_end is None or unit.per:
        return unit
    written = text[unit.noun_start:unit.noun_end]
    first = written.lower()
    if not written.islower():
        return unit  # "25 Railcard": a name, not a modifier
    if first in _TIME_UNITS:
        if not (word_number and first in _SINGULAR_TIME_WORDS and text[unit.noun_start - 1:unit.noun_start] == " "):
            return unit
    elif unit.unit is None or first.endswith("s") or first in _MULTIPLIER_WORDS:
        return unit
    plural = value != 1
    pos = unit.noun_end
    for _ in range(2):
        head = _noun_after(text, pos, plural)
        if head is not None:
            modifiers = text[unit.noun_start:pos + head.start(1)].lower()
            end = pos + head.end(1)
            return _Unit(modifiers + _singular(head.group(1)), end, None, unit.noun_start, end)
        m = re.match(r" ([A-Za-z]+)\b", text[pos:pos + 40])
        if (m is None or first in _TIME_UNITS or m.group(1).lower() in _STOP or m.group(1).lower().endswith("s")
                or not m.group(1).islower()):
            return unit
        pos += m.end()
    return unit


def _is_date_context(text: str, start: int, end: int) -> bool:
    before = re.search(r"([A-Za-z]+)\.?\s*$", _before(text, start))
    after = re.match(r"\s*(?:of\s+)?([A-Za-z]+)", _after(text, end))
    return bool((before and before.group(1).lower() in _MONTHS and before.group(1)[0].isupper())
                or (after and after.group(1).lower() in _MONTHS and after.group(1)[0].isupper()))


def _glued_ok(text: str, start: int) -> bool:
    """A numeral glued to a preceding letter or digit is part of a name (H200, Qwen3, B2B)."""
    return start == 0 or not (text[start - 1].isalnum() or text[start - 1] == "_")


def _parse_numeral(raw: str) -> tuple[float, int]:
    clean = raw.replace(",", "")
    decimals = len(clean.split(".")[1]) if "." in clean else 0
    return float(clean), decimals

