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
    hyphenated forms (14-day, 8-person) and units (50 GB, 24 hours, 600 requests per minute);
    fractions as shares before "off" / "of" (one third off -> 33.33%, a quarter of the fare -> 25%);
    cents and pence as hundredths of the currency the text names (10 cent -> €0.10, 50p -> £0.50);
    the noun a count counts past its modifiers (four large bags -> 4 "large bag", Two day passes -> 2 "day pass").

What is skipped: years (a bare 1900–2100 integer not followed by a plural or measure unit), dates (2024-01-15,
15/01/2024, March 3), clock times (03:00, 3 pm), versions (v2.1, version 2, 1.2.3), codes after a naming word
(HTTP 429, error 404, ISO 27001, Windows 11, step 3), digits glued to letters (H200, Qwen3, 4B, B2B), names with a
hyphenated number (AES-256, GPT-4), fractions and idioms (24/7, one-time, third-party), and "one" where it is a
pronoun ("one of", "no one").

Units and the ``Quantity`` record are in ``quantity.py``; word lists and look-around helpers in ``scan.py``;
quantities written in words in ``extract_words.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from faithkit.checkers.numbers.extract_words import (
    _fraction_quantities,
    _half_quantities,
    _ordinal_word_quantities,
    _word_quantities,
)
from faithkit.checkers.numbers.quantity import (
    _DATA_UNITS,
    _TIME_UNITS,
    Quantity,
    dimension,
)
from faithkit.checkers.numbers.scan import (
    _ID_PREFIXES,
    _IDIOMS,
    _NUMERIC,
    _RANGE_GAP,
    _SCALE_WORDS,
    _SKIP_PATTERNS,
    _STOP,
    _SUFFIX_SCALE,
    _after,
    _glued_ok,
    _is_date_context,
    _parse_numeral,
    _prev_word,
    _singular,
    _Unit,
    _unit_after,
    counted_noun,
)
from faithkit.text.currencies import CURRENCY_CODES, CURRENCY_SYMBOLS

__all__ = ["Rate", "extract_quantities", "quantities", "rate_of", "skipped_numerals"]


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
            cur = "$" if cur.strip().endswith("$") else cur.strip()  # "R$", "NT$": a dollar (``DOLLAR_PREFIX``)
            unit = CURRENCY_SYMBOLS.get(cur, cur)
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
            unit_info = counted_noun(text, _unit_after(text, end), value, word_number=False)
        if cur and unit_info.unit in CURRENCY_CODES:
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



_SUBUNITS = {"cent": ("EUR", "USD"), "pence": ("GBP",), "penny": ("GBP",)}
_EURO = re.compile(r"€|\beuros?\b|\bEUR\b", re.IGNORECASE)
_DOLLAR = re.compile(r"\$|\bdollars?\b|\bUSD\b", re.IGNORECASE)
_POUND = re.compile(r"£|\bpounds?\b|\bGBP\b", re.IGNORECASE)


def _subunit_currency(text: str, unit: str) -> str | None:
    """The currency a "cent" or "pence" of ``text`` is a hundredth of: the one the text itself names (a text
    that names both the euro and the dollar, or neither, leaves "cent" unresolved: a count, as before)."""
    if unit != "cent":
        return "GBP"
    euro, dollar = bool(_EURO.search(text)), bool(_DOLLAR.search(text))
    return "EUR" if euro and not dollar else "USD" if dollar and not euro else None


def _in_currency(text: str, qs: list[Quantity]) -> list[Quantity]:
    """"10 cent" is €0.10 and "50 pence" £0.50, so a price in cents compares with and combines with prices in
    euros ("at 10 cent a minute, 30 minutes cost €3"). Digits glued to "p" ("50p") are pence only in a text
    that names the pound."""
    out = []
    for q in qs:
        currency = _subunit_currency(text, q.unit) if q.unit in _SUBUNITS else None
        if currency is not None:
            q = _replace(q, value=q.value / 100, unit=currency, decimals=q.decimals + 2, unit_start=None,
                         unit_end=None)
        out.append(q)
    if _POUND.search(text):
        for m in re.finditer(r"(?<![\w.£$€])(\d{1,2}(?:\.\d+)?)p\b", text):
            if any(q.start <= m.start() < q.end for q in out):
                continue
            value, decimals = _parse_numeral(m.group(1))
            out.append(Quantity(value / 100, "GBP", m.start(), m.end(), m.start(1), m.end(1), m.group(0),
                                decimals=decimals + 2, per=_unit_after(text, m.end()).per))
    return sorted(out, key=lambda q: (q.start, q.end))


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
    return replace(q, **changes)  # type: ignore[arg-type]


