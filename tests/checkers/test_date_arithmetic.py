"""Date arithmetic (issue 31): the user's date plus a period an evidence sentence states, with passages written
here. The string rules first (no model), then the bundled default checker."""

from __future__ import annotations

import datetime as dt

import pytest

from faithkit.checkers.alignment_words import words
from faithkit.checkers.numbers.dates import date_arithmetic, dates_in, uncovered_words
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


SHOPS = ("Most shops stop taking returns 45 minutes before they close. Returns are refunded within 5 days.",)
SHOP_QUESTION = "The shop closes at 18:00. When can I still return something?"


@pytest.mark.parametrize("text, minutes", [
    ("closes at 22:00 and opens at 9 am", [1320, 540]),
    ("at 9.30 pm", [1290]),
    ("costs €3.50 for 9 items", []),  # an amount and a count are no times
])
def test_the_times_of_day_a_text_states(text: str, minutes: list[int]) -> None:
    from faithkit.checkers.numbers.dates import clock_times_in

    assert [t.minutes for t in clock_times_in(text)] == minutes


@pytest.mark.parametrize("claim, expression", [
    ("For a shop that closes at 18:00, you would usually need to return it by 17:15.", "18:00 − 45 minutes = 17:15"),
    ("For a shop that closes at 18:00, you would usually need to return it by 18:45.", None),  # "before": back
    ("For a shop that closes at 18:00, you would usually need to return it by 17:30.", None),
])
def test_a_time_is_the_users_time_moved_by_a_period_in_its_direction(claim: str, expression: str | None) -> None:
    found = date_arithmetic(claim, SHOPS, SHOP_QUESTION, words(claim))
    assert (found.expressions if found else None) == ((expression,) if expression else None)


def test_a_hedge_is_covered_where_the_source_hedges(checker) -> None:
    claim = "For a shop that closes at 18:00, you would usually need to return it by 17:15."
    verdict = checker.check([ClaimCheck(claim, (Passage("returns", SHOPS[0]),), SHOP_QUESTION)])[0]
    assert verdict.label == "supported" and verdict.stage == "arithmetic", verdict.detail
    certain = ("Shops stop taking returns 45 minutes before they close.",)
    found = date_arithmetic(claim, certain, SHOP_QUESTION, words(claim))
    assert found is not None and uncovered_words(claim, found, SHOP_QUESTION) == ["usually"]
