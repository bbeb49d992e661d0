"""The conditions rule (issue 31, item 2): a claim that restates its sentence without the condition limiting it.

Passages written here, in the issue's own wording of conditions ("only on weekdays", "on orders over $50", "from
June to August", "for members"); the string rule alone, then through the bundled default checker.
"""

from __future__ import annotations

import pytest

from faithkit.checkers.rules.alignment import conflict_kind, parse_rules
from faithkit.checkers.rules.alignment_conditions import conditions, dropped_condition, moved_first_count
from faithkit.records import ClaimCheck, Passage

POOL = "The outdoor pool is open from June to August."
DELIVERY = "Delivery is free on orders over $50."
CLASSES = "Yoga classes run only on weekdays, and the studio can be hired at weekends."
LOCKERS = "Members can store a bag in a locker unless the locker room is closed for cleaning."
PRICES = "Parking costs $4 per hour for visitors and is free for residents."
EXTENSION = "You can extend the collection time once, by 24 hours, for €1 in the app."


@pytest.mark.parametrize("claim, sentence, dropped", [
    ("The outdoor pool is open.", POOL, "from June to August"),
    ("Delivery is free.", DELIVERY, "on orders"),
    ("Yoga classes run.", CLASSES, "on weekdays"),  # "only" leads the phrase it limits
    ("Members can store a bag in a locker.", LOCKERS, "unless the locker room is closed for cleaning"),
])
def test_a_restatement_without_its_condition_drops_it(claim: str, sentence: str, dropped: str) -> None:
    assert dropped_condition(claim, sentence) == dropped


@pytest.mark.parametrize("claim, sentence, question", [
    ("The outdoor pool is open from June to August.", POOL, ""),  # kept
    ("Delivery is free on orders over $50.", DELIVERY, ""),
    ("No, delivery is free.", DELIVERY, "Do I pay for delivery on an order over $50?"),  # the question gives it
    ("Parking is free for residents.", PRICES, ""),
    ("Parking costs $4 per hour for visitors.", PRICES, ""),  # the claim is about the other part of the sentence
    ("Residents park free.", PRICES, ""),  # the residents' part keeps its condition
    ("You can extend the collection time once.", EXTENSION, ""),  # a price and a channel are no conditions
    ("Seat reservations are free.", "Seat reservations are free on all services.", ""),  # a universal widens
    ("You can also pay by card there.", "You can pay by card at reception.", ""),  # "there" points back to it
    ("The studio opens early.", CLASSES, ""),  # a word of its own: not a restatement, left to the model
])
def test_a_kept_implied_or_irrelevant_condition_is_not_dropped(claim: str, sentence: str, question: str) -> None:
    assert dropped_condition(claim, sentence, question) is None


def test_conditions_are_found_in_their_clause() -> None:
    assert conditions("Deliveries are made after 8:00 on weekdays and at any time on Sundays.") == (
        "after 8:00", "on weekdays", "on Sundays")
    assert conditions("Repeat prescriptions are ready for collection after 2 working days.") == (
        "after 2 working days",)  # "ready for collection" is a purpose
    assert conditions("Parking costs $4 per hour for visitors and is free for residents.") == (
        "for visitors", "for residents")


def test_the_reason_names_the_dropped_condition() -> None:
    assert "on orders" in conflict_kind("Delivery is free.", DELIVERY)
    assert conflict_kind("Delivery is free.", DELIVERY, rules=parse_rules("polarity")) is None
    assert "conditions" in parse_rules("polarity+conditions")


@pytest.fixture(scope="module")
def checker():
    from faithkit.checkers.registry import build_checker

    return build_checker("nli")


GYM = (Passage("guests", "Full members can bring one guest per visit. Guests must be 16 or older and show photo ID. "
                         "There is no joining fee after the first 12 months of membership."),
       Passage("hours", "The outdoor pool is open from June to August. The sauna is open every day."))


@pytest.mark.parametrize("claim, question, label", [
    ("The outdoor pool is open.", "Is there an outdoor pool?", "not_supported"),
    ("The outdoor pool is open from June to August.", "When is the outdoor pool open?", "supported"),
    ("Yes, the outdoor pool is open.", "Is the outdoor pool open from June to August?", "supported"),
    ("Guests must be 16 or older.", "How old must guests be?", "supported"),
    ("The sauna is open every day.", "When is the sauna open?", "supported"),
])
def test_the_default_checker_holds_a_claim_to_its_sentence_condition(checker, claim, question, label) -> None:
    verdict = checker.check([ClaimCheck(claim, GYM, question)])[0]
    assert verdict.label == label, (verdict.score, verdict.detail)
    if label == "not_supported":
        assert "conditions:" in verdict.detail["reason"] and "from June to August" in verdict.detail["reason"]


INTRO = "New bands pay ₴200 per hour for their first 3 hours in Room B, once per band."
CALLOUTS = "The first 2 guard call-outs in each calendar month are free, and each one after that costs 1,200 BDT."


@pytest.mark.parametrize("claim, sentence, moved", [
    ("New bands get their first 4 hours in Room B at ₴200 per hour.", INTRO,
     ("first 3 hours", "first 4 hours")),
    ("Your first four hours cost ₴200 each.", INTRO, ("first 3 hours", "first four hours")),
    ("New bands get their first 3 hours in Room B at ₴200 per hour.", INTRO, None),
    ("Your first 3 call-outs are free.", CALLOUTS, ("first 2 guard call-outs", "first 3 call-outs")),
    ("Your first 2 call-outs this month are free, so you pay for the other 3.", CALLOUTS, None),
    ("Room B costs ₴400 per hour.", INTRO, None),  # no "first N" in the claim: nothing to compare
])
def test_a_claim_that_moves_a_first_n_is_a_changed_condition(claim: str, sentence: str, moved) -> None:
    """Session 36 (periods_dev pd-042, "their first 4 weeks" for "their first 8 weeks"): the model read the
    changed count as support."""
    assert moved_first_count(claim, sentence) == moved
    assert (conflict_kind(claim, sentence) or "").startswith("conditions") is (moved is not None)


def test_arithmetic_over_an_operand_whose_first_n_the_claim_moves_is_not_supported() -> None:
    """"4 × ₴200" is right arithmetic on a price that holds for the first 3 hours only (periods_dev pd-016)."""
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.checkers.numbers import NumberChecks

    passages = (Passage("rates", "Room B costs ₴400 per hour. " + INTRO),)
    stage = NumberChecks(ScriptedChecker({}))
    question = "We're a new band. What will our first 4-hour session cost?"
    moved, kept = stage.check([
        ClaimCheck("Our first 4 hours at the new-band price of ₴200 per hour come to ₴800.", passages, question),
        ClaimCheck("Our first 3 hours at the new-band price of ₴200 per hour come to ₴600.", passages,
                   "We're a new band. What will our first 3-hour session cost?")])
    assert moved.label != "supported" and moved.detail["numbers_rule"] == "operand_condition"
    assert kept.label == "supported"
