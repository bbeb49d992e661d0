"""Numbers a claim states that no passage contains, and a bounded calculator that tries to derive them.

No classifier can do arithmetic (Move 4 of the Larkspur lesson): NLI flags the correct "8 users × €12 = €96"
exactly like a wrong "€97", and some detectors pass "up to 12 users" although no passage says 12. The rule the
lesson gives is mechanical, so it is code: find the numbers of a claim that no passage contains, and try to
compute each from the numbers the claim may use.

Status of each claim number (``NumberStatus.status``):
    in_sources   some passage states the same amount (by value, and by compatible unit where both have one)
    in_question  the question states it (a quantity the user supplied: "our 8-person team")
    not_checked  an ordinal or a small word count ("the fifth season", "two black holes"): names and idioms
                 more often than quantities, so never flagged (see ``_not_checked``)
    given        a count or duration the claim itself supplies and then uses in a derivation ("with 8 users ...
                 400 GB", "one year ... €144")
    derived      computed by a justified expression of two or three operands ("96 = 8 × 12")
    unverified   none of the above

The search (``find_derivations``) combines the operands with +, −, ×, ÷ in every two- and three-operand shape,
with unit sanity (GB × users is GB, € × users is €, € + GB is nothing; see ``_combine``). It is exhaustive over
the operand pool and bounded: the pool is capped at ``max_operands`` (the question's and claim's numbers first,
then passage numbers ranked by closeness to the claim), two-operand results are tabulated once, and each
three-operand shape is a sorted-array lookup, so the work is at most ``work_bound(max_operands)`` steps whether a
passage holds 5 numbers or 500. Enumeration order is fixed, so the result is deterministic.

The coincidence guard. With a dozen numbers almost any small number is derivable ("five computers + one
computer = up to six computers"). A derivation counts only when it is *justified* (``_justify``): every + and −
must be stated by the claim ("in total", "more than", ...; see ``RELATION_CUES``), and × / ÷ need either such a
cue or a user-supplied count (from the question, or stated in the claim) scaling a measured amount in a plain
product or single quotient ("€96 = 8 × 12"). ``benchmarks/false_derivation.py`` measures how often a claim whose
number was replaced by a random nearby value still comes out derived (without the guard: about 20%; with it:
1 in 1,071 on the bundled corpora), and how many correct derived claims it still verifies.

Givens. "A Team workspace with 8 users has 400 GB" states two numbers no passage has: 8 is the user's scenario,
400 follows from it. A missing count or duration may be taken as a given only if it is used as an operand in the
derivation of another missing number; a given that derives nothing is just an unsupported number ("up to 12
users"). Subsets of givens are tried smallest first (at most ``max_givens``).
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from faithkit.records import Passage
from faithkit.text.numbers import (
    Quantity,
    base_value,
    dimension,
    extract_quantities,
    format_number,
    same_amount,
    skipped_numerals,
)

__all__ = [
    "Derivation",
    "NumberReport",
    "NumberStatus",
    "Operand",
    "SearchResult",
    "analyse_claim_numbers",
    "claim_work_bound",
    "find_derivations",
    "numbers_not_in_sources",
    "reduced_claim",
    "work_bound",
]

OPS = ("+", "−", "×", "÷")
RELATION_CUES: dict[str, tuple[str, ...]] = {
    "+": ("in total", "altogether", "combined", "together", "in all", "plus", "sum of", "more than",
          "longer than", "later than", "extra", "additional", "on top of", "added"),
    "−": ("more than", "less than", "fewer than", "longer than", "shorter than", "difference", "left",
          "remaining", "remain", "minus", "cheaper", "save", "saves", "saving", "lower than", "higher than",
          "after deducting", "fewer", "less"),
    "×": ("in total", "altogether", "combined", "times", "multiplied", "× ", "x as", "twice", "double",
          "triple"),
    "÷": ("times as", "ratio", "divided", "split", "half", "works out", "apiece"),
}
# "each/per ... so <total>": the computed number must come after the "so".
_CLAUSE_CUES = {"×": (("each", "per", "every"), ("so", "therefore", "which means", "which comes to")),
                "÷": (("each", "per", "every"), ("so", "therefore", "which means", "which comes to"))}
_SCALAR = {None, "count", "times"}
_SCALE = _SCALAR | {"ratio"}
_TIMES = {"time_d", "time_m"}
_BASE_TIME_UNIT = {"time_d": "day", "time_m": "month"}
_MAX_CANDIDATES_PER_LOOKUP = 8
_MAX_DERIVATIONS_KEPT = 256


@dataclass(frozen=True)
class Operand:
    """One number the search may use.

    value: in the dimension's base unit (GB, days, months; a percentage as written, 20 for 20%).
    dim / noun: ``dimension(unit)`` and, for counts, the singular count noun.
    label: how it is written in an expression ("12", "50", "20%").
    origins: where this amount was seen (a passage amount the claim repeats is both ``passage`` and ``claim``).
    source: passage id, ``question`` or ``claim`` of the first occurrence.
    quantity: that first occurrence; claim_quantity: the claim's own occurrence, when the claim states it.
    """

    value: float
    dim: str | None
    noun: str | None
    label: str
    origins: frozenset[str]
    source: str
    quantity: Quantity
    claim_quantity: Quantity | None = None
    given: bool = False

    @property
    def user_supplied(self) -> bool:
        return bool(self.origins & {"question", "claim"})


@dataclass(frozen=True)
class Derivation:
    """An expression over 2 or 3 operands that reproduces a claim number.

    shape: ``ab`` (a op1 b), ``abc`` ((a op1 b) op2 c) or ``cab`` (c op2 (a op1 b)).
    justified / reason: whether it passes the coincidence guard, and why ("operand from the claim", "cue
        'in total'"); an unjustified derivation is reported but never counts.
    """

    target: Quantity
    operands: tuple[Operand, ...]
    ops: tuple[str, ...]
    shape: str
    value: float
    justified: bool
    reason: str

    @property
    def expression(self) -> str:
        """``96 = 8 × 12``; with units written out when an operand's unit differs from the claim's
        (``€144 = 12 months × €12``), since the arithmetic runs in base units (GB, days, months)."""
        units = {o.quantity.unit for o in self.operands if o.dim not in _SCALE and o.dim != "%"}
        if units <= {self.target.unit}:
            return f"{_label_target(self.target)} = {self.formula()}"
        labels = [o.label if o.dim in _SCALE or o.dim == "%" else _with_unit(o.quantity, base=True)
                  for o in self.operands]
        return f"{_with_unit(self.target)} = {self.formula(labels)}"

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
        """The expression on other operand values (same dims), e.g. with the user's 8 set to 1."""
        a, b, *rest = values
        first = _apply(self.ops[0], a, b, self.operands[0].dim, self.operands[1].dim)
        if first is None or self.shape == "ab":
            return first
        c, c_dim = rest[0], self.operands[2].dim
        d1 = _combine(self.ops[0], self.operands[0].dim, self.operands[1].dim,
                      self.operands[0].noun, self.operands[1].noun)
        if d1 is None:
            return None
        if self.shape == "abc":
            return _apply(self.ops[1], first, c, d1.dim, c_dim)
        return _apply(self.ops[1], c, first, c_dim, d1.dim)

    @property
    def uses_givens(self) -> int:
        return sum(o.given for o in self.operands)


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
        return min(justified, key=_rank) if justified else None

    @property
    def best_unjustified(self) -> Derivation | None:
        return min(self.derivations, key=_rank) if self.derivations else None


@dataclass(frozen=True)
class NumberStatus:
    """One number of a claim and what the check concluded about it."""

    quantity: Quantity
    status: str
    expression: str | None = None
    source: str | None = None
    coincidence: str | None = None

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {**self.quantity.as_dict(), "status": self.status}
        for key in ("expression", "source", "coincidence"):
            value = getattr(self, key)
            if value:
                out[key] = value
        return out


@dataclass(frozen=True)
class NumberReport:
    """The numbers of one claim. ``accepted``: every number is in the sources, in the question, a used given,
    or derived. ``work``: search steps spent (bounded by ``work_bound``)."""

    numbers: tuple[NumberStatus, ...]
    accepted: bool
    derivations: tuple[Derivation, ...] = ()
    work: int = 0
    note: str = ""

    @property
    def missing(self) -> list[NumberStatus]:
        return [n for n in self.numbers if n.status not in ("in_sources", "in_question", "not_checked")]

    @property
    def unverified(self) -> list[NumberStatus]:
        return [n for n in self.numbers if n.status == "unverified"]

    @property
    def derived(self) -> list[NumberStatus]:
        return [n for n in self.numbers if n.status == "derived"]

    def as_dicts(self) -> list[dict[str, object]]:
        return [n.as_dict() for n in self.numbers]


# ------------------------------------------------------------------------------------------ number lookup


@lru_cache(maxsize=8192)
def _quantities(text: str) -> tuple[Quantity, ...]:
    return tuple(extract_quantities(text))


def _passage_items(passages: Iterable[Passage | str]) -> list[tuple[str, str]]:
    out = []
    for i, p in enumerate(passages):
        out.append((p.id, p.text) if isinstance(p, Passage) else (f"p{i}", str(p)))
    return out


@lru_cache(maxsize=8192)
def _skipped(text: str) -> frozenset[str]:
    return frozenset(skipped_numerals(text))


def _numeral(claim: str, q: Quantity) -> str | None:
    raw = claim[q.num_start:q.num_end]
    return raw.replace(",", "") if raw[:1].isdigit() else None


def _in_text(claim: str, q: Quantity, text: str) -> bool:
    """Same amount as a quantity of ``text``, or the same digits as a number ``text`` names but does not count
    (a code, a year): "429 errors" is in "HTTP 429"; "12 users" is not in "€12" (that 12 is counted, in €)."""
    if any(same_amount(q, s) for s in _quantities(text)):
        return True
    numeral = _numeral(claim, q)
    return numeral is not None and numeral in _skipped(text)


def numbers_not_in_sources(claim: str, passages: Iterable[Passage | str]) -> list[Quantity]:
    """The quantities of ``claim`` that appear in no passage, by value and, where both sides have one, by
    compatible unit: "fifty gigabytes" matches "50 GB"; "up to 12 users" does not match "€12"."""
    texts = [text for _, text in _passage_items(passages)]
    return [q for q in _quantities(claim) if not any(_in_text(claim, q, t) for t in texts)]


# ------------------------------------------------------------------------------------------- unit algebra


@dataclass(frozen=True)
class _Dim:
    dim: str | None
    noun: str | None = None


def _is_measure(dim: str | None) -> bool:
    return dim not in _SCALAR and dim != "%"


def _combine(op: str, a: str | None, b: str | None, noun_a: str | None, noun_b: str | None) -> _Dim | None:
    """The dimension of ``a op b``, or None when the units make the operation meaningless.

    × : a count, multiplier, ratio or bare number scales anything (€ × users = €, GB × users = GB); a
        percentage scales a measure; a money or data amount times a duration is a rate times a time.
    ÷ : anything divided by a scalar keeps its unit (€96 ÷ 8 users = €12); equal units give a ``ratio``
        (14 days ÷ 7 days), and so do counts over counts; money or data over a duration is a rate.
    + − : equal units only (counts of the same noun, ratios with ratios), or a bare number with a count. A
        ratio never adds to a count: "8 people − 14 days ÷ 7 days" is not a number of people.
    """
    if op == "×":
        if a in _SCALE and b in _SCALE:
            for dim in ("count", "ratio", "times"):
                if dim in (a, b):
                    return _Dim(dim, (noun_a or noun_b) if dim == "count" else None)
            return _Dim(None)
        if a in _SCALE:
            return _Dim(b, noun_b)
        if b in _SCALE:
            return _Dim(a, noun_a)
        if a == "%" and b != "%":
            return _Dim(b, noun_b)
        if b == "%" and a != "%":
            return _Dim(a, noun_a)
        times = {"time_d", "time_m"}
        if a in times and b is not None and b.startswith(("currency", "data")):
            return _Dim(b)
        if b in times and a is not None and a.startswith(("currency", "data")):
            return _Dim(a)
        return None
    if op == "÷":
        if b in _SCALE:
            if a not in _SCALE:
                return _Dim(a, noun_a)
            if a == "count":
                return _Dim("ratio") if b == "count" else _Dim("count", noun_a)
            if b == "count" or "ratio" in (a, b):
                return _Dim("ratio")
            return _Dim(None)
        if a == b:
            return _Dim("ratio")
        if b in ("time_d", "time_m") and a is not None and a.startswith(("currency", "data")):
            return _Dim(a)
        return None
    if a == b:
        if a == "count" and noun_a and noun_b and noun_a != noun_b:
            return None
        return _Dim(a, noun_a or noun_b)
    if {a, b} == {None, "count"}:
        return _Dim("count", noun_a or noun_b)
    return None


def _apply(op: str, a: float, b: float, dim_a: str | None, dim_b: str | None) -> float | None:
    if op == "+":
        return a + b
    if op == "−":
        return a - b
    if op == "×":
        if dim_a == "%" and dim_b != "%":
            return a / 100 * b
        if dim_b == "%" and dim_a != "%":
            return a * b / 100
        return a * b
    if b == 0:
        return None
    return a / b


def _result_fits(target_dim: str | None, dim: str | None) -> bool:
    if target_dim is None:
        return True
    if target_dim in _SCALAR:
        return dim in _SCALE
    return dim == target_dim


def _needs_parens(inner: str, outer: str, inner_first: bool) -> bool:
    """Parentheses for a readable, correct expression: (a + b) × c, c − (a + b), c ÷ (a × b)."""
    if inner_first:
        return inner in ("+", "−") and outer in ("×", "÷")
    return not (outer == "+" or (outer == "×" and inner in ("×", "÷")))


_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}


