"""Rules judged against the sentence the claim is about (issue 31), with passages written here.

The string rules alone (no model), then the same cases through the bundled default checker.
"""

from __future__ import annotations

import pytest

from faithkit.checkers.nli_options import DEFAULT_NLI_THRESHOLD
from faithkit.checkers.rules.alignment import binding_conflict, polarity_conflict
from faithkit.records import ClaimCheck, Passage

COWORKING = (
    Passage("prices", "A hot desk costs €18 per day or €290 per month. A fixed desk costs €390 per month. Meeting "
                      "rooms cost €25 per hour for members and €40 per hour for guests."),
    Passage("cancel", "Meeting room bookings can be cancelled free of charge within 24 hours of booking. After "
                      "that, the full price is charged."),
)
LOCKERS = (
    Passage("sizes", "Boxly lockers come in three sizes: S (up to 8 kg), M (up to 15 kg) and L (up to 25 kg). "
                     "Sending a parcel costs €3.90 from an S locker, €4.90 from an M locker and €6.90 from an L "
                     "locker. Parcels over 25 kg cannot be sent through lockers."),
)
TICKETS = (
    Passage("refunds", "Tickets bought on Encore are refunded in full if an event is cancelled, including the "
                       "booking fee."),
    Passage("fees", "Each ticket has a booking fee of £2.50. Encore Plus members pay no booking fees and get "
                    "48-hour early access to presales."),
)


def test_a_price_bound_to_members_is_not_the_guests_price() -> None:
    sentence = "Meeting rooms cost €25 per hour for members and €40 per hour for guests."
    assert binding_conflict("Meeting rooms cost €25 per hour for guests.", sentence)
    assert not binding_conflict("Meeting rooms cost €40 per hour for guests.", sentence)
    assert not binding_conflict("Meeting rooms cost €25 per hour for members.", sentence)


def test_a_negated_excess_states_the_limit_it_bounds() -> None:
    negated = "Parcels over 25 kg cannot be sent through lockers."
    assert not polarity_conflict("An L locker takes parcels up to 25 kg.", negated)
    assert polarity_conflict("Parcels over 25 kg can be sent through lockers.", negated)
    assert polarity_conflict("Parcels up to 30 kg can be sent through lockers.", "Parcels up to 30 kg cannot be sent.")


@pytest.fixture(scope="module")
def checker():
    from faithkit.checkers.registry import build_checker

    return build_checker("nli")


@pytest.mark.parametrize("passages, claim, label", [
    (COWORKING, "Meeting rooms cost €25 per hour for guests.", "not_supported"),
    (COWORKING, "Meeting rooms cost €40 per hour for guests.", "supported"),
    (COWORKING, "Meeting rooms cost €25 per hour for members.", "supported"),
    (LOCKERS, "An L locker takes parcels up to 25 kg.", "supported"),
    (LOCKERS, "Parcels over 25 kg can be sent through lockers.", "not_supported"),
    # evidence first: the refund sentence shares three words, the fees sentence that says it four
    (TICKETS, "Encore Plus: No booking fees", "supported"),
    (TICKETS, "Encore Plus members pay booking fees.", "not_supported"),
])
def test_the_default_checker_judges_against_the_sentence_the_claim_is_about(checker, passages, claim, label) -> None:
    verdict = checker.check([ClaimCheck(claim, passages)])[0]
    assert verdict.label == label, (verdict.score, verdict.detail)


LOCKER_PRICES = "Sending a parcel costs €3.90 from an S locker, €4.90 from an M locker and €6.90 from an L locker."


def test_a_price_given_to_another_size_in_the_same_sentence_is_a_swap() -> None:
    assert binding_conflict("Sending a parcel from an M locker costs €3.90.", LOCKER_PRICES)
    assert not binding_conflict("Sending a parcel from an M locker costs €4.90.", LOCKER_PRICES)


