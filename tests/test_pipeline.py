"""The check pipeline end to end with a scripted checker: scoring, profiles, refusals, streaming, resume."""

import json

import pytest

from faithkit.checkers.fake import ScriptedChecker, _from_label
from faithkit.errors import UsageError
from faithkit.io.results import read_results
from faithkit.pipeline import CheckOptions, run_check
from faithkit.scoring import RefusalDetector

EXPORT = {"id": "export", "text": "Workspace owners can export all data as a ZIP file from Settings. "
                                  "Export links expire after 7 days."}
AES_ANSWER = ("Workspace owners can export all data as a ZIP file from Settings. "
              "Exports are encrypted with AES-256. Export links expire after 7 days.")
AES_VERDICTS = {
    "Workspace owners can export all data as a ZIP file from Settings.": "supported",
    "Exports are encrypted with AES-256.": "not_found",
    "Export links expire after 7 days.": "supported",
}


def write_log(path, rows):
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows))
    return path


def run(tmp_path, rows, verdicts=None, **kwargs):
    log = write_log(tmp_path / "log.jsonl", rows)
    checker = kwargs.pop("checker", None) or ScriptedChecker(verdicts or {})
    manifest = run_check(log, tmp_path / "out", checker, CheckOptions(**kwargs), command=["test"])
    return manifest, read_results(tmp_path / "out").records


def test_aes_exercise_scored_under_each_profile(tmp_path):
    manifest, (record,) = run(tmp_path, [{"id": "aes", "contexts": [EXPORT], "answer": AES_ANSWER}], AES_VERDICTS)
    assert record["status"] == "scored" and record["unsupported"] is True
    assert record["faithfulness"] == pytest.approx(2 / 3)
    profiles = manifest["profiles"]
    assert profiles["ragas"]["score"] == pytest.approx(2 / 3)
    assert profiles["meridian_ratio"]["score"] == pytest.approx(2 / 3)
    assert profiles["deepeval"]["score"] == pytest.approx(1.0)  # AES-256 is not found, not contradicted
    assert profiles["faithkit"]["score"] == pytest.approx(2 / 3)


def test_no_claims_and_refusals_under_each_profile(tmp_path):
    rows = [
        {"id": "good", "contexts": [EXPORT], "answer": "Export links expire after 7 days."},
        {"id": "refuse", "contexts": [EXPORT], "answer": "I can't find that in the help center."},
        {"id": "particle", "contexts": [EXPORT], "answer": "Yes."},
    ]
    manifest, records = run(tmp_path, rows, AES_VERDICTS)
    assert [r["status"] for r in records] == ["scored", "refusal", "no_claims"]
    assert records[1]["faithfulness"] is None and records[2]["faithfulness"] is None
    s = manifest["summary"]
    assert (s["scored"], s["refusals"], s["no_claims"]) == (1, 1, 1)
    assert s["faithfulness_macro"] == 1.0 and s["refusal_rate"] == pytest.approx(1 / 3)
    p = manifest["profiles"]
    assert p["ragas"]["score"] == 1.0 and p["ragas"]["answers_averaged"] == 1       # NaNs dropped
    assert p["deepeval"]["score"] == 1.0 and p["deepeval"]["answers_averaged"] == 3  # 1.0 on no claims
    assert p["meridian_ratio"]["score"] == pytest.approx(1 / 3)                      # 0.0 on no claims


def test_run_metrics_micro_macro_and_unsupported_answer_rate(tmp_path):
    verdicts = {f"Fact number {i} holds.": "supported" for i in range(19)}
    rows = [{"id": "one", "contexts": ["c"], "answer": "Wrong fact."},
            {"id": "many", "contexts": ["c"], "answer": " ".join(f"Fact number {i} holds." for i in range(19))}]
    manifest, _ = run(tmp_path, rows, verdicts)
    s = manifest["summary"]
    assert s["faithfulness_micro"] == pytest.approx(19 / 20)
    assert s["faithfulness_macro"] == pytest.approx(0.5)
    assert s["unsupported_answer_rate"] == pytest.approx(0.5) and s["unsupported_answers"] == 1


