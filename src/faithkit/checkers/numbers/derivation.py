"""The bounded calculator: every two- and three-operand expression over a pool that reproduces a claim number.

The search (``find_derivations``) combines the operands with +, −, ×, ÷ in every two- and three-operand shape,
with unit sanity (``algebra.combine``). It is exhaustive over the operand pool and bounded: the pool is capped at
``max_operands`` (``pool.build_pool``), two-operand results are tabulated once, and each three-operand shape is a
sorted-array lookup, so the work is at most ``work_bound(max_operands)`` steps whether a passage holds 5 numbers
or 500. Enumeration order is fixed, so the result is deterministic. Whether a found expression counts is the
coincidence guard's decision (``justify.justify``).
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from faithkit.checkers.numbers.algebra import HEAD_NOUNS, SCALAR, SCALE, Dim, apply, combine, result_fits
from faithkit.checkers.numbers.extract import rate_of
from faithkit.checkers.numbers.justify import justify
from faithkit.checkers.numbers.operands import OPS, Derivation, Operand, SearchResult
from faithkit.checkers.numbers.quantity import Quantity, base_value, dimension

__all__ = ["claim_work_bound", "find_derivations", "pair_table", "target_unit", "work_bound"]

_MAX_CANDIDATES_PER_LOOKUP = 8
_MAX_DERIVATIONS_KEPT = 256


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
    ``work_bound``, and at most one more per target for the second step (``analysis._chain``: a target searched
    again with the numbers already derived). With the defaults (4 missing numbers, givens of size <= 2):
    2 · (4 + 4·3 + 6·2) = 56 searches, 3,575,096 steps. Building the pools is linear in the passages' numbers
    and not counted here."""
    searches = 2 * sum(math.comb(max_missing, g) * (max_missing - g) for g in range(0, max_givens + 1))
    return searches * work_bound(max_operands)


def unit_and_value(text: str, q: Quantity) -> tuple[Dim, float]:
    """A quantity's ``Dim`` (with the rate it states in ``text``) and its value in base units: a rate per
    base period (``$0.25 per minute`` -> 360 per day), a percentage as a fraction."""
    dim = dimension(q.unit)
    rate = rate_of(text, q)
    period = dimension(rate.period) if rate.period else None
    value = base_value(q.value, q.unit)
    if rate.period:
        value /= base_value(1.0, rate.period)
    if dim == "%":
        value /= 100
    return Dim(dim, q.unit if dim == "count" else None, period, rate.per_noun), value


_EACH_PERSON = re.compile(r"\b(?:each|every)\s+(" + "|".join(sorted(HEAD_NOUNS)) + r")s?\b", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:so|and|but|while|whereas)\b", re.IGNORECASE)


def _per_person(claim: str, target: Quantity, unit: Dim) -> Dim:
    """A clause that says "each user pays €96" states a per-user amount even where no "per user" follows the
    number: the target is per that noun, so a head count's total cannot be it (algebra.result_fits)."""
    if unit.per_noun is not None or unit.dim in SCALAR:
        return unit
    starts = [m.end() for m in _CLAUSE_BREAK.finditer(claim, 0, target.start)]
    end = next((m.start() for m in _CLAUSE_BREAK.finditer(claim, target.end)), len(claim))
    match = _EACH_PERSON.search(claim, starts[-1] if starts else 0, end)
    return Dim(unit.dim, unit.noun, unit.per, match.group(1).lower()) if match else unit


def target_unit(claim: str, target: Quantity) -> Dim:
    return _per_person(claim, target, unit_and_value(claim, target)[0])


def _tolerance(claim: str, target: Quantity, t: float) -> float:
    """Half a unit of the last digit the claim wrote (€12.50 -> 0.005); exact (float noise) for integers."""
    if not target.decimals:
        return 1e-9 * max(1.0, abs(t))
    return t * (0.5 * 10 ** (-target.decimals)) / target.value if target.value else 0.0


@dataclass(frozen=True)
class _Pair:
    value: float
    unit: Dim
    i: int
    j: int
    op: str


def pair_table(pool: Sequence[Operand]) -> tuple[list[_Pair], int]:
    """Every two-operand result with sane units, sorted by value, and the steps it took."""
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
                if op in ("×", "÷") and (a.value == 1 and a.dim in SCALE or b.value == 1 and b.dim in SCALE):
                    continue
                d = combine(op, a.unit, b.unit)
                if d is None:
                    continue
                v = apply(op, a.value, b.value)
                if v is None or v <= 0 or not math.isfinite(v):
                    continue
                pairs.append(_Pair(v, d, i, j, op))
    pairs.sort(key=lambda p: (p.value, p.i, p.j, OPS.index(p.op)))
    return pairs, work


def find_derivations(target: Quantity, pool: Sequence[Operand], claim: str = "",
                     table: tuple[list[_Pair], int] | None = None) -> SearchResult:
    """Every 2- and 3-operand expression over ``pool`` that equals ``target`` (within the claim's precision,
    with sane units), at most ``_MAX_DERIVATIONS_KEPT`` of them in enumeration order. Pass a prebuilt
    ``table`` (``pair_table(pool)``) to reuse it across targets of the same claim."""
    pairs, work = table if table is not None else pair_table(pool)
    t_unit, t = unit_and_value(claim, target)
    t_unit = _per_person(claim, target, t_unit)
    tol = _tolerance(claim, target, t)
    found: list[Derivation] = []
    period = rate_of(claim, target).period if claim else None

    def keep(operands: tuple[Operand, ...], ops: tuple[str, ...], shape: str, value: float) -> None:
        if len(found) < _MAX_DERIVATIONS_KEPT:
            reason = justify(operands, ops, claim, target)
            found.append(Derivation(target, operands, ops, shape, value, bool(reason), reason, period))

    values = [p.value for p in pairs]
    lo, hi = bisect.bisect_left(values, t - tol), bisect.bisect_right(values, t + tol)
    work += 1
    for p in pairs[lo:hi]:
        work += 1
        if result_fits(t_unit, p.unit):
            keep((pool[p.i], pool[p.j]), (p.op,), "ab", p.value)

    order = sorted(range(len(pool)), key=lambda k: (pool[k].value, k))
    keys = [pool[k].value for k in order]
    for p in pairs:
        v = p.value
        lookups = (
            ("+", "abc", t - v - tol, t - v + tol),
            ("−", "abc", v - t - tol, v - t + tol),
            ("−", "cab", t + v - tol, t + v + tol),
            ("×", "abc", (t - tol) / v, (t + tol) / v),
            ("÷", "abc", v / (t + tol), v / (t - tol) if t - tol > 0 else math.inf),
            ("÷", "cab", (t - tol) * v, (t + tol) * v),
        )
        for op2, shape, low, high in lookups:
            work += 1
            a_, b_ = bisect.bisect_left(keys, low), bisect.bisect_right(keys, high)
            for k in order[a_:min(b_, a_ + _MAX_CANDIDATES_PER_LOOKUP)]:
                work += 1
                if k in (p.i, p.j):
                    continue
                c = pool[k]
                if shape == "abc":
                    d = combine(op2, p.unit, c.unit)
                    r = apply(op2, v, c.value) if d else None
                else:
                    d = combine(op2, c.unit, p.unit)
                    r = apply(op2, c.value, v) if d else None
                if d is None or r is None or abs(r - t) > tol or not result_fits(t_unit, d):
                    continue
                if op2 in ("×", "÷") and c.value == 1 and c.dim in SCALAR:
                    continue
                keep((pool[p.i], pool[p.j], c), (p.op, op2), shape, r)
    return SearchResult(target, tuple(found), work, len(pool))
