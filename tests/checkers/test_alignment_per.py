"""What a number is counted per, in the units rule (``rules.alignment_units.per_conflict``): "€30 per page" where
the sentence the claim is about says "€30 per order". Passages are written here; the string rule alone first,
then the same cases through the bundled default checker (issue 31: "per day" vs "per hour" vs "per booking")."""

from __future__ import annotations

import pytest

from faithkit.checkers.rules.alignment import conflict_kind
from faithkit.checkers.rules.alignment_units import per_conflict, per_denominators, per_mismatch

DELIVERY = "Delivery on a Saturday or Sunday adds €30 per order."
LINEN = "Bed linen and towels can be rented for NOK 120 per person per stay, and final cleaning costs NOK 450."
PARKING = "Parking at the valley station costs CHF 4 per hour, up to CHF 20 per day."
PRINTING = "Printing costs €0.05 per black-and-white A4 page and €0.20 per colour A4 page; A3 pages cost twice as much."
STORAGE = "Items are stored free for 7 days at the destination, and each further day costs ¥500 per item."


@pytest.mark.parametrize(("text", "found"), [
    (DELIVERY, {("30", ("order",))}),
    ("NOK 120 per person per night", {("120", ("person",)), ("120", ("night",))}),
    ("€0.20 per colour A4 page", {("0.20", ("colour", "a4", "page"))}),
    ("at NOK 18 per kg comes to NOK 270", {("18", ("kg",))}),  # the phrase ends at its verb
    ("¥3,800 a night", {("3800", ("night",))}),
    # not a denominator: per cent, a time of day, "a time", a number with no "per"
    ("It costs 20 per cent more.", set()), ("Open at 4 a.m. daily.", set()), ("Up to 5 a time.", set()),
    ("Sending costs €3.90.", set()),
])
def test_what_a_number_is_counted_per(text: str, found: set) -> None:
    assert {(n, p) for n, p in per_denominators(text) if p[0]} == found


@pytest.mark.parametrize(("claim", "sentence", "conflict"), [
    ("Saturday delivery adds €30 per page.", DELIVERY, True),
    ("Saturday delivery adds €30 per order.", DELIVERY, False),
    ("Saturday delivery adds €30.", DELIVERY, False),  # the claim says no denominator: not this rule's to judge
    ("Bed linen is NOK 120 per person per night.", LINEN, True),
    ("Bed linen is NOK 120 per person.", LINEN, False),  # less said, nothing else said
    ("Parking is CHF 4 per half-hour.", PARKING, True),
    ("Parking is CHF 4 an hour.", PARKING, False),
    ("Every property pays a service charge of $96.40 per month.", "Every property pays $96.40 per quarter.", True),
    # the sentence's words before the number, a generic denominator, a modifier of the sentence's noun
    ("Storage costs ¥500 per bag per day.", STORAGE, False),
    ("Colour printing is €0.20 per page.", PRINTING, False),
    ("Colour printing is €0.20 per A4 page.", PRINTING, False),
])
def test_another_denominator_conflicts(claim: str, sentence: str, conflict: bool) -> None:
    assert per_conflict(claim, sentence) is conflict
    if conflict:
        assert conflict_kind(claim, sentence, rules=("units",)) == f"units: {per_mismatch(claim, sentence)}"


def test_the_reason_names_both_denominators() -> None:
    assert per_mismatch("Saturday delivery adds €30 per page.", DELIVERY) == \
        "the sentence counts 30 per order; the claim counts it per page"
    assert per_mismatch("Saturday delivery adds €30 per order.", DELIVERY) is None


@pytest.fixture(scope="module")
def checker():
    from faithkit.checkers.registry import build_checker

    return build_checker("nli")


@pytest.mark.parametrize(("question", "claim", "label"), [
    ("I need my 12-page translation delivered on a Saturday. How much extra is that?",
     "Saturday delivery adds €30 per page, so it's €360 extra for your 12 pages.", "not_supported"),
    ("I need my 12-page translation delivered on a Saturday. How much extra is that?",
     "Saturday delivery adds €30 per order.", "supported"),
    ("I'll park at the valley station for 3 hours. How much is that?",
     "Parking is CHF 4 per half-hour, so 3 hours cost CHF 24.", "not_supported"),
    ("I'll park at the valley station for 3 hours. How much is that?",
     "Parking is CHF 4 per hour, so 3 hours cost CHF 12.", "supported"),
])
def test_the_default_checker_reads_the_denominator(checker, question: str, claim: str, label: str) -> None:
    from faithkit.records import ClaimCheck, Passage

    passages = (Passage("billing", "Translations are invoiced on delivery. " + DELIVERY),
                Passage("parking", PARKING + " Buses to the slopes leave every 20 minutes."))
    verdict = checker.check([ClaimCheck(claim, passages, question=question)])[0]
    assert verdict.label == label, verdict.detail


def test_an_operand_counted_per_something_else_undoes_the_arithmetic(checker) -> None:
    """5 hours × £10 is verified arithmetic, but the passage's £10 is per dog per hire, not per hour: the verdict
    says so and points at the passage the operand came from, though the claim states the £10 first."""
    from faithkit.records import ClaimCheck, Passage

    passages = (Passage("boats", "Picnic boats seat 8 and cost £55 per hour or £300 for a full day."),
                Passage("extras", "Dogs are welcome on dayboats and picnic boats for £10 per dog per hire, but not "
                                  "on rowing boats."))
    claim = "That comes to £325 (5 hours × £55 = £275, plus £50 for your dog at £10 an hour)."
    verdict = checker.check([ClaimCheck(claim, passages, question="A picnic boat for 5 hours with our dog?")])[0]
    assert (verdict.label, verdict.detail.get("numbers_rule")) == ("not_supported", "operand_unit"), verdict.detail
    assert verdict.evidence.passage_id == "extras"
    assert verdict.detail["reason"] == "[extras]: the sentence counts 10 per dog and per hire; the claim counts it " \
                                       "per hour"