def _with_unit(q: Quantity, base: bool = False) -> str:
    """``€144``, ``50 GB``, ``3 months``; with ``base``, a duration in its base unit (1 year -> ``12 months``)."""
    value, unit = q.value, q.unit
    dim = dimension(unit)
    if base and dim in _TIMES:
        value, unit = base_value(q.value, q.unit), _BASE_TIME_UNIT[dim]
    number = format_number(value, q.decimals or None)
    if unit is None:
        return number
    if unit in _SYMBOLS:
        return f"{_SYMBOLS[unit]}{number}"
    plural = "s" if unit in ("second", "minute", "hour", "day", "week", "month", "year") and value != 1 else ""
    return f"{number} {unit}{plural}"


def _label_target(q: Quantity) -> str:
    return format_number(q.value, q.decimals or None)


# ---------------------------------------------------------------------------------------------- the search


def work_bound(max_operands: int) -> int:
    """Worst-case search steps for one target with a pool of N = ``max_operands`` operands.

    Pair table: 3·N·(N−1) (ordered pairs for − and ÷, unordered for + and ×), so at most P = 3·N·(N−1) pairs;
    the two-operand lookup: 1 bisect + at most P matches; the three-operand shapes: 6 lookups per pair, each
    returning at most 8 candidates. Total 1 + 3·N·(N−1)·(1 + 1 + 6·9) = 1 + 168·N·(N−1), independent of how
    many numbers the passages hold (N=20: 63,841).
    """
    n = max_operands
    pairs = 3 * n * (n - 1)
    return 1 + pairs * (2 + 6 * (1 + _MAX_CANDIDATES_PER_LOOKUP))


