"""The rest-of-claim rule of the numbers stage: verified arithmetic makes a claim supported when what the claim
says besides its arithmetic is supported, with no reduced claim that a model must entail."""

from __future__ import annotations

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.records import ClaimCheck, Verdict
from tests.larkspur_data import PASSAGES, QUESTION

TEAM_8 = "The Team plan costs €12 per user per month, so your 8 users would pay €96 a month."
REST = "The Team plan costs €12 per user per month."


def run(claims: list[str], script: dict[str, str], question: str = QUESTION
        ) -> tuple[list[Verdict], NumberChecks, ScriptedChecker]:
    inner = ScriptedChecker(script)
    stage = NumberChecks(inner)
    return stage.check([ClaimCheck(c, PASSAGES, question) for c in claims]), stage, inner


def test_the_larkspur_team_8_sentence_is_supported_through_the_rest_of_the_claim() -> None:
    """The reduced claim ("… so each user would pay €12 a month.") is not entailed; the rest of the claim is."""
    (verdict,), stage, inner = run([TEAM_8], {REST: "supported"})
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic")
    assert verdict.evidence is not None and verdict.evidence.text == "96 = 12 × 8"
    assert verdict.detail["rest_claim"] == REST
    assert verdict.detail["rest_verdict"]["label"] == "supported"
    assert verdict.detail["reduced_claim"] == (
        "The Team plan costs €12 per user per month, so each user would pay €12 a month.")
    assert verdict.detail["inner"]["label"] == "not_supported"
    assert [[r.claim for r in call] for call in inner.calls][1:] == [[verdict.detail["reduced_claim"]], [REST]]
    assert stage.counters["arithmetic_changed"] == 1


def test_the_rest_must_itself_be_supported() -> None:
    (verdict,), stage, _ = run([TEAM_8], {})
    assert verdict.label == "not_supported"
    assert verdict.detail["rest_claim"] == REST and verdict.detail["rest_verdict"]["label"] == "not_supported"
    assert stage.counters["arithmetic_changed"] == 0


def test_a_wrong_number_is_never_rescued() -> None:
    wrong = TEAM_8.replace("€96", "€97")
    (verdict,), _, inner = run([wrong], {REST: "supported"})
    assert verdict.label == "not_supported" and "rest_claim" not in verdict.detail
    assert len(inner.calls) == 1


def test_an_unsupported_non_number_part_is_not_waved_through() -> None:
    claims = ["8 users would pay €96 a month and get SSO.",
              "Your 8 admins would pay €96 a month.",
              "The Team plan costs €12 per user per month, so your 8 users would not pay €96 a month.",
              "The Team plan costs €12 per user per month, so your 8 users would get €96 back a month."]
    verdicts, stage, _ = run(claims, {REST: "supported"})
    assert [v.label for v in verdicts] == ["not_supported"] * 4
    sso, admins, negated, refund = verdicts
    assert sso.detail["rest_claim"] == "Get SSO."
    assert admins.detail["rest_uncovered"] == ["admins"]
    assert negated.detail["rest_uncovered"] == ["not"]
    assert refund.detail["rest_uncovered"] == ["back"]
    assert stage.counters["arithmetic_changed"] == 0


def test_a_claim_that_is_only_arithmetic_over_its_operands_sentences_needs_no_reduced_claim() -> None:
    """Nothing is left once the arithmetic clause is out: every word is the operand sentence's, a unit or a word
    of arithmetic. A contradiction from the inner checker still blocks it."""
    claim = "Eight users would pay €96 a month."
    (verdict,), _, inner = run([claim], {})
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic")
    assert verdict.detail["rest_claim"] == "" and verdict.detail["rest_verdict"] is None
    assert len(inner.calls) == 2, "the claims, then the reduced claim; nothing is left to re-check"
    (blocked,), _, _ = run([claim], {claim: "contradicted"})
    assert blocked.label == "not_supported"


@pytest.mark.parametrize("claim, passages, question", [
    ("A 20-minute call costs $5.", ("Calls to the hotline cost $0.25 per minute.",), ""),
    ("Two accounts cost $20 a month.", ("Basic accounts cost $10 per month.",), "How much for two accounts?"),
    ("The Pro plan gives you 30 GB more storage than the Basic plan.",
     ("The Basic plan includes 20 GB of storage.", "The Pro plan includes 50 GB of storage."), ""),
    # "first" names the start of what the arithmetic counts, nothing the passages must say (shapes_dev sd-005, dev;
    # these sentences are written for the test)
    ("For two members the plan costs €50 a month, which is €600 for the first 12 months.",
     ("The Duo plan costs €25 per month per member.", "Plans run for at least 12 months."),
     "What would two members pay for a year?"),
    ("Loans last 2 weeks, so your first due date is 19 May.", ("Loans last 2 weeks and renew once.",),
     "I borrowed a book on 5 May. When is it due?"),
])
def test_derived_numbers_of_other_shapes_are_accepted(claim: str, passages: tuple[str, ...], question: str) -> None:
    from faithkit.records import Passage

    inner = ScriptedChecker({})
    request = ClaimCheck(claim, tuple(Passage(f"p{i}", t) for i, t in enumerate(passages)), question)
    (verdict,) = NumberChecks(inner).check([request])
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic")


@pytest.mark.slow
def test_team_8_with_the_real_default_checker() -> None:
    """Issue 11: team-8's correct "€96" sentence was still flagged after 96 = 12 × 8 verified."""
    from faithkit.checkers.registry import build_checker

    checker = build_checker("nli")
    team_8, sso = checker.check([ClaimCheck(TEAM_8, PASSAGES, QUESTION),
                                 ClaimCheck("8 users would pay €96 a month and get SSO.", PASSAGES, QUESTION)])
    assert (team_8.label, team_8.stage) == ("supported", "arithmetic")
    assert sso.label == "not_supported"


def test_a_claim_an_alignment_rule_refuted_is_not_rescued_by_its_arithmetic() -> None:
    """The rule found a passage sentence about the claim disagreeing with it; verified numbers do not undo that
    (session 36: "New bands get their first 4 hours at ₴200 per hour" from a "first 3 hours" sentence was
    supported again through ₴200 = ₴800 ÷ 4 hours)."""
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.checkers.numbers import NumberChecks
    from faithkit.records import NOT_SUPPORTED, SUPPORTED, ClaimCheck, Evidence, Passage, Verdict

    passages = (Passage("rates", "The Team plan costs €12 per user per month."),)
    claim = "The Team plan costs €12 per user per month, so your 8 users would pay €96 a month."
    refuted = Verdict(NOT_SUPPORTED, "rule:conditions", score=0.9, evidence=Evidence("rates", passages[0].text),
                      detail={"disagreeing_sentence": True, "rule": "conditions", "reason": "conditions: ..."})
    plain = Verdict(NOT_SUPPORTED, "scripted", score=0.1, evidence=Evidence("rates", passages[0].text))
    rest = "The Team plan costs €12 per user per month."
    for inner, expected in ((refuted, NOT_SUPPORTED), (plain, SUPPORTED)):
        stage = NumberChecks(ScriptedChecker({claim: inner, rest: "supported"}))
        (verdict,) = stage.check([ClaimCheck(claim, passages, "We have 8 users.")])
        assert verdict.label == expected
