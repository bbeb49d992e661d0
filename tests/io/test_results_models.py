"""The typed results (records.ClaimResult / AnswerResult / RunManifest): written by the pipeline, read back
equal, documented field for field in docs/results-format.md; and the shared guards (verdict count, threshold)."""

from __future__ import annotations

import json
import math
import re
from dataclasses import fields
from pathlib import Path

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.claims.base import ClaimError
from faithkit.claims.sentences import SentenceClaims
from faithkit.cli import main
from faithkit.errors import BackendError, ResultsError, UsageError
from faithkit.guards import check_threshold, expect_verdicts
from faithkit.io.results import read_results
from faithkit.pipeline import CheckOptions, check_chunk, run_check
from faithkit.records import UNSET, AnswerResult, ClaimResult, Correctness, RunManifest

DOC = Path(__file__).resolve().parents[2] / "docs" / "results-format.md"
PLAN = {"id": "plan", "text": "The Team plan costs 12 euros per user per month. It includes SSO."}


class FailingClaims(SentenceClaims):
    """Sentence claims, except for one interaction whose decomposition fails (as an LLM decomposer's may)."""

    def extract(self, interactions):
        out = super().extract(interactions)
        return [ClaimError("decomposer: no reply", None) if i.id == "decompose-fails" else c
                for i, c in zip(interactions, out)]


def _rows() -> list[dict | str]:
    return [
        {"id": "ok", "contexts": [PLAN], "answer": "The Team plan costs 12 euros per user per month."},
        {"id": "bad", "contexts": [PLAN], "answer": "The Team plan costs 12 euros per user per month. It has a "
                                                      "free tier.", "metadata": {"team": "billing"}},
        {"id": "ref", "contexts": [PLAN], "answer": "The Team plan costs 12 euros per user per month.",
         "reference": "The Team plan costs 12 euros per user per month. It includes SSO."},
        {"id": "refuse", "contexts": [PLAN], "answer": "I can't find that in the help center."},
        {"id": "empty", "contexts": [], "answer": ""},
        {"id": "decompose-fails", "contexts": [PLAN], "answer": "It includes SSO."},
        "{not json",
    ]


@pytest.fixture
def written_run(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in _rows()), encoding="utf-8")
    checker = ScriptedChecker({"It has a free tier.": "not_found", "It includes SSO.": "not_found"},
                              default="supported")
    options = CheckOptions(claims=FailingClaims())
    manifest = run_check(log, tmp_path / "out", checker, options, command=["test"])
    return log, tmp_path / "out", manifest, checker, options