def claim_work_bound(max_operands: int = 20, max_missing: int = 4, max_givens: int = 2) -> int:
    """Worst-case search steps for one claim: one search per (set of givens, target) pair, each within
    ``work_bound``. With the defaults (4 missing numbers, givens of size <= 2): 4 + 4·3 + 6·2 = 28 searches,
    1,787,548 steps. Building the pools is linear in the passages' numbers and not counted here."""
    searches = sum(math.comb(max_missing, g) * (max_missing - g) for g in range(0, max_givens + 1))
    return searches * work_bound(max_operands)


@dataclass(frozen=True)
class _Pair:
    value: float
    dim: str | None
    noun: str | None
    i: int
    j: int
    op: str


def _pair_table(pool: Sequence[Operand]) -> tuple[list[_Pair], int]:
    pairs: list[_Pair] = []
    work = 0
    for i, a in enumerate(pool):
        for j, b in enumerate(pool):
            if i == j:
                continue
            for op in OPS:
                if op in ("+", "×") and j < i:
                    continue
                work += 1
                if op in ("×", "÷") and (a.value == 1 and a.dim in _SCALE or b.value == 1 and b.dim in _SCALE):
                    continue
                d = _combine(op, a.dim, b.dim, a.noun, b.noun)
                if d is None:
                    continue
                v = _apply(op, a.value, b.value, a.dim, b.dim)
                if v is None or v <= 0 or not math.isfinite(v):
                    continue
                pairs.append(_Pair(v, d.dim, d.noun, i, j, op))
    pairs.sort(key=lambda p: (p.value, p.i, p.j, OPS.index(p.op)))
    return pairs, work


