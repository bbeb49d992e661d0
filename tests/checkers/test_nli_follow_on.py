"""The bundled model with follow-on clauses read on their own (``checkers.rules.follow_on``), on the Larkspur billing
passage of the lesson's Move 6 suite: its one false alarm, and the mutants that must stay caught (real inference)."""

from __future__ import annotations

import pytest

from faithkit.checkers.nli import NLIChecker
from faithkit.records import ClaimCheck, Passage
from tests.checkers.test_follow_on import BILLING

PASSAGES = (Passage("billing", BILLING),)


@pytest.fixture(scope="module")
def checkers() -> dict[bool, NLIChecker]:
    on = NLIChecker().load()
    # without the second opinion too: since session 35 it is asked about claims the first model contradicts, and
    # it supports this one on the whole sentence, which is not what this test is about
    off = NLIChecker(follow_on=False, second_opinion="off")
    off.scorer = on.scorer  # one model load: the option changes the premises, not the model
    return {True: on, False: off}


def test_the_move_6_false_alarm_is_supported_by_the_clause(checkers) -> None:
    claim = "Annual Enterprise contracts are not refundable after 14 days."
    before = checkers[False].check([ClaimCheck(claim, PASSAGES)])[0]
    after = checkers[True].check([ClaimCheck(claim, PASSAGES)])[0]
    assert before.label == "not_supported"
    assert after.label == "supported", after
    assert after.evidence.text == "after that they are not refundable."  # what the passage says, not the rewrite
    assert BILLING[after.evidence.start:after.evidence.end] == after.evidence.text


@pytest.mark.parametrize("claim", [
    "Annual Enterprise contracts are refundable after 14 days.",
    "Annual Enterprise contracts can still be refunded after 14 days of signing.",
    "Annual Enterprise contracts are not refundable after 30 days.",
    "Annual Enterprise contracts can be refunded after 30 days.",
])
def test_flipped_and_swapped_mutants_stay_caught(checkers, claim) -> None:
    assert checkers[True].check([ClaimCheck(claim, PASSAGES)])[0].label == "not_supported"


@pytest.mark.parametrize("claim", [
    "Annual Enterprise contracts can be refunded in full within 14 days of signing.",
    "Annual Enterprise contracts can be refunded within 14 days.",
])
def test_the_time_before_the_limit_is_not_held_against_the_after_clause(checkers, claim) -> None:
    verdict = checkers[True].check([ClaimCheck(claim, PASSAGES)])[0]
    assert verdict.label == "supported", verdict
    assert "disagreeing_sentence" not in verdict.detail


def test_the_option_is_in_the_spec(checkers) -> None:
    assert checkers[True].spec()["follow_on"] is True and checkers[False].spec()["follow_on"] is False
