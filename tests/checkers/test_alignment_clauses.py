"""The alignment rules on long passage sentences that join clauses (issue 31; chosen on benchmarks/clauses_dev).

A help-center sentence often restricts one thing and states another beside it ("..., but it can only be used by
members"). Each case below was a faithful claim that the scope rule flagged because it read the whole sentence
instead of the clause the claim is about; the passages are written here, not copied from the set."""

from __future__ import annotations

from faithkit.checkers.rules.alignment import exclusivity_conflict, polarity_conflict, scope_conflict

FAMILY_TICKET = ("A Family Ticket of four entries costs £60 and is valid for a year, but it can only be used by "
                 "members.")
KIDS_PRICE = "Kids under 10 pay £5 for any class on weekdays only, but the full adult price on Saturdays."
PASSAGE = f"{FAMILY_TICKET} Birthday parties cost £12 per child and include a drink. {KIDS_PRICE}"


def test_what_a_restriction_limits_is_read_in_its_own_clause() -> None:
    """The Family Ticket's "only ... by members" limits the ticket, not the parties: the claim shares nothing with
    the clause that holds the restriction ("it can only be used by"), only a price word with the sentence."""
    assert not exclusivity_conflict("Birthday parties cost £12 per child.", FAMILY_TICKET, [PASSAGE])


def test_what_a_restriction_reserves_for_stops_at_a_contrast() -> None:
    """"on weekdays only, but the full adult price on Saturdays": the "but" starts another statement, so the
    restriction reserves nothing for Saturdays or adults."""
    claim = "Students get 10% off all classes from Monday to Thursday."
    assert not exclusivity_conflict(claim, KIDS_PRICE, [PASSAGE, claim])


def test_a_restriction_to_a_list_keeps_every_member_of_the_list() -> None:
    sentence = "We certify translations only between German, English, French and Spanish."
    assert not exclusivity_conflict("A certified translation into French costs €180.", sentence, [sentence])


def test_a_reserved_thing_given_to_a_sibling_still_conflicts() -> None:
    sentence = "Single sign-on (SSO) is available only on the Enterprise plan."
    assert exclusivity_conflict("The Team plan includes up to 10 users and SSO.", sentence,
                                [f"The Team plan costs $10. {sentence}"])


def test_a_negation_against_a_plain_case_still_conflicts() -> None:
    assert polarity_conflict("Bookings can be moved if you booked with a voucher.",
                             "Bookings cannot be moved if you booked with a voucher.")


def test_an_only_against_an_asserted_anyone_still_conflicts() -> None:
    assert scope_conflict("Only guides may enter the cave.", "Anyone may enter the cave.")
