"""Follow-on clauses ("...within 14 days of signing; after that they are not refundable") read on their own."""

from __future__ import annotations

import pytest

from faithkit.checkers.rules.follow_on import follow_on_windows, read_on_its_own
from faithkit.records import Passage

BILLING = ("Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded. "
           "Annual Enterprise contracts can be refunded in full within 14 days of signing; after that they are not "
           "refundable.")


@pytest.mark.parametrize(("sentence", "reads"), [
    ("Annual Enterprise contracts can be refunded in full within 14 days of signing; after that they are not "
     "refundable.", "After 14 days of signing, Annual Enterprise contracts are not refundable."),
    ("Personal training packs can be refunded in full within 7 days of purchase; after that they are not "
     "refundable.", "After 7 days of purchase, personal training packs are not refundable."),
    ("You can cancel a new contract free of charge within 14 days of signing; after that, an early termination fee "
     "applies.", "After 14 days of signing, an early termination fee applies."),
    ("Returns are accepted within 30 days, after which a restocking fee applies.",
     "After 30 days, a restocking fee applies."),
    ("A booking can be changed within 24 hours; after that it is final.", "After 24 hours, a booking is final."),
])
def test_the_clause_gets_its_time_and_its_subject_back(sentence, reads) -> None:
    offset, text = read_on_its_own(sentence)
    assert text == reads
    assert sentence[offset:].lower().startswith(("after", "thereafter"))


@pytest.mark.parametrize("sentence", [
    # "it" is the booking, not "You": an antecedent that does not agree is never guessed
    "You can change your booking within 24 hours; after that it is final.",
    "Bookings can be changed within 24 hours; after that it is final.",
    # no time limit closing the first clause: nothing to put back
    "Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded.",
    "Refunds are issued to the original card; after that they cannot be changed.",
    # the limit does not close the first clause
    "Orders can be changed within 2 hours of placing them at the counter; after that they are final.",
])
def test_other_shapes_are_left_alone(sentence) -> None:
    assert read_on_its_own(sentence) is None


def test_a_follow_on_window_shows_the_exact_slice_and_reads_the_whole_clause() -> None:
    (window,) = follow_on_windows([Passage("billing", BILLING)])
    assert window.text == "after that they are not refundable."
    assert BILLING[window.start:window.end] == window.text
    assert window.reads == "After 14 days of signing, Annual Enterprise contracts are not refundable."
    assert window.premise == window.reads


def test_a_follow_on_in_the_next_sentence_is_not_read() -> None:
    text = "Annual contracts can be refunded within 14 days. After that, they are not refundable."
    assert follow_on_windows([Passage("p", text)]) == []


def test_the_limit_is_any_duration_the_numbers_stage_reads() -> None:
    """The duration comes from the numbers stage's extractor: number words and "working days" count too."""
    _, reads = read_on_its_own("Missing items can be reported within forty-eight hours of delivery; after that they "
                               "are not refunded.")
    assert reads == "After forty-eight hours of delivery, missing items are not refunded."
    assert read_on_its_own("Prices are fixed within 10 GB of use; after that they rise.") is None  # not a duration
