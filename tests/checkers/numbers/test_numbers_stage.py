"""The numbers stage (NumberChecks) around a scripted inner checker, on the Larkspur passages."""

from __future__ import annotations

import pytest

from faithkit.checkers.base import Checker
from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.stage import STAGE_VERSION
from faithkit.records import ClaimCheck, Verdict
from tests.larkspur_data import CLAIMS_NLI, HARD_CASES, HARD_CASES_NLI, PASSAGES

# What a sentence-window NLI model says on the claims, as in the lesson: the hard-case verdicts of
# nli-deberta-v3-base, except "up to 12 users", which HHEM and MiniCheck passed (0.65, 0.54): the case the
# missing-number rule exists for. The two reduced claims restate a passage sentence for one user, which the same
# model entails ("Each user gets 50 GB of storage." scored 0.991); anything not listed is not supported.
INNER = {
    **HARD_CASES_NLI,
    **CLAIMS_NLI,
    "The Team plan includes up to 12 users.": "supported",
    "Each user would pay €12 a month.": "supported",
    "A Team workspace with each user has 50 GB of pooled storage.": "supported",
}


def run(claims: list[str], **options: bool) -> tuple[list[Verdict], NumberChecks, ScriptedChecker]:
    inner = ScriptedChecker(INNER)
    stage = NumberChecks(inner, **options)
    return stage.check([ClaimCheck(c, PASSAGES) for c in claims]), stage, inner


def test_expected_outcomes_of_the_issue() -> None:
    claims = {
        "Eight users would pay €96 a month.": ("supported", "arithmetic", "96 = 8 × 12"),
        "A Team workspace with 8 users has 400 GB of pooled storage.": ("supported", "arithmetic", "400 = 8 × 50"),
        "A Team workspace with 8 users has 500 GB of pooled storage.": ("not_supported", "scripted", None),
        "The Team plan includes up to 12 users.": ("not_supported", "numbers", "12 users"),
        "Every Team user gets fifty gigabytes of storage.": ("supported", "scripted", None),
        "Export links expire after 7 days.": ("not_supported", "scripted", None),
    }
    verdicts, stage, inner = run(list(claims))
    got = {c: (v.label, v.stage, v.evidence.text if v.stage in ("numbers", "arithmetic") else None)
           for c, v in zip(claims, verdicts)}
    assert got == claims
    assert stage.counters["arithmetic_changed"] == 2
    assert stage.counters["numbers_changed"] == 1
    assert len(inner.calls) == 2, "one call for all claims, one batched re-check"
    untouched = verdicts[list(claims).index("Export links expire after 7 days.")]
    assert untouched == ScriptedChecker(INNER).check([ClaimCheck("Export links expire after 7 days.", PASSAGES)])[0]


def test_a_wrong_claim_with_correct_arithmetic_is_not_let_through() -> None:
    claim = "8 users would pay €96 a month and get SSO."
    verdicts, stage, inner = run([claim])
    assert verdicts[0].label == "not_supported"
    assert verdicts[0].detail["reduced_claim"] == "Each user would pay €12 a month and get SSO."
    assert [r.claim for r in inner.calls[1]] == ["Each user would pay €12 a month and get SSO."]
    assert stage.counters["arithmetic_changed"] == 0


def test_changed_verdicts_keep_the_inner_verdict_and_the_numbers() -> None:
    verdicts, _, _ = run(["Eight users would pay €96 a month.", "The Team plan includes up to 12 users."])
    rescued, flagged = verdicts
    assert rescued.detail["numbers_rule"] == "arithmetic"
    assert rescued.detail["inner"]["label"] == "not_supported"
    assert [n["status"] for n in rescued.detail["numbers"]] == ["given", "derived"]
    assert rescued.evidence is not None and rescued.evidence.passage_id is None
    assert flagged.detail["numbers_rule"] == "missing_number"
    assert flagged.detail["inner"]["label"] == "supported"
    assert flagged.detail["numbers"] == [{"text": "12 users", "value": 12, "unit": "user", "status": "unverified"}]
    assert Verdict.from_dict(flagged.to_dict()) == flagged


