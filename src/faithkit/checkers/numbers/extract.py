"""Number extraction and normalisation: every quantity in a text, with its value, unit and span.

Why a hand-written scanner and not a library: the checker needs exactly the numbers a reader would compare
("€12", "fifty gigabytes", "14-day", "5–10 users") and none of the digits that are names ("v2.1", "HTTP 429",
"AES-256", "2019 launch", "03:00 UTC"). A number wrongly extracted from a claim is worse than one missed: it
would be reported as "not in the sources" and flip a correct claim, so every doubtful form is skipped.

What is extracted (one ``Quantity`` each):
    integers, decimals, thousands separators (1,200), scale words and suffixes (2 million, 10k, $1.2M);
    currency (€12, $6, 12 euros, USD 6, 6 USD); percentages (20%, 20 percent);
    number words (eight, fifty, twenty-five, a hundred, a dozen) and multipliers (twice, thrice, three times);
    ordinals used as quantities (the 3rd attempt, every third day), never in dates;
    ranges (5–10 users, between 5 and 10 users, 5 to 10 users): both ends, sharing the unit;
    hyphenated forms (14-day, 8-person) and units (50 GB, 24 hours, 600 requests per minute).

What is skipped: years (a bare 1900–2100 integer not followed by a plural or measure unit), dates (2024-01-15,
15/01/2024, March 3), clock times (03:00, 3 pm), versions (v2.1, version 2, 1.2.3), codes after a naming word
(HTTP 429, error 404, ISO 27001, Windows 11, step 3), digits glued to letters (H200, Qwen3, 4B, B2B), names with a
hyphenated number (AES-256, GPT-4), fractions and idioms (24/7, one-time, third-party), and "one" where it is a
pronoun ("one of", "no one").

Units are normalised so that equal amounts compare equal: data to GB, durations to days (seconds to weeks) or to
months (months, years), currencies to ISO codes, everything else that follows a number to a singular count noun.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

__all__ = [
    "Quantity",
    "compatible_units",
    "dimension",
    "extract_quantities",
    "format_number",
    "same_amount",
    "skipped_numerals",
]


@dataclass(frozen=True)
class Quantity:
    """One quantity found in a text.

    value: the number as written, after scale words (``2 million`` -> 2e6, ``a dozen`` -> 12, ``10k`` -> 1e4).
    unit: canonical unit: ``EUR``/``USD``/... for money, ``%``, ``GB``/``MB``/``TB``/..., ``second`` ... ``year``,
        ``times`` for multipliers, a singular count noun (``user``) for anything else, None for a bare number.
    start, end: span of the whole quantity phrase (``€12``, ``50 GB``, ``fifty gigabytes``, ``14-day``).
    num_start, num_end: span of the numeral alone (``12`` in ``€12``, ``fifty`` in ``fifty gigabytes``).
    text: ``source[start:end]``.
    kind: ``number`` (digits), ``word`` (number words), ``multiplier`` (twice, three times), ``ordinal``, or
        ``range`` (an end of a range).
    decimals: decimal places as written (``12.50`` -> 2); the precision a derived value must reach.
    per: the rate denominator when the unit is a rate (``600 requests per minute`` -> ``minute``).
    unit_start, unit_end: span of an attached unit word, for counts and durations (used to rewrite ``8 users``
        as ``1 user`` and ``two years`` as ``1 month``).
    """

    value: float
    unit: str | None
    start: int
    end: int
    num_start: int
    num_end: int
    text: str
    kind: str = "number"
    decimals: int = 0
    per: str | None = None
    unit_start: int | None = None
    unit_end: int | None = None

    @property
    def normalised(self) -> float:
        """The value in its dimension's base unit: GB for data, days for seconds..weeks, months for months and
        years, the value itself otherwise (``2 TB`` -> 2000, ``two weeks`` -> 14, ``€12`` -> 12)."""
        return base_value(self.value, self.unit)

    def as_dict(self) -> dict[str, object]:
        """Compact JSON-able form for verdict details."""
        out: dict[str, object] = {"text": self.text, "value": _plain(self.value), "unit": self.unit}
        if self.per:
            out["per"] = self.per
        return out


# ---------------------------------------------------------------------------------------------------- units

_CURRENCY_SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY"}
_CURRENCY_CODES = {"EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD", "INR", "SEK", "NOK", "DKK"}
_CURRENCY_WORDS = {
    "euro": "EUR", "euros": "EUR", "dollar": "USD", "dollars": "USD", "usd": "USD", "eur": "EUR",
    "gbp": "GBP", "chf": "CHF", "jpy": "JPY", "cad": "CAD", "aud": "AUD", "yen": "JPY",
}
_DATA_UNITS = {
    "kb": "KB", "kilobyte": "KB", "kilobytes": "KB", "kib": "KB",
    "mb": "MB", "megabyte": "MB", "megabytes": "MB", "mib": "MB",
    "gb": "GB", "gigabyte": "GB", "gigabytes": "GB", "gib": "GB", "gigs": "GB",
    "tb": "TB", "terabyte": "TB", "terabytes": "TB", "tib": "TB",
    "pb": "PB", "petabyte": "PB", "petabytes": "PB",
}
_DATA_TO_GB = {"KB": 1e-6, "MB": 1e-3, "GB": 1.0, "TB": 1e3, "PB": 1e6}
_TIME_UNITS = {
    "s": "second", "sec": "second", "secs": "second", "second": "second", "seconds": "second",
    "min": "minute", "mins": "minute", "minute": "minute", "minutes": "minute",
    "h": "hour", "hr": "hour", "hrs": "hour", "hour": "hour", "hours": "hour",
    "d": "day", "day": "day", "days": "day",
    "wk": "week", "wks": "week", "week": "week", "weeks": "week",
    "mo": "month", "month": "month", "months": "month",
    "yr": "year", "yrs": "year", "year": "year", "years": "year",
}
_TO_DAYS = {"second": 1 / 86400, "minute": 1 / 1440, "hour": 1 / 24, "day": 1.0, "week": 7.0}
_TO_MONTHS = {"month": 1.0, "year": 12.0}
_PERCENT_WORDS = {"percent", "pct", "percentage"}
_MULTIPLIER_WORDS = {"times": "times", "x": "times", "fold": "times"}
_TIME_ADJECTIVES = {"business", "working", "calendar", "full", "consecutive", "additional", "extra"}

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

_MONTHS = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
}
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
    r"(?P<cur>[€$£¥]\s?|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD)\s?)?"
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


def _plain(value: float) -> float | int:
    return int(value) if float(value).is_integer() and abs(value) < 1e15 else value


def format_number(value: float, decimals: int | None = None) -> str:
    """A value as a person would write it: 96, 12.5, 0.25 (no trailing .0, no float noise)."""
    if decimals is not None and decimals > 0:
        return f"{value:.{decimals}f}"
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.6g}" if abs(value) < 1e6 else f"{value:.6e}"


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


# ------------------------------------------------------------------------------------------- normalisation


def dimension(unit: str | None) -> str | None:
    """The comparable dimension of a unit: ``currency:EUR``, ``data``, ``time_d`` (seconds..weeks),
    ``time_m`` (months, years), ``%``, ``times``, ``count`` (any count noun), or None (bare number)."""
    if unit is None:
        return None
    if unit in _CURRENCY_CODES:
        return f"currency:{unit}"
    if unit in _DATA_TO_GB:
        return "data"
    if unit in _TO_DAYS:
        return "time_d"
    if unit in _TO_MONTHS:
        return "time_m"
    if unit in ("%", "times"):
        return unit
    return "count"


def base_value(value: float, unit: str | None) -> float:
    """The value in its dimension's base unit (GB, days, months), so 1 TB == 1000 GB and 2 weeks == 14 days."""
    if unit in _DATA_TO_GB:
        return value * _DATA_TO_GB[unit]
    if unit in _TO_DAYS:
        return value * _TO_DAYS[unit]
    if unit in _TO_MONTHS:
        return value * _TO_MONTHS[unit]
    return value