def _tolerance(target: Quantity) -> float:
    """Half a unit of the last digit the claim wrote (€12.50 -> 0.005); exact (float noise) for integers."""
    t = base_value(target.value, target.unit)
    if target.decimals:
        return base_value(0.5 * 10 ** (-target.decimals), target.unit)
    return 1e-9 * max(1.0, abs(t))


def _cue_reason(claim: str, ops: Iterable[str], target: Quantity | None = None) -> str:
    """A cue in the claim for every operator used, or "" (the claim does not state the relation).

    Plain cues ("in total", "more than") anywhere in the claim; a clause cue ("each … so", "per … so") only
    when the number being derived comes after its "so" (the total the clause announces, not the rate before it).
    """
    low = re.sub(r"\s+", " ", claim.lower())
    found = []
    for op in dict.fromkeys(ops):
        hit = next((c for c in RELATION_CUES[op] if re.search(r"(?<![a-z])" + re.escape(c.strip()) + r"(?![a-z])",
                                                              low)), None)
        if hit is None and op in _CLAUSE_CUES:
            first, second = _CLAUSE_CUES[op]
            a = next((w for w in first if re.search(rf"\b{w}\b", low)), None)
            b = next((m for w in second for m in re.finditer(rf"\b{w}\b", low)
                      if target is None or m.end() <= target.start), None)
            hit = f"{a} … {b.group(0)}" if a and b else None
        if hit is None:
            return ""
        found.append(hit)
    return "cue " + ", ".join(f"'{c}'" for c in found)


