"""How a verified expression reads in a verdict's reason: a reader checks it by hand, so it must be arithmetic that
holds as written. The search compares rates in one period (a yearly price becomes its monthly share), so
"you save $24 a year" against "$12 per month, or $120 per year" was explained as "24 = 12 − 120"."""

from __future__ import annotations

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.analysis import analyse_claim_numbers
from faithkit.records import ClaimCheck, Passage

PRICING = Passage("pricing", "The Pro plan costs $12 per month, or $120 per year. Students get Pro for $6 per month.")
SAVING = "Paying yearly costs $120, versus $144 for 12 months of monthly billing, so you save $24 a year."


def test_rates_of_different_periods_are_written_with_their_periods() -> None:
    report = analyse_claim_numbers(SAVING, (PRICING,), "Is the yearly plan cheaper?")
    assert report.accepted
    assert [d.expression for d in report.derivations] == ["$144 = 12 months × $12",
                                                           "$24 per year = $12 per month − $120 per year"]


def test_the_reason_of_a_verified_claim_shows_that_expression() -> None:
    # the inner checker supports what is left once the arithmetic is verified: "Paying yearly costs $120."
    inner = ScriptedChecker({"Paying yearly costs $120.": "supported"})
    verdict = NumberChecks(inner).check([ClaimCheck(SAVING, (PRICING,), "Is the yearly plan cheaper?")])[0]
    assert verdict.label == "supported" and verdict.stage == "arithmetic"
    assert "$24 per year = $12 per month − $120 per year" in verdict.detail["reason"]
    assert "24 = 12 − 120" not in verdict.detail["reason"]


def test_rates_of_one_period_keep_the_plain_expression() -> None:
    claim = "At $12 a month, 3 months come to $36."
    report = analyse_claim_numbers(claim, (PRICING,), "")
    assert [d.expression for d in report.derivations] == ["$36 = 3 months × $12"]