_SCALAR_DIMS = {None, "count", "times"}


def compatible_units(a: Quantity, b: Quantity) -> bool:
    """Whether two quantities may be the same amount: equal dimensions, or either side has no unit, or both
    are plain counts / multipliers (the count noun is not compared: "8 users" and "8-person" are the same 8).
    Rates must agree on their denominator when both state one ("100 per minute" is not "100 per hour")."""
    if a.per and b.per and a.per != b.per:
        return False
    da, db = dimension(a.unit), dimension(b.unit)
    if da is None or db is None:
        return True
    if da in _SCALAR_DIMS and db in _SCALAR_DIMS:
        return True
    return da == db


def same_amount(a: Quantity, b: Quantity) -> bool:
    """Equal value (after unit conversion within a dimension) and compatible units: "fifty gigabytes" == "50 GB"."""
    if not compatible_units(a, b):
        return False
    if dimension(a.unit) == dimension(b.unit):
        x, y = base_value(a.value, a.unit), base_value(b.value, b.unit)
    else:
        x, y = a.value, b.value
    return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)


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
    if low in _TIME_ADJECTIVES and len(words) > 1 and words[1].group(0).lower() in _TIME_UNITS:
        first, low = words[1], words[1].group(0).lower()
    if first.group(0) in _CURRENCY_CODES or low in _CURRENCY_WORDS:
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