def _justify(operands: Sequence[Operand], ops: Sequence[str], claim: str, target: Quantity) -> str:
    """Why this derivation is not a coincidence, or "" when it may be one.

    + and − must each be stated by the claim (a relation cue: "in total", "more than", ...): a user's number
    plus or minus some passage number is the classic accident ("8 − 3 = 5"). × and ÷ are justified by a cue,
    or by a user-supplied scalar (a count from the question or the claim: 8 users, three plans) when the target
    is a measured amount (money, data, time, percent) and the expression is a plain product or a single
    quotient: "€96 = 8 × 12", "400 GB = 8 × 50". A bare or counted target ("up to 16 seats"), or a mixed
    three-operand expression ("15 = 10 × 12 ÷ 8"), is never justified by a user's number alone.
    """
    reasons = []
    additive = [op for op in ops if op in ("+", "−")]
    if additive:
        cue = _cue_reason(claim, additive, target)
        if not cue:
            return ""
        reasons.append(cue)
    multiplicative = [op for op in ops if op in ("×", "÷")]
    if multiplicative:
        user = [o for o in operands if (o.dim in _SCALE or o.dim in _TIMES) and (o.given or o.user_supplied)]
        measured = dimension(target.unit) not in _SCALAR
        simple = all(op == "×" for op in ops) or len(ops) == 1
        if user and measured and simple:
            reasons.insert(0, "operand from the claim" if any(o.given or "claim" in o.origins for o in user)
                           else "operand from the question")
        else:
            cue = _cue_reason(claim, multiplicative, target)
            if not cue:
                return ""
            reasons.append(cue)
    return "; ".join(reasons)


def _rank(d: Derivation) -> tuple:
    user = sum(o.user_supplied for o in d.operands)
    return (-d.uses_givens, len(d.operands), -user, tuple("×÷+−".index(o) for o in d.ops), d.shape,
            tuple(o.label for o in d.operands))


