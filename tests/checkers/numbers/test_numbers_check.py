"""numbers_not_in_sources, the arithmetic search, the coincidence guard and the bound on work."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from faithkit.checkers.numbers import (
    analyse_claim_numbers,
    build_pool,
    claim_work_bound,
    extract_quantities,
    find_derivations,
    numbers_not_in_sources,
    reduced_claim,
    work_bound,
)
from faithkit.records import Passage
from tests.larkspur_data import PASSAGES, QUESTION


def statuses(claim: str, question: str = "", passages: tuple[Passage, ...] = PASSAGES) -> list[tuple[str, str]]:
    report = analyse_claim_numbers(claim, passages, question)
    return [(n.quantity.text, n.status) for n in report.numbers]


def test_numbers_not_in_sources_on_the_lessons_two_claims() -> None:
    """The lesson's regex version returned ['96'] and []; with units, 12 users is not €12."""
    assert [q.text for q in numbers_not_in_sources("Eight users would pay €96 a month.", PASSAGES)] == [
        "Eight users", "€96"]
    assert [q.text for q in numbers_not_in_sources("The Team plan includes up to 12 users.", PASSAGES)] == [
        "12 users"]
    assert numbers_not_in_sources("Every Team user gets fifty gigabytes of storage.", PASSAGES) == []
    assert numbers_not_in_sources("Export links expire after 7 days.", ["Links expire after one week."]) == []


def test_derived_numbers_on_the_larkspur_passages() -> None:
    report = analyse_claim_numbers("Eight users would pay €96 a month.", PASSAGES)
    assert report.accepted
    assert [(n.status, n.expression) for n in report.numbers] == [("given", None), ("derived", "96 = 8 × 12")]
    report = analyse_claim_numbers("A Team workspace with 8 users has 400 GB of pooled storage.", PASSAGES)
    assert [(n.status, n.expression) for n in report.numbers] == [("given", None), ("derived", "400 = 8 × 50")]


def test_wrong_or_unsupported_numbers_stay_unverified() -> None:
    assert statuses("A Team workspace with 8 users has 500 GB of pooled storage.") == [
        ("8 users", "unverified"), ("500 GB", "unverified")]
    assert statuses("The Team plan includes up to 12 users.") == [("12 users", "unverified")]
    assert statuses("Eight users would pay €97 a month.") == [("Eight users", "unverified"), ("€97", "unverified")]


def test_question_numbers_are_available_and_count_as_user_supplied() -> None:
    assert statuses("Your team would pay €96 a month.", QUESTION) == [("€96", "derived")]
    assert statuses("Your team would pay €96 a month.") == [("€96", "unverified")]
    assert statuses("A Team workspace with 8 users has 500 GB of pooled storage.", QUESTION) == [
        ("8 users", "in_question"), ("500 GB", "unverified")]


def test_a_given_must_be_used_so_a_lone_unsupported_count_is_not_accepted() -> None:
    report = analyse_claim_numbers("The Team plan includes up to 12 users.", PASSAGES)
    assert not report.accepted
    assert not any(n.status == "given" for n in report.numbers)


def test_coincidence_guard_rejects_unjustified_derivations_and_reports_them() -> None:
    """The lesson's example: five computers + one computer = "up to six computers" is arithmetic by accident."""
    passages = (Passage("a", "The lab has five computers."), Passage("b", "The office has one computer."))
    report = analyse_claim_numbers("The school has up to six computers.", passages)
    assert not report.accepted
    assert report.numbers[0].coincidence == "6 = 5 + 1 (not justified)"
    stated = analyse_claim_numbers("The lab and the office have six computers in total.", passages)
    assert stated.accepted and stated.numbers[0].expression == "6 = 5 + 1"
    assert stated.derivations[0].reason == "cue 'in total'"


def test_unit_sanity_blocks_meaningless_expressions() -> None:
    passages = (Passage("a", "Plans cost €12 and include 10 users with 50 GB; links expire after 7 days."),)
    assert statuses("It has 62 GB.", passages=passages) == [("62 GB", "unverified")]  # 50 GB + €12
    assert statuses("Together they have 57 GB in total.", passages=passages) == [("57 GB", "unverified")]
    assert statuses("Ten users get 500 GB in total.", passages=passages) == [
        ("Ten users", "in_sources"), ("500 GB", "derived")]


def test_tolerance_follows_the_precision_the_claim_wrote() -> None:
    passages = (Passage("a", "The plan costs €10 per month."),)
    assert statuses("Three users pay €3.33 per month each, so the €10 is split.", passages=passages)[0] == (
        "Three users", "given")
    assert statuses("Three users pay €3.3 per month each, so the €10 is split.", passages=passages)[0][1] == (
        "given")
    assert statuses("Three users pay €3.34 per month each, so the €10 is split.", passages=passages)[0][1] == (
        "unverified")