def extract_quantities(text: str) -> list[Quantity]:
    """Every quantity in ``text``, in order of position. Deterministic and pure; see the module docstring."""
    taken: list[tuple[int, int]] = []
    for m in _SKIP_PATTERNS.finditer(text):
        taken.append((m.start(), m.end()))
    for m in re.finditer(r"\b[A-Za-z]+(?:-[A-Za-z0-9]+)+\b|24/7", text):
        if m.group(0).lower() in _IDIOMS:
            taken.append((m.start(), m.end()))
    fractions = _fraction_quantities(text, taken)
    taken += [(q.start, q.end) for q in fractions]
    numeric = _numeric_quantities(text, taken)
    taken += [(q.start, q.end) for q in numeric]
    words = _word_quantities(text, taken)
    taken += [(q.start, q.end) for q in words]
    ordinals = _ordinal_word_quantities(text, taken)
    halves = _half_quantities(text, taken)
    found = sorted(fractions + numeric + words + ordinals + halves, key=lambda q: (q.start, q.end))
    return _in_currency(text, _link_ranges(text, found))


@lru_cache(maxsize=8192)
def quantities(text: str) -> tuple[Quantity, ...]:
    """``extract_quantities``, cached: the same passages and claims are read many times per answer."""
    return tuple(extract_quantities(text))


@dataclass(frozen=True)
class Rate:
    """What a quantity is per, read from the words after it: ``€12 per user per month`` -> (month, user),
    ``$0.25 a minute`` -> (minute, None), ``600 requests per minute`` -> (minute, None), ``€12`` -> (None, None).

    period: a time unit (``minute`` ... ``year``) or None; per_noun: a singular count noun or None.
    """

    period: str | None = None
    per_noun: str | None = None


_PER_STEP = re.compile(r"\s*(?:(per|a|an|each|every)\s+|/\s*)([A-Za-z]+)\b", re.IGNORECASE)
_PERIOD_BEFORE = re.compile(r"\b(hourly|daily|weekly|monthly|yearly|annual)\s+(?:[a-z]+\s+){0,3}?"
                            r"(?:is|of|costs?|at)\s*$", re.IGNORECASE)
# "€20 for every started hour", "€10 for each extra day": a rate whose period has a word before it
_FOR_EVERY = re.compile(r"\s*,?\s*for\s+(?:each|every)\s+(?:[A-Za-z]+\s+)?([A-Za-z]+)\b", re.IGNORECASE)
# "Each rental day includes 150 km": the period is the subject the number is given to
_EACH_PERIOD_BEFORE = re.compile(r"\b(?:each|every|per)\s+(?:[a-z]+\s+)?([a-z]+)\s+(?:includes?|comes?\s+with|"
                                 r"gets?|has|gives?)\s+(?:up\s+to\s+|an?\s+)?$", re.IGNORECASE)
_PERIOD_ADVERBS = {"hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month", "yearly": "year",
                   "annually": "year"}


@lru_cache(maxsize=65536)
def rate_of(text: str, q: Quantity) -> Rate:
    """The rate a quantity states, from at most two "per X" steps right after it (see ``Rate``). "a"/"an"
    count only before a time unit ("€12 a month", never "8 users a discount"). A period also comes from "for
    every / for each (word) <period>" right after it ("€20 for every started hour") and from "each / every
    <period> includes" right before it ("Each rental day includes 150 km"): without them "2.5 hours late counts
    as 3 hours: €60" had no operand to compute €60 from, and its reason blamed the €60 (session 38)."""
    period, noun = (_TIME_UNITS.get(q.per.lower()) if q.per else None), None
    pos = q.end
    for _ in range(2):
        m = _PER_STEP.match(text, pos)
        if not m:
            adverb = re.match(r"\s*,?\s*([A-Za-z]+)\b", text[pos:pos + 20])
            if adverb and adverb.group(1).lower() in _PERIOD_ADVERBS and period is None:
                period = _PERIOD_ADVERBS[adverb.group(1).lower()]
            break
        word = m.group(2).lower()
        if word in _TIME_UNITS and len(word) > 1:
            period = period or _TIME_UNITS[word]
        elif (m.group(1) or "/").lower() in ("per", "each", "/") and noun is None and len(word) > 2 \
                and word not in _STOP:
            noun = _singular(word)
        else:
            break
        pos = m.end()
    if period is None and pos == q.end:
        after = _FOR_EVERY.match(text, pos)
        if after and after.group(1).lower() in _TIME_UNITS and len(after.group(1)) > 1:
            period = _TIME_UNITS[after.group(1).lower()]
    if period is None:  # "the daily withdrawal limit is €500", "a monthly fee of €5"
        before = _PERIOD_BEFORE.search(text[max(0, q.start - 60):q.start])
        if before:
            period = _PERIOD_ADVERBS.get(before.group(1).lower()) or "year"
    if period is None:
        subject = _EACH_PERIOD_BEFORE.search(text[max(0, q.start - 60):q.start])
        if subject and subject.group(1).lower() in _TIME_UNITS and len(subject.group(1)) > 1:
            period = _TIME_UNITS[subject.group(1).lower()]
    return Rate(period, noun)
