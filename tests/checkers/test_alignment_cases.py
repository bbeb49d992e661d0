"""The cases rule (``rules.alignment_cases``): a number a sentence gives to one case, stated for another case."""

from __future__ import annotations

import pytest

from faithkit.checkers.rules.alignment import conflict_kind
from faithkit.checkers.rules.alignment_cases import case_conflict, subject_conflict

VET = "Consultations at Pawsley Vet cost $65 for dogs and cats and $45 for rabbits and other small pets."


@pytest.mark.parametrize("claim", ["Dogs & cats: $45", "Consultations for dogs and cats cost $45.", "Rabbits: $65",
                                   "A consultation for a rabbit costs $65."])
def test_a_number_given_to_another_case_conflicts(claim: str) -> None:
    assert case_conflict(claim, VET)
    assert conflict_kind(claim, VET, rules=("siblings",)) == "binding: the sentence gives this number to another case"


@pytest.mark.parametrize("claim", ["Dogs & cats: $65", "Rabbits and other small pets: $45", "Consultations cost $65.",
                                   "Consultations cost $65 for dogs and $45 for rabbits.",
                                   "A consultation for a rabbit costs $45 and one for a dog $65."])
def test_the_number_of_the_claims_own_case_or_no_case_does_not(claim: str) -> None:
    assert not case_conflict(claim, VET)


def test_a_sentence_without_two_cases_never_conflicts() -> None:
    assert not case_conflict("Dogs: $45", "Consultations cost $65 for dogs.")
    assert not case_conflict("Dogs: $45", "Consultations cost $65 or $45.")
    # another kind of number in the claim's case is no evidence: $65 is money, 2 is a count of visits
    assert not case_conflict("Rabbits get 2 visits.", "Dogs get 3 visits for $65 and rabbits 2 visits for $45.")


def test_the_bundled_checker_flags_the_swap_and_keeps_the_copy() -> None:
    from faithkit.checkers.registry import build_checker
    from faithkit.records import ClaimCheck, Passage

    checker = build_checker("nli")
    passages = (Passage("appointments", VET),)
    labels = [v.label for v in checker.check([ClaimCheck(c, passages) for c in (
        "Dogs & cats: $45", "Rabbits & other small pets: $65", "Dogs & cats: $65", "Rabbits & other small pets: $45")])]
    assert labels == ["not_supported", "not_supported", "supported", "supported"]


@pytest.mark.parametrize(("sentence", "claim", "swapped"), [
    ("Parking costs $3 per hour for short-stay car parks and $1.50 per hour for long-stay car parks.",
     "Short-stay car parks: $1.50 per hour", True),
    ("Parking costs $3 per hour for short-stay car parks and $1.50 per hour for long-stay car parks.",
     "Parking in long-stay car parks costs $1.50 per hour.", False),
    ("Shipping takes 2 days for domestic orders and 7 days for international orders.",
     "International orders take 2 days.", True),
    ("Shipping takes 2 days for domestic orders and 7 days for international orders.", "Domestic orders take 2 days.",
     False),
    ("Storage costs $5 per month for 50 GB and $9 per month for 200 GB.", "50 GB: $9 per month", True),
    ("Storage costs $5 per month for 50 GB and $9 per month for 200 GB.", "200 GB: $9 per month", False),
    ("Entry is free for children under 5 and costs £8 for children aged 5 to 15 and £12 for adults.", "Adults: £8",
     True),
    ("Entry is free for children under 5 and costs £8 for children aged 5 to 15 and £12 for adults.",
     "Children aged 5 to 15: £8", False),
])
def test_words_every_case_shares_tell_no_case_apart(sentence: str, claim: str, swapped: bool) -> None:
    """"car parks", "orders", "GB", "children": written after the rule, in domains no set has."""
    assert case_conflict(claim, sentence) is swapped


