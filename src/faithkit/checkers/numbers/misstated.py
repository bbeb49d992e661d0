"""A misstated operand: a claim that states one amount where its arithmetic uses another (session 45).

"7 days at €20 would be €343" was verified as 7 × €49, the daily rate the claim does not name, while the €20 it
names is the late-return fee: the numbers stage accepted every number (€20 is a passage's, €343 is derived) and the
model read the rest as entailed. Half of the amounts moved to another amount the passages state were let through
this way (``benchmarks/time_mutations.py --kind amount``). ``operand_conditions.claim_operand_conflict`` asks this
module; the words of prices live here because both modules read them.
"""

from __future__ import annotations

import math

from faithkit.checkers.numbers.analysis import NumberReport
from faithkit.checkers.numbers.extract import quantities
from faithkit.checkers.numbers.operands import ANSWER_SOURCE, Operand
from faithkit.checkers.numbers.quantity import Quantity, dimension, same_amount
from faithkit.checkers.rules.alignment_words import clause_spans, words

__all__ = ["PRICE_KEYS", "keys", "misstated_operand"]

# words every price sentence has: naming one of them names nothing in particular
PRICE_TEXT = ("discount discounts price prices cost costs pay pays paid fee fees charge off offer offers deal deals "
              "rate rates per each every any all other hour day week month year valid apply")


def keys(text: str) -> frozenset[str]:
    """Content words without a final "s": the shared stemmer makes "Pass" "pas" and "Passes" "pass"."""
    return frozenset(w.rstrip("s") for w in words(text))


PRICE_KEYS = keys(PRICE_TEXT)  # read for every supported claim with numbers: once, not per call


def _currency(quantity: Quantity) -> str | None:
    found = dimension(quantity.unit)
    return found if found and found.startswith("currency") else None


def _in_its_place(claim: str, amount: Quantity, operand: Operand) -> bool:
    """Whether the claim's clause that holds ``amount`` speaks of what the operand's clause of its sentence speaks
    of (their words, amounts and words of prices aside): "Breakfast is ¥4,600 per person per day" stands where
    "Breakfast costs ¥900 per person per day" would; "members pay KES 2,500 per hour instead", beside a guest's
    total worked out from "KES 3,500 per hour for guests", states the members' price, not the guests'."""
    own = next((q for q in quantities(operand.context) if same_amount(q, operand.quantity)), None)
    if own is None:
        return False
    return bool(_clause_keys(claim, amount.start) & _clause_keys(operand.context, own.start))


def _clause_keys(text: str, at: int) -> frozenset[str]:
    """The content words of the clause of ``text`` that holds offset ``at``, without its amounts and price words."""
    start, end = next(((a, b) for a, b in clause_spans(text) if a <= at < b), (0, len(text)))
    clause = text[start:end]
    for q in sorted(quantities(clause), key=lambda q: -q.start):
        clause = clause[: q.start] + " " + clause[q.end:]
    return keys(clause) - PRICE_KEYS


def _combines(amount: Quantity, written: list[Quantity]) -> bool:
    """Whether one operation of ``amount`` with another number the claim writes gives a third one it writes
    ("would cost NOK 560, so the NOK 300 weekly licence saves you NOK 260": 560 − 300): the amount has its place
    in the claim's arithmetic even where the search explained the third number another way."""
    others = [q.value for q in written if q is not amount]
    x = amount.value
    for a in others:
        results = {a + x, a - x, x - a, a * x} | ({a / x} if x else set()) | ({x / a} if a else set())
        if any(math.isclose(t, r, rel_tol=1e-9) for t in others for r in results):
            return True
    return False


def misstated_operand(claim: str, report: NumberReport) -> tuple[Operand, str] | None:
    """A passage amount the claim's arithmetic needs but does not write, while the claim writes another amount of
    that currency that no arithmetic of it uses: "7 days at €20 would be €343" is 7 × €49 (the daily rate the
    claim does not name), and the €20 it names is the late-return fee. The operand and why; None when no
    derivation does that."""
    used = {id(o.claim_quantity) for d in report.derivations if d.justified for o in d.operands
            if o.claim_quantity is not None}
    targets = {id(d.target) for d in report.derivations}
    stated = [n.quantity for n in report.numbers if n.status == "in_sources" and _currency(n.quantity)
              and id(n.quantity) not in used and id(n.quantity) not in targets
              and not _combines(n.quantity, [m.quantity for m in report.numbers])]
    for derivation in (d for d in report.derivations if d.justified and stated):
        if all(o.claim_quantity is None for o in derivation.operands):
            continue  # nothing of the claim's own in it: no slot of the claim's arithmetic to misstate
        for operand in derivation.operands:
            if ("passage" not in operand.origins or operand.claim_quantity is not None or not operand.context
                    or operand.source == ANSWER_SOURCE):  # what the answer says elsewhere it may use unwritten
                continue
            for q in stated:
                if (_currency(q) == _currency(operand.quantity) and not same_amount(q, operand.quantity)
                        and _in_its_place(claim, q, operand)):
                    return operand, (f"{derivation.target.text} is {derivation.expression}, which uses "
                                     f"{operand.quantity.text}, but the claim states {q.text}")
    return None
