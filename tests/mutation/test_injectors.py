"""Fault injectors on the Larkspur lesson's 12 faithful claims (Move 6) and on edge cases."""

from __future__ import annotations

import re

import pytest

from faithkit.mutation import (
    INJECTORS,
    InjectorContext,
    add_unsupported_fact,
    drop_condition,
    flip_negation,
    swap_entity,
    swap_number,
)
from faithkit.records import Passage

BILLING = (
    "Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded. "
    "Annual Enterprise contracts can be refunded in full within 14 days of signing; after that they are not "
    "refundable."
)
PASSAGES = (
    Passage("plans", "The Team plan costs €12 per user per month and includes up to 10 users. "
                     "Single sign-on (SSO) is available only on the Enterprise plan."),
    Passage("billing", BILLING),
    Passage("storage", "Each user on the Team plan gets 50 GB of storage, pooled across the workspace."),
    Passage("export", "Workspace owners can export all data as a ZIP file from Settings. "
                      "Export links expire after 7 days."),
)
FAITHFUL = [
    "The Team plan costs €12 per user per month.",
    "The Team plan includes up to 10 users.",
    "SSO is available only on the Enterprise plan.",
    "Team plans are billed monthly.",
    "Team plans can be cancelled at any time.",
    "The current month is not refunded when a Team plan is cancelled.",
    "Annual Enterprise contracts can be refunded in full within 14 days of signing.",
    "Annual Enterprise contracts are not refundable after 14 days.",
    "Each Team user gets 50 GB of storage.",
    "Storage is pooled across the workspace.",
    "Workspace owners can export all data as a ZIP file.",
    "Export links expire after 7 days.",
]
CTX = InjectorContext(passages=PASSAGES)


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def test_registry_names_the_five_injectors():
    assert list(INJECTORS) == ["swap_number", "flip_negation", "swap_entity", "drop_condition",
                               "add_unsupported_fact"]


@pytest.mark.parametrize("name", list(INJECTORS))
def test_every_injector_is_deterministic_and_changes_the_claim(name):
    injector = INJECTORS[name]
    first = [injector(c, CTX) for c in FAITHFUL]
    assert first == [injector(c, CTX) for c in FAITHFUL]
    for claim, mutant in zip(FAITHFUL, first):
        assert mutant is None or mutant != claim


def test_seed_changes_some_choices():
    outputs = {tuple(swap_number(c, InjectorContext(PASSAGES, seed=s)) for c in FAITHFUL) for s in range(6)}
    assert len(outputs) > 1


def test_swap_number_changes_exactly_one_number_on_the_six_claims_with_numbers():
    applied = 0
    for claim in FAITHFUL:
        mutant = swap_number(claim, CTX)
        if not _numbers(claim):
            assert mutant is None
            continue
        applied += 1
        old, new = _numbers(claim), _numbers(mutant)
        assert len(old) == len(new) and sum(a != b for a, b in zip(old, new)) == 1
        assert re.sub(r"\d+", "#", claim) == re.sub(r"\d+", "#", mutant)
    assert applied == 6


def test_swap_number_reads_number_words_and_keeps_units():
    assert swap_number("Every Team user gets fifty gigabytes.", CTX) != "Every Team user gets fifty gigabytes."
    assert "fifty" not in swap_number("Every Team user gets fifty gigabytes.", CTX)
    mutant = swap_number("The file is 50GB.", InjectorContext())
    assert mutant.endswith("GB.") and mutant != "The file is 50GB."
    assert swap_number("It costs 2,500.00 dollars.", InjectorContext()) != "It costs 2,500.00 dollars."


def test_flip_negation_removes_or_adds_a_negation():
    assert flip_negation(FAITHFUL[5], CTX) == "The current month is refunded when a Team plan is cancelled."
    assert flip_negation(FAITHFUL[4], CTX) == "Team plans cannot be cancelled at any time."
    assert flip_negation(FAITHFUL[3], CTX) == "Team plans are not billed monthly."
    assert flip_negation("You cannot edit boards.", CTX) == "You can edit boards."
    assert flip_negation("Guests don't pay.", CTX) == "Guests do pay."
    assert flip_negation("Links never expire.", CTX) == "Links always expire."
    assert sum(flip_negation(c, CTX) is not None for c in FAITHFUL) == 8


