"""Polarity and name alignment (checkers/rules/alignment.py): the window rules that stop a claim borrowing its
polarity or its subject from a neighbouring sentence. Pure string rules: no model is loaded."""

from __future__ import annotations

import pytest

from faithkit.checkers.rules.alignment import (
    is_negated,
    name_conflict,
    names,
    not_aligned,
    polarity_conflict,
    scope_conflict,
    sibling_conflict,
    siblings,
)

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
    from faithkit.checkers.rules.alignment import quantities, unit_conflict

    assert unit_conflict("Refunds arrive within 90 hours.", "Refunds arrive within 90 days.")
    assert unit_conflict("Each user gets 50 MB.", "Each user gets 50 GB of storage.")
    assert not unit_conflict("Refunds arrive within 90 days.", "Refunds arrive within 90 days or 3 months.")
    assert not unit_conflict("Each user gets 50 GB.", "Each user gets 50 MB of mail and 50 GB of files.")
    assert not unit_conflict("It may weigh 30kg.", "Bags must not weigh more than 30 kg.")
    assert ("5", "time", "day") in quantities("within 5 business days")
    assert quantities("a 5G network and 10 m people") == set()


def test_clauses_split_joined_statements_only() -> None:
    from faithkit.checkers.rules.alignment import clauses

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
    from faithkit.checkers.rules.alignment import parse_rules

    swap = ("Saver tickets can be refunded up to 24 hours before departure.",
            "Flex tickets can be refunded up to 24 hours before departure.")
    assert not_aligned(*swap, [TICKETS])
    assert not not_aligned(*swap, [TICKETS], rules=("polarity", "units"))
    assert parse_rules("units, polarity") == ("polarity", "units")
    with pytest.raises(ValueError, match="known: polarity, names, siblings, scope, units"):
        parse_rules("polarity,colour")


RAIL = ("Northline sells three fare types: Saver, Flex and Anytime. Saver tickets are non-refundable and are valid "
        "only on the train printed on the ticket. Anytime tickets are valid on any Northline train.")
PLANS = "Lite costs €10 a month. Core includes 50 GB of data. Max includes unlimited data."


@pytest.mark.parametrize(("a", "b", "texts"), [
    ("saver", "anytime", (RAIL,)),                  # listed together: "Saver, Flex and Anytime"
    ("core", "max", (PLANS,)),                      # the same slot: "Core includes" / "Max includes"
    ("admin", "owner", ("Admins reset passwords.",)),  # both roles
])
def test_siblings_are_alternatives_of_one_kind(a: str, b: str, texts: tuple[str, ...]) -> None:
    assert siblings(a, b, texts)


def test_a_person_and_a_place_are_not_siblings() -> None:
    texts = ("Smith was born in 1950.", "He moved to London in 1975 and married Jane Doe there.")
    assert not siblings("smith", "london", texts)
    assert not siblings("smith", "jane", texts)


def test_sibling_conflict_catches_swaps_and_spares_references_left_implicit() -> None:
    claim = "Anytime tickets are valid only on the train printed on the ticket."
    assert sibling_conflict(claim, "Saver tickets are non-refundable and are valid only on the train printed on the "
                                   "ticket.", [RAIL])
    assert sibling_conflict("Max includes 50 GB of data.", "Core includes 50 GB of data.", [PLANS])
    # the names rule fires here (the claim names Smith, the sentence Leeds); the sibling rule does not
    wiki = ("Smith married Jane Doe in 1980.", "In 1980 the writer married Jane Doe, a painter from Leeds.")
    assert name_conflict(*wiki) and not sibling_conflict(*wiki)


WASHES = "From Monday to Wednesday before 12:00, the exterior, standard and premium washes are 20% off."
POOL = "The pool opens at 8:00 from June to August and at 9:00 in May."


@pytest.mark.parametrize(("claim", "sentence", "swapped"), [
    ("On Tuesday before 12:00, the premium wash is 20% off.", WASHES, False),  # inside the span
    ("On Friday before 12:00, the premium wash is 20% off.", WASHES, True),  # outside it: still a swap
    ("In July the pool opens at 8:00.", POOL, False),
])
def test_a_weekday_or_month_inside_the_sentences_span_is_no_sibling(claim: str, sentence: str, swapped: bool) -> None:
    assert sibling_conflict(claim, sentence) is swapped
    assert name_conflict(claim, sentence) is swapped