def test_error_verdict_counts_as_not_supported(tmp_path):
    manifest, (record,) = run(tmp_path, [{"id": "e", "contexts": ["c"], "answer": "Claim."}], {"Claim.": "error"})
    assert record["unsupported"] is True and record["faithfulness"] == 0.0
    assert manifest["summary"]["claim_errors"] == 1


def test_every_line_accounted_for_in_order(tmp_path):
    rows = [{"id": "a", "contexts": ["c"], "answer": "A."}, "{broken", {"id": "a", "contexts": ["c"], "answer": "B."},
            {"id": "d", "contexts": [], "answer": "D."}, {"id": "e", "contexts": ["c"], "answer": "  "}]
    manifest, records = run(tmp_path, rows)
    assert [r["line"] for r in records] == [1, 2, 3, 4, 5]
    assert [r["status"] for r in records] == ["scored", "error", "error", "scored", "no_claims"]
    assert "invalid JSON" in records[1]["error"] and "duplicate id" in records[2]["error"]
    assert "empty_contexts" in records[3]["warnings"] and "empty_answer" in records[4]["warnings"]
    assert manifest["summary"]["errors"] == 2 and manifest["summary"]["answers"] == 5


def test_custom_refusal_pattern_and_partial_refusal(tmp_path):
    rows = [{"id": "r", "contexts": ["c"], "answer": "That is outside my scope."},
            {"id": "mixed", "contexts": ["c"], "answer": "I can't find the price. SSO is Enterprise-only."}]
    detector = RefusalDetector([r"outside my scope", r"I can't find"])
    _, records = run(tmp_path, rows, {"SSO is Enterprise-only.": "supported"}, refusals=detector)
    assert records[0]["status"] == "refusal" and records[0]["refusal"] == "outside my scope"
    assert records[1]["status"] == "scored" and [c["text"] for c in records[1]["claims"]] == [
        "SSO is Enterprise-only."]
    assert records[1]["warnings"] == ["partial_refusal"]


def test_checker_counters_reach_the_summary(tmp_path):
    manifest, _ = run(tmp_path, [{"id": "a", "contexts": ["c"], "answer": "One. Two."}])
    assert manifest["summary"]["scripted_claims"] == 2


def test_meridian_faithful_vs_correct_two_by_two(tmp_path):
    real = "Pro costs 25 dollars per month."
    truth = "The Pro plan costs 25 dollars per month."
    locked = "The Pro plan costs 25 dollars per month, a price locked in since the 2019 launch."
    wrong = "The Pro plan costs 40 dollars per month."

    class ByPremise(ScriptedChecker):
        """Supported when the claim and the premise state the same price; contradicted on a different one."""

        def check(self, requests):
            out = []
            for r in requests:
                premise = " ".join(p.text for p in r.passages)
                price_c = "40" if "40" in r.claim else "25"
                price_p = "40" if "40" in premise else "25"
                if price_c != price_p:
                    label = "contradicted"
                elif "2019" in r.claim and "2019" not in premise:
                    label = "not_found"
                else:
                    label = "supported"
                out.append(_from_label(label, "scripted", r))
            return out

    rows = [{"id": "cf", "contexts": [real], "answer": truth, "reference": truth},
            {"id": "cu", "contexts": [real], "answer": locked, "reference": truth},
            {"id": "fw", "contexts": ["Pro costs 40 dollars per month."], "answer": wrong, "reference": truth}]
    manifest, records = run(tmp_path, rows, checker=ByPremise())
    got = {r["id"]: (r["correctness"]["faithful"], r["correctness"]["correct"]) for r in records}
    assert got == {"cf": (True, True), "cu": (False, True), "fw": (True, False)}
    assert manifest["summary"]["correctness"] == {"faithful_correct": 1, "faithful_wrong": 1,
                                                  "unfaithful_correct": 1, "unfaithful_wrong": 0}
    assert records[2]["claims"][0]["reference"]["label3"] == "contradicted"


class SimulatedCrash(BaseException):
    """Stands for the process dying (a kill, an OOM): not an Exception, so per-record isolation lets it pass."""