def _numeric_quantities(text: str, taken: list[tuple[int, int]]) -> list[Quantity]:
    out: list[Quantity] = []
    for m in _NUMERIC.finditer(text):
        start, num_start, num_end = m.start(), m.start("num"), m.end("num")
        if any(s <= num_start < e for s, e in taken) or not _glued_ok(text, num_start):
            continue
        value, decimals = _parse_numeral(m.group("num"))
        cur = m.group("cur")
        unit: str | None = None
        if cur:
            unit = _CURRENCY_SYMBOLS.get(cur.strip(), cur.strip())
        end = num_end
        kind = "number"
        glued = m.group("glued")
        unit_info = _Unit(None, num_end)
        if glued:
            gl = glued.lower()
            if glued == "%":
                unit, end = "%", m.end()
            elif glued in _SUFFIX_SCALE and (glued in ("k", "K", "M", "bn") or cur):
                value *= _SUFFIX_SCALE[glued]
                end = m.end()
                unit_info = _unit_after(text, end)
            elif gl in ("st", "nd", "rd", "th"):
                if _is_date_context(text, num_start, m.end()):
                    continue
                kind, end = "ordinal", m.end()
                unit_info = _unit_after(text, end)
            elif gl in _DATA_UNITS:
                unit, end = _DATA_UNITS[gl], m.end()
            elif gl in _TIME_UNITS:
                unit, end = _TIME_UNITS[gl], m.end()
            elif gl == "x":
                unit, end, kind = "times", m.end(), "multiplier"
            else:
                continue  # 4B, 3D, 2FA, 10am: a name or a time, not a quantity
        else:
            scale = re.match(r"\s+(hundred|thousand|million|billion|trillion)\b", _after(text, end), re.I)
            if scale:
                value *= _SCALE_WORDS[scale.group(1).lower()]
                end += scale.end()
            unit_info = _unit_after(text, end)
        if cur and unit_info.unit in _CURRENCY_CODES:
            end = unit_info.end  # "$6 USD": the code repeats the symbol
        elif unit is None and (unit_info.unit is not None or unit_info.per):
            unit = unit_info.unit
            end = max(end, unit_info.end)
        if _skip_by_context(text, start, num_start, num_end, m.group("num"), value, unit, cur, glued):
            continue
        noun = unit_info if (unit_info.noun_start is not None and unit == unit_info.unit) else None
        out.append(Quantity(
            value=value, unit=unit, start=start, end=end, num_start=num_start, num_end=num_end,
            text=text[start:end], kind=kind, decimals=decimals,
            per=unit_info.per if unit == unit_info.unit else None,
            unit_start=noun.noun_start if noun else None, unit_end=noun.noun_end if noun else None,
        ))
    return out


def _skip_by_context(text: str, start: int, num_start: int, num_end: int, raw: str, value: float,
                     unit: str | None, cur: str | None, glued: str | None) -> bool:
    """Years, codes after naming words, dates next to a month name, hyphenated names."""
    prev = _prev_word(text, start)
    if prev in _ID_PREFIXES and not cur:
        return True
    if start > 0 and text[start - 1] == "#":
        return True
    if _is_date_context(text, num_start, num_end) and not cur and dimension(unit) not in ("data", "%"):
        return True
    is_year = (re.fullmatch(r"\d{4}", raw) is not None and 1900 <= value <= 2100 and not cur and not glued)
    if is_year:
        dim = dimension(unit)
        after = re.match(r"\s*-?\s*([A-Za-z]+)", _after(text, num_end))
        plural_noun = bool(after and dim == "count" and after.group(1).lower().endswith("s")
                           and not after.group(1).lower().endswith("ss"))
        if not (plural_noun or dim in ("data", "%", "time_d", "time_m") or dim and dim.startswith("currency")):
            return True
    return False


