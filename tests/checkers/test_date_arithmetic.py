"""Date arithmetic (issue 31): the user's date plus a period an evidence sentence states, with passages written
here. The string rules first (no model), then the bundled default checker."""

from __future__ import annotations

import datetime as dt

import pytest

from faithkit.checkers.numbers.dates import date_arithmetic, dates_in, uncovered_words
from faithkit.checkers.rules.alignment_words import words
from faithkit.records import ClaimCheck, Passage

INVOICES = ("Invoices are sent on the 1st of each month and are due within 14 days. Late payments incur a €10 fee.",
            "Meeting room bookings can be cancelled free of charge within 24 hours of booking.")
QUESTION = "My invoice came on 1 March. When is it due?"


@pytest.mark.parametrize("text, found", [
    ("yours is due by 15 March.", [(3, 15)]),
    ("on March 3rd, 2025 and on the 4th of July", [(3, 3), (7, 4)]),
    ("You may 2 guests bring.", []),  # "may" is a verb
    ("on 31 February", []),  # no such day
])
def test_the_dates_a_text_states(text: str, found: list[tuple[int, int]]) -> None:
    assert [(d.date.month, d.date.day) for d in dates_in(text)] == found


def test_a_year_the_text_gives_is_kept() -> None:
    assert dates_in("due on 1 March 2024")[0].date == dt.date(2024, 3, 1)


@pytest.mark.parametrize("claim, expression", [
    ("Invoices are due within 14 days, so yours is due by 15 March.", "1 March + 14 days = 15 March"),
    ("Yours is due by 15 March.", "1 March + 14 days = 15 March"),
    ("Yours is due by 20 March.", None),  # 19 days: no period gives it
    ("Yours is due by 1 March.", None),  # stated in the question: nothing to compute
])
def test_a_date_is_the_users_date_plus_a_period_a_passage_states(claim: str, expression: str | None) -> None:
    found = date_arithmetic(claim, INVOICES, QUESTION, words(claim))
    if expression is None:
        assert found is None or not found.expressions
    else:
        assert found is not None and found.expressions == (expression,)


def test_the_period_comes_from_a_sentence_about_the_claim() -> None:
    # "14 days" is stated only in the invoice sentence; a claim about bookings shares no word with it
    found = date_arithmetic("Bookings close on 15 March.", INVOICES, QUESTION, words("Bookings close on 15 March."))
    assert found is None


@pytest.mark.parametrize("claim, left", [
    ("Invoices are due within 14 days, so yours is due by 15 March.", []),
    ("Invoices are sent within 14 days, so yours is sent by 15 March.", ["sent", "sent"]),  # the other clause's verb
    ("Invoices are not due within 14 days, so yours is due by 15 March.", ["not"]),
    ("Invoices are due 14 days later, so yours is due on 15 March.", []),  # "later" places the date, like "after"
])
def test_only_the_periods_clause_and_the_question_cover_the_rest(claim: str, left: list[str]) -> None:
    found = date_arithmetic(claim, INVOICES, QUESTION, words(claim))
    assert found is not None
    assert uncovered_words(claim, found, QUESTION) == left


@pytest.fixture(scope="module")
def checker():
    from faithkit.checkers.registry import build_checker

    return build_checker("nli")


@pytest.mark.parametrize("answer, faithful", [
    ("Invoices are due within 14 days, so yours is due by 15 March.", True),
    ("Invoices are due within 14 days, so yours is due by 20 March.", False),
    ("Invoices are sent within 14 days, so yours is sent by 15 March.", False),
])
def test_the_default_checker_verifies_a_due_date(checker, answer: str, faithful: bool) -> None:
    from faithkit.testing import check_answer

    passages = [Passage(f"p{i}", text) for i, text in enumerate(INVOICES)]
    found = check_answer(answer, passages, checker=checker, question=QUESTION)
    assert found.faithful is faithful, found.record["claims"]


def test_a_verified_date_says_what_it_computed(checker) -> None:
    claim = "Invoices are due within 14 days, so yours is due by 15 March."
    verdict = checker.check([ClaimCheck(claim, (Passage("invoices", INVOICES[0]),), QUESTION)])[0]
    assert verdict.label == "supported" and verdict.stage == "arithmetic"
    assert verdict.detail["reason"] == "verified date arithmetic: 1 March + 14 days = 15 March"


@pytest.mark.parametrize("claim, expression", [
    ("Registration closes on 8 March.", "15 March − 7 days = 8 March"),  # "before": the period runs back
    ("Registration closes on 22 March.", None),  # forward would be the wrong direction
])
def test_a_period_moves_the_date_in_its_own_direction(claim: str, expression: str | None) -> None:
    passages = ("Registration closes 7 days before the course starts.",)
    question = "The course starts on 15 March. When does registration close?"
    found = date_arithmetic(claim, passages, question, words(claim))
    assert (found.expressions if found else None) == ((expression,) if expression else None)


