"""The operand pool: which numbers a claim's derivation may use, in what priority, capped.

A claim may use what it states itself (givens and numbers a source backs), what the question states (the user's
scenario: "our 8-person team", "for two accounts", "a family of four"), and the passages' numbers, ranked by
unit fit with the number to derive and by how much their surroundings share words with the claim. "Half" in the
claim is an operand too (0.5, from the claim): "half the €12 price, €6".
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from faithkit.checkers.numbers.algebra import SCALAR, Dim
from faithkit.checkers.numbers.derivation import unit_and_value
from faithkit.checkers.numbers.extract import quantities, rate_of
from faithkit.checkers.numbers.justify import DISCOUNT, HALF_LABEL
from faithkit.checkers.numbers.operands import ANSWER_SOURCE, Operand
from faithkit.checkers.numbers.quantity import Quantity, dimension, number_text, own_unit_first, same_amount

__all__ = ["build_pool", "sentence_at"]


@lru_cache(maxsize=8192)
def _sentence_starts(text: str) -> tuple[int, ...]:
    return (0, *(m.end() for m in re.finditer(r"[.!?]\s+", text)))


def sentence_at(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` around ``[start, end)`` (a period, ! or ? followed by a space ends one)."""
    starts = _sentence_starts(text)
    i = bisect.bisect_right(starts, start) - 1
    j = bisect.bisect_left(starts, end)
    return text[starts[i]:starts[j] if j < len(starts) else len(text)].strip()


_PERIOD_PHRASE = re.compile(r"\b(?:over|in|for|across|within|during)\s+(?:a|one|the)\s+(?:full\s+|whole\s+)?"
                            r"(year|month|week|day)\b|\ba\s+(?:full|whole)\s+(year|month|week|day)\b",
                            re.IGNORECASE)
_HALF = re.compile(r"\bhalf\b(?!\s+(?:an?\s+)?(?:hour|day|week|month|year|minute|terabyte|gigabyte)s?\b)",
                   re.IGNORECASE)

_WORDS = re.compile(r"[a-z]{3,}")


def _context_overlap(text: str, q: Quantity, claim_words: set[str]) -> int:
    window = text[max(0, q.start - 80): q.end + 80].lower()
    return len(set(_WORDS.findall(window)) & claim_words)


def _operand(q: Quantity, origin: str, source: str, text: str, claim_q: Quantity | None = None,
             given: bool = False) -> Operand:
    unit, value = unit_and_value(text, q)
    label = number_text(q.value, q.decimals or None) + ("%" if unit.dim == "%" else "")
    if q.kind == "fraction":
        label = q.text.lower()  # "one third", not "33.3333%"
    return Operand(value, unit, label, frozenset({origin}), source, q, claim_q, given,
                   sentence_at(text, q.start, q.end), rate_of(text, q).period)


def _other_count(a: Quantity, b: Quantity) -> bool:
    """Two counts of different things ("two cats", "two consultations a year"): the same number, but the passage's
    is not the claim's, so it does not become a number the user supplied (it ranked "12 months × $18 × 2
    consultations a year" above "2 cats × $18")."""
    return dimension(a.unit) == dimension(b.unit) == "count" and bool(a.unit) and bool(b.unit) and a.unit != b.unit


def _key(o: Operand) -> tuple:
    return (o.dim, round(o.value, 9), o.noun, o.unit.per, o.unit.per_noun, o.complement)


