"""A quantity and its units: what a number in a text is, and when two of them are the same amount.

Units are normalised so that equal amounts compare equal: data to GB, durations to days (seconds to weeks) or to
months (months, years), currencies to ISO codes, everything else that follows a number to a singular count noun.
Rates keep their denominator (``per``), and two rates with different denominators are never the same amount.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from faithkit.text.currencies import CODE_PATTERN, CURRENCY_CODES, SIGN_CLASS

__all__ = [
    "Quantity",
    "base_value",
    "compatible_units",
    "dimension",
    "number_text",
    "same_amount",
    "TIME_ADJECTIVES",
    "WORKING_ADJECTIVES",
    "WORKING_DAY",
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

CURRENCY_SIGNS = SIGN_CLASS  # every sign (``text.currencies``)
# a dollar sign with its country in front ("R$65", "NT$99", "US$5"): the amount starts at the country's letters
# ("Total: R$368" is a total's label right before its number). Read as the dollar "$" is: an answer that writes
# "$65" for a passage's "R$65" uses the passage's own dollar, so the two must still meet
_DOLLAR_COUNTRIES = ("R", "A", "AU", "C", "CA", "NZ", "HK", "S", "SG", "US", "MX", "NT")
DOLLAR_PREFIX = r"\b(?:" + "|".join(sorted(_DOLLAR_COUNTRIES, key=len, reverse=True)) + r")\$\s?"
# a code written before an amount ("CHF 34"): the scanner's prefix and the written expressions' (``written``); a code
# after an amount ("490 PLN") is the unit the scanner reads after a number (``text.currencies``: every ISO 4217 code)
CURRENCY_CODE_PREFIX = r"\b" + CODE_PATTERN + r"\s?"
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
TIME_ADJECTIVES = {"business", "working", "calendar", "full", "consecutive", "additional", "extra"}
# "2 working days" is not 48 hours nor "2 days": a unit of its own, the same amount only as other working days
WORKING_ADJECTIVES = {"business", "working"}
WORKING_DAY = "working day"

def _plain(value: float) -> float | int:
    return int(value) if float(value).is_integer() and abs(value) < 1e15 else value


def number_text(value: float, decimals: int | None = None) -> str:
    """A value as a person would write it: 96, 12.5, 0.25 (no trailing .0, no float noise)."""
    if decimals is not None and decimals > 0:
        return f"{value:.{decimals}f}"
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.6g}" if abs(value) < 1e6 else f"{value:.6e}"


# ------------------------------------------------------------------------------------------- normalisation


def dimension(unit: str | None) -> str | None:
    """The comparable dimension of a unit: ``currency:EUR``, ``data``, ``time_d`` (seconds..weeks),
    ``time_m`` (months, years), ``time_w`` (working or business days), ``%``, ``times``, ``count`` (any count
    noun), or None (bare number)."""
    if unit is None:
        return None
    if unit in CURRENCY_CODES:
        return f"currency:{unit}"
    if unit in _DATA_TO_GB:
        return "data"
    if unit in _TO_DAYS:
        return "time_d"
    if unit in _TO_MONTHS:
        return "time_m"
    if unit in ("%", "times"):
        return unit
    if unit == WORKING_DAY:
        return "time_w"
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


# currencies whose hundredth is a "cent": a cent its own text left unresolved (it names no currency) is one of these
_CENT_CURRENCIES = ("USD", "EUR")


_Item = TypeVar("_Item")


def own_unit_first(q: Quantity, found: Sequence[tuple[_Item, Quantity]]) -> _Item | None:
    """Of ``found`` (an item and a quantity stating ``q``'s amount), the first item whose quantity writes it in
    ``q``'s own unit, else the first item; None when there is none. Why: a bare number has no unit and so states any
    amount, and "takes 10% off" was read from a "Fixed Desk members get 10" before the sentence that gives "10% off"
    (the discount's sentence, which the arithmetic and the explanation need; session 35)."""
    return next((item for item, s in found if s.unit == q.unit), found[0][0] if found else None)


def same_amount(a: Quantity, b: Quantity) -> bool:
    """Equal value (after unit conversion within a dimension) and compatible units: "fifty gigabytes" == "50 GB".
    A "cent" its own sentence left unresolved (no currency named there) is a hundredth of a dollar or a euro:
    "Extra miles cost 45 cents each." states the "45 cents" of a passage that names the dollar elsewhere, which
    the passage's reading turned into $0.45."""
    for x, y in ((a, b), (b, a)):
        if x.unit == "cent" and y.unit in _CENT_CURRENCIES and not (x.per and y.per and x.per != y.per):
            return math.isclose(x.value / 100, y.value, rel_tol=1e-9, abs_tol=1e-12)
    if not compatible_units(a, b):
        return False
    if dimension(a.unit) == dimension(b.unit):
        x, y = base_value(a.value, a.unit), base_value(b.value, b.unit)
    else:
        x, y = a.value, b.value
    return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)