def test_flip_negation_returns_none_without_a_negation_site():
    assert flip_negation("Export links expire after 7 days.", CTX) is None
    assert flip_negation("Each Team user gets 50 GB of storage.", CTX) is None


def test_swap_entity_swaps_plans_using_the_passages():
    assert swap_entity(FAITHFUL[2], CTX) == "SSO is available only on the Team plan."
    assert swap_entity(FAITHFUL[3], CTX) == "Enterprise plans are billed monthly."
    assert (swap_entity(FAITHFUL[5], CTX)
            == "The current month is not refunded when an Enterprise plan is cancelled.")
    assert swap_entity(FAITHFUL[6], CTX).startswith("Annual Team contracts")
    assert sum(swap_entity(c, CTX) is not None for c in FAITHFUL) >= 9


def test_swap_entity_prefers_explicit_pairs_in_both_directions():
    ctx = InjectorContext(entity_pairs=(("Team", "Enterprise"),))
    assert swap_entity("A Team plan is monthly.", ctx) == "An Enterprise plan is monthly."
    assert swap_entity("SSO needs Enterprise.", ctx) == "SSO needs Team."


def test_swap_entity_returns_none_when_there_is_nothing_to_swap():
    assert swap_entity("Storage is pooled across the workspace.", CTX) is None
    assert swap_entity("The Team plan is monthly.", InjectorContext()) is None
    assert swap_entity("Export links expire after 7 days.", CTX) is None


def test_swap_entity_never_treats_numbers_or_units_as_names():
    for claim in FAITHFUL:
        mutant = swap_entity(claim, CTX)
        if mutant is not None:
            assert _numbers(mutant) == _numbers(claim)
            assert ("GB" in mutant) == ("GB" in claim)


def test_drop_condition_removes_limits():
    assert drop_condition(FAITHFUL[6], CTX) == "Annual Enterprise contracts can be refunded in full."
    assert drop_condition(FAITHFUL[7], CTX) == "Annual Enterprise contracts are not refundable."
    assert drop_condition(FAITHFUL[11], CTX) == "Export links expire."
    assert drop_condition(FAITHFUL[2], CTX) == "SSO is available."
    assert drop_condition(FAITHFUL[1], CTX) == "The Team plan includes 10 users."
    assert drop_condition("Refunds are possible for annual plans only.", CTX) == "Refunds are possible."
    assert drop_condition("You get a refund if you cancel early.", CTX) == "You get a refund."


def test_drop_condition_returns_none_without_a_condition():
    for claim in (FAITHFUL[0], FAITHFUL[3], FAITHFUL[9], FAITHFUL[10]):
        assert drop_condition(claim, CTX) is None
    assert drop_condition("They met after that.", CTX) is None


def test_add_unsupported_fact_appends_a_clause_the_passages_lack():
    for claim in FAITHFUL:
        mutant = add_unsupported_fact(claim, CTX)
        assert mutant.startswith(claim[:-1]) and mutant.endswith(".") and len(mutant) > len(claim)
        added = mutant[len(claim) - 1:-1].lstrip(", ").lower()
        assert added and added not in " ".join(p.text for p in PASSAGES).lower()
    assert add_unsupported_fact("No final stop", CTX).endswith(".")


def test_add_unsupported_fact_returns_none_when_nothing_to_mutate():
    assert add_unsupported_fact("", CTX) is None
    assert add_unsupported_fact("  ...  ", CTX) is None


@pytest.mark.parametrize("name", list(INJECTORS))
def test_every_injector_returns_none_on_an_empty_claim(name):
    assert INJECTORS[name]("", CTX) is None
