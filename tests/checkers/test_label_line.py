"""A label line and the sentence that gives its label and amount together (``checkers.rules.label_line``), with
passages written here: a car wash and a ski area. The rule alone, then through the bundled default checker."""

from __future__ import annotations

import pytest

from faithkit.checkers.rules.label_line import labelled_window
from faithkit.records import ClaimCheck, Passage, Window

WASH = ("An exterior wash costs RON 35 and a standard wash costs RON 55 for cars. Pet-hair removal can be added to "
        "any standard wash for RON 30. Installation of a roof box costs a one-off RON 90, paid on the day.")
SKI = "A day pass costs CHF 79 for adults, CHF 59 for seniors aged 65 and over and CHF 40 for children."


def _windows(text: str, pid: str = "p") -> list[Window]:
    from faithkit.text.sentences import split_sentences

    return [Window(pid, s.text, s.start, s.end) for s in split_sentences(text)]


@pytest.mark.parametrize("claim, question, supported", [
    ("For your SUV on a Saturday: Pet-hair removal: RON 30", "Wash with pet-hair removal on a Saturday?", True),
    ("Pet-hair removal: RON 30", "", True),
    ("Pet-hair removal: RON 35", "", False),  # RON 35 is the exterior wash's, in another sentence
    ("Roof box: RON 90, one-off, paid on the day", "", True),
    ("Roof box: RON 90, refunded if you cancel", "", False),  # words after the amount no sentence gives
    ("Pet-hair removal costs RON 30.", "", False),  # a sentence, not a label line: the model's to read
])
def test_a_label_line_needs_its_label_and_amount_in_one_sentence(claim: str, question: str, supported: bool) -> None:
    assert (labelled_window(claim, _windows(WASH), question) is not None) is supported


@pytest.mark.parametrize("claim, supported", [
    ("Your dad (senior): CHF 59", True),  # "dad" is the question's; "senior" binds CHF 59
    ("Your dad (senior): CHF 79", False),  # the adults' price
    ("Your dad (senior): CHF 40", False),  # the children's price, though "aged 65" stands between
    ("You (adult): CHF 79", True),
    ("Day pass, your dad (senior): CHF 79", False),  # "day pass" is the shared subject; "senior" chooses CHF 59
])
def test_the_amount_must_be_the_labels(claim: str, supported: bool) -> None:
    """The label's words, or the lead-in's, bind the amount in its clause; the question's do not."""
    question = "My dad (68) and I (40) want day passes. What do we pay?"
    assert (labelled_window(claim, _windows(SKI), question) is not None) is supported


@pytest.fixture(scope="module")
def checker():
    from faithkit.checkers.registry import build_checker

    return build_checker("nli")


def test_the_default_checker_supports_a_label_line_the_model_does_not_read(checker) -> None:
    passages = (Passage("wash", WASH),)
    claim = "For your SUV on a Saturday: Pet-hair removal: RON 30"
    verdict = checker.check([ClaimCheck(claim, passages, "What's the total for my SUV on a Saturday?")])[0]
    assert verdict.label == "supported" and verdict.detail.get("label_line"), verdict.detail
    assert "gives the label and its amount together" in verdict.detail["reason"]
    wrong = checker.check([ClaimCheck("For your SUV on a Saturday: Pet-hair removal: RON 35", passages,
                                      "What's the total for my SUV on a Saturday?")])[0]
    assert wrong.label == "not_supported" and not wrong.detail.get("label_line")


def test_the_lead_in_may_name_the_case_the_amount_is_for() -> None:
    deposits = "We take a refundable deposit of JOD 50 for a wheelchair and JOD 150 for a hospital bed."
    assert labelled_window("Hospital bed, June and July: Deposit (refundable): JOD 150", _windows(deposits)) is not None
    assert labelled_window("Wheelchair, June and July: Deposit (refundable): JOD 150", _windows(deposits)) is None


def test_an_amount_written_in_another_unit_is_the_same_amount() -> None:
    """"50,000 MB" states "50 GB": the sentence has no amount in the claim's own unit (this crashed the rule, and
    so the record, before it was measured on every set)."""
    alone = "Each plan includes 50,000 MB of storage."
    assert labelled_window("Storage: 50 GB", _windows(alone)) is not None
    both = "Each plan includes 50,000 MB of storage and 10 GB of transfer per month."
    assert labelled_window("Storage: 50 GB", _windows(both)) is not None
    assert labelled_window("Transfer: 50 GB", _windows(both)) is None