@pytest.mark.parametrize("claim, wrong", [
    ("Three parcels from S lockers cost €14.70 in total (3 × €3.90).", "3 × €3.90 = 11.7, but states €14.70"),
    ("A 3-hour booking comes to 3 × €25 = €80.", "3 × €25 = 75, but states €80"),
    ("A parcel can wait up to 96 hours (72 hours plus 24).", None),
    ("Four tickets have £10 in booking fees (4 × £2.50).", None),
    ("The office was built in 1990 (1990 - 1995 renovation).", None),  # a range or an aside is no expression
    # a currency code or a country's sign before the number (session 30)
    ("You'll be charged for 4 days: 4 × CHF 34 = CHF 192.", "4 × CHF 34 = 136, but states CHF 192"),
    ("You'll be charged for 4 days: 4 × CHF 48 = CHF 192.", None),
    ("You'd pay CA$28 for the 4 months (4 × CA$6).", "4 × CA$6 = 24, but states CA$28"),
    # the number the brackets work out, not the operand written right before them
    ("You'd pay CA$24 for the 4 months (4 × CA$6).", None),
    ("At NZ$48 a night for the two of you (2 × NZ$24), that's NZ$336 for a week.", None),  # "two" is an operand
    # a percentage taken off or added is a share of what it follows
    ("With a student card a day costs DKK 323 (DKK 380 minus 15%).", None),
    ("With a student card a day costs DKK 330 (DKK 380 minus 15%).", "DKK 380 minus 15% = 323, but states DKK 330"),
    ("The student discount is €57 (15% × €380).", None),
])
def test_an_expression_the_claim_writes_must_give_its_number(claim: str, wrong: str | None) -> None:
    from faithkit.checkers.numbers.written import wrong_written_sum

    found = wrong_written_sum(claim)
    assert (found.reason if found else None) == (None if wrong is None else f"the claim writes {wrong}")


def test_the_default_checker_flags_a_written_sum_that_does_not_add_up(checker) -> None:
    passages = (Passage("sizes", LOCKER_PRICES),)
    claim = "Three parcels from S lockers cost €14.70 in total (3 × €3.90)."
    verdict = checker.check([ClaimCheck(claim, passages, "What would three parcels from S lockers cost?")])[0]
    assert verdict.label == "not_supported" and verdict.stage == "numbers"
    assert verdict.detail["numbers_rule"] == "written_sum" and "11.7" in verdict.detail["reason"]


CARE_PLAN = (Passage("plans", "The Pawsley Care Plan costs $18 per month per pet and includes 10% off all medicines. "
                              "It does not cover dental treatment. It is not possible to pause the plan."),)


@pytest.mark.parametrize("claim, label", [
    ("The Care Plan gives you 10% off all medicines and covers dental treatment.", "not_supported"),
    ("The Care Plan gives you 10% off all medicines and does not cover dental treatment.", "supported"),
])
def test_a_sentence_opening_with_it_is_read_with_the_subject_before_it(checker, claim, label) -> None:
    verdict = checker.check([ClaimCheck(claim, CARE_PLAN)])[0]
    assert verdict.label == label, (verdict.score, verdict.detail)


def test_an_expletive_it_stands_for_nothing() -> None:
    from faithkit.checkers.rules.window_veto import _antecedent_words

    assert _antecedent_words("It does not cover dental treatment.", CARE_PLAN[0].text.split(". ")[0])
    assert not _antecedent_words("It is not possible to pause the plan.", CARE_PLAN[0].text.split(". ")[0])


def test_a_worked_sum_written_in_brackets_is_arithmetic_not_a_claim_to_entail(checker) -> None:
    fees = (Passage("fees", "Each ticket has a booking fee of £2.50. Mobile tickets are free; printed tickets sent by "
                            "post cost £3 per order."),)
    question = "I'm buying four tickets and want them posted. What are the extra costs?"
    right = "Four tickets have £10 in booking fees (4 × £2.50), plus £3 for posting the order, so £13 in extras."
    wrong = "Four tickets have £12 in booking fees (4 × £3), plus £3 for posting the order, so £15 in extras."
    verdicts = checker.check([ClaimCheck(right, fees, question), ClaimCheck(wrong, fees, question)])
    assert [v.label for v in verdicts] == ["supported", "not_supported"]
    assert verdicts[0].stage == "arithmetic"


@pytest.mark.parametrize("claim, label", [
    ("For a member, a 3-hour meeting room booking costs €75.", "supported"),  # 3 × €25, the members' rate
    ("For a guest, a 3-hour meeting room booking costs €75.", "not_supported"),  # €25 is the members' rate
    ("For a member, a 3-hour meeting room booking costs €120.", "not_supported"),  # €40 is the guests' rate
    ("For a guest, a 3-hour meeting room booking costs €120.", "supported"),
])
def test_rate_times_quantity_uses_the_operand_of_the_claims_case(checker, claim, label) -> None:
    question = "How much does a 3-hour meeting room booking cost?"
    verdict = checker.check([ClaimCheck(claim, COWORKING[:1], question)])[0]
    assert verdict.label == label, verdict.detail
    if label == "not_supported":
        assert verdict.detail["numbers_rule"] == "operand_binding" and "belongs to another case" in \
            verdict.detail["reason"]


