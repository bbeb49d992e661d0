"""A claim that shows its work: + or − over numbers the claim itself states, with no word cueing either operator
(``justify.SHOWN_WORK``). Passages written here (a car-hire and a ski-school help center)."""

from __future__ import annotations

from faithkit.checkers.numbers.analysis import analyse_claim_numbers
from faithkit.records import Passage

PASSAGES = (
    Passage("extras", "The damage waiver costs €12 per day and lowers your excess from €1,500 to €300. Storm damage "
                      "claims carry a £250 excess."),
    Passage("tickets", "A day ticket costs CHF 79 and a 3-day pass costs CHF 225. Parking costs CHF 12 per day."),
)
SCHOOL = (Passage("school", "The 5-morning course costs CHF 320, and helmets cost CHF 8 per day."),)


def status_of(claim: str, text: str, question: str = "", passages: tuple[Passage, ...] = PASSAGES
              ) -> tuple[str, str | None]:
    report = analyse_claim_numbers(claim, passages, question)
    found = next(n for n in report.numbers if n.quantity.text == text)
    return found.status, found.expression


def test_a_difference_of_the_claims_own_numbers_is_derived() -> None:
    assert status_of("The waiver lowers your excess from €1,500 to €300, so by €1,200.", "€1,200") == (
        "derived", "1200 = 1500 − 300")
    assert status_of("Storm claims carry a £250 excess, so on a £1,800 claim you'd get £1,550.", "£1,550",
                     "My storm claim is for £1,800.") == ("derived", "1550 = 1800 − 250")


def test_a_wrong_result_is_still_missing() -> None:
    assert status_of("The waiver lowers your excess from €1,500 to €300, so by €1,100.", "€1,100")[0] == "unverified"


def test_an_operand_the_claim_does_not_state_needs_a_cue() -> None:
    """£1,800 is the question's, not the claim's: nothing in "You'd get £1,550." says what is subtracted."""
    assert status_of("You'd get £1,550.", "£1,550", "My storm claim is for £1,800. What do I get?")[0] == "unverified"


def test_a_cue_for_the_other_operator_is_a_mismatch() -> None:
    """"in total" asks for a sum; 312 = 320 − 8 is a difference of two numbers the claim states, by chance."""
    claim = "The course is CHF 320, and a helmet is CHF 8 a day, so CHF 40 for five days, which makes CHF 312 in total."
    assert status_of(claim.split(", which")[0] + ".", "CHF 40", passages=SCHOOL)[0] == "derived"
    assert status_of(claim, "CHF 312", passages=SCHOOL)[0] == "unverified"
    assert not analyse_claim_numbers(claim, SCHOOL).accepted


def test_a_stronger_reason_explains_the_number_first() -> None:
    status, expression = status_of("Three day tickets would be CHF 237 (the pass is CHF 225, parking CHF 12).",
                                   "CHF 237")
    assert status == "derived" and "3 × 79" in expression


RENTAL = (Passage("rates", "Hospital beds cost JOD 130 per calendar month, and new customers pay JOD 95 for their "
                           "first month."),
          Passage("deposit", "We take a refundable deposit of JOD 150 for a hospital bed. Delivery or collection "
                             "costs JOD 15 each way."))


def test_a_written_total_of_four_grounded_amounts_is_derived() -> None:
    """The search stops at three operands; a receipt's total of four is checked by adding up what it shows."""
    claim = "Total: JOD 95 + JOD 130 + JOD 150 + JOD 15 = JOD 390"
    assert status_of(claim, "JOD 390", passages=RENTAL) == ("derived", "390 = 95 + 130 + 150 + 15")
    wrong = "Total: JOD 95 + JOD 130 + JOD 150 + JOD 15 = JOD 400"
    assert status_of(wrong, "JOD 400", passages=RENTAL)[0] == "unverified"
    made_up = "Total: JOD 95 + JOD 130 + JOD 150 + JOD 25 = JOD 400"  # JOD 25 is in no passage
    assert status_of(made_up, "JOD 400", passages=RENTAL)[0] == "unverified"


def test_the_stage_supports_a_written_total_and_asks_the_model_only_about_its_label() -> None:
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.checkers.numbers import NumberChecks
    from faithkit.records import SUPPORTED, ClaimCheck

    inner = ScriptedChecker({"Total.": "supported"})  # the whole claim: not supported by the inner checker
    stage = NumberChecks(inner)
    right, wrong = stage.check([ClaimCheck("Total: JOD 95 + JOD 130 + JOD 150 + JOD 15 = JOD 390", RENTAL),
                                ClaimCheck("Total: JOD 95 + JOD 130 + JOD 150 + JOD 15 = JOD 400", RENTAL)])
    assert right.label == SUPPORTED and right.stage == "arithmetic"
    assert right.detail["rest_claim"] == "Total."
    assert wrong.label != SUPPORTED
