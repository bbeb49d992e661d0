"""Worked numbers as assistants write them (issue 31 item 3): a number computed from another sentence of the same
answer, a total under a list, a contraction, ISO currency codes, and the words of the user's question.

Each example is written here, with its own passages; the bundled checker decides (real model inference)."""

from __future__ import annotations

import pytest

from faithkit.checkers.numbers.analysis import analyse_claim_numbers, grounded_statements
from faithkit.checkers.numbers.extract import quantities
from faithkit.records import Passage
from faithkit.testing import check_answer

PLANS = [{"id": "plans", "text": "The Plus plan costs $4 a month, or $40 a year paid upfront. Plus includes 2 TB "
                                 "of storage. Students with a school email get 25% off the monthly Plus plan."}]
PRINTS = [{"id": "prints", "text": "Small prints cost $0.30 each and large prints cost $2 each. Shipping costs $5.50, "
                                   "and it is free on orders over $40."}]


def verdicts(answer: str, contexts: list[dict], question: str = "") -> list[tuple[str, str]]:
    return [(c.text, c.verdict) for c in check_answer(answer, contexts, question=question).result.claims]


def test_a_number_computed_from_the_sentence_before_is_supported() -> None:
    answer = "Twelve monthly payments of $4 come to $48, while a year paid upfront is $40. So paying yearly saves $8."
    got = verdicts(answer, PLANS, "How much do I save on Plus by paying yearly instead of monthly?")
    assert got == [("Twelve monthly payments of $4 come to $48, while a year paid upfront is $40.", "supported"),
                   ("So paying yearly saves $8.", "supported")]


def test_a_made_up_number_in_one_sentence_supports_nothing_in_another() -> None:
    """$5 is in no passage, so "$5 a month" is grounded by nothing and cannot lend its number: $60 = 12 × $5
    stays unsupported, and so does the $5 itself."""
    answer = "Plus costs $5 a month. So a year of monthly payments comes to $60."
    got = verdicts(answer, PLANS, "What does a year of Plus cost if I pay monthly?")
    assert [v for _, v in got] == ["not_supported", "not_supported"]


def test_grounding_goes_in_rounds_and_never_in_a_circle() -> None:
    passages = (Passage("p", "Small prints cost $0.30 each. Shipping costs $5.50."),)
    statements = ["60 small prints at $0.30: $18", "That is $23.50 in total", "Made up: $7 each, so $14 for two"]
    grounded = grounded_statements(statements, passages, "What do 60 small prints cost with shipping?")
    assert grounded == ("60 small prints at $0.30: $18", "That is $23.50 in total")


def test_a_total_under_a_list_adds_its_items() -> None:
    """"That's $26.50 in total." is the sum of the list items above it, which the passages ground one by one; a
    wrong total is not derived."""
    passages = (Passage("prints", PRINTS[0]["text"]),)
    question = "What would 50 small and 3 large prints cost with shipping?"
    items = ["50 small prints at $0.30: $15.00", "3 large prints at $2: $6.00", "Shipping: $5.50"]
    for total, derived in (("That's $26.50 in total.", True), ("That's $27.50 in total.", False)):
        grounded = grounded_statements([*items, total], passages, question)
        sources = (*passages, *(Passage("answer", t) for t in grounded if t != total))
        report = analyse_claim_numbers(total, sources, question)
        assert report.accepted is derived
        assert [n.status for n in report.numbers] == ["derived" if derived else "unverified"]


def test_a_price_after_a_discount_with_a_contraction() -> None:
    """"you'd" is "you would": no content word the passages must hold."""
    answer = "Students get 25% off the monthly Plus plan, so you'd pay $3 a month instead of $4."
    assert verdicts(answer, PLANS, "I'm a student. What would Plus cost me?") == [(answer, "supported")]
    wrong = answer.replace("$3 a month", "$2 a month")
    assert verdicts(wrong, PLANS, "I'm a student. What would Plus cost me?") == [(wrong, "not_supported")]


def test_the_users_own_words_from_the_question_are_not_new_facts() -> None:
    """"switching to annual billing" is the user's wording: the arithmetic clause that repeats it adds nothing to
    check. Without the question the same words are new, and the clause is not taken out on its own word."""
    from faithkit.checkers.numbers.reduce import rest_of_claim

    passages = (Passage("plans", "The Plus plan costs $4 a month, or $40 a year paid upfront."),)
    claim = "Switching to annual billing saves you $8 a year."
    question = "How much does switching to annual billing save me?"
    report = analyse_claim_numbers(claim, passages, question)
    assert report.accepted and report.derived
    rest = rest_of_claim(claim, report, question)
    assert rest is not None and rest.uncovered == ()
    rest = rest_of_claim(claim, report)
    # "annual" meets the yearly period's "annually" (one stem since session 31); "Switching" is still new
    assert rest is not None and "Switching" in rest.uncovered


@pytest.mark.parametrize("text, unit", [("Ten classes cost SEK 1,800.", "SEK"), ("It is 490 PLN a month.", "PLN"),
                                        ("A box is NZD 12.50.", "NZD"), ("Lessons are SGD 45 each.", "SGD")])
def test_iso_currency_codes_before_or_after_an_amount(text: str, unit: str) -> None:
    assert [q.unit for q in quantities(text) if q.unit == unit] == [unit]


DESKS = [{"id": "memberships", "text": "Hive Works has two memberships. Flex costs CHF 290 per month and lets you "
                                       "use any free hot desk on weekdays. Fixed Desk costs CHF 480 per month and "
                                       "comes with your own desk, a lockable drawer and 24/7 access."},
         {"id": "rooms", "text": "Meeting rooms are booked in the app in 30-minute slots. Flex members get 4 free "
                                 "meeting-room hours per month and Fixed Desk members get 10; each extra hour costs "
                                 "CHF 25."},
         {"id": "billing", "text": "Memberships are billed monthly in advance on the 1st of each month. You can cancel "
                                   "at any time with one full calendar month's notice. Paying 12 months upfront gives "
                                   "you 10% off the membership price."}]


def test_a_percentage_is_read_from_the_sentence_that_writes_it_as_one() -> None:
    """Session 35: the claim's "10% off" was backed by the bare "10" free hours of another sentence (same amount,
    no unit), so the operand's sentence lost its discount and CHF 5,184 = CHF 5,760 × (1 − 10%) was never found."""
    answer = ("Fixed Desk is CHF 480 a month, so 12 months would be CHF 5,760; paying the year upfront takes 10% off, "
              "which brings it to CHF 5,184.")
    question = "What would Fixed Desk cost for a year if I pay upfront?"
    (claim,) = check_answer(answer, DESKS, question=question).result.claims
    assert claim.verdict == "supported"
    percent = next(n for n in claim.detail["numbers"] if n["text"] == "10%")
    assert percent["source"] == "billing"  # the explanation names the sentence that writes it, too
    wrong = answer.replace("5,184", "5,148")
    assert [v for _, v in verdicts(wrong, DESKS, question)] == ["not_supported"]
