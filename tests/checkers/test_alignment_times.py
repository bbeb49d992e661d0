"""The count of times in the units rule (``rules.alignment_units.times_conflict``): "twice" where the sentence the
claim is about says "once"."""

from __future__ import annotations

import pytest

from faithkit.checkers.rules.alignment import conflict_kind
from faithkit.checkers.rules.alignment_units import times_conflict, times_counts

LOCKERS = "You can extend the collection time once, by 24 hours, for €1 in the app."


@pytest.mark.parametrize(("text", "counts"), [
    (LOCKERS, {1}), ("Members can bring a guest for half price twice a month.", {2}),
    ("Data add-ons can be bought up to five times a month.", {5}), ("At most 100 times a day.", {100}),
    ("Once a month you get a bonus.", {1}),
    # a conjunction, a bound, a comparison, a multiplier of an amount: no count of times
    ("Alcohol orders are non-refundable once they have been handed over.", set()),
    ("Once a booking is made, it cannot be moved.", set()), ("Do it at once.", set()),
    ("A vet must see your pet at least once every 12 months.", set()), ("A3 pages cost twice as much.", set()),
    ("We refund up to 10 times its cleaning price.", set()), ("It can be booked more than once.", set()),
    ("twenty-five times a year", set()),
])
def test_counts_of_times(text: str, counts: set[int]) -> None:
    assert times_counts(text) == counts


def test_another_count_conflicts_and_the_same_or_none_does_not() -> None:
    claim = "Yes, you can extend the collection time twice, by 24 hours each time, for €1 in the app."
    assert times_conflict(claim, LOCKERS)
    assert conflict_kind(claim, LOCKERS, rules=("units",)) == "units: the same number in another unit or period"
    assert not times_conflict("You can extend the collection time once, for €1.", LOCKERS)
    assert not times_conflict("You can extend the collection time for €1.", LOCKERS)  # the claim gives no count
    assert not times_conflict("Guests may visit twice a year.", "Guests may visit once a month or twice a year.")


def test_the_bundled_checker_flags_twice_for_once_and_keeps_once() -> None:
    from faithkit.checkers.registry import build_checker
    from faithkit.records import ClaimCheck, Passage

    checker = build_checker("nli")
    passages = (Passage("collection", "After a parcel is delivered to a locker, you have 72 hours to collect it. "
                                      + LOCKERS),
                Passage("rules", "A membership can be frozen once a year for 2 to 8 weeks, at SEK 50 per week."))
    claims = ["You can extend the collection time twice, by 24 hours each time, for €1 in the app.",
              "You can extend the collection time once, by 24 hours, for €1 in the app.",
              # the count is not derived from the passage's numbers either (8 weeks ÷ 2 weeks ÷ 24, "twice" its
              # own cue, used to rescue this one)
              "A membership can be frozen twice a year for 2 to 8 weeks, at SEK 50 per week."]
    labels = [v.label for v in checker.check([ClaimCheck(c, passages) for c in claims])]
    assert labels == ["not_supported", "supported", "not_supported"]
