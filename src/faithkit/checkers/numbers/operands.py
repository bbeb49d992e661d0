"""The records of the derivation search: an operand, an expression that reproduces a claim number, a search.

Values are in base units (GB, days, months; a rate per day or per month; a percentage as a fraction), so that
the search compares like with like; labels keep the numbers as the texts wrote them, so that an expression reads
as a person would check it ("€96 = 8 × 12", "€36 = 3 months × €12/month").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from faithkit.checkers.numbers.algebra import BASE_TIME_UNIT, SCALE, TIMES, Dim, apply, combine
from faithkit.checkers.numbers.quantity import Quantity, base_value, dimension, number_text

# the passage id of the answer's own grounded statements among the sources (``analysis.grounding_rounds``)
ANSWER_SOURCE = "answer"

OPS = ("+", "−", "×", "÷")


@dataclass(frozen=True)
class Operand:
    """One number the search may use.

    value: in base units (see the module docstring).
    unit: its ``Dim``: dimension, count noun, rate period and per-noun.
    label: how it is written in an expression ("12", "50", "20%").
    origins: where this amount was seen (a passage amount the claim repeats is both ``passage`` and ``claim``).
    source: passage id, ``question`` or ``claim`` of the first occurrence.
    quantity: that first occurrence; claim_quantity: the claim's own occurrence, when the claim states it.
    given: a number the claim supplies for its own scenario (see ``analysis``); context: the sentence the
        operand was read from, for the rest-of-claim check; period_unit: the time unit of its rate, as written
        ("minute" for $0.25 per minute); complement: 1 − a discount the passage states ("(1 − 20%)": what is
        left to pay after "20% off"; ``pool``).
    """

    value: float
    unit: Dim
    label: str
    origins: frozenset[str]
    source: str
    quantity: Quantity
    claim_quantity: Quantity | None = None
    given: bool = False
    context: str = ""
    period_unit: str | None = None
    complement: bool = False

    @property
    def dim(self) -> str | None:
        return self.unit.dim

    @property
    def noun(self) -> str | None:
        return self.unit.noun

    @property
    def user_supplied(self) -> bool:
        return bool(self.origins & {"question", "claim"})


@dataclass(frozen=True)
class Derivation:
    """An expression over 2 or 3 operands that reproduces a claim number.

    shape: ``ab`` (a op1 b), ``abc`` ((a op1 b) op2 c) or ``cab`` (c op2 (a op1 b)).
    justified / reason: whether it passes the coincidence guard, and why ("operand from the claim", "cue
        'in total'"); an unjustified derivation is reported but never counts.
    target_period: the time unit of the target's rate in the claim ("year" for "you save $24 a year"), or None.
    """

    target: Quantity
    operands: tuple[Operand, ...]
    ops: tuple[str, ...]
    shape: str
    value: float
    justified: bool
    reason: str
    target_period: str | None = None

    @property
    def expression(self) -> str:
        """``96 = 8 × 12``; with units written out when an operand's unit differs from the claim's
        (``€144 = 12 months × €12``), since the arithmetic runs in base units (GB, days, months); with each rate's
        period when the rates have different ones (``$24 per year = $12 per month − $120 per year``: the search
        compared $12 and $10 a month, and "24 = 12 − 120" read as wrong arithmetic)."""
        periods = {o.period_unit for o in self.operands if o.period_unit} | {self.target_period} - {None}
        if len(periods) > 1:
            labels = [f"{with_unit(o)} per {o.period_unit}" if o.period_unit
                      else o.label if o.dim in SCALE or o.dim == "%" else with_unit(o) for o in self.operands]
            target = _quantity_text(self.target) + (f" per {self.target_period}" if self.target_period else "")
            return f"{target} = {self.formula(labels)}"
        units = {o.quantity.unit for o in self.operands if o.dim not in SCALE and o.dim != "%"}
        if units <= {self.target.unit}:
            return f"{number_text(self.target.value, self.target.decimals or None)} = {self.formula()}"
        period = next((o.period_unit for o in self.operands if o.period_unit), None)
        labels = [o.label if o.dim in SCALE or o.dim == "%" else with_unit(o, period) for o in self.operands]
        return f"{_quantity_text(self.target)} = {self.formula(labels)}"

    def formula(self, labels: Sequence[str] | None = None) -> str:
        a, b, *rest = labels if labels is not None else [o.label for o in self.operands]
        inner = f"{a} {self.ops[0]} {b}"
        if self.shape == "ab":
            return inner
        c = rest[0]
        if self.shape == "abc":
            return f"({inner}) {self.ops[1]} {c}" if _needs_parens(self.ops[0], self.ops[1], True) \
                else f"{inner} {self.ops[1]} {c}"
        return f"{c} {self.ops[1]} ({inner})" if _needs_parens(self.ops[0], self.ops[1], False) \
            else f"{c} {self.ops[1]} {inner}"

    def evaluate(self, values: Sequence[float]) -> float | None:
        """The expression on other operand values (same units), e.g. with the user's 8 set to 1."""
        a, b, *rest = values
        first = apply(self.ops[0], a, b)
        if first is None or self.shape == "ab":
            return first
        if combine(self.ops[0], self.operands[0].unit, self.operands[1].unit) is None:
            return None
        c = rest[0]
        return apply(self.ops[1], first, c) if self.shape == "abc" else apply(self.ops[1], c, first)

    @property
    def uses_givens(self) -> int:
        return sum(o.given for o in self.operands)


SHOWN_WORK = "every operand stated in the claim"
"""The weakest justification of + and − (``justify``): ranked after every other, so it decides only where nothing
else explains the number ("Three day tickets would be CHF 237 (the pass is CHF 225, parking CHF 12)." is 3 × 79,
the claim's count times the ticket price, not 225 + 12)."""


def rank(d: Derivation) -> tuple:
    """Preference among justified derivations: a reason stronger than ``SHOWN_WORK``, then more givens used (a
    given must be used), then more operands the claim or the question states (user-supplied), then fewer operands,
    then × before ÷ before + before −; the rest only makes it deterministic. The claim's own numbers before fewer
    operands (session 28): "Two weeknights ... are ¥22,000, and your 5% member discount takes ¥1,100 off" is 5% ×
    11,000 × 2, not two passage prices that happen to differ by 1,100 (2,000 − 900); a coincidence of passage
    numbers also lent the wrong sentences to the rest-of-claim word test and the operand conditions."""
    user = sum(o.user_supplied for o in d.operands)
    return (SHOWN_WORK in d.reason, -d.uses_givens, -user, len(d.operands), tuple("×÷+−".index(o) for o in d.ops),
            d.shape, tuple(o.label for o in d.operands))


@dataclass(frozen=True)
class SearchResult:
    """All derivations found for one target (capped, in enumeration order), the best one, and the work spent."""

    target: Quantity
    derivations: tuple[Derivation, ...]
    work: int
    pool_size: int

    @property
    def best(self) -> Derivation | None:
        justified = [d for d in self.derivations if d.justified]
        return min(justified, key=rank) if justified else None

    @property
    def best_unjustified(self) -> Derivation | None:
        return min(self.derivations, key=rank) if self.derivations else None


def _needs_parens(inner: str, outer: str, inner_first: bool) -> bool:
    """Parentheses for a readable, correct expression: (a + b) × c, c − (a + b), c ÷ (a × b)."""
    if inner_first:
        return inner in ("+", "−") and outer in ("×", "÷")
    return not (outer == "+" or (outer == "×" and inner in ("×", "÷")))


_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}
_TIME_WORDS = ("second", "minute", "hour", "day", "week", "month", "year")