def test_parts_stand_in_for_the_whole_only_when_each_is_plainly_supported() -> None:
    from faithkit.checkers.parts import PART_BAR, combine
    from faithkit.records import Verdict

    whole = Verdict("not_supported", "nli", 0.1)
    strong = [("A.", Verdict("supported", "nli", 0.98)), ("B.", Verdict("supported", "nli", 0.95))]
    weak = [("A.", Verdict("supported", "nli", 0.98)), ("B.", Verdict("supported", "nli", 0.5))]
    assert PART_BAR == 0.6
    assert combine(whole, strong).label == "supported" and combine(whole, strong).detail["supported_by"] == "parts"
    held = combine(whole, weak)
    assert held.label == "not_supported" and "not each at 0.6" in held.detail["reason"]


@pytest.mark.parametrize("claim, sentence, conflict", [
    ("You can ask for a refund within 14 days of buying your ticket.",
     "You can ask for a refund within 14 days of the new date being announced.", True),
    ("Bookings can be cancelled free of charge up to 24 hours before the booking starts.",
     "Meeting room bookings can be cancelled free of charge within 24 hours of booking.", True),
    ("Refunds are possible within 7 days of buying.", "Refunds are possible within 7 days from purchase.", False),
    ("Cancelling a class less than 2 hours before it starts counts as a no-show.",
     "If you cancel less than 2 hours before a class, it counts as a no-show.", False),  # the pronoun's event
    ("You can ask for a refund within 14 days.", "You can ask for a refund within 14 days of purchase.", False),
    ("Refunds are possible within 30 days of buying.", "Refunds are possible within 7 days of the new date.", False),
    # "we" / "you" stand for no thing: the verb names the event (session 36, periods_dev pd-006)
    ("The deposit is refunded within 10 days after delivery.",
     "The deposit goes back to your card within 10 days after we collect the equipment and check it.", True),
    ("The deposit comes back within 10 days after we collect the chair.",
     "The deposit goes back to your card within 10 days after we collect the equipment and check it.", False),
])
def test_a_time_counted_from_another_event_is_another_condition(claim: str, sentence: str, conflict: bool) -> None:
    from faithkit.checkers.rules.alignment import DEFAULT_ALIGNMENT_RULES, conflict_kind, parse_rules
    from faithkit.checkers.rules.alignment_anchors import anchor_conflict

    assert anchor_conflict(claim, sentence) is conflict
    if conflict:
        kind = conflict_kind(claim, sentence, rules=parse_rules(DEFAULT_ALIGNMENT_RULES))
        assert kind == "anchors: the same time counted from another event"


@pytest.mark.parametrize("question, claim, label", [
    ("My concert was postponed. Can I get a refund?",
     "According to the help center, you can ask for a refund within 14 days of buying your ticket.", "not_supported"),
    ("My concert was postponed. Can I get a refund?",
     "You can ask for a refund within 14 days of the new date being announced.", "supported"),
    ("Can I cancel a meeting room booking?",
     "Yes, meeting room bookings can be cancelled free of charge up to 24 hours before the booking starts.",
     "not_supported"),
    ("Can I cancel a meeting room booking?",
     "Yes, meeting room bookings can be cancelled free of charge within 24 hours of booking.", "supported"),
])
def test_the_default_checker_holds_the_reference_point(checker, question: str, claim: str, label: str) -> None:
    from faithkit.testing import check_answer

    postponed = Passage("postponed", "If an event is postponed, your ticket is valid for the new date; you can ask "
                                     "for a refund within 14 days of the new date being announced.")
    found = check_answer(claim, (*COWORKING, postponed), checker=checker, question=question)
    assert found.faithful is (label == "supported"), found.record["claims"]


@pytest.mark.parametrize("claim, sentence, same", [
    ("Yes, meeting room bookings can be cancelled free of charge within 24 hours of booking.",
     "Meeting room bookings can be cancelled free of charge within 24 hours of booking.", True),
    ("If you don't collect it in time, it's returned to the sender.",
     "If you do not collect it in time, it is returned to the sender.", True),
    ("**Late fees:** 20 cents per item per day", "Late fees: 20 cents per item per day.", True),
    ("Meeting room bookings can be cancelled free of charge within 48 hours of booking.",
     "Meeting room bookings can be cancelled free of charge within 24 hours of booking.", False),
    ("Bookings can be cancelled.", "Bookings cannot be cancelled.", False),
])
def test_a_copy_is_compared_after_the_normalising_a_reader_does(claim: str, sentence: str, same: bool) -> None:
    from faithkit.checkers.rules.copy_rule import normalised

    assert (normalised(claim) == normalised(sentence)) is same


