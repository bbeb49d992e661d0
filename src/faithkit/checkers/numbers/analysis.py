"""Numbers a claim states that no passage contains, and whether each can be accounted for.

No classifier can do arithmetic (Move 4 of the Larkspur lesson): NLI flags the correct "8 users × €12 = €96"
exactly like a wrong "€97", and some detectors pass "up to 12 users" although no passage says 12. The rule the
lesson gives is mechanical, so it is code: find the numbers of a claim that no passage contains, and try to
compute each from the numbers the claim may use (``derivation``, guarded by ``justify``).

Status of each claim number (``NumberStatus.status``):
    in_sources   some passage states the same amount (by value, and by compatible unit where both have one)
    in_question  the question states it (a quantity the user supplied: "our 8-person team", "two accounts")
    not_checked  an ordinal or a small word count ("the fifth season", "two black holes"): names and idioms
                 more often than quantities, so never flagged (see ``_not_checked``)
    given        a count, duration or multiplier the claim itself supplies and then uses in a derivation
                 ("with 8 users ... 400 GB", "one year ... €144", "twice the 50 GB ... 100 GB")
    derived      computed by a justified expression of two or three operands ("96 = 8 × 12"), possibly in a
                 second step over numbers the claim derived first ("a 5% service fee of £0.60, so your fees
                 come to £5.09"); the stage may also re-derive a number that is ``in_sources`` by coincidence
                 from the question's numbers (``derive_from_question``; ``coincidence`` then says where the
                 passage has it); or the result of a sum of four or more grounded numbers the claim writes out
                 ("Total: JOD 95 + JOD 130 + JOD 30 + JOD 150 = JOD 405"; ``_shown_totals``)
    unverified   none of the above

Givens. "A Team workspace with 8 users has 400 GB" states two numbers no passage has: 8 is the user's scenario,
400 follows from it. A missing count, duration or multiplier may be taken as a given only if it is used as an
operand in the derivation of another missing number; a given that derives nothing is just an unsupported number
("up to 12 users"). Subsets of givens are tried smallest first (at most ``max_givens``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from faithkit.checkers.numbers.derivation import find_derivations
from faithkit.checkers.numbers.extract import quantities, skipped_numerals
from faithkit.checkers.numbers.operands import ANSWER_SOURCE, Derivation, SearchResult, rank
from faithkit.checkers.numbers.pool import build_pool
from faithkit.checkers.numbers.quantity import Quantity, dimension, own_unit_first, same_amount
from faithkit.checkers.numbers.written import shown_totals
from faithkit.records import Passage

__all__ = ["NumberReport", "NumberStatus", "analyse_claim_numbers", "derive_from_question", "grounded_statements",
           "grounding_rounds", "numbers_not_in_sources", "passage_items", "states_amount"]


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


def passage_items(passages: Iterable[Passage | str]) -> list[tuple[str, str]]:
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


def states_amount(claim: str, q: Quantity, text: str) -> bool:
    """Same amount as a quantity of ``text``, or the same digits as a number ``text`` names but does not count
    (a code, a year): "429 errors" is in "HTTP 429"; "12 users" is not in "€12" (that 12 is counted, in €)."""
    if any(same_amount(q, s) for s in quantities(text)):
        return True
    numeral = _numeral(claim, q)
    return numeral is not None and numeral in _skipped(text)


def numbers_not_in_sources(claim: str, passages: Iterable[Passage | str]) -> list[Quantity]:
    """The quantities of ``claim`` that appear in no passage, by value and, where both sides have one, by
    compatible unit: "fifty gigabytes" matches "50 GB"; "up to 12 users" does not match "€12"."""
    texts = [text for _, text in passage_items(passages)]
    return [q for q in quantities(claim) if not any(states_amount(claim, q, t) for t in texts)]


# ------------------------------------------------------------------------------------------- the analysis


def analyse_claim_numbers(claim: str, passages: Iterable[Passage | str], question: str = "", *,
                          max_operands: int = 20, max_givens: int = 2, max_missing: int = 4) -> NumberReport:
    """Classify every number of ``claim`` (see the module docstring) and say whether all are accounted for.

    Bounded: at most ``max_missing`` missing numbers are searched (more -> all unverified, noted), at most
    ``max_givens`` of them tried as givens (2^max_givens pools), each pool searched within
    ``work_bound(max_operands)`` steps per target.
    """
    items = passage_items(passages)
    claim_qs = list(quantities(claim))
    if not claim_qs:
        return NumberReport((), True)
    statuses: dict[int, NumberStatus] = {}
    missing: list[Quantity] = []
    for n, q in enumerate(claim_qs):
        stating = [(pid, text) for pid, text in items if states_amount(claim, q, text)]
        found = [(pid, s) for pid, text in stating for s in quantities(text) if same_amount(q, s)]
        src = own_unit_first(q, found) or (stating[0][0] if stating else None)  # "10%": the "10% off" passage
        if src is not None:
            statuses[n] = NumberStatus(q, "in_sources", source=src)
        elif _not_checked(q):
            statuses[n] = NumberStatus(q, "not_checked")
        elif states_amount(claim, q, question):
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

    candidates = [q for q in missing if dimension(q.unit) in ("count", "time_d", "time_m", "times")]
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
            best = {k: r.best for k, r in results.items()}
            work += _chain(claim, claim_qs, missing, givens, items, question, targets, results, best, max_operands)
            if size == 0:
                first_attempt = results
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
    totals = _shown_totals(claim, missing, statuses, index)
    if totals is not None:
        statuses.update(totals)
        return NumberReport(tuple(statuses[n] for n in range(len(claim_qs))), True, (), work)
    for q in missing:
        res = first_attempt.get(id(q))
        near = res.best_unjustified if res else None
        statuses[index[id(q)]] = NumberStatus(
            q, "unverified", coincidence=(f"{near.expression} (not justified)" if near else None))
    return NumberReport(tuple(statuses[n] for n in range(len(claim_qs))), False, (), work)


def _shown_totals(claim: str, missing: list[Quantity], statuses: dict[int, NumberStatus],
                  index: dict[int, int]) -> dict[int, NumberStatus] | None:
    """Each missing number as the result of a sum of four or more operands the claim writes out correctly
    (``written.shown_totals``), every operand a number of the passages, the answer or the question; None unless
    every missing number is one. The claim shows the whole sum, so there is no coincidence to guard against."""
    found: dict[int, NumberStatus] = {}
    grounded = {(s.quantity.num_start, s.quantity.num_end) for s in statuses.values()
                if s.status in ("in_sources", "in_question")}
    for result, operands in shown_totals(claim):
        if not all(any(a < y and x < b for x, y in grounded) for a, b in operands):
            continue
        for q in missing:
            if q.num_start <= result[0] < q.num_end:
                expression = " + ".join(claim[a:b] for a, b in operands)
                found[index[id(q)]] = NumberStatus(q, "derived", f"{claim[result[0]:result[1]]} = {expression}",
                                                   "claim")
    return found if len(found) == len(missing) else None


def _chain(claim: str, claim_qs: list[Quantity], missing: list[Quantity], givens: tuple[Quantity, ...],
           items: list[tuple[str, str]], question: str, targets: list[Quantity], results: dict[int, SearchResult],
           best: dict[int, Derivation | None], max_operands: int) -> int:
    """One second step: targets no expression gave are searched again with the claim numbers that were derived
    as operands (a fee computed in the claim, then summed with others). Updates ``results`` and ``best`` in
    place; returns the work spent (at most one more search per target: ``claim_work_bound``)."""
    done = [t for t in targets if best[id(t)] is not None]
    if not done or len(done) == len(targets):
        return 0
    work = 0
    for target in (t for t in targets if best[id(t)] is None):
        pool = build_pool(claim, claim_qs, missing, givens, items, question, target, max_operands, derived=done)
        res = find_derivations(target, pool, claim)
        work += res.work
        if res.best is not None:
            results[id(target)], best[id(target)] = res, res.best
    return work


def derive_from_question(claim: str, passages: Iterable[Passage | str], question: str, report: NumberReport, *,
                         max_operands: int = 20, max_missing: int = 4) -> NumberReport | None:
    """A claim number that a passage happens to state may still be the claim's own arithmetic: "On a £40 single,
    that is £10" is 25% of the user's £40, and the passage's "£10" is a change fee. The report is redone with
    such a number as ``derived`` when a justified expression gives it that uses a number of the question (the
    user's scenario, which no passage number can be; only where the report derived nothing yet), or, for a price,
    one whose every operand the claim itself states ("RON 350 ... your 10% subscriber discount takes RON 35 off":
    10% × 350, where a passage's RON 35 is an exterior wash; chosen on numbers_dev2 in session 28); never from a
    claim number that was itself derived from it ("R$650 (R$65 each)": 650 = 10 × 65, so 65 is not 650 ÷ 10).
    None when no number is. Only measured amounts (money, data, durations, percentages) are tried: small counts
    coincide with anything. Used by the stage only for claims the inner checker did not support, so that a
    coincidence cannot make a claim less supported. At most ``max_missing`` numbers are tried, one search each."""
    if not report.accepted:
        return None
    items = passage_items(passages)
    claim_qs = [n.quantity for n in report.numbers]
    numbers = list(report.numbers)
    derivations: list[Derivation] = list(report.derivations)
    work = report.work
    tried = [k for k, n in enumerate(report.numbers)
             if n.status == "in_sources" and dimension(n.quantity.unit) not in (None, "count", "times")]
    for k in tried[:max_missing]:
        n = report.numbers[k]
        pool = build_pool(claim, claim_qs, [n.quantity], (), items, question, n.quantity, max_operands)
        res = find_derivations(n.quantity, pool, claim)
        work += res.work
        shown = (dimension(n.quantity.unit) or "").startswith("currency:")  # a price the claim works out itself
        built_on = {id(d.target) for d in report.derivations  # "R$650 (R$65 each)": 650 was derived from 65
                    if any(o.claim_quantity is n.quantity or same_amount(o.quantity, n.quantity) for o in d.operands)}
        best = min((d for d in res.derivations if d.justified and not any(
            o.claim_quantity is not None and id(o.claim_quantity) in built_on for o in d.operands) and (
            not report.derived and any("question" in o.origins for o in d.operands)
            or shown and len(d.operands) >= 2 and all(o.claim_quantity is not None for o in d.operands))),
            key=rank, default=None)
        if best is None:
            continue
        derivations.append(best)
        numbers[k] = NumberStatus(n.quantity, "derived", best.expression, reason_source(best),
                                  coincidence=f"also in {n.source}")
    if len(derivations) == len(report.derivations):
        return None
    return NumberReport(tuple(numbers), True, tuple(derivations), work, report.note)


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


GROUNDING_ROUNDS = 3


def grounded_statements(statements: Iterable[str], passages: Sequence[Passage], question: str = "", *,
                        rounds: int = GROUNDING_ROUNDS, **bounds: int) -> tuple[str, ...]:
    """The statements of one answer whose numbers are all accounted for, found in rounds: first by the passages
    and the question alone, then also by the statements grounded in the rounds before ("60 prints at $0.25:
    $15.00" first, then "That's $22.95 in total." from the items above it). A statement is grounded only by what was
    grounded before it, so two statements can never vouch for each other: a number made up in one sentence
    supports nothing in another. A statement without numbers lends nothing and is left out. ``bounds``: the
    search bounds of ``analyse_claim_numbers``."""
    return tuple(s for found in grounding_rounds(statements, passages, question, rounds=rounds, **bounds)
                 for s in found)


def grounding_rounds(statements: Iterable[str], passages: Sequence[Passage], question: str = "", *,
                     rounds: int = GROUNDING_ROUNDS, **bounds: int) -> tuple[tuple[str, ...], ...]:
    """``grounded_statements`` round by round: the statements each round grounded, in order. A statement should
    draw on its own round and the ones before only (``NumberChecks.sources``): a later round may have needed it,
    and its explanation would go in a circle ("4250 = 4 × 1062.50" for the total that "Split four ways, that's
    NOK 1,062.50 each." divides)."""
    left = [s for s in dict.fromkeys(statements) if quantities(s)]
    found: list[tuple[str, ...]] = []
    for _ in range(rounds):
        sources = (*passages, *(Passage(ANSWER_SOURCE, text) for done in found for text in done))
        new = tuple(s for s in left if analyse_claim_numbers(s, sources, question, **bounds).accepted)
        if not new:
            break
        found.append(new)
        left = [s for s in left if s not in new]
    return tuple(found)
