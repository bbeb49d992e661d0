"""A total the claim cues after subtotals it worked out itself must be built on them (``analysis._on_subtotals``):
"€105 ... €16 ... so €131 in total" is not verified by a passage combination that happens to give 131. Passages
written here (a translation agency's price list); the inner checker is scripted, so what is tested is the rule."""

from __future__ import annotations

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.analysis import analyse_claim_numbers
from faithkit.checkers.parts import ClaimParts
from faithkit.records import ClaimCheck, Passage

PRICES = (
    Passage("certified", "Certified translations of certificates cost €35 per page, and diplomas cost €48 per page. "
                         "Each extra certified copy costs €8. We post the originals for €6.50 within Germany."),
    Passage("extras", "Apostille handling costs €25 per document. Same-day jobs cost a flat €90."),
)
QUESTION = "I need 3 pages of birth certificates certified, plus 2 extra copies. What will it cost?"
WRONG = "That's 3 pages × €35 = €105, plus 2 extra copies at €8 each (€16), so €131 in total."


def statuses(claim: str) -> dict[str, tuple[str, str | None]]:
    report = analyse_claim_numbers(claim, PRICES, QUESTION)
    return {n.quantity.text: (n.status, n.expression) for n in report.numbers}


def test_a_total_past_its_subtotals_is_not_a_passage_coincidence() -> None:
    """131 = 2 × 48 + 35 and 131 = 16 + 25 + 90 exist; neither is what the claim adds up."""
    report = analyse_claim_numbers(WRONG, PRICES, QUESTION)
    assert not report.accepted
    assert statuses(WRONG)["€131"][0] == "unverified"
    assert report.subtotals == "the claim's subtotals €105 + €16 come to €121, not €131"


@pytest.mark.parametrize(("claim", "total", "expression"), [
    ("That's 3 pages × €35 = €105, plus 2 extra copies at €8 each (€16), so €121 in total.", "€121",
     "121 = 105 + 16"),
    ("That's 3 pages × €35 = €105, plus 2 extra copies at €8 each (€16) and €6.50 postage, so €127.50 in total.",
     "€127.50", "127.50 = 105 + 16 + 6.50"),
])
def test_a_total_built_on_the_subtotals_is_derived(claim: str, total: str, expression: str) -> None:
    assert statuses(claim)[total] == ("derived", expression)


def test_a_total_with_one_subtotal_is_searched_as_before() -> None:
    """One worked-out amount is not a list of subtotals: "€105 in total" is 35 × 3 as always."""
    assert statuses("Certificates cost €35 per page, so 3 pages come to €105 in total.")["€105"] == (
        "derived", "105 = 35 × 3")


@pytest.mark.parametrize("inner", ["supported", "not_supported"])
def test_the_claims_parts_do_not_rescue_it(inner: str) -> None:
    """Cut at ", so", the part "€131 in total." has no subtotals of its own; the whole's rule stands, with the
    subtotals in the reason, whatever the model said."""
    checker = ClaimParts(NumberChecks(ScriptedChecker(default=inner)))
    (verdict,) = checker.check([ClaimCheck(WRONG, PRICES, QUESTION)])
    assert verdict.label == "not_supported"
    assert verdict.detail["numbers_rule"] == "subtotals"
    assert verdict.detail["reason"].startswith("the claim's subtotals €105 + €16 come to €121, not €131")
    (right,) = checker.check([ClaimCheck(WRONG.replace("€131", "€121"), PRICES, QUESTION)])
    assert right.label == "supported"
