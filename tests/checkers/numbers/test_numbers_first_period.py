"""A price over "the first N months" and a count of different things (session 41, issue 30/31: shapes_dev's sd-005,
"For two cats the Care Plan costs $36 a month, which is $432 for the first 12 months.", the last faithful answer of
shapes_dev that was flagged).

"First" before a period the arithmetic multiplies by adds nothing to check: "$300 for the first 6 months" counts the
same 6 months as "$300 for 6 months"; which months a rate applies to is the operand conditions' business, and a
wrong product is still a wrong number. And a passage's "two grooming sessions a year" is not the user's "two dogs": the
same number of other things never ranks as the user's own operand, so the explanation reads "50 = 2 × 25", not a
product of months and visits that happens to equal it."""

from __future__ import annotations

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.analysis import analyse_claim_numbers
from faithkit.records import ClaimCheck, Passage, Verdict

PLAN = Passage("plan", "The Paws Plus plan costs €25 per month per pet and includes two grooming sessions a year and "
                       "15% off food. The plan runs for at least 12 months; after that you can cancel with 30 days' "
                       "notice.")
INTRO = Passage("intro", "New members pay €15 per month for the first 3 months, then €25 per month. The plan runs "
                         "for at least 6 months.")
QUESTION = "What would Paws Plus cost for my two dogs for a year?"
FIRST_MONTHS = "For two dogs Paws Plus costs €50 a month, which is €600 for the first 12 months."


def check(claim: str, passages: tuple[Passage, ...] = (PLAN,), question: str = QUESTION) -> Verdict:
    (verdict,) = NumberChecks(ScriptedChecker({})).check([ClaimCheck(claim, passages, question)])
    return verdict


def test_a_product_over_the_first_months_is_supported() -> None:
    verdict = check(FIRST_MONTHS)
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic"), verdict.detail
    assert "rest_uncovered" not in verdict.detail


def test_the_users_count_is_the_operand_not_a_passage_count_of_other_things() -> None:
    report = analyse_claim_numbers(FIRST_MONTHS, (PLAN,), QUESTION)
    expressions = {n.quantity.text: n.expression for n in report.numbers if n.status == "derived"}
    assert expressions["€50"] == "50 = 2 × 25"
    assert "session" not in " ".join(expressions.values())


def test_a_wrong_product_over_the_first_months_is_still_flagged() -> None:
    verdict = check(FIRST_MONTHS.replace("€600", "€650"))
    assert verdict.label == "not_supported"


def test_other_words_beside_the_first_months_are_still_checked() -> None:
    verdict = check("For two dogs Paws Plus costs €50 a month, which is €600 for the first 12 months, food "
                    "included.")
    assert verdict.label == "not_supported"


def test_the_first_months_at_a_rate_that_only_applies_later_are_flagged() -> None:
    """The intro passage prices the first 3 months at €15: €25 × 6 for "the first 6 months" is refused by the
    operand conditions, whatever "first" no longer blocks."""
    verdict = check("Paws Plus costs €25 a month, which is €150 for the first 6 months.", (INTRO,),
                    "What would Paws Plus cost for my dog?")
    assert verdict.label == "not_supported"