def test_a_claim_a_rule_refuted_is_not_rescued_by_its_date_arithmetic() -> None:
    """As for the other arithmetic (``NumberChecks._rescue``): verified dates do not undo a sentence that disagrees."""
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.checkers.numbers import NumberChecks
    from faithkit.records import NOT_SUPPORTED, SUPPORTED, Evidence, Verdict

    claim = "Invoices are due within 14 days, so yours is due by 15 March."
    passages = tuple(Passage(f"p{k}", text) for k, text in enumerate(INVOICES))
    refuted = Verdict(NOT_SUPPORTED, "rule:conditions", score=0.9, evidence=Evidence("p0", INVOICES[0]),
                      detail={"disagreeing_sentence": True, "rule": "conditions", "reason": "conditions: ..."})
    plain = Verdict(NOT_SUPPORTED, "scripted", score=0.1, evidence=Evidence("p0", INVOICES[0]))
    for inner, expected in ((refuted, NOT_SUPPORTED), (plain, SUPPORTED)):
        (verdict,) = NumberChecks(ScriptedChecker({claim: inner})).check([ClaimCheck(claim, passages, QUESTION)])
        assert verdict.label == expected


GUARANTEE = ("The ceramic coating comes with a 365-day guarantee counted from the day the coating is applied. "
             "Coating must be booked at least 2 days in advance.",
             "Cancellations are accepted with 30 days' notice, counted from the day we receive your request.")


@pytest.mark.parametrize("question, claim, expression", [
    # the question's two dates: only the one of the event the period counts from is a base
    ("I booked on 15 March 2027 and it was applied on 22 March 2027. When does the guarantee run out?",
     "The guarantee runs until 21 March 2028.", "22 March + 365 days = 21 March"),
    ("I booked on 15 March 2027 and it was applied on 22 March 2027. When does the guarantee run out?",
     "The guarantee runs until 14 March 2028.", None),  # from the booking date: another event
    ("I sent my request on 2 September and you received it on 4 September. When does it end?",
     "The cancellation takes effect on 2 October.", None),
    ("I sent my request on 2 September and you received it on 4 September. When does it end?",
     "The cancellation takes effect on 4 October.", "4 September + 30 days = 4 October"),
    ("I sent my request on 2 September. When does it end?",  # one date: the user's date, as before
     "The cancellation takes effect on 2 October.", "2 September + 30 days = 2 October"),
])
def test_of_two_dates_in_the_question_the_period_counts_from_its_own_event(question: str, claim: str,
                                                                          expression: str | None) -> None:
    found = date_arithmetic(claim, GUARANTEE, question, words(claim))
    assert (found.expressions if found else None) == ((expression,) if expression else None)


@pytest.mark.parametrize("claim, expression", [
    ("You can return it until 2 April.", "3 March + 30 days = 2 April"),
    ("You can return it until 4 April.", None),  # from the delivery: another event
])
def test_an_event_named_by_a_noun_is_matched_to_the_question_s_verb(claim: str, expression: str | None) -> None:
    passages = ("Returns are accepted within 30 days from the date of purchase.",)
    question = "I purchased it on 3 March and it arrived on 5 March. Until when can I return it?"
    found = date_arithmetic(claim, passages, question, words(claim) | words(passages[0]))
    assert (found.expressions if found else None) == ((expression,) if expression else None)


def test_a_date_part_takes_its_period_from_the_part_before_it() -> None:
    """"It runs until 21 March 2028." shares no word with the guarantee's sentence; the part before it does."""
    from faithkit.checkers.numbers.dates import worked_date

    question = "I booked on 15 March 2027 and it was applied on 22 March 2027. When does the guarantee run out?"
    part = "It runs until 21 March 2028."
    assert worked_date(part, GUARANTEE, question) is None
    found = worked_date(part, GUARANTEE, question, ("The 365-day guarantee counts from the day it was applied.",))
    assert found is not None and found.expressions == ("22 March + 365 days = 21 March",)


@pytest.mark.parametrize("answer, faithful", [
    ("The 365-day guarantee counts from the day the coating was applied, so it runs until 21 March 2028.", True),
    ("The 365-day guarantee counts from the day the coating was applied, so it runs until 14 March 2028.",
     False),  # 15 March (booked) + 365 days: the period counts from another event
    ("The 365-day guarantee counts from the day the coating was applied, so it runs until 28 March 2028.",
     False),  # no period gives it
])
def test_the_default_checker_verifies_a_date_worked_out_in_a_later_part(checker, answer: str, faithful: bool) -> None:
    from faithkit.testing import check_answer

    passages = [Passage(f"p{i}", text) for i, text in enumerate(GUARANTEE)]
    question = "I booked ceramic coating on 15 March 2027 and it was applied on 22 March 2027. When does it run out?"
    found = check_answer(answer, passages, checker=checker, question=question)
    assert found.faithful is faithful, found.record["claims"]


def test_a_claim_whose_parts_are_a_supported_period_and_its_worked_date_is_supported() -> None:
    """The whole claim leaves "not" and "booking" to the word test, so only its parts can carry it: the model
    supports the first (scripted here), and the date part is the applied date plus the period the first names."""
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.checkers.numbers import NumberChecks
    from faithkit.checkers.parts import ClaimParts, claim_parts
    from faithkit.records import SUPPORTED

    claim = ("The 365-day guarantee counts from the day the coating was applied, not the booking date, so it runs "
             "until {}.")
    question = "I booked on 15 March 2027 and it was applied on 22 March 2027. When does the guarantee run out?"
    passages = tuple(Passage(f"p{k}", text) for k, text in enumerate(GUARANTEE))
    for date, expected in (("21 March 2028", SUPPORTED), ("14 March 2028", "not_supported")):
        first, second = claim_parts(claim.format(date))
        assert second == f"It runs until {date}."
        stack = ClaimParts(NumberChecks(ScriptedChecker({first: "supported"})))
        (verdict,) = stack.check([ClaimCheck(claim.format(date), passages, question)])
        assert verdict.label == expected, verdict.detail