def _word_number_spans(text: str) -> list[tuple[int, int, float, int, str]]:
    """Runs of number words: (start, end, value, numeral_end, kind). ``a dozen``, ``twenty-five``,
    ``one hundred and twenty``, ``twice``, ``three times``."""
    tokens = [(m.start(), m.end(), m.group(0).lower()) for m in _WORD.finditer(text)]
    out = []
    i = 0
    while i < len(tokens):
        s, e, w = tokens[i]
        if w in _MULTIPLIERS:
            out.append((s, e, float(_MULTIPLIERS[w]), e, "multiplier"))
            i += 1
            continue
        if w == "a" and i + 1 < len(tokens) and tokens[i + 1][2] in ("dozen", "hundred", "thousand", "million"):
            nxt = tokens[i + 1]
            if text[e:nxt[0]].strip() == "":
                mult = 12.0 if nxt[2] == "dozen" else float(_SCALE_WORDS[nxt[2]])
                out.append((s, nxt[1], mult, nxt[1], "word"))
                i += 2
                continue
        if w == "dozen":
            out.append((s, e, 12.0, e, "word"))
            i += 1
            continue
        if w not in _UNIT_WORDS and w not in _TENS_WORDS:
            i += 1
            continue
        total, current, j, last_end = 0.0, 0.0, i, e
        while j < len(tokens):
            sj, ej, wj = tokens[j]
            if j > i:
                gap = text[tokens[j - 1][1]:sj]
                if gap not in (" ", "-"):
                    break
                if (wj == "and" and tokens[j - 1][2] in _SCALE_WORDS and j + 1 < len(tokens)
                        and text[ej:tokens[j + 1][0]] == " "
                        and tokens[j + 1][2] in _UNIT_WORDS.keys() | _TENS_WORDS.keys()):
                    j += 1
                    continue
            low_part = current % 100
            if wj in _UNIT_WORDS:
                v = _UNIT_WORDS[wj]
                if j > i and not (low_part == 0 or (low_part >= 20 and low_part % 10 == 0 and 0 < v < 10)):
                    break
                current += v
            elif wj in _TENS_WORDS:
                if j > i and low_part != 0:
                    break
                current += _TENS_WORDS[wj]
            elif wj in _SCALE_WORDS:
                if current == 0:
                    break
                scale = _SCALE_WORDS[wj]
                if scale == 100:
                    current *= 100
                else:
                    total += current * scale
                    current = 0.0
            elif wj == "dozen" and current:
                current *= 12
            else:
                break
            last_end = ej
            j += 1
        value = total + current
        out.append((s, last_end, value, last_end, "word"))
        i = j
    return out


def _word_quantities(text: str, taken: list[tuple[int, int]]) -> list[Quantity]:
    out: list[Quantity] = []
    for s, e, value, num_end, kind in _word_number_spans(text):
        if any(a <= s < b for a, b in taken):
            continue
        hyphen_form = re.match(r"[A-Za-z]+(?:-[A-Za-z]+)+", _after(text, s))
        if hyphen_form and hyphen_form.group(0).lower() in _IDIOMS:
            continue
        if s > 0 and text[s - 1] == "-" and s > 1 and text[s - 2].isalpha():
            continue
        word = text[s:e].lower()
        prev = _prev_word(text, s)
        after = re.match(r"\s*([A-Za-z]+)", _after(text, e))
        nxt = after.group(1).lower() if after else ""
        if word == "one" and (prev in {"no", "any", "every", "some", "the", "this", "that", "which", "each",
                                       "someone", "anyone", "everyone", "no-"}
                              or nxt in {"of", "another", "or", "by", "day", "thing"} or prev == "one"):
            continue
        if word == "one" and not after:
            continue
        if kind == "multiplier":
            if word in ("double", "triple", "quadruple") and nxt not in {"the", "that", "what", "your", "our",
                                                                        "its", "their"}:
                continue
            out.append(Quantity(value, "times", s, e, s, e, text[s:e], "multiplier"))
            continue
        unit = _unit_after(text, e)
        if unit.unit is None and (word == "one" or _is_date_context(text, s, e)):
            continue  # a bare "one" is a pronoun far more often than a quantity ("one can export")
        if unit.unit == "times":
            kind = "multiplier"
        end = unit.end if unit.unit else e
        out.append(Quantity(
            value=value, unit=unit.unit, start=s, end=end, num_start=s, num_end=num_end,
            text=text[s:end], kind=kind, per=unit.per, unit_start=unit.noun_start, unit_end=unit.noun_end,
        ))
    return out