class Recorder(ScriptedChecker):
    """Records how many result lines were on disk at each call: proof that chunks are written as they go."""

    def __init__(self, results_path, fail_on_call=None):
        super().__init__({}, default="supported")
        self.results_path, self.fail_on_call, self.lines_on_disk = results_path, fail_on_call, []

    def check(self, requests):
        text = self.results_path.read_text() if self.results_path.exists() else ""
        self.lines_on_disk.append(text.count("\n"))
        if self.fail_on_call is not None and len(self.lines_on_disk) == self.fail_on_call:
            raise SimulatedCrash("simulated crash")
        return super().check(requests)


def test_streams_chunk_by_chunk(tmp_path):
    rows = [{"id": str(i), "contexts": ["c"], "answer": f"Claim {i}."} for i in range(25)]
    log = write_log(tmp_path / "log.jsonl", rows)
    checker = Recorder(tmp_path / "out" / "results.jsonl")
    run_check(log, tmp_path / "out", checker, CheckOptions(chunk_size=10))
    assert checker.lines_on_disk == [0, 10, 20]
    assert max(len(call) for call in checker.calls) == 10


def test_crashed_run_resumes_without_losing_or_duplicating(tmp_path):
    rows = [{"id": str(i), "contexts": ["c"], "answer": f"Claim {i}."} for i in range(25)]
    log = write_log(tmp_path / "log.jsonl", rows)
    out = tmp_path / "out"
    with pytest.raises(SimulatedCrash):
        run_check(log, out, Recorder(out / "results.jsonl", fail_on_call=3), CheckOptions(chunk_size=10))
    assert not (out / "manifest.json").exists()
    with (out / "results.jsonl").open("a") as handle:
        handle.write('{"id": "torn')  # a half-written line from the crash
    with pytest.raises(UsageError, match="--resume"):
        run_check(log, out, ScriptedChecker(default="supported"), CheckOptions(chunk_size=10))
    manifest = run_check(log, out, ScriptedChecker(default="supported"), CheckOptions(chunk_size=10), resume=True)
    records = read_results(out).records
    assert [r["id"] for r in records] == [str(i) for i in range(25)]
    assert manifest["summary"]["answers"] == 25 and manifest["resumed"] is True


def test_resume_refuses_a_changed_input(tmp_path):
    rows = [{"id": str(i), "contexts": ["c"], "answer": f"Claim {i}."} for i in range(5)]
    log = write_log(tmp_path / "log.jsonl", rows)
    out = tmp_path / "out"
    with pytest.raises(SimulatedCrash):
        run_check(log, out, Recorder(out / "results.jsonl", fail_on_call=2), CheckOptions(chunk_size=2))
    write_log(log, rows[:4])
    with pytest.raises(UsageError, match="changed"):
        run_check(log, out, ScriptedChecker(), CheckOptions(chunk_size=2), resume=True)


def test_manifest_records_input_hash_checker_and_times(tmp_path):
    manifest, _ = run(tmp_path, [{"id": "a", "contexts": ["c"], "answer": "A."}])
    assert len(manifest["input"]["sha256"]) == 64 and manifest["checker"]["checker"] == "scripted"
    assert manifest["started_at"] <= manifest["finished_at"] and manifest["complete"] is True
    assert "python" in manifest["packages"]


def test_number_rule_counts_come_from_scored_claims_not_reference_checks(tmp_path):
    from faithkit.checkers.numbers import NumberChecks

    rows = [{"id": "ref", "contexts": ["The Team plan includes up to 10 users."],
             "answer": "The Team plan includes up to 12 users.", "reference": "The Team plan includes up to 12 users."}]
    manifest, (record,) = run(tmp_path, rows, checker=NumberChecks(ScriptedChecker(default="supported")))
    assert record["claims"][0]["stage"] == "numbers"
    summary = manifest["summary"]
    assert summary["numbers_changed"] == 1  # the answer's claim only
    assert summary["checker_counters"]["scripted_claims"] >= 2  # raw counters still visible
