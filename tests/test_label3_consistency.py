"""``label3`` never at odds with the verdict beside it, nor with the probabilities shown (issue 35, item 2).

Run on every claim of the help-center suite with the bundled default checker: the numbers stage, arithmetic
rescues, parts and the second opinion all decide some of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from faithkit.checkers.registry import build_checker
from faithkit.io.log import read_log
from faithkit.pipeline import CheckOptions, check_chunk
from faithkit.records import NOT_SUPPORTED, Verdict, consistent_label3

ROOT = Path(__file__).resolve().parent.parent
HELPCENTER = ROOT / "benchmarks" / "helpcenter" / "interactions.jsonl"


@pytest.fixture(scope="module")
def claims():
    records = check_chunk(list(read_log(HELPCENTER)), build_checker("nli").load(), CheckOptions())
    return [c for r in records for c in (r.claims or [])]


def test_no_claim_label3_contradicts_its_own_decision(claims):
    assert len(claims) > 300
    stages = {c.stage for c in claims}
    assert {"nli", "numbers", "arithmetic"} <= stages  # the property covers the stages that override the model
    for claim in claims:
        if claim.verdict == "supported":
            assert claim.label3 == "supported", claim.text
        else:
            assert claim.label3 in ("contradicted", "not_found"), (claim.text, claim.stage, claim.label3)


def test_contradicted_is_what_the_shown_probabilities_or_a_rule_say(claims):
    contradicted = [c for c in claims if c.label3 == "contradicted"]
    assert contradicted
    for claim in contradicted:
        by_rule = bool(claim.detail.get("disagreeing_sentence"))
        by_model = claim.probs is not None and claim.probs["contradiction"] >= 0.5
        assert by_rule or by_model, (claim.text, claim.probs)
        if by_model and not by_rule:  # its evidence is the contradicting window, and its reason says so
            assert "contradicts it" in claim.detail["reason"]


def test_a_stage_that_overrides_the_model_overrides_label3_too():
    flagged = Verdict(NOT_SUPPORTED, "numbers", score=0.9, label3="supported")
    assert consistent_label3(flagged) == "not_found"
    assert consistent_label3(Verdict("supported", "arithmetic", score=None, label3="not_found")) == "supported"
    assert consistent_label3(Verdict(NOT_SUPPORTED, "numbers", score=None)) == "not_found"
    assert consistent_label3(Verdict(NOT_SUPPORTED, "similarity", score=0.2)) is None  # cannot tell: kept