def find_derivations(target: Quantity, pool: Sequence[Operand], claim: str = "",
                     table: tuple[list[_Pair], int] | None = None) -> SearchResult:
    """Every 2- and 3-operand expression over ``pool`` that equals ``target`` (within the claim's precision,
    with sane units), at most ``_MAX_DERIVATIONS_KEPT`` of them in enumeration order. Pass a prebuilt
    ``table`` (``_pair_table(pool)``) to reuse it across targets of the same claim."""
    pairs, work = table if table is not None else _pair_table(pool)
    t_dim = dimension(target.unit)
    t = base_value(target.value, target.unit)
    tol = _tolerance(target)
    found: list[Derivation] = []

    def keep(operands: tuple[Operand, ...], ops: tuple[str, ...], shape: str, value: float) -> None:
        if len(found) < _MAX_DERIVATIONS_KEPT:
            reason = _justify(operands, ops, claim, target)
            found.append(Derivation(target, operands, ops, shape, value, bool(reason), reason))

    values = [p.value for p in pairs]
    lo, hi = bisect.bisect_left(values, t - tol), bisect.bisect_right(values, t + tol)
    work += 1
    for p in pairs[lo:hi]:
        work += 1
        if _result_fits(t_dim, p.dim):
            keep((pool[p.i], pool[p.j]), (p.op,), "ab", p.value)

    order = sorted(range(len(pool)), key=lambda k: (pool[k].value, k))
    add_vals = [pool[k].value for k in order]
    mul_order = sorted(range(len(pool)), key=lambda k: (_mul_value(pool[k]), k))
    mul_vals = [_mul_value(pool[k]) for k in mul_order]
    for p in pairs:
        v = p.value
        p_mul = v / 100 if p.dim == "%" else v
        lookups = (
            ("+", "abc", t - v - tol, t - v + tol, False),
            ("−", "abc", v - t - tol, v - t + tol, False),
            ("−", "cab", t + v - tol, t + v + tol, False),
            ("×", "abc", (t - tol) / p_mul, (t + tol) / p_mul, True),
            ("÷", "abc", v / (t + tol), v / (t - tol) if t - tol > 0 else math.inf, True),
            ("÷", "cab", (t - tol) * v, (t + tol) * v, False),
        )
        for op2, shape, low, high, by_mul in lookups:
            work += 1
            keys, idx = (mul_vals, mul_order) if by_mul else (add_vals, order)
            a_, b_ = bisect.bisect_left(keys, low), bisect.bisect_right(keys, high)
            for k in idx[a_:min(b_, a_ + _MAX_CANDIDATES_PER_LOOKUP)]:
                work += 1
                if k in (p.i, p.j):
                    continue
                c = pool[k]
                if shape == "abc":
                    d = _combine(op2, p.dim, c.dim, p.noun, c.noun)
                    r = _apply(op2, v, c.value, p.dim, c.dim) if d else None
                else:
                    d = _combine(op2, c.dim, p.dim, c.noun, p.noun)
                    r = _apply(op2, c.value, v, c.dim, p.dim) if d else None
                if d is None or r is None or abs(r - t) > tol or not _result_fits(t_dim, d.dim):
                    continue
                if op2 in ("×", "÷") and c.value == 1 and c.dim in _SCALAR:
                    continue
                keep((pool[p.i], pool[p.j], c), (p.op, op2), shape, r)
    return SearchResult(target, tuple(found), work, len(pool))


def _mul_value(o: Operand) -> float:
    return o.value / 100 if o.dim == "%" else o.value


# ----------------------------------------------------------------------------------------- operand pools


_WORDS = re.compile(r"[a-z]{3,}")


def _context_overlap(text: str, q: Quantity, claim_words: set[str]) -> int:
    window = text[max(0, q.start - 80): q.end + 80].lower()
    return len(set(_WORDS.findall(window)) & claim_words)


def _operand(q: Quantity, origin: str, source: str, claim_q: Quantity | None = None,
             given: bool = False) -> Operand:
    dim = dimension(q.unit)
    value = base_value(q.value, q.unit)
    label = format_number(q.value, q.decimals or None) + ("%" if dim == "%" else "")
    return Operand(value, dim, q.unit if dim == "count" else None, label, frozenset({origin}), source, q,
                   claim_q, given)


def _key(o: Operand) -> tuple:
    return (o.dim, round(o.value, 9), o.noun, o.quantity.per)