@pytest.mark.parametrize(("claim", "sentence"), [
    # a possessive is its noun: "GB's" once became a name "gb'" beside the claim's "GB", and the two shared a slot
    ("He was Chef de Mission of Team GB at the 2016 Olympics.",
     "The association confirmed that Mark England has been appointed Team GB's Chef de Mission for the Rio 2016 "
     "Olympic Games."),
    ("He won the 6th Iberoamerican championship.", "GM Bruzon wins the 6th Ibero-American Championship."),
    ("Wi-Fi calling works on Max.", "WiFi calling works on Max."),
    ("Paterson died on November 10, 2018.", "Nov 10, 2018 at 8:26 PM"),
])
def test_one_name_written_two_ways_is_no_swap(claim: str, sentence: str) -> None:
    assert not sibling_conflict(claim, sentence, [sentence])


def test_a_real_swap_still_conflicts_beside_a_possessive() -> None:
    plans = "Core's storage is 50 GB. Max's storage is 200 GB."
    assert sibling_conflict("Max's storage is 50 GB.", "Core's storage is 50 GB.", [plans])
    assert sibling_conflict("Deliveries run until November 30.", "Deliveries run until Oct 30.",
                            ["Deliveries run until Oct 30. Returns run until November 30."])


@pytest.mark.parametrize(("claim", "sentence"), [
    ("Saver tickets are valid on any train.", "Saver tickets are valid only on the train printed on the ticket."),
    ("Only Full members can book classes.", "All members can book classes."),
])
def test_a_restriction_against_a_generalisation_conflicts(claim: str, sentence: str) -> None:
    assert scope_conflict(claim, sentence)
    assert not_aligned(claim, sentence, rules=("scope",))


@pytest.mark.parametrize(("claim", "sentence"), [
    ("Saver tickets are valid only on the printed train.", "Saver tickets are valid only on the printed train."),
    ("Saver tickets are valid on any train on the day.", "Anytime tickets are valid on any train."),
    ("Not only Full members can book classes.", "All members can book classes."),
])
def test_matching_scopes_do_not_conflict(claim: str, sentence: str) -> None:
    assert not scope_conflict(claim, sentence)


@pytest.mark.parametrize(("claim", "sentence"), [
    ("Smoking isn't permitted anywhere on the campsite.",
     "Dogs are allowed only in the lower field, and smoking is not permitted anywhere."),
    ("Only staff can open the safe.", "The safe can never be opened by all members at once."),
])
def test_a_negated_universal_generalises_nothing(claim: str, sentence: str) -> None:
    """"not permitted anywhere" says it holds nowhere: no restriction of the other side contradicts that (the
    polarity rule reads negations), so it is no generalisation for the scope rule."""
    assert not scope_conflict(claim, sentence)


def test_an_asserted_universal_beside_a_negation_still_generalises() -> None:
    assert scope_conflict("Saver tickets are not refundable but are valid on any train.",
                          "Saver tickets are valid only on the train printed on the ticket.")


def test_not_except_reads_as_only() -> None:
    sentence = "Unused data does not roll over to the next month, except on Max."
    assert not polarity_conflict("Only on Max does unused data roll over to the next month.", sentence)
    assert polarity_conflict("Unused data rolls over to the next month.", sentence)


def test_rather_than_is_a_negation_and_at_no_charge_is_not() -> None:
    assert not polarity_conflict("Missing items are refunded to your credit rather than to your card.",
                                 "Missing items are refunded to your credit, not to your card.")
    assert not is_negated("You can bring two bags at no charge.")
    assert not is_negated("In the EU, plans work at no extra cost.")
    assert is_negated("There is no charge for cancelling.")


def test_a_sentence_plainly_about_the_claim_vetoes_windows_that_leave_it_out() -> None:
    """Window rule, claim level: "Classes can be booked up to 7 days in advance" alone would 'support' the claim,
    but the sentence sharing its words says Off-Peak members may book too (checkers.rules.window_veto)."""
    import numpy as np

    from faithkit.checkers.rules.window_veto import usable_windows
    from faithkit.records import Passage
    from faithkit.text.windows import all_windows

    passages = (Passage("classes", "Classes can be booked up to 7 days in advance in the app. Off-Peak members can "
                                   "book classes only within their access hours. Full members can book any class."),)
    windows = all_windows(passages, 3)
    probs = np.tile([0.9, 0.05, 0.05], (len(windows), 1))
    swapped = usable_windows("Only Full members can book classes.", windows, probs, 0.8, True, passages,
                             ("polarity", "siblings", "units")).mask
    assert not swapped.any()
    faithful = usable_windows("Full members can book any class.", windows, probs, 0.8, True, passages,
                              ("polarity", "siblings", "units")).mask
    assert faithful.any()
    # without alignment (and with no contradiction for the veto) nothing is removed
    assert usable_windows("Only Full members can book classes.", windows, probs, 0.8, False, passages).mask.all()
    # the sentence that removed every window is named, so it can be shown as the claim's evidence
    mask, disagreeing, removed = usable_windows("Only Full members can book classes.", windows, probs, 0.8, True,
                                                passages, ("polarity", "siblings", "units"))
    assert not mask.any() and disagreeing is not None
    assert windows[disagreeing].text == "Off-Peak members can book classes only within their access hours."
    # and every window says which sentence and clause removed it
    assert removed is not None and set(removed) == set(range(len(windows)))
    assert {(r.by, r.sentence) for r in removed.values()} == {("alignment", disagreeing)}
    assert usable_windows("Full members can book any class.", windows, probs, 0.8, True, passages,
                          ("polarity", "siblings", "units")).disagreeing is None