def test_a_written_run_reads_back_typed_and_equal(written_run):
    log, out, manifest, checker, options = written_run
    run = read_results(out)
    assert run.run == RunManifest.from_dict(manifest) and run.run.to_dict() == manifest
    lines = [json.loads(line) for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [a.to_dict() for a in run.answers] == lines == run.records
    assert [AnswerResult.from_dict(a.to_dict()) for a in run.answers] == list(run.answers)
    from faithkit.io.log import read_log

    assert check_chunk(list(read_log(log)), checker, options) == list(run.answers)  # what the writer wrote
    by_id = {a.id: a for a in run.answers}
    assert [a.status for a in run.answers] == ["scored", "scored", "scored", "refusal", "no_claims", "error",
                                               "error"]
    assert by_id["bad"].unsupported is True and [c.verdict for c in by_id["bad"].failing_claims] == ["not_supported"]
    assert isinstance(by_id["ref"].correctness, Correctness) and by_id["ref"].correctness.correct is False
    assert isinstance(by_id["ref"].claims[0].reference, ClaimResult)
    assert by_id["ok"].correctness is UNSET and by_id["ok"].claims[0].reference is UNSET


def test_absent_keys_stay_absent_and_null_stays_null(written_run):
    _, out, *_ = written_run
    lines = {r["id"]: r for r in map(json.loads, (out / "results.jsonl").read_text().splitlines())}
    assert "raw" in lines["decompose-fails"] and lines["decompose-fails"]["raw"] is None
    assert "raw" not in lines["ok"] and "correctness" not in lines["ok"] and "reference" not in lines["ok"]["claims"][0]
    assert "source_format" not in lines["line-7"] and lines["ok"]["source_format"] == "faithkit"
    assert list(lines["ok"])[:9] == ["id", "line", "status", "faithfulness", "unsupported", "claims", "error",
                                     "refusal", "warnings"]


def test_unknown_keys_round_trip_through_extra():
    line = {"id": "x", "line": 3, "status": "scored", "faithfulness": 1.0, "unsupported": False,
            "claims": [{"text": "t", "span": [0, 1], "verdict": "supported", "stage": "nli", "score": 1,
                        "evidence": None, "probs": None, "label3": None, "truncated": False, "error": None,
                        "raw": None, "detail": {}, "future_claim_key": [1]}],
            "error": None, "refusal": None, "warnings": [], "source_format": "ragas", "future_key": {"a": 1}}
    result = AnswerResult.from_dict(line)
    assert result.extra == {"future_key": {"a": 1}} and result.claims[0].extra == {"future_claim_key": [1]}
    assert result.to_dict() == line and json.dumps(result.to_dict()) == json.dumps(line)  # an int score stays int


def test_a_malformed_record_is_a_results_error(tmp_path):
    folder = tmp_path / "run"
    folder.mkdir()
    (folder / "manifest.json").write_text("{}")
    (folder / "results.jsonl").write_text(json.dumps({"id": "a", "status": "scored", "claims": [5]}) + "\n")
    with pytest.raises(ResultsError, match=r"results.jsonl:1: results line does not match"):
        read_results(folder)


def _doc_table_fields(heading_pattern: str) -> list[str]:
    """The backticked first-column names of the first table after the line matching ``heading_pattern``."""
    text = DOC.read_text(encoding="utf-8")
    start = re.search(heading_pattern, text, re.MULTILINE)
    assert start, heading_pattern
    names, in_table = [], False
    for line in text[start.end():].splitlines():
        if line.startswith("|"):
            in_table = True
            cell = line.split("|")[1].strip()
            if cell.startswith("`"):
                names.append(cell.strip("`"))
        elif in_table:
            break
    return names


@pytest.mark.parametrize("heading, model", [
    (r"^## `DIR/results.jsonl`", AnswerResult),
    (r"^Each claim:", ClaimResult),
    (r"^`correctness`", Correctness),
    (r"^## `DIR/manifest.json`", RunManifest),
])
def test_docs_list_exactly_the_model_fields(heading, model):
    documented = _doc_table_fields(heading)
    model_fields = [f.name for f in fields(model) if f.name != "extra"]
    assert sorted(documented) == sorted(model_fields)
    assert len(documented) == len(set(documented))


def test_expect_verdicts_raises_backend_error_on_a_wrong_count():
    assert expect_verdicts("x", iter([1, 2]), 2) == [1, 2]
    with pytest.raises(BackendError, match="checker 'short' returned 1 verdicts for 2 claims"):
        expect_verdicts("short", [1], 2)


class DroppingChecker(ScriptedChecker):
    name = "dropping"

    def check(self, requests):
        return super().check(requests)[:-1]


def test_the_pipeline_refuses_a_checker_that_drops_verdicts(tmp_path):
    from faithkit.io.log import read_log

    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "a", "contexts": [PLAN], "answer": "It includes SSO. It is cheap."}) + "\n")
    with pytest.raises(BackendError, match="'dropping' returned 1 verdicts for 2"):
        check_chunk(list(read_log(log)), DroppingChecker(), CheckOptions())


@pytest.mark.parametrize("value", [1.5, -0.1, math.nan, True, "0.5"])
def test_check_threshold_refuses_what_is_not_a_probability(value):
    with pytest.raises(UsageError, match="--threshold must be within"):
        check_threshold(value, "--threshold")


def test_check_threshold_accepts_the_range_and_none():
    assert [check_threshold(v) for v in (None, 0, 0.5, 1.0)] == [None, 0, 0.5, 1.0]


def test_nli_threshold_out_of_range_is_a_usage_error_not_a_model_error():
    from faithkit.checkers.nli import NLIChecker

    with pytest.raises(UsageError, match="threshold must be within"):
        NLIChecker(threshold=1.5)


def test_check_refuses_a_used_output_folder_before_loading_any_model(tmp_path, monkeypatch, capsys):
    from faithkit.checkers import nli

    def no_load(self):
        raise AssertionError("the model was loaded before the output folder was checked")

    monkeypatch.setattr(nli.NLIChecker, "load", no_load)
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "a", "contexts": [PLAN], "answer": "It includes SSO."}) + "\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "results.jsonl").write_text("")
    assert main(["check", str(log), "--out", str(out)]) == 2
    assert "already holds results" in capsys.readouterr().err
    (tmp_path / "file").write_text("x")
    assert main(["check", str(log), "--out", str(tmp_path / "file")]) == 2
    assert "is a file" in capsys.readouterr().err