def build_pool(claim: str, claim_quantities: Sequence[Quantity], exclude: Sequence[Quantity],
               givens: Sequence[Quantity], passages: Sequence[tuple[str, str]], question: str,
               target: Quantity | None, max_operands: int) -> list[Operand]:
    """The operands a claim may use, deduplicated by amount and capped at ``max_operands``.

    Order (and priority when capping): the claim's givens and the numbers it states that a source backs, the
    question's numbers, passage numbers the claim repeats, then other passage numbers ranked by unit fit with
    the target (same dimension, then scalars, then the rest) and by word overlap of their
    surroundings with the claim, then position. ``exclude``: the claim's own missing numbers (never operands).
    """
    claim_words = set(_WORDS.findall(claim.lower()))
    stated = [q for q in claim_quantities if not any(q is e for e in exclude)]
    merged: dict[tuple, Operand] = {}
    ranked: list[tuple[tuple, tuple]] = []

    def add(op: Operand, rank: tuple) -> None:
        key = _key(op)
        if key in merged:
            old = merged[key]
            merged[key] = Operand(old.value, old.dim, old.noun, old.label, old.origins | op.origins, old.source,
                                  old.quantity, old.claim_quantity or op.claim_quantity, old.given or op.given)
            return
        merged[key] = op
        ranked.append((rank, key))

    for n, q in enumerate(givens):
        add(_operand(q, "claim", "claim", q, given=True), (0, 0, n))
    for n, q in enumerate(stated):  # what the claim states and a source backs (maybe only as a code or year)
        add(_operand(q, "claim", "claim", q), (0, 1, n))
    for n, q in enumerate(_quantities(question)):
        repeated = next((c for c in stated if same_amount(c, q)), None)
        op = _operand(q, "question", "question", repeated)
        add(op if repeated is None else Operand(op.value, op.dim, op.noun, op.label, op.origins | {"claim"},
                                                op.source, q, repeated), (1, 0, n))
    t_dim = dimension(target.unit) if target is not None else None
    for p_index, (pid, text) in enumerate(passages):
        for n, q in enumerate(_quantities(text)):
            repeated = next((c for c in stated if same_amount(c, q)), None)
            if repeated is not None:
                op = _operand(q, "passage", pid, repeated)
                add(Operand(op.value, op.dim, op.noun, op.label, op.origins | {"claim"}, pid, q, repeated),
                    (2, 0, p_index, n))
                continue
            q_dim = dimension(q.unit)
            fit = 0 if q_dim == t_dim else 1 if (t_dim is None or q_dim in _SCALAR or q_dim == "%") else 2
            add(_operand(q, "passage", pid), (3, fit, -_context_overlap(text, q, claim_words), p_index, n))
    ranked.sort()
    keys = [k for _, k in ranked[:max_operands]]
    return [merged[k] for k in keys]


# ------------------------------------------------------------------------------------------- the analysis


def analyse_claim_numbers(claim: str, passages: Iterable[Passage | str], question: str = "", *,
                          max_operands: int = 20, max_givens: int = 2, max_missing: int = 4) -> NumberReport:
    """Classify every number of ``claim`` (see the module docstring) and say whether all are accounted for.

    Bounded: at most ``max_missing`` missing numbers are searched (more -> all unverified, noted), at most
    ``max_givens`` of them tried as givens (2^max_givens pools), each pool searched within
    ``work_bound(max_operands)`` steps per target.
    """
    items = _passage_items(passages)
    claim_qs = list(_quantities(claim))
    if not claim_qs:
        return NumberReport((), True)
    statuses: dict[int, NumberStatus] = {}
    missing: list[Quantity] = []
    for n, q in enumerate(claim_qs):
        src = next((pid for pid, text in items if _in_text(claim, q, text)), None)
        if src is not None:
            statuses[n] = NumberStatus(q, "in_sources", source=src)
        elif _not_checked(q):
            statuses[n] = NumberStatus(q, "not_checked")
        elif _in_text(claim, q, question):
            statuses[n] = NumberStatus(q, "in_question", source="question")
        else:
            missing.append(q)
    if not missing:
        return NumberReport(tuple(statuses[n] for n in range(len(claim_qs))), True)
    index = {id(q): n for n, q in enumerate(claim_qs)}
    if len(missing) > max_missing:
        for q in missing:
            statuses[index[id(q)]] = NumberStatus(q, "unverified")
        return NumberReport(tuple(statuses[n] for n in range(len(claim_qs))), False,
                            note=f"{len(missing)} numbers not in the sources (> {max_missing}): not searched")

    candidates = [q for q in missing if dimension(q.unit) in ("count", "time_d", "time_m")]
    work = 0
    first_attempt: dict[int, SearchResult] = {}
    for size in range(0, min(max_givens, len(candidates)) + 1):
        for givens in itertools.combinations(candidates, size):
            targets = [q for q in missing if not any(q is g for g in givens)]
            if not targets:
                continue
            results: dict[int, SearchResult] = {}
            for target in targets:
                pool = build_pool(claim, claim_qs, missing, givens, items, question, target, max_operands)
                res = find_derivations(target, pool, claim)
                work += res.work
                results[id(target)] = res
            if size == 0:
                first_attempt = results
            best = {k: r.best for k, r in results.items()}
            if any(b is None for b in best.values()):
                continue
            used = {id(o.claim_quantity) for b in best.values() if b for o in b.operands if o.given}
            if not all(id(g) in used for g in givens):
                continue
            for g in givens:
                statuses[index[id(g)]] = NumberStatus(g, "given", source="claim")
            derivations = tuple(d for d in (best[id(t)] for t in targets) if d is not None)
            for d in derivations:
                statuses[index[id(d.target)]] = NumberStatus(d.target, "derived", d.expression, reason_source(d))
            return NumberReport(tuple(statuses[n] for n in range(len(claim_qs))), True,
                                derivations, work)
    for q in missing:
        res = first_attempt.get(id(q))
        near = res.best_unjustified if res else None
        statuses[index[id(q)]] = NumberStatus(
            q, "unverified", coincidence=(f"{near.expression} (not justified)" if near else None))
    return NumberReport(tuple(statuses[n] for n in range(len(claim_qs))), False, (), work)


