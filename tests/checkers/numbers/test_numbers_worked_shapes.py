"""A "Total:" line under a list of worked items (issue 31 item 3, session 18), and a rest of a claim with no
unmatched bracket. Each example is written here, with its own passages (a kayak hire help center); the end-to-end
ones use the bundled checker (real model inference)."""

from __future__ import annotations

import pytest

from faithkit.checkers.numbers.analysis import analyse_claim_numbers
from faithkit.checkers.numbers.reduce import _balanced, rest_of_claim
from faithkit.records import Passage
from faithkit.testing import check_answer

HIRE = [{"id": "hire", "text": "A single kayak costs €30 a day and a double kayak costs €48 a day. A dry bag costs "
                               "€4 per hire."},
        {"id": "fees", "text": "A cleaning fee of €12 is charged if a kayak comes back muddy. Lost paddles cost "
                               "€25 each."}]
PASSAGES = tuple(Passage(c["id"], c["text"]) for c in HIRE)
ITEMS = ("Single kayak: 3 × €30 = €90", "Dry bag: €4", "Cleaning fee: €12")
QUESTION = "I had a single kayak for 3 days with a dry bag and it came back muddy. What do I owe?"


def verdicts(answer: str, question: str) -> list[str]:
    return [c.verdict for c in check_answer(answer, HIRE, question=question).result.claims]


@pytest.mark.parametrize("total", ["Total: €106", "Total due: €106", "Your total: €106", "Total = €106"])
def test_a_total_label_states_the_sum_of_the_items_above(total: str) -> None:
    """"Total:" before a number is the label of a sum, so the sum of the grounded items above it is the claim's
    own arithmetic; a wrong total is not derived from them."""
    sources = (*PASSAGES, *(Passage("answer", item) for item in ITEMS))
    report = analyse_claim_numbers(total, sources, QUESTION)
    assert report.accepted and [n.status for n in report.numbers] == ["derived"]
    wrong = analyse_claim_numbers(total.replace("€106", "€116"), sources, QUESTION)
    assert not wrong.accepted


def test_total_is_a_label_only_right_before_its_number() -> None:
    """"The total" elsewhere in a sentence states no sum: "€106 is what the total cleaning fee could be" is no
    derivation of 90 + 4 + 12."""
    sources = (*PASSAGES, *(Passage("answer", item) for item in ITEMS))
    report = analyse_claim_numbers("The cleaning part of the total could be €106.", sources, QUESTION)
    assert not report.accepted


def test_a_total_line_under_a_list_end_to_end() -> None:
    listed = "\n".join(f"- {item}" for item in ITEMS) + "\n\n**Total: €106**"
    assert verdicts(listed, QUESTION) == ["supported"] * 4
    assert verdicts(listed.replace("€106", "€116"), QUESTION)[-1] == "not_supported"


def test_a_cut_leaves_no_unmatched_bracket() -> None:
    assert _balanced("The one-time extension) before it goes back") == "The one-time extension before it goes back"
    assert _balanced("A dry bag (€4) per hire)") == "A dry bag (€4) per hire"
    assert _balanced("Second kayak (after the member discount") == "Second kayak after the member discount"


def test_the_rest_of_a_claim_with_a_written_expression_has_balanced_brackets() -> None:
    """The shapes_dev claim "… up to 96 hours (72 hours plus 24) before it goes back to the sender." left "The
    one-time extension) before …" for the model; the same shape written here."""
    passages = (Passage("hire", "You can keep a kayak for 4 hours, and extend it once by 2 hours for €5."),)
    question = "How long can I keep a kayak at most?"
    claim = "With the one-time extension, a kayak can be kept up to 6 hours (4 hours plus 2) before it must come back."
    report = analyse_claim_numbers(claim, passages, question)
    rest = rest_of_claim(claim, report, question)
    assert rest is not None and rest.text == "The one-time extension before it must come back."


def test_a_plural_in_the_passage_covers_its_singular_in_the_claim() -> None:
    """The coverage stem strips a plural before a verb ending: "siblings" and "sibling" meet (stripping "-ing"
    first made them "sibling" and "sibl", and a worked price "with the $5 sibling discount" failed the word test
    on its operand's own sentence); "people" meets "person", and "-ss" is no plural."""
    from faithkit.checkers.numbers.reduce import _stem

    assert _stem("siblings") == _stem("sibling") and _stem("mornings") == _stem("morning")
    assert _stem("people") == _stem("person") and _stem("glasses") == _stem("glass") != "glas"
    passages = (Passage("lessons", "Private lessons cost $38 for 30 minutes. When siblings are enrolled together, "
                                   "the second child gets $5 off each lesson."),)
    claim = "With the $5 sibling discount, the second child's 30-minute lesson costs $33."
    report = analyse_claim_numbers(claim, passages, "What does a lesson cost for my second child?")
    assert [n.status for n in report.numbers if n.quantity.text == "$33"] == ["derived"]
    rest = rest_of_claim(claim, report, "What does a lesson cost for my second child?", premises=True)
    assert rest is not None and rest.uncovered == ()
    # the word test still refuses a word no operand sentence or the question has
    claim = "With the $5 sibling discount, the second child's 30-minute guitar lesson costs $33."
    rest = rest_of_claim(claim, analyse_claim_numbers(claim, passages, ""), "", premises=True)
    assert rest is not None and "guitar" in rest.uncovered



PACKS = (Passage("packs", "Asia packs cost $16 for 5 GB and $28 for 10 GB and are valid for 15 days. A pack is "
                          "activated when the eSIM first connects abroad."),)


def test_a_noun_meets_its_verb_in_the_coverage_test() -> None:
    """"15 days from activation" repeats the user's "activated on 20 January": one stem since session 31
    (Snowball), where the hand-written suffix list left "activation" uncovered and flagged a right date."""
    from faithkit.checkers.numbers.dates import date_arithmetic, uncovered_words
    from faithkit.checkers.rules.alignment_words import words

    claim = "Asia packs are valid for 15 days from activation, so yours runs until 4 February 2027."
    question = "My Asia pack was activated on 20 January 2027. Until when is it valid?"
    found = date_arithmetic(claim, [p.text for p in PACKS], question, words(claim))
    assert found is not None and found.expressions == ("20 January + 15 days = 4 February",)
    assert uncovered_words(claim, found, question) == []
    added = claim.replace("runs until", "runs, refundable, until")  # a word nothing accounts for stays uncovered
    assert uncovered_words(added, date_arithmetic(added, [p.text for p in PACKS], question, words(added)),
                           question) == ["refundable"]


LESSONS = ["Lessons can be cancelled with 14 days' notice; lessons after that are refunded."]


@pytest.mark.parametrize(("claim", "left"), [
    ("With notice on 3 March, the notice period ends on 17 March.", []),
    ("With notice on 3 March, the end date of your lessons is 17 March.", []),
    ("With notice on 3 March, the last date of your lessons is 17 March.", ["last"]),  # a word of its own stays
])
def test_the_words_for_what_date_arithmetic_computes_are_covered(claim: str, left: list[str]) -> None:
    """"period" and "date" name what the arithmetic computes, as "by" or "until" place it (session 31: dev d2-062
    was flagged for "period" alone)."""
    from faithkit.checkers.numbers.dates import date_arithmetic, uncovered_words
    from faithkit.checkers.rules.alignment_words import words

    question = "I give notice on 3 March. When do my lessons end?"
    found = date_arithmetic(claim, LESSONS, question, words(claim))
    assert found is not None and found.expressions == ("3 March + 14 days = 17 March",)
    assert uncovered_words(claim, found, question) == left
