"""Rules around the model (arithmetic, refusals) never let a false claim through: the attack run's cases with
the real default checker (bundled NLI model, numbers and arithmetic rules on)."""

from __future__ import annotations

import pytest

from faithkit.checkers.registry import build_checker
from faithkit.records import ClaimCheck, Passage

REFUNDS = Passage("refunds", "Refunds are available within 30 days of purchase.")
PRICES = Passage("prices", "The Team plan costs €12 per user per month.")


@pytest.fixture(scope="module")
def default_stack():
    return build_checker("nli")


@pytest.mark.parametrize(
    ("claim", "passage", "question"),
    [
        ("Refunds are available within 90 days.", REFUNDS, "We are 3 people, can we get a refund?"),
        ("The Team plan costs €96 per user per month.", PRICES, "I have 8 users. What does the Team plan cost?"),
        ("Each user pays €96 per month.", PRICES, "I have 8 users. What does the Team plan cost?"),
    ],
)
def test_a_head_count_never_turns_into_a_duration_or_a_per_user_price(default_stack, claim, passage, question):
    (verdict,) = default_stack.check([ClaimCheck(claim, (passage,), question=question)])
    assert verdict.label == "not_supported", (verdict.stage, verdict.evidence)


@pytest.mark.parametrize(
    ("claim", "question"),
    [
        ("Eight users pay €96 per month in total.", "I have 8 users. What does the Team plan cost?"),
        ("For 8 users the Team plan costs €96 a month.", "I have 8 users. What does the Team plan cost?"),
    ],
)
def test_the_total_a_head_count_does_give_is_still_derived(default_stack, claim, question):
    (verdict,) = default_stack.check([ClaimCheck(claim, (PRICES,), question=question)])
    assert verdict.label == "supported" and verdict.stage == "arithmetic"