def test_a_thousands_separator_does_not_cut_a_case() -> None:
    """"CA$1,600 for a cello" was cut at its comma into "CA$1" and "600 for a cello", so the cello's price was
    neither read nor held against "A cello: $420" (numbers_holdout2's instrument prices)."""
    sentence = ("Purchase prices are CA$420 for a violin, CA$1,600 for a cello and CA$650 for a flute, clarinet or "
                "trumpet.")
    assert case_conflict("A cello: $420", sentence)
    assert case_conflict("A violin: $1,600", sentence)
    assert not case_conflict("A cello: $1,600", sentence)
    assert not case_conflict("Purchase prices are $1,600 for a cello and $420 for a violin.", sentence)


LOANS = "Undergraduates can borrow up to 15 items at a time; postgraduates and staff can borrow up to 40."


@pytest.mark.parametrize("claim, conflict", [
    ("Staff can borrow up to 15 items at a time.", True),  # the undergraduates' number given to staff
    ("Postgraduates can borrow up to 15 items.", True),
    ("Staff can borrow up to 40 items at a time.", False),  # the clause's own number (its unit left out)
    ("Undergraduates can borrow up to 15 items.", False),
    ("Students can borrow up to 15 items.", False),  # a subject no clause names: not this rule's to judge
])
def test_a_number_of_one_clause_is_not_another_subjects(claim: str, conflict: bool) -> None:
    """Session 32 (``subject_conflict``): chosen on one dev answer (sh-041); on the bundled sets' passages, swaps
    flagged 0/24 -> 22/24 with every right claim still supported (benchmarks/subject_swaps.py)."""
    assert subject_conflict(claim, LOANS) is conflict


def test_a_number_in_a_subject_binds_nothing() -> None:
    assert not subject_conflict("Adults pay $12.", "Adults pay $20; children under 12 get in free.")
    assert subject_conflict("Children pay $20.", "Adults pay $20; children pay $8.")


def test_the_claims_own_clauses_keep_their_numbers() -> None:
    """A claim of two clauses holds each number in its own clause: found on the help-center suite's telecom
    domain (tel-02#1), where the first version flagged this faithful paraphrase."""
    sentence = "Max costs €30 a month and includes unlimited data, but speeds are reduced after 200 GB."
    assert not subject_conflict("Max is €30 a month with unlimited data, though speeds drop once you pass 200 GB.",
                                sentence)


DEPOSITS = "We take a refundable deposit of JOD 50 for a wheelchair or rollator and JOD 150 for a hospital bed."
PRIVATE = "A private class costs THB 9,000 for up to 4 people, plus THB 1,800 for each additional person."


@pytest.mark.parametrize("claim, swapped", [
    ("The deposit for a wheelchair is JOD 150.", True),  # any currency binds as € $ £ ¥ do (session 36)
    ("The deposit for a wheelchair is JOD 50.", False),
    ("The deposit is 150 JOD for a wheelchair.", True),  # a code after the amount
])
def test_an_amount_in_any_currency_binds_to_its_case(claim: str, swapped: bool) -> None:
    assert case_conflict(claim, DEPOSITS) is swapped


def test_a_claim_that_states_both_cases_numbers_lists_them_and_swaps_nothing() -> None:
    """"the fifth person" is the sentence's "each additional person" in other words; the claim also gives the 4
    people their own THB 9,000, so it lists both cases (numbers_dev2 nd2-030)."""
    listed = "A private class is THB 9,000 for up to 4 people plus THB 1,800 for the fifth person."
    assert not case_conflict(listed, PRIVATE)
    assert case_conflict("A private class for up to 4 people is THB 1,800.", PRIVATE)


def test_the_binding_rule_reads_a_thousands_separator_as_part_of_its_number() -> None:
    """"THB 9,000 for up to 4 people, plus THB 1,800 ..." is cut into parts at its clause commas, not inside
    "9,000" (which left a part "A private class costs THB 9" holding a number 9)."""
    from faithkit.checkers.rules.alignment_words import CLAUSE_JOINT

    parts = [p for p in CLAUSE_JOINT.split(PRIVATE) if p.strip()]
    assert parts[0] == "A private class costs THB 9,000 for up to 4 people"
