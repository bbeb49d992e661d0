"""A total made of three passage numbers the answer never names is a coincidence, not a derivation (issue 31
item 3: "a coincidental result must not verify"). Passages written here (a ski rental help center); the rule is
measured on totals the passages never state by benchmarks/cued_totals.py."""

from __future__ import annotations

from faithkit.checkers.numbers.analysis import analyse_claim_numbers
from faithkit.records import Passage

PASSAGES = (
    Passage("rental", "Ski sets cost CHF 48 per day for adults and CHF 28 per day for children. Helmets cost CHF 8 "
                      "per day."),
    Passage("passes", "An afternoon pass costs CHF 55 for adults. A 3-day pass costs CHF 225."),
    Passage("school", "Group lessons cost CHF 95 for adults and CHF 75 for children."),
)


def statuses(claim: str, question: str = "") -> list[tuple[str, str, str | None]]:
    report = analyse_claim_numbers(claim, PASSAGES, question)
    return [(n.quantity.text, n.status, n.expression) for n in report.numbers]


def test_a_total_of_three_unnamed_passage_numbers_is_not_derived() -> None:
    """158 = 28 + 55 + 75 (a child's ski set, an afternoon pass, a child's lesson): nothing in the claim says
    which three amounts it adds, so the total stays missing and the claim is flagged."""
    found = statuses("A ski set and a helmet for 3 days come to CHF 158 in total.")
    assert found[-1][0] == "CHF 158" and found[-1][1] != "derived"
    assert not analyse_claim_numbers("A ski set and a helmet for 3 days come to CHF 158 in total.",
                                     PASSAGES).accepted


def test_the_same_sum_is_derived_when_the_answer_names_its_amounts() -> None:
    found = statuses("The child's set at CHF 28, the afternoon pass at CHF 55 and the lesson at CHF 75 come to "
                     "CHF 158 in total.")
    assert found[-1][:2] == ("CHF 158", "derived") and "28 + 55 + 75" in found[-1][2]


def test_a_three_operand_total_with_an_operand_from_the_question_is_derived() -> None:
    """3 days from the question, the adult set and the helmet from the passage: (48 + 8) × 3 = 168."""
    found = statuses("A ski set and a helmet come to CHF 168 in total.", "How much are a ski set and a helmet "
                                                                        "for 3 days?")
    assert found[-1][:2] == ("CHF 168", "derived")


def test_two_unnamed_passage_numbers_still_make_a_sum() -> None:
    """48 + 8 = 56, the adult set and the helmet: a two-operand sum under a cue is still a derivation."""
    found = statuses("A ski set and a helmet come to CHF 56 per day in total.")
    assert found[-1][:2] == ("CHF 56", "derived")


def test_two_unnamed_operands_from_two_passages_make_no_total() -> None:
    """375 = 225 + 55 + 95: the claim names the 3-day pass, but the afternoon pass and the adult lesson are two
    numbers nobody named, from two passages; a sum of such numbers is a coincidence (session 30)."""
    claim = "The 3-day pass is CHF 225, so with lessons it comes to CHF 375 in total."
    assert statuses(claim)[-1][:2] == ("CHF 375", "unverified")
    assert not analyse_claim_numbers(claim, PASSAGES).accepted


def test_two_unnamed_operands_from_one_passage_still_make_a_total() -> None:
    """395 = 225 + 95 + 75: both lessons come from the one passage about lessons."""
    found = statuses("The 3-day pass is CHF 225, so with lessons it comes to CHF 395 in total.")
    assert found[-1][:2] == ("CHF 395", "derived") and "95" in found[-1][2] and "75" in found[-1][2]
