"""A claim that states one amount where its arithmetic uses another (``numbers.misstated.misstated_operand``,
session 45): "Three hours of a double kayak at NZD 35 an hour come to NZD 165" is 3 × NZD 55, the double kayak's
rate the claim does not name, and the NZD 35 it names is the single kayak's. The inner checker is scripted to
support every claim, so each flag here is the numbers stage's own. Passages are written for these tests."""

from __future__ import annotations

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.extract import quantities
from faithkit.checkers.numbers.misstated import _combines
from faithkit.records import SUPPORTED, ClaimCheck, Passage

KAYAKS = Passage("hire", "Tidewater hires single kayaks for NZD 35 per hour and double kayaks for NZD 55 per hour. "
                         "A refundable security deposit of NZD 100 is taken for every booking.")
ROOMS = Passage("rooms", "Meeting rooms cost KES 2,500 per hour for members and KES 3,500 per hour for guests.")
BREAKFAST = Passage("food", "A bed in a 4-bed dorm costs ¥4,600 a night. Breakfast costs ¥900 per person per day.")


def _verdict(claim: str, passages: tuple[Passage, ...], question: str = ""):
    (verdict,) = NumberChecks(ScriptedChecker({claim: "supported"})).check([ClaimCheck(claim, passages, question)])
    return verdict


def test_a_rate_stated_where_the_arithmetic_needs_another_is_flagged():
    verdict = _verdict("Three hours of a double kayak at NZD 35 an hour come to NZD 165.", (KAYAKS,))
    assert verdict.label != SUPPORTED and verdict.detail["numbers_rule"] == "misstated_operand"
    assert "NZD 55" in verdict.detail["reason"] and "NZD 35" in verdict.detail["reason"]
    assert "double kayaks for NZD 55" in verdict.evidence.text
    moved = _verdict("Breakfast is ¥4,600 per person per day, so for 4 people over 3 days that's ¥10,800.",
                     (BREAKFAST,))
    assert moved.label != SUPPORTED and moved.detail["numbers_rule"] == "misstated_operand"


def test_the_right_rate_and_an_amount_of_another_thing_beside_the_arithmetic_pass():
    assert _verdict("Three hours of a double kayak at NZD 55 an hour come to NZD 165.", (KAYAKS,)).label == SUPPORTED
    assert _verdict("Breakfast is ¥900 per person per day, so for 4 people over 3 days that's ¥10,800.",
                    (BREAKFAST,)).label == SUPPORTED
    # the deposit is another thing's amount, stated beside a total worked out from a rate the claim does not name
    assert _verdict("A double kayak for 3 hours comes to NZD 165, plus the NZD 100 refundable security deposit.",
                    (KAYAKS,)).label == SUPPORTED
    # the members' price, stated as the alternative to a guest's total
    assert _verdict("As a guest you'd pay KES 7,000 for 2 hours; members pay KES 2,500 per hour instead.",
                    (ROOMS,)).label == SUPPORTED


def test_an_amount_that_has_its_own_place_in_the_claims_arithmetic_is_not_misstated():
    """dev nd-014: the search explained NOK 260 as 340 − 80 (two other prices), not as 560 − 300; the NOK 300 the
    claim states still has its place in the claim's own arithmetic."""
    claim = "7 day licences would cost NOK 560, so the NOK 300 weekly licence saves you NOK 260."
    written = quantities(claim)
    (weekly,) = (q for q in written if q.value == 300)
    assert _combines(weekly, written)
    (price,) = quantities("Three hours of a double kayak at NZD 35 an hour come to NZD 165.")[1:2]
    assert not _combines(price, quantities("Three hours of a double kayak at NZD 35 an hour come to NZD 165."))