def build_pool(claim: str, claim_quantities: Sequence[Quantity], exclude: Sequence[Quantity],
               givens: Sequence[Quantity], passages: Sequence[tuple[str, str]], question: str,
               target: Quantity | None, max_operands: int, derived: Sequence[Quantity] = ()) -> list[Operand]:
    """The operands a claim may use, deduplicated by amount and capped at ``max_operands``.

    Order (and priority when capping): the claim's givens and the numbers it states that a source backs, the
    question's numbers, passage numbers the claim repeats, the numbers of the answer's grounded statements
    (passage ``answer``: a follow-on sentence computes from them, and a long price list pushed them past the cap,
    issue 31), then other passage numbers ranked by unit fit with
    the target (same dimension, then scalars, then the rest) and by word overlap of their
    surroundings with the claim, then position. ``exclude``: the claim's own missing numbers (never operands),
    except ``derived``: missing numbers already derived, which a second step may use ("a 5% service fee of
    £0.60, so your fees come to £5.09": £0.60 is 5% of the user's £12, then part of the sum). They enter with
    origin ``derived``, so they never count as a number the user supplied.
    """
    claim_words = set(_WORDS.findall(claim.lower()))
    stated = [q for q in claim_quantities if not any(q is e for e in exclude)]
    merged: dict[tuple, Operand] = {}
    ranked: list[tuple[tuple, tuple]] = []

    def add(op: Operand, rank: tuple) -> None:
        key = _key(op)
        if key in merged:
            old = merged[key]
            from_passage = "passage" in op.origins and "passage" not in old.origins
            merged[key] = replace(old, origins=old.origins | op.origins,
                                  claim_quantity=old.claim_quantity or op.claim_quantity,
                                  given=old.given or op.given,
                                  context=op.context if from_passage else old.context)
            return
        merged[key] = op
        ranked.append((rank, key))

    for n, q in enumerate(givens):
        add(_operand(q, "claim", "claim", claim, q, given=True), (0, 0, n))
    for n, q in enumerate(stated):  # what the claim states and a source backs (maybe only as a code or year)
        op = _operand(q, "claim", "claim", claim, q)
        backing = own_unit_first(q, [((text, s), s) for _, text in passages for s in quantities(text)
                                     if same_amount(q, s)])  # "10% off" from "gives you 10% off", not a bare "10"
        if backing is not None:  # the sentence that states it, for the rest-of-claim test
            op = replace(op, origins=op.origins | {"passage"}, context=sentence_at(backing[0], backing[1].start,
                                                                                     backing[1].end))
        add(op, (0, 1, n))
    for n, q in enumerate(derived):
        add(replace(_operand(q, "derived", "claim", claim, q), context=""), (0, 1, len(stated) + n))
    half = _HALF.search(claim)
    if half:
        q = Quantity(0.5, "times", half.start(), half.end(), half.start(), half.end(), half.group(0), "multiplier",
                     decimals=1)
        add(Operand(0.5, Dim("times"), HALF_LABEL, frozenset({"claim"}), "claim", q, None, False, claim), (0, 2, 0))
    for n, m in enumerate(_PERIOD_PHRASE.finditer(claim)):  # "over a year": 1 year the claim supplies
        unit = (m.group(1) or m.group(2)).lower()  # "over a year" or "a full year"
        q = Quantity(1.0, unit, m.start(), m.end(), m.start(), m.end(), m.group(0), "word")
        add(_operand(q, "claim", "claim", claim, q), (0, 3, n))
    for n, q in enumerate(quantities(question)):
        repeated = next((c for c in stated if same_amount(c, q)), None)
        op = _operand(q, "question", "question", question, repeated)
        add(op if repeated is None else replace(op, origins=op.origins | {"claim"}), (1, 0, n))
    t_dim = dimension(target.unit) if target is not None else None
    for p_index, (pid, text) in enumerate(passages):
        for n, q in enumerate(quantities(text)):
            repeated = next((c for c in stated if same_amount(c, q) and not _other_count(c, q)), None)
            if repeated is not None:
                op = _operand(q, "passage", pid, text, repeated)
                add(replace(op, origins=op.origins | {"claim"}), (2, 0, p_index, n))
                continue
            if pid == ANSWER_SOURCE:  # the answer's own grounded statements: what a follow-on sentence computes from
                add(_operand(q, "passage", pid, text), (2, 1, p_index, n))
                continue
            q_dim = dimension(q.unit)
            fit = 0 if q_dim == t_dim else 1 if (t_dim is None or q_dim in SCALAR or q_dim == "%") else 2
            add(_operand(q, "passage", pid, text), (3, fit, -_context_overlap(text, q, claim_words), p_index, n))
    for rank, key in list(ranked):  # "20% off": what is left to pay is (1 − 20%) of the price
        op = merged[key]
        if op.dim == "%" and "passage" in op.origins and 0 < op.value < 1 and DISCOUNT.search(op.context):
            add(replace(op, value=1 - op.value, label=f"(1 − {op.label})", complement=True), (*rank, 1))
    ranked.sort()
    keys = [k for _, k in ranked[:max_operands]]
    return [merged[k] for k in keys]
