"""Polarity and name alignment (checkers/alignment.py): the window rules that stop a claim borrowing its
polarity or its subject from a neighbouring sentence. Pure string rules: no model is loaded."""

from __future__ import annotations

import pytest

from faithkit.checkers.alignment import is_negated, name_conflict, names, not_aligned, polarity_conflict

TICKETS = ("Flex tickets can be refunded up to 24 hours before departure. Saver tickets are non-refundable. "
           "Deliveries are made after 8:00.")


@pytest.mark.parametrize(("claim", "sentence"), [
    ("Yes, you can sign in with a phone number, as well as with a passkey.",
     "Phone numbers are not accepted as a sign-in method."),
    ("Admins can reset passwords for other admins.",
     "Admins can reset passwords for members, but not for other admins."),
    ("Saver tickets can be refunded.", "Saver tickets are non-refundable."),
    ("The current month is refunded.", "The current month is not refunded."),
    ("Refunds are never issued for gift cards.", "Refunds are issued for gift cards within 30 days."),
])
def test_polarity_conflicts_are_found(claim: str, sentence: str) -> None:
    assert polarity_conflict(claim, sentence)


@pytest.mark.parametrize(("claim", "sentence"), [
    ("You can sign in with a passkey.", "Phone numbers are not accepted as a sign-in method."),
    ("Admins can reset member passwords.", "Admins can reset passwords for members, but not for other admins."),
    ("Your bag can weigh at most 30 kg.", "Checked bags must not weigh more than 30 kg."),
    ("Saver tickets can't be refunded.", "Saver tickets are non-refundable."),
    ("Annual contracts are refunded in full.", "The current month is not refunded."),
    ("Bags may not exceed 30 kg.", "Bags can weigh up to 30 kg."),
])
def test_agreeing_or_unrelated_polarity_is_no_conflict(claim: str, sentence: str) -> None:
    assert not polarity_conflict(claim, sentence)


def test_bounds_are_not_negations() -> None:
    assert not is_negated("Bags must weigh no more than 30 kg.")
    assert not is_negated("Items must not exceed 2 m.")
    assert is_negated("Bags are not weighed.")
    assert is_negated("Gift cards are non-refundable.")


def test_sentence_initial_names_count_when_never_lower_case() -> None:
    assert names("Saver tickets are non-refundable.", [TICKETS]) == {"saver"}
    assert names("Deliveries happen after 8:00.", [TICKETS, "on weekdays, deliveries start"]) == set()


def test_name_swap_through_a_neighbour_sentence_conflicts() -> None:
    flex = "Flex tickets can be refunded up to 24 hours before departure."
    assert name_conflict("Saver tickets can be refunded up to 24 hours before departure.", flex, [TICKETS])
    assert not name_conflict("Flex tickets can be refunded.", flex, [TICKETS])
    # a name the sentence lacks is fine when the sentence names nothing else
    assert not name_conflict("With Larkspur, exports expire after 7 days.", "Export links expire after 7 days.")


def test_not_aligned_combines_both_rules() -> None:
    assert not_aligned("Saver tickets can be refunded.", "Saver tickets are non-refundable.", [TICKETS])
    assert not not_aligned("Saver tickets cannot be refunded.", "Saver tickets are non-refundable.", [TICKETS])


def test_unit_swaps_conflict_and_matching_units_do_not() -> None:
    from faithkit.checkers.alignment import quantities, unit_conflict

    assert unit_conflict("Refunds arrive within 90 hours.", "Refunds arrive within 90 days.")
    assert unit_conflict("Each user gets 50 MB.", "Each user gets 50 GB of storage.")
    assert not unit_conflict("Refunds arrive within 90 days.", "Refunds arrive within 90 days or 3 months.")
    assert not unit_conflict("Each user gets 50 GB.", "Each user gets 50 MB of mail and 50 GB of files.")
    assert not unit_conflict("It may weigh 30kg.", "Bags must not weigh more than 30 kg.")
    assert ("5", "time", "day") in quantities("within 5 business days")
    assert quantities("a 5G network and 10 m people") == set()


def test_clauses_split_joined_statements_only() -> None:
    from faithkit.checkers.alignment import clauses

    joined = "Anytime tickets are valid on any train, and Flex tickets can be refunded up to 24 hours ahead."
    assert clauses(joined) == ["Anytime tickets are valid on any train",
                               "Flex tickets can be refunded up to 24 hours ahead."]
    assert clauses("You can cancel at any time, and get a refund.") == ["You can cancel at any time, and get a refund."]
    assert clauses("Bags may weigh 30 kg.") == ["Bags may weigh 30 kg."]


def test_non_before_a_noun_is_not_a_negation() -> None:
    assert not is_negated("Day passes for non-members cost £12.")
    assert is_negated("Memberships are non-transferable.")


def test_refusal_wordings_of_the_dev_suite_are_refusals() -> None:
    from faithkit.scoring import RefusalDetector

    detector = RefusalDetector()
    for text in ("That isn't covered in the articles I have, so I can't say.",
                 "I'm afraid the help articles say nothing about metal cards.",
                 "There's nothing about PayPal in these articles.",
                 "I'm not able to answer that from the information I have.",
                 "Number porting isn't something these articles explain, sorry.",
                 "The docs don't say."):
        assert detector.match(text), text
    for text in ("Water damage isn't covered by the warranty.", "SSO is not included in the Team plan.",
                 "Refunds are not mentioned on receipts."):
        assert detector.match(text) is None, text


def test_rules_can_be_chosen_one_by_one() -> None:
    from faithkit.checkers.alignment import parse_rules

    swap = ("Saver tickets can be refunded up to 24 hours before departure.",
            "Flex tickets can be refunded up to 24 hours before departure.")
    assert not_aligned(*swap, [TICKETS])
    assert not not_aligned(*swap, [TICKETS], rules=("polarity", "units"))
    assert parse_rules("units, polarity") == ("polarity", "units")
    with pytest.raises(ValueError, match="known: polarity, names, units"):
        parse_rules("polarity,colour")
