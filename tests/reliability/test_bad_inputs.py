"""The bad-input catalogue through a real run: every line accounted for, no traceback, results readable."""

from __future__ import annotations

import json
import time

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.io.results import read_results
from faithkit.limits import RecordLimits
from faithkit.pipeline import CheckOptions, run_check
from tests.reliability.catalogue import CASES, GOOD


def _log(tmp_path, middle: bytes):
    path = tmp_path / "log.jsonl"
    path.write_bytes(GOOD % 1 + b"\n" + middle + b"\n" + GOOD % 3 + b"\n")
    return path


@pytest.mark.parametrize(("name", "raw", "reason"), CASES, ids=[c[0] for c in CASES])
def test_bad_line_is_its_own_record_and_the_run_goes_on(tmp_path, name, raw, reason):
    out = tmp_path / "out"
    manifest = run_check(_log(tmp_path, raw), out, ScriptedChecker(default="supported"), CheckOptions(chunk_size=2))
    records = read_results(out).records
    assert [r["line"] for r in records] == [1, 2, 3], name
    assert records[0]["status"] == records[2]["status"] == "scored"
    if reason is None:
        assert records[1]["status"] != "error", records[1]
    else:
        assert records[1]["status"] == "error" and reason in records[1]["error"], records[1]
    assert manifest["summary"]["answers"] == 3
    # resuming the finished run reads the same records back and writes no other
    run_check(_log(tmp_path, raw), out, ScriptedChecker(default="supported"), CheckOptions(chunk_size=2), resume=True)
    assert [r["line"] for r in read_results(out).records] == [1, 2, 3]


class Exploding(ScriptedChecker):
    """A checker with a bug that one claim reaches; or that is slow on one claim."""

    def check(self, requests):
        for request in requests:
            if "explode" in request.claim:
                raise TypeError("unhashable thing deep inside")
            if "slow" in request.claim:
                time.sleep(5)
        return super().check(requests)


def test_a_checker_exception_on_one_record_is_that_records_error(tmp_path):
    rows = [
        {"id": str(i), "contexts": ["c"], "answer": "This will explode." if i == 2 else f"Claim {i}."} for i in range(5)
    ]
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run_check(log, tmp_path / "out", Exploding(default="supported"), CheckOptions(chunk_size=5))
    records = read_results(tmp_path / "out").records
    assert [r["status"] for r in records] == ["scored", "scored", "error", "scored", "scored"]
    assert "TypeError: unhashable thing deep inside" in records[2]["error"]


def test_a_record_over_its_time_budget_is_an_error_and_the_others_are_scored(tmp_path):
    rows = [{"id": str(i), "contexts": ["c"], "answer": "This is slow." if i == 1 else f"Claim {i}."} for i in range(3)]
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    started = time.monotonic()
    run_check(
        log,
        tmp_path / "out",
        Exploding(default="supported"),
        CheckOptions(chunk_size=3, limits=RecordLimits(record_timeout=0.3)),
    )
    assert time.monotonic() - started < 4
    records = read_results(tmp_path / "out").records
    assert [r["status"] for r in records] == ["scored", "error", "scored"]
    assert "time budget of 0.3 s" in records[1]["error"]


def test_long_paragraph_answer_is_split_in_linear_time(tmp_path):
    answer = "Refunds are available within 30 days of purchase. " * 8000  # 400 KB, one paragraph
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "long", "contexts": ["c"], "answer": answer}) + "\n")
    started = time.monotonic()
    run_check(log, tmp_path / "out", ScriptedChecker(default="supported"))
    assert time.monotonic() - started < 20  # pysbd alone: minutes
    record = read_results(tmp_path / "out").records[0]
    assert record["status"] == "scored" and len(record["claims"]) > 1000


def test_an_error_line_never_shadows_the_record_checked_under_its_id(tmp_path):
    from faithkit.compare import _first_by_id

    bad = {"id": "a", "contexts": 5, "answer": "x"}
    good = {"id": "a", "contexts": ["c"], "answer": "Claim."}
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in (bad, good, bad)))
    run_check(log, tmp_path / "out", ScriptedChecker(default="supported"))
    results = read_results(tmp_path / "out")
    assert [(r["id"], r["status"]) for r in results.records] == [("a", "error"), ("a", "scored"), ("a#line3", "error")]
    assert _first_by_id(results)["a"].status == "scored"
