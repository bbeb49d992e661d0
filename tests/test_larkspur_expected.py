"""The quick start against the careful reader: `faithkit check examples/larkspur/interactions.jsonl` with the
default checker, answer by answer, against the table in examples/larkspur/expected.md (issue 11)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from faithkit.checkers.registry import build
from faithkit.io.results import read_results
from faithkit.pipeline import run_check

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "larkspur"
MUST_CATCH = ("cancel-B", "team-8", "export-aes")


def careful_reader() -> dict[str, str]:
    """id -> faithful / unsupported / refusal, read from the expected.md table (the one source of truth)."""
    table = {}
    for line in (EXAMPLE / "expected.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        verdict = re.search(r"\b(faithful|unsupported|refusal)\b", cells[2]) if len(cells) == 4 else None
        if verdict and re.fullmatch(r"[\w-]+", cells[0]):
            table[cells[0]] = verdict.group(1)
    return table


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    out = tmp_path_factory.mktemp("larkspur")
    run_check(EXAMPLE / "interactions.jsonl", out, build("nli", {}))
    return read_results(out)


@pytest.fixture(scope="module")
def outcomes(results) -> dict[str, str]:
    got = {}
    for answer in results.answers:
        got[answer.id] = ("refusal" if answer.status == "refusal"
                          else "unsupported" if answer.unsupported else "faithful")
    return got


def test_the_table_is_read_whole() -> None:
    reader = careful_reader()
    assert len(reader) == 9 and set(reader.values()) == {"faithful", "unsupported", "refusal"}
    assert [k for k, v in reader.items() if v == "unsupported"] == ["cancel-B", "team-8", "export-aes"]


def test_the_default_checker_catches_every_unsupported_answer(outcomes) -> None:
    for answer_id in MUST_CATCH:
        assert outcomes[answer_id] == "unsupported", answer_id
    assert outcomes["refusal"] == "refusal"


def test_the_default_checker_agrees_with_the_careful_reader(outcomes) -> None:
    reader = careful_reader()
    scored = [k for k, v in reader.items() if v != "refusal"]
    agree = [k for k in scored if outcomes[k] == reader[k]]
    # issue 11 asks for at least 7 of the 8 scored answers: cancel-casual is kept by the second opinion since
    # session 10; cancel-C ("stop your subscription ... not get this month's payment back") is still flagged
    assert len(agree) >= 7, {k: (reader[k], outcomes[k]) for k in scored}
    assert outcomes["cancel-casual"] == "faithful"


def test_team_8_is_flagged_on_both_of_its_wrong_sentences(results) -> None:
    """expected.md: "2 of 4 sentences wrong" (SSO is Enterprise-only, the month is not refunded). The SSO sentence
    says "It includes …": the rules read it with the plan its pronoun stands for (checkers.rules.claim_subject)."""
    verdicts = {c["text"].split()[0]: c for c in results.records_by_id()["team-8"]["claims"]}
    assert {k: v["verdict"] for k, v in verdicts.items()} == {
        "The": "supported", "It": "not_supported", "Each": "supported", "You": "not_supported"}
    assert verdicts["It"]["detail"]["rule_claim"] == "It (Team) includes up to 10 users and SSO."
