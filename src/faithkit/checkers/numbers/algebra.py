"""Unit algebra for the derivation search: which operations on which units a reader would accept.

An expression is a derivation only if its units make sense, because a calculator with a dozen numbers to hand
finds almost any value by accident, and the accidents nearly always mix units ("$5 = 0.0277778 days × 3 × $60":
a duration times a count times a price). The rules:

× : a count, multiplier, ratio or bare number scales anything (€ × users = €, GB × users = GB; 3 × 14 days =
    42 days); a percentage scales a measure (50% × $35 = $17.50). A *rate* times a duration of its period is
    an amount (€12 per month × 3 months = €36; $0.25 per minute × 20 minutes = $5; 600 requests per minute ×
    5 minutes = 3,000 requests). Money or data times a duration without such a rate is nothing: "currency ×
    days" is not a price.
÷ : anything divided by a scalar keeps its unit (€96 ÷ 8 users = €12); equal units give a ``ratio`` (14 days ÷
    7 days, $5 ÷ $20 = 25%); money, data or a count over a duration is a rate of that period.
+ − : equal units only (counts of the same noun, ratios and percentages together, rates of one period, or one
    period's charge and a one-off fee: "5 × €12 per month + €30"), or a bare number with a count. A ratio never
    adds to a count.

Rates: ``per`` is the dimension of the period (``time_d`` for seconds..weeks, ``time_m`` for months, years)
and a rate's value is stored per base unit of it (per day, per month), so $0.25 per minute is 360 per day and
20 minutes is 0.01389 days. A percentage is stored as a fraction (25% -> 0.25), so 25% and $5 ÷ $20 compare.
What a rate is per ("€12 per user") is used in one direction: "8-person team" × "€12 per user" is a total
(how people write), so the product is no longer per user and cannot be a claim's "€96 per user" (issue 15:
"I have 8 users" + "€12 per user" passed "costs €96 per user per month" as 96 = 8 × 12). Likewise a head count
(people, users, seats...) never scales a duration: "3 people" × "within 30 days" is not "within 90 days".
"""

from __future__ import annotations

from dataclasses import dataclass

SCALAR = frozenset({None, "count", "times"})
SCALE = SCALAR | {"ratio"}
TIMES = frozenset({"time_d", "time_m"})
BASE_TIME_UNIT = {"time_d": "day", "time_m": "month"}
_AMOUNTS = ("currency", "data")


@dataclass(frozen=True)
class Dim:
    """The unit of a value in the search: dimension, count noun (for counts), rate period, per-noun."""

    dim: str | None
    noun: str | None = None
    per: str | None = None
    per_noun: str | None = None


def _is_amount(dim: str | None) -> bool:
    return dim is not None and dim.startswith(_AMOUNTS)


HEAD_NOUNS = frozenset("user person people seat member employee customer agent admin teammate guest student "
                       "participant attendee viewer editor owner licence license account worker staff".split())


def _is_head_count(d: Dim) -> bool:
    """A count of people or seats: what multiplies a per-person price into a total, never a duration."""
    head = d.noun.lower().split()[-1] if d.dim == "count" and d.noun else ""  # "new user": a user
    return head.rstrip("s") in HEAD_NOUNS | {"peopl"}


def _scale_product(a: Dim, b: Dim) -> Dim | None:
    """``a`` (a measure or rate) scaled by ``b`` (a count, multiplier, ratio, percentage or bare number)."""
    return Dim(a.dim, a.noun, a.per, None if b.dim == "count" and b.noun else a.per_noun)


def _times_duration(rate: Dim, duration: Dim) -> Dim | None:
    """A rate of ``duration``'s period times that duration is an amount; anything else is nothing."""
    if rate.per != duration.dim:
        return None
    return Dim(rate.dim, rate.noun, None, rate.per_noun)


def combine(op: str, a: Dim, b: Dim) -> Dim | None:
    """The unit of ``a op b``, or None when no reader would accept the operation (module docstring)."""
    if op == "×":
        if a.dim in TIMES and b.per:
            return _times_duration(b, a)
        if b.dim in TIMES and a.per:
            return _times_duration(a, b)
        if a.per and b.per:
            return None
        if (a.dim in TIMES and _is_head_count(b)) or (b.dim in TIMES and _is_head_count(a)):
            return None  # 3 people × 30 days is not 90 days
        if a.dim in SCALE and b.dim in SCALE:
            if a.per or b.per:
                return _scale_product(a, b) if a.per else _scale_product(b, a)
            for dim in ("count", "ratio", "times"):
                if dim in (a.dim, b.dim):
                    return Dim(dim, (a.noun or b.noun) if dim == "count" else None)
            return Dim(None)
        if a.dim in SCALE or a.dim == "%":
            return _scale_product(b, a) if b.dim != "%" else None
        if b.dim in SCALE or b.dim == "%":
            return _scale_product(a, b)
        return None
    if op == "÷":
        if b.per:
            return Dim("ratio") if a.per == b.per and a.dim == b.dim else None  # $30 a month ÷ $10 a month
        if b.dim in SCALE:
            if a.dim not in SCALE:
                return Dim(a.dim, a.noun, a.per, a.per_noun)
            if a.per:
                return Dim(a.dim, a.noun, a.per, a.per_noun)
            if a.dim == "count":
                return Dim("ratio") if b.dim == "count" else Dim("count", a.noun)
            if b.dim == "count" or "ratio" in (a.dim, b.dim):
                return Dim("ratio")
            return Dim(None)
        if a.dim == b.dim and not a.per:
            return Dim("ratio")
        if b.dim in TIMES and not a.per and (_is_amount(a.dim) or a.dim == "count"):
            return Dim(a.dim, a.noun, b.dim)
        return None
    if a.per and b.per and a.per != b.per:
        return None
    if a.dim == b.dim or {a.dim, b.dim} <= {"%", "ratio"}:
        if a.dim == "count" and a.noun and b.noun and a.noun != b.noun:
            return None
        per = a.per if a.per == b.per else None  # one period's charge plus a one-off fee is an amount
        return Dim(a.dim, a.noun or b.noun, per, a.per_noun or b.per_noun)
    if {a.dim, b.dim} == {None, "count"}:
        return Dim("count", a.noun or b.noun)
    return None


def apply(op: str, a: float, b: float) -> float | None:
    """``a op b`` on base-unit values (percentages already fractions); None for a division by zero."""
    if op == "+":
        return a + b
    if op == "−":
        return a - b
    if op == "×":
        return a * b
    if b == 0:
        return None
    return a / b


def result_fits(target: Dim, result: Dim) -> bool:
    """Whether a computed unit can be the claim's number: same dimension (a percentage may be a ratio; a
    count, multiplier or bare number any scalar), and no clash of rate periods where both state one."""
    if target.per and result.per and target.per != result.per:
        return False
    if target.per_noun and target.per_noun != result.per_noun:
        return False  # "€96 per user" cannot be a total that a head count made out of "€12 per user"
    if target.dim is None:
        return True
    if target.dim in SCALAR:
        return result.dim in SCALE and not result.per
    if target.dim == "%":
        return result.dim in ("%", "ratio")
    return result.dim == target.dim