def _not_checked(q: Quantity) -> bool:
    """Claim numbers that are names or idioms far more often than quantities, so never flagged: ordinals ("the
    fifth season", "9th-grade") and the words one / two with a count ("two supermassive black holes", "from one
    generation to the next"). Measured amounts ("one year", "two days") and digits are always checked."""
    if q.kind == "ordinal":
        return True
    return q.kind == "word" and q.value <= 2 and dimension(q.unit) in (None, "count")


def reason_source(d: Derivation) -> str:
    """Where the operands came from, for the verdict detail: ``plans, claim``."""
    return ", ".join(dict.fromkeys(o.source for o in d.operands))


# ---------------------------------------------------------------------------------------- reduced claims


_DETERMINER = re.compile(r"\b(?:your|our|their|the|these|those|all)\s+$", re.IGNORECASE)


def reduced_claim(claim: str, report: NumberReport) -> str | None:
    """The claim restated for one unit of the user's quantities, so the inner checker can judge everything
    except the arithmetic: "Eight users would pay €96 a month." -> "Each user would pay €12 a month.".

    Each user-supplied operand the claim states (a given, or a claim number that is also in a passage) is set to
    one unit ("each user"; a duration to 1 day or 1 month, its base unit: "two years" -> "1 month"), and each derived
    number is replaced by its expression evaluated on those 1s, written in the claim's style
    (currency sign and unit kept). This is only possible for purely multiplicative derivations (× and ÷) with at
    least one user-supplied operand; anything else (sums, differences, derivations justified only by a cue)
    returns None, and the stage does not rescue the claim. Returning None is the safe side: the claim keeps
    the inner checker's verdict.
    """
    if not report.derivations:
        return None
    edits: dict[tuple[int, int], str] = {}
    for d in report.derivations:
        if any(op in ("+", "−") for op in d.ops):
            return None
        scaled = [o.user_supplied and (o.dim in _SCALAR or o.dim in _TIMES) for o in d.operands]
        if not any(scaled):
            return None
        values = [1.0 if flag else o.value for o, flag in zip(d.operands, scaled)]  # 1 user, 1 day, 1 month
        new = d.evaluate(values)
        if new is None or new <= 0:
            return None
        t = d.target
        new_raw = new / base_value(1.0, t.unit)
        edits[(t.num_start, t.num_end)] = format_number(new_raw, t.decimals or None)
        for o, flag in zip(d.operands, scaled):
            q = o.claim_quantity
            if q is None or not flag:
                continue
            word = claim[q.num_start:q.num_end]
            if o.dim in _TIMES:
                one = "1" if word[:1].isdigit() else ("One" if word[:1].isupper() else "one")
            else:  # "each user" is how help-center passages state per-unit facts; measured to read better
                one = "Each" if q.num_start == 0 or word[:1].isupper() else "each"
            determiner = _DETERMINER.search(claim, 0, q.num_start) if one.lower() == "each" else None
            edits[(determiner.start() if determiner else q.num_start, q.num_end)] = (
                one.capitalize() if determiner and determiner.start() == 0 else one)
            if q.unit_start is None or q.unit_end is None or not q.unit:
                continue
            noun = claim[q.unit_start:q.unit_end]
            if o.dim in _TIMES:
                edits[(q.unit_start, q.unit_end)] = _BASE_TIME_UNIT[o.dim]
            elif o.dim == "count" and noun.lower() != q.unit and noun.lower().startswith(q.unit):
                edits[(q.unit_start, q.unit_end)] = noun[: len(q.unit)]
    out = claim
    for (start, end), text in sorted(edits.items(), reverse=True):
        out = out[:start] + text + out[end:]
    return out