def test_three_operand_expressions() -> None:
    passages = (Passage("a", "Seats cost €12 per month; the onboarding fee is €30."),)
    report = analyse_claim_numbers("For 5 seats the first month costs €90 in total.", passages)
    assert report.accepted
    assert report.derivations[0].formula() == "5 × 12 + 30"


def test_reduced_claim_restates_the_claim_for_one_unit() -> None:
    report = analyse_claim_numbers("Eight users would pay €96 a month.", PASSAGES)
    assert reduced_claim("Eight users would pay €96 a month.", report) == "Each user would pay €12 a month."
    claim = "A Team workspace with 8 users has 400 GB of pooled storage."
    assert reduced_claim(claim, analyse_claim_numbers(claim, PASSAGES)) == (
        "A Team workspace with each user has 50 GB of pooled storage.")
    passages = (Passage("a", "The lab has five computers."), Passage("b", "The office has one computer."))
    claim = "The lab and the office have six computers in total."
    assert reduced_claim(claim, analyse_claim_numbers(claim, passages)) is None  # a sum: cannot be reduced


def test_search_is_deterministic() -> None:
    claim = "A Team workspace with 8 users has 400 GB of pooled storage."
    first = [analyse_claim_numbers(claim, PASSAGES).derivations[0].expression for _ in range(3)]
    assert len(set(first)) == 1


def _big_passage(n: int, seed: int) -> Passage:
    import random

    rng = random.Random(seed)
    units = ["GB", "users", "days", "euros", "hours", "requests", ""]
    sentences = [f"Item {i} has {rng.randint(1, 5000)} {rng.choice(units)}." for i in range(n)]
    return Passage("big", " ".join(sentences))


def test_two_hundred_numbers_stay_within_the_work_bound() -> None:
    """The bound is on counted steps, not seconds (speed is measured in benchmarks/, not asserted here)."""
    passages = (*PASSAGES, _big_passage(200, seed=1))
    report = analyse_claim_numbers("Eight users would pay €97 a month and get 4,999 GB in total.", passages)
    assert 0 < report.work <= claim_work_bound()


@settings(max_examples=12, deadline=None)
@given(n_numbers=st.integers(min_value=0, max_value=400), seed=st.integers(min_value=0, max_value=10_000),
       target=st.integers(min_value=1, max_value=10_000), max_operands=st.integers(min_value=2, max_value=24))
def test_work_per_search_never_exceeds_the_bound(n_numbers: int, seed: int, target: int, max_operands: int) -> None:
    """Property: however many numbers the passages hold, one search costs at most work_bound(max_operands)."""
    passages = [("big", _big_passage(n_numbers, seed).text)]
    claim = f"The total is {target} GB."
    (q,) = extract_quantities(claim)
    pool = build_pool(claim, [q], [q], [], passages, "", q, max_operands)
    assert len(pool) <= max_operands
    result = find_derivations(q, pool, claim)
    assert result.work <= work_bound(max_operands)
    assert all(abs(d.value - target) < 1e-6 for d in result.derivations)


@pytest.mark.parametrize("n", [2, 10, 20])
def test_work_bound_formula(n: int) -> None:
    assert work_bound(n) == 1 + 168 * n * (n - 1)
    assert claim_work_bound(n) == 2 * 28 * work_bound(n)  # 28 searches, then a second step for each


@settings(max_examples=8, deadline=None)
@given(n_numbers=st.integers(min_value=0, max_value=300), seed=st.integers(min_value=0, max_value=10_000),
       values=st.lists(st.integers(min_value=1, max_value=5000), min_size=1, max_size=6))
def test_work_per_claim_never_exceeds_the_claim_bound(n_numbers: int, seed: int, values: list[int]) -> None:
    """Property: a claim with up to six numbers (more than max_missing) against a big passage stays bounded."""
    units = ["users", "GB", "euros", "days", "seats", "hours"]
    claim = "The plan has " + ", ".join(f"{v} {units[i]}" for i, v in enumerate(values)) + " in total."
    report = analyse_claim_numbers(claim, (_big_passage(n_numbers, seed),))
    assert report.work <= claim_work_bound()


def test_a_code_or_year_the_passage_names_is_not_a_new_number() -> None:
    passages = (Passage("a", "Too many requests return HTTP 429. The product launched in 2019."),)
    assert numbers_not_in_sources("Clients then see 429 errors.", passages) == []
    assert [q.text for q in numbers_not_in_sources("Clients then see 430 errors.", passages)] == ["430 errors"]


def test_a_duration_the_claim_supplies_can_be_a_given() -> None:
    claim = "One year of the Team plan costs €144 per user."
    report = analyse_claim_numbers(claim, PASSAGES)
    assert [(n.status, n.expression) for n in report.numbers] == [("given", None),
                                                                   ("derived", "€144 = 12 months × €12")]
    assert reduced_claim(claim, report) == "One month of the Team plan costs €12 per user."
    wrong = analyse_claim_numbers("One year of the Team plan costs €150 per user.", PASSAGES)
    assert not wrong.accepted