@pytest.mark.parametrize("options, expected", [
    ({"arithmetic": False}, ["not_supported", "not_supported"]),
    ({"missing_numbers": False}, ["supported", "supported"]),
    ({"arithmetic": False, "missing_numbers": False}, ["not_supported", "supported"]),
])
def test_each_rule_can_be_turned_off(options: dict[str, bool], expected: list[str]) -> None:
    verdicts, stage, inner = run(["Eight users would pay €96 a month.", "The Team plan includes up to 12 users."],
                                 **options)
    assert [v.label for v in verdicts] == expected
    assert stage.spec()["numbers"] == {"version": STAGE_VERSION, "arithmetic": options.get("arithmetic", True),
                                       "missing_numbers": options.get("missing_numbers", True)}


def test_error_verdicts_pass_through_untouched() -> None:
    inner = ScriptedChecker({"The Team plan includes up to 12 users.": "error"})
    verdicts = NumberChecks(inner).check([ClaimCheck("The Team plan includes up to 12 users.", PASSAGES)])
    assert verdicts[0].label == "error" and verdicts[0].stage == "scripted"


def test_supported_claims_with_verified_arithmetic_are_not_flagged() -> None:
    inner = ScriptedChecker(default="supported")
    verdicts = NumberChecks(inner).check([ClaimCheck("Eight users would pay €96 a month.", PASSAGES)])
    assert verdicts[0].label == "supported" and verdicts[0].stage == "scripted"
    assert verdicts[0].detail["numbers"][1]["expression"] == "96 = 8 × 12"
    assert len(inner.calls) == 1


def test_stage_follows_the_checker_contract() -> None:
    inner = ScriptedChecker(INNER, threshold=0.7)
    stage = NumberChecks(inner)
    assert isinstance(stage, Checker)
    assert stage.name == "scripted+numbers" and stage.threshold == 0.7
    assert stage.spec()["checker"] == "scripted" and stage.spec()["scripted"] == len(INNER)
    assert stage.check([]) == []


def test_hard_case_table_with_and_without_the_stage() -> None:
    """The lesson's ten hard cases: the stage changes exactly the number rows, in the reader's direction."""
    claims = [c for _, c, _ in HARD_CASES]
    without = ScriptedChecker(INNER).check([ClaimCheck(c, PASSAGES) for c in claims])
    with_stage, _, _ = run(claims)
    changed = {case: (a.label, b.label) for (case, _, _), a, b in zip(HARD_CASES, without, with_stage)
               if a.label != b.label}
    assert changed == {"number swap": ("supported", "not_supported"),
                       "derived number": ("not_supported", "supported")}


def test_pipeline_results_and_summary_show_what_the_stage_changed(tmp_path) -> None:
    import json

    from faithkit.io.results import read_results
    from faithkit.pipeline import CheckOptions, run_check
    from tests.larkspur_data import PASSAGE_TEXTS

    contexts = [{"id": pid, "text": text} for pid, text in PASSAGE_TEXTS.items()]
    rows = [{"id": "seats", "contexts": contexts,
             "answer": "Eight users would pay €96 a month. The Team plan includes up to 12 users."}]
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    manifest = run_check(log, tmp_path / "out", NumberChecks(ScriptedChecker(INNER)), CheckOptions(),
                         command=["test"])
    (record,) = read_results(tmp_path / "out").records
    stages = [(c["verdict"], c["stage"]) for c in record["claims"]]
    assert stages == [("supported", "arithmetic"), ("not_supported", "numbers")]
    assert manifest["summary"]["arithmetic_changed"] == 1
    assert manifest["summary"]["numbers_changed"] == 1
    assert manifest["checker"]["numbers"]["arithmetic"] is True
