"""The answer's own statements as operands (issue 31): a follow-on sentence ("Split four ways, that's NOK 1,062.50
each.") computes from the total the sentence before it grounded. With a long price list, that total used to rank
behind every passage amount of the same currency and fell out of the capped operand pool, so the right share was
flagged; and a statement may draw only on the statements grounded before it, so no explanation goes in a circle."""

from __future__ import annotations

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.analysis import grounding_rounds
from faithkit.records import ClaimCheck, Passage, Verdict

PRICES = Passage("cabins", " ".join(
    f"A {kind} cabin costs NOK {price} per night in {season}." for kind, price, season in [
        ("two-bed", 650, "winter"), ("two-bed", 720, "spring"), ("two-bed", 810, "summer"), ("four-bed", 950, "June"),
        ("four-bed", 990, "July"), ("four-bed", 870, "autumn"), ("six-bed", 1150, "June"), ("six-bed", 1290, "July"),
        ("six-bed", 1080, "autumn"), ("lakeside", 1350, "June"), ("lakeside", 1490, "July"), ("forest", 690, "May"),
        ("forest", 760, "June"), ("forest", 830, "July"), ("family", 1190, "June"), ("family", 1240, "July"),
        ("family", 1120, "August"), ("studio", 590, "June"), ("studio", 640, "July"), ("loft", 1420, "June")])
    + " Final cleaning costs NOK 450 per stay.")
QUESTION = "Four of us are sharing a four-bed cabin for 4 nights in June, with final cleaning. How much each?"
TOTAL = "4 nights at NOK 950 is NOK 3,800, and final cleaning adds NOK 450, so NOK 4,250 altogether."
SHARE = "Split four ways, that's NOK 1,062.50 each."


def check(claims: list[str]) -> list[Verdict]:
    """The stage over an inner checker that supports nothing: only arithmetic can make a claim pass."""
    return NumberChecks(ScriptedChecker({})).check(
        [ClaimCheck(c, (PRICES,), QUESTION, context=tuple(o for o in claims if o != c)) for c in claims])


def test_a_share_of_the_total_the_sentence_before_grounded_is_verified_among_many_prices() -> None:
    _, share = check([TOTAL, SHARE])
    assert (share.label, share.stage) == ("supported", "arithmetic")
    assert share.evidence is not None and share.evidence.text == "1062.50 = 4250 ÷ 4"


def test_a_wrong_share_is_still_flagged() -> None:
    _, wrong = check([TOTAL, SHARE.replace("1,062.50", "1,162.50")])
    assert wrong.label == "not_supported"


def test_a_statement_draws_only_on_what_was_grounded_before_it() -> None:
    """The total is grounded by the passage alone, the share by the total: the total's explanation never
    divides the share back up ("4250 = 4 × 1062.50")."""
    assert grounding_rounds([TOTAL, SHARE], (PRICES,), QUESTION) == ((TOTAL,), (SHARE,))
    total, _ = check([TOTAL, SHARE])
    expressions = [n["expression"] for n in total.detail["numbers"] if n.get("expression")]
    assert expressions and all("1062.5" not in e for e in expressions)