def _quantity_text(q: Quantity, value: float | None = None, unit: str | None = None) -> str:
    converted = value is not None
    value = q.value if value is None else round(value, 9)  # unit conversions leave float noise (29.999…)
    unit = q.unit if unit is None else unit
    number = number_text(value, None if converted and float(value).is_integer() else q.decimals or None)
    if unit is None:
        return number
    if unit in _SYMBOLS:
        return f"{_SYMBOLS[unit]}{number}"
    if unit == "%":
        return f"{number}%"
    plural = "s" if unit in _TIME_WORDS and value != 1 else ""
    return f"{number} {unit}{plural}"


def with_unit(o: Operand, period: str | None = None) -> str:
    """``€12``, ``50 GB``, ``20 minutes``; a duration is written in the unit of the expression's rate when
    there is one (1 year next to a monthly rate -> ``12 months``), else as the text wrote it."""
    q = o.quantity
    dim = dimension(q.unit)
    if dim in TIMES and period and dimension(period) == dim and q.unit != period:
        return _quantity_text(q, base_value(q.value, q.unit) / base_value(1.0, period), period)
    if dim in TIMES and period is None and q.unit == "year":
        return _quantity_text(q, base_value(q.value, q.unit), BASE_TIME_UNIT[dim])
    return _quantity_text(q)
