"""A passage's count of other things is not the user's count (session 41).

"The Paws Plus plan costs €25 per month per pet and includes two grooming sessions a year": for "my two dogs", the
operand pool had marked the passage's "two grooming sessions a year" as a number the claim states (plain counts of any
noun are the same amount), so it ranked as the user's own operand and the explanation of "€50 a month" read "12 months
× 2 grooming sessions a year × €25 per month". The same number of other things now stays a passage number, and the
explanation is "50 = 2 × 25" (the user's two dogs). Confirmed on a blind set written after the change (numbers_holdout6:
one faithful answer more kept, nothing lost; MODEL_CARD.md, session 41).

"First" before the period ("€600 for the first 12 months") is a word of arithmetic since session 43: it kept
shapes_dev's sd-005 in sessions 35 and 41 but no held-out answer then; a blind set written in session 43
(clauses_holdout) gave one, with nothing lost, so it is kept. A wrong total is still refused."""

from __future__ import annotations

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.analysis import analyse_claim_numbers
from faithkit.records import ClaimCheck, Passage, Verdict

PLAN = Passage("plan", "The Paws Plus plan costs €25 per month per pet and includes two grooming sessions a year and "
                       "15% off food. The plan runs for at least 12 months; after that you can cancel with 30 days' "
                       "notice.")
QUESTION = "What would Paws Plus cost for my two dogs for a year?"
MONTHLY = "For two dogs Paws Plus costs €50 a month."


def check(claim: str) -> Verdict:
    (verdict,) = NumberChecks(ScriptedChecker({})).check([ClaimCheck(claim, (PLAN,), QUESTION)])
    return verdict


def test_the_users_count_is_the_operand_not_a_passage_count_of_other_things() -> None:
    report = analyse_claim_numbers(f"{MONTHLY[:-1]}, which is €600 for the first 12 months.", (PLAN,), QUESTION)
    expressions = {n.quantity.text: n.expression for n in report.numbers if n.status == "derived"}
    assert expressions["€50"] == "50 = 2 × 25"
    assert "session" not in " ".join(expressions.values())


def test_the_monthly_price_for_the_users_count_is_supported_and_a_wrong_one_is_not() -> None:
    verdict = check(MONTHLY)
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic"), verdict.detail
    assert verdict.evidence is not None and verdict.evidence.text == "50 = 2 × 25"
    assert check(MONTHLY.replace("€50", "€55")).label == "not_supported"


def test_first_before_the_period_is_a_word_of_arithmetic() -> None:
    verdict = check("For two dogs Paws Plus costs €50 a month, which is €600 for the first 12 months.")
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic"), verdict.detail
    assert not verdict.detail.get("rest_uncovered")
    assert check("For two dogs Paws Plus costs €50 a month, which is €650 for the first 12 months.").label == (
        "not_supported")