def _ordinal_word_quantities(text: str, taken: list[tuple[int, int]]) -> list[Quantity]:
    """Word ordinals used as quantities: "every third day", "the fifth attempt" (never in dates)."""
    out = []
    for m in _WORD.finditer(text):
        w = m.group(0).lower()
        if w not in _ORDINAL_WORDS or any(a <= m.start() < b for a, b in taken):
            continue
        if _prev_word(text, m.start()) not in {"the", "every", "each", "a"}:
            continue
        if _is_date_context(text, m.start(), m.end()):
            continue
        unit = _unit_after(text, m.end())
        if unit.unit is None:
            continue
        out.append(Quantity(float(_ORDINAL_WORDS[w]), unit.unit, m.start(), unit.end, m.start(), m.end(),
                            text[m.start():unit.end], "ordinal", per=unit.per,
                            unit_start=unit.noun_start, unit_end=unit.noun_end))
    return out


def _half_quantities(text: str, taken: list[tuple[int, int]]) -> list[Quantity]:
    """"half an hour", "half a day", "half a terabyte": 0.5 of a time or data unit (30 minutes == half an hour)."""
    out = []
    for m in re.finditer(r"\b([Hh]alf)\s+an?\s+([A-Za-z]+)\b", text):
        unit = _TIME_UNITS.get(m.group(2).lower()) or _DATA_UNITS.get(m.group(2).lower())
        if unit is None or any(a <= m.start() < b for a, b in taken):
            continue
        out.append(Quantity(0.5, unit, m.start(), m.end(), m.start(1), m.end(1), m.group(0), "word", decimals=1))
    return out


def skipped_numerals(text: str) -> set[str]:
    """Digit strings of ``text`` that extraction deliberately skipped (codes, years, versions, dates): a claim
    that repeats one of them ("429 errors" after "HTTP 429") repeats the source, so it is not a new number."""
    covered = [(q.num_start, q.num_end) for q in extract_quantities(text)]
    out = set()
    for m in re.finditer(r"\d+(?:[.,]\d+)*", text):
        if not any(a <= m.start() < b for a, b in covered):
            out.add(m.group(0).replace(",", ""))
    return out


def _link_ranges(text: str, qs: list[Quantity]) -> list[Quantity]:
    """Give both ends of a range the unit written once: "5–10 users", "€10–20", "between 5 and 10 GB"."""
    out = list(qs)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        gap = text[a.end:b.start]
        if not _RANGE_GAP.match(gap):
            continue
        if gap.strip() == "and" and _prev_word(text, a.start) != "between":
            continue
        if gap.strip() == "or" and not (a.unit is None or a.unit == b.unit):
            continue
        if a.unit is None and b.unit is not None:
            a = _replace(a, unit=b.unit, per=b.per)
        elif b.unit is None and a.unit is not None:
            b = _replace(b, unit=a.unit, per=a.per)
        if a.unit == b.unit and a.value < b.value:
            out[i], out[i + 1] = _replace(a, kind="range"), _replace(b, kind="range")
    return out


def _replace(q: Quantity, **changes: object) -> Quantity:
    from dataclasses import replace

    return replace(q, **changes)  # type: ignore[arg-type]


def extract_quantities(text: str) -> list[Quantity]:
    """Every quantity in ``text``, in order of position. Deterministic and pure; see the module docstring."""
    taken: list[tuple[int, int]] = []
    for m in _SKIP_PATTERNS.finditer(text):
        taken.append((m.start(), m.end()))
    for m in re.finditer(r"\b[A-Za-z]+(?:-[A-Za-z0-9]+)+\b|24/7", text):
        if m.group(0).lower() in _IDIOMS:
            taken.append((m.start(), m.end()))
    numeric = _numeric_quantities(text, taken)
    taken += [(q.start, q.end) for q in numeric]
    words = _word_quantities(text, taken)
    taken += [(q.start, q.end) for q in words]
    ordinals = _ordinal_word_quantities(text, taken)
    halves = _half_quantities(text, taken)
    found = sorted(numeric + words + ordinals + halves, key=lambda q: (q.start, q.end))
    return _link_ranges(text, found)