def test_a_copy_is_supported_whatever_the_model_reads(checker) -> None:
    claim = "Yes, meeting room bookings can be cancelled free of charge within 24 hours of booking."
    verdict = checker.check([ClaimCheck(claim, COWORKING, "Can I cancel a meeting room booking?")])[0]
    assert verdict.label == "supported" and verdict.detail.get("copy"), verdict.detail
    assert verdict.score < DEFAULT_NLI_THRESHOLD  # the model alone would have flagged it (contradiction 0.94)
    assert "word for word" in verdict.detail["reason"]
    assert verdict.evidence.text == COWORKING[1].text.split(" After")[0]


ANNUAL = Passage("annual", "Memberships can be paid monthly or annually. Annual memberships are 20% cheaper than "
                           "paying monthly.")


@pytest.mark.parametrize("claim, label", [
    ("Annual memberships are 20% cheaper, so a fixed desk would cost €312 a month instead of €390.", "supported"),
    ("Annual memberships are 20% cheaper, so a fixed desk would cost €302 a month instead of €390.", "not_supported"),
])
def test_percent_cheaper_is_a_discount_off_the_price(checker, claim: str, label: str) -> None:
    verdict = checker.check([ClaimCheck(claim, (COWORKING[0], ANNUAL),
                                        "How much is a fixed desk on an annual membership?")])[0]
    assert verdict.label == label, verdict.detail
    if label == "supported":
        assert verdict.detail["reason"] == "verified arithmetic: 312 = (1 − 20%) × 390"


@pytest.mark.parametrize("claim, status", [
    ("Buying online saves 10%, so you'd pay CHF 369 instead of CHF 410.", "derived"),  # 410 × (1 − 10%)
    ("Buying online saves 10%, so you'd pay CHF 370 instead of CHF 410.", "unverified"),
    ("Buying online saves you CHF 41 on the CHF 410 pass.", "derived"),  # the saving itself
    ("Buying online saves you CHF 369 on the CHF 410 pass.", "unverified"),  # the price left called a saving
])
def test_saves_10_percent_is_a_discount(claim: str, status: str) -> None:
    """A passage's "saves 10%" is a discount like "10% off" (session 30, chosen on numbers_dev's nd-060)."""
    from faithkit.checkers.numbers.analysis import analyse_claim_numbers

    passes = Passage("passes", "A 6-day pass costs CHF 410 for adults. Buying online at least 3 days before your "
                               "first ski day saves 10%.")
    report = analyse_claim_numbers(claim, (passes,))
    assert [n.status for n in report.numbers if n.quantity.value not in (410, 10)] == [status]


def test_a_sentence_whose_parts_each_name_their_own_case_binds_each_price_to_its_case() -> None:
    """"The Daily plan" stands before the sentence's first number, but it is the first part's case, not a subject
    every part shares: the Weekend part names a sibling in its place."""
    sentence = "The Daily plan costs TND 12 per week and the Weekend plan costs TND 5 per week."
    assert binding_conflict("The Weekend plan costs TND 12 per week.", sentence)
    assert binding_conflict("The Daily plan costs TND 5 per week.", sentence)
    assert not binding_conflict("The Daily plan costs TND 12 per week.", sentence)
    assert not binding_conflict("The Weekend plan costs TND 5 per week.", sentence)
    # a subject every part shares still binds nothing by itself
    assert not binding_conflict("Meeting rooms cost €25 per hour for members.",
                                "Meeting rooms cost €25 per hour for members and €40 per hour for guests.")


def test_the_default_checker_flags_a_price_given_to_the_other_plan(checker) -> None:
    from faithkit.testing import check_answer

    passages = [Passage("prices", "The Daily plan costs TND 12 per week and the Weekend plan costs TND 5 per week. "
                                  "Prices include delivery.")]
    found = check_answer("The Weekend plan costs TND 12 per week.", passages, checker=checker)
    assert not found.faithful and found.record["claims"][0]["stage"] == "rule:binding", found.record["claims"]