def test_a_number_bound_to_a_sibling_name_in_the_same_sentence_conflicts() -> None:
    from faithkit.checkers.rules.alignment import binding_conflict

    sentence = "Version history is kept for 30 days on Plus and 180 days on Business."
    known = ["Password-protected links are available on Plus and Business, but not on Free.", sentence]
    assert binding_conflict("Plus keeps old versions for 180 days too.", sentence, known)
    assert not binding_conflict("Business keeps old versions for 180 days.", sentence, known)
    assert not binding_conflict("Plus keeps old versions for 30 days.", sentence, known)
    # one part only: nothing says which number belongs to which name
    assert not binding_conflict("Plus keeps versions for 180 days.", "Business keeps versions for 180 days.", known)


def test_a_list_makes_siblings_through_its_other_members() -> None:
    assert siblings("saver", "anytime", ("Northline sells three fare types: Saver, Flex and Anytime.",))
    assert not siblings("saver", "northline", ("Northline sells three fare types: Saver, Flex and Anytime.",))


LOCKER = ("After a parcel arrives at a pickup point, you have 5 days to collect it. If you don't collect it in time, "
          "it goes back to the sender.")


@pytest.mark.parametrize(("claim", "sentence", "conflict"), [
    # a negation inside an "if" clause is a case, not a statement: a plain sentence cannot state its opposite
    ("If you don't collect it within 5 days, it goes back to the sender.",
     "After a parcel arrives at a pickup point, you have 5 days to collect it.", False),
    ("Unless you pay by card, you can't reserve a seat if you don't have an account.",
     "You can reserve a seat online.", True),  # the main clause's "can't" still speaks
    # a side that speaks of the same case can state its opposite
    ("If you collect it in time, it goes back to the sender.",
     "If you don't collect it in time, it goes back to the sender.", True),
    ("Parcels you don't collect are kept for 5 days.", "You have 5 days to collect a parcel.", True),
])
def test_a_negation_inside_a_condition_is_held_only_against_conditions(claim: str, sentence: str,
                                                                        conflict: bool) -> None:
    assert polarity_conflict(claim, sentence) is conflict


@pytest.mark.slow
def test_a_sum_with_a_negated_condition_beside_it_is_supported_by_the_default_checker() -> None:
    """Issue 30: the rest of a worked-number claim was refuted by the "If you don't collect it in time" sentence,
    though the claim negates nothing it asserts."""
    from faithkit.checkers.registry import build_checker
    from faithkit.records import ClaimCheck, Passage

    passages = (Passage("sizes", "Pickup points take parcels up to 20 kg. Sending one costs £3."),
                Passage("pickup", LOCKER + " You can extend the collection time once, by 2 days, for £1 in the app."))
    claim = ("With the one-time extension, a parcel can wait up to 7 days (5 days plus 2) before it goes back to the "
             "sender.")
    (verdict,) = build_checker("nli").check([ClaimCheck(claim, passages, "How long can a parcel wait at most?")])
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic")


@pytest.mark.parametrize("claim, sentence", [
    ("He can only add 60 minutes, not 90.", "Extra time is limited to 60 extra minutes per visit."),
    ("Not for 2 nights, I'm afraid: in July cabins have a minimum stay of 3 nights.",
     "Cabins have a minimum stay of 2 nights, or 3 nights in July."),
    ("A retake car booking costs PLN 200 instead of PLN 250.",
     "Students can book the school car for the state driving test for PLN 250."),
])
def test_a_negated_amount_beside_another_amount_is_a_correction(claim, sentence):
    """Session 35: "60 minutes, not 90" states 60 minutes (the numbers stage checks it); the polarity rule had read
    the "not" as denying the sentence that gives the other amount."""
    assert not polarity_conflict(claim, sentence)


@pytest.mark.parametrize("claim, sentence", [
    ("The fee is not €20.", "The fee is €20."),
    ("Cabins are not available for 2 nights in July.", "Cabins have a minimum stay of 2 nights, or 3 nights in July."),
    ("The deposit is not refunded, even within 14 days.", "The deposit is refunded within 14 days."),
])
def test_a_negation_of_the_statement_itself_still_conflicts(claim, sentence):
    assert polarity_conflict(claim, sentence)
