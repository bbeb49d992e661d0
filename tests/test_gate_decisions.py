"""`faithkit gate`: exit codes 0 / 1 / 2 / 3, policy files, step summary, and explicit baseline updates."""

from __future__ import annotations

import json

import pytest

from faithkit.cli import main
from faithkit.compare import compare_runs
from faithkit.errors import UsageError
from faithkit.gate import GatePolicy, decide, policy_from_mapping
from faithkit.io.results import read_results
from tests.test_gate_support import lesson_runs, record, write_run


def flipped_lesson(tmp_path):
    """The lesson's example run backwards: 7 fixed, 18 broken (a significant regression, p ~ 0.043)."""
    base_dir, new_dir = lesson_runs(tmp_path)
    return new_dir, base_dir


def test_lesson_example_passes_without_a_ceiling(tmp_path, capsys):
    base_dir, new_dir = lesson_runs(tmp_path)
    assert main(["gate", str(base_dir), str(new_dir)]) == 0
    assert "Gate: PASS (exit 0)" in capsys.readouterr().out


def test_ceiling_on_the_new_rate_fails(tmp_path, capsys):
    base_dir, new_dir = lesson_runs(tmp_path)
    assert main(["gate", str(base_dir), str(new_dir), "--max-unsupported-rate", "0.08"]) == 1
    out = capsys.readouterr().out
    assert "Gate: FAIL (exit 1)" in out
    assert "unsupported-answer rate 10.0% (20/200) is above the ceiling 8.0%" in out
    assert main(["gate", str(base_dir), str(new_dir), "--max-unsupported-rate", "0.10"]) == 0


def test_significant_regression_fails_and_alpha_is_honoured(tmp_path, capsys):
    base_dir, new_dir = flipped_lesson(tmp_path)
    assert main(["gate", str(base_dir), str(new_dir)]) == 1
    out = capsys.readouterr().out
    assert "significant regression: 18 broken vs 7 fixed, exact McNemar p = 0.04329" in out
    assert main(["gate", str(base_dir), str(new_dir), "--alpha", "0.01"]) == 0


def test_no_changed_answers_passes_with_p_one(tmp_path, capsys):
    states = {f"q{i}": ("unsupported" if i < 2 else "supported") for i in range(12)}
    a, b = write_run(tmp_path / "a", states), write_run(tmp_path / "b", states)
    assert main(["gate", str(a), str(b), "--json", str(tmp_path / "g.json")]) == 0
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["comparison"]["mcnemar_p"] == 1.0
    assert data["decision"]["outcome"] == "pass" and data["decision"]["exit_code"] == 0


def test_too_many_errors_is_inconclusive_not_pass(tmp_path, capsys):
    base = {f"q{i}": "supported" for i in range(20)}
    new = {**base, "q0": "error", "q1": "error"}  # 10% errors > default 5%
    a, b = write_run(tmp_path / "a", base), write_run(tmp_path / "b", new)
    assert main(["gate", str(a), str(b)]) == 3
    out = capsys.readouterr().out
    assert "Gate: INCONCLUSIVE (exit 3)" in out
    assert "new: 2 of 20 answers ended in error (10.0% > 5.0%)" in out
    assert main(["gate", str(a), str(b), "--max-error-rate", "0.1"]) == 0


def test_claim_errors_and_truncation_are_inconclusive(tmp_path):
    base_records = [record(f"q{i}", "supported", i) for i in range(10)]
    judge_broken = [record(f"q{i}", "supported", i, claim_error=i < 2) for i in range(10)]
    truncated = [record(f"q{i}", "supported", i, truncated=i < 3) for i in range(10)]
    base = read_results(write_run(tmp_path / "a", base_records))
    with_errors = compare_runs(base, read_results(write_run(tmp_path / "b", judge_broken)))
    decision = decide(with_errors, GatePolicy())
    assert decision.outcome == "inconclusive" and decision.exit_code == 3
    assert "claim with an error verdict" in decision.inconclusive[0]
    assert with_errors.broken == 2  # an error claim counts as not supported, which is why we cannot decide
    assert decide(with_errors, GatePolicy(max_claim_error_rate=0.2)).outcome == "pass"  # 2 of 2: p = 0.5
    assert decide(with_errors, GatePolicy(max_claim_error_rate=0.2, max_unsupported_rate=0.1)).outcome == "fail"
    with_truncation = compare_runs(base, read_results(write_run(tmp_path / "c", truncated)))
    assert decide(with_truncation, GatePolicy()).outcome == "inconclusive"
    assert decide(with_truncation, GatePolicy(max_truncation_rate=0.3)).outcome == "pass"


def test_inconclusive_wins_over_fail_but_lists_what_would_fail(tmp_path, capsys):
    base_dir, new_dir = flipped_lesson(tmp_path)
    with (new_dir / "results.jsonl").open("a") as handle:
        for i in range(20):
            handle.write(json.dumps(record(f"e{i}", "error", 200 + i)) + "\n")
    assert main(["gate", str(base_dir), str(new_dir)]) == 3
    out = capsys.readouterr().out
    assert "would also fail:" in out and "significant regression" in out


def test_changed_measurement_is_inconclusive_unless_allowed(tmp_path, capsys):
    changed = {"checker": "nli", "model": "other-model", "revision_or_hash": "abc123", "threshold": 0.5}
    base_dir, new_dir = lesson_runs(tmp_path, checker=changed)
    assert main(["gate", str(base_dir), str(new_dir)]) == 3
    assert "the measurement changed between runs (checker.model)" in capsys.readouterr().out
    assert main(["gate", str(base_dir), str(new_dir), "--allow-measurement-change"]) == 0


def test_refusal_increase_limit(tmp_path):
    base = {f"q{i}": "supported" for i in range(10)}
    new = {**base, "q0": "refusal", "q1": "refusal"}
    a, b = write_run(tmp_path / "a", base), write_run(tmp_path / "b", new)
    assert main(["gate", str(a), str(b)]) == 0
    assert main(["gate", str(a), str(b), "--max-refusal-increase", "1"]) == 1
    assert main(["gate", str(a), str(b), "--max-refusal-increase", "2"]) == 0


def test_refusal_warning_reaches_the_gate_output(tmp_path, capsys):
    base = {f"q{i}": ("unsupported" if i < 4 else "supported") for i in range(40)}
    new = {**base, "q0": "refusal", "q1": "refusal"}
    a, b = write_run(tmp_path / "a", base), write_run(tmp_path / "b", new)
    assert main(["gate", str(a), str(b), "--markdown", str(tmp_path / "s.md")]) == 0
    assert "WARNING: refusals rose from 0 to 2" in capsys.readouterr().out
    assert "refusals rose from 0 to 2" in (tmp_path / "s.md").read_text()


def test_empty_new_run_is_inconclusive(tmp_path):
    base = {f"q{i}": "refusal" for i in range(5)}
    a, b = write_run(tmp_path / "a", base), write_run(tmp_path / "b", base)
    assert main(["gate", str(a), str(b)]) == 3


@pytest.mark.parametrize("suffix, text", [
    (".json", '{"max_unsupported_rate": 0.08, "alpha": 0.05}'),
    (".json", '{"gate": {"max_unsupported_rate": 0.08}}'),
    (".toml", "max_unsupported_rate = 0.08\nmax_error_rate = 0.02\n"),
    (".toml", "[tool.faithkit.gate]\nmax_unsupported_rate = 0.08\n"),
])
def test_policy_files(tmp_path, suffix, text):
    base_dir, new_dir = lesson_runs(tmp_path)
    policy = tmp_path / f"policy{suffix}"
    policy.write_text(text)
    assert main(["gate", str(base_dir), str(new_dir), "--policy", str(policy)]) == 1
    # a flag overrides the file
    assert main(["gate", str(base_dir), str(new_dir), "--policy", str(policy), "--max-unsupported-rate", "0.2"]) == 0


@pytest.mark.parametrize("text", ['{"max_unsuported_rate": 0.1}', '{"alpha": 2}', '{"max_error_rate": "low"}',
                                  '[1, 2]', "not json", '{"max_refusal_increase": -1}',
                                  '{"allow_measurement_change": "yes"}'])
def test_bad_policy_is_exit_2_and_writes_nothing(tmp_path, capsys, text):
    base_dir, new_dir = lesson_runs(tmp_path)
    policy = tmp_path / "policy.json"
    policy.write_text(text)
    assert main(["gate", str(base_dir), str(new_dir), "--policy", str(policy),
                 "--junit", str(tmp_path / "j.xml")]) == 2
    assert "policy" in capsys.readouterr().err
    assert not (tmp_path / "j.xml").exists()


def test_usage_errors_exit_2(tmp_path, capsys):
    base_dir, new_dir = lesson_runs(tmp_path)
    assert main(["gate", str(base_dir), str(new_dir), "--policy", str(tmp_path / "nope.json")]) == 2
    assert main(["gate", str(base_dir), str(new_dir), "--force"]) == 2
    assert main(["gate", str(base_dir), str(new_dir), "--max-unsupported-rate", "1.5"]) == 2
    assert main(["gate", str(base_dir), str(tmp_path / "missing")]) == 2
    with pytest.raises(SystemExit) as exc:
        main(["gate", str(base_dir), str(new_dir), "--alpha", "abc"])
    assert exc.value.code == 2


def test_policy_from_mapping_rejects_typos():
    with pytest.raises(UsageError, match="unknown key"):
        policy_from_mapping({"max_unsupported": 0.1})
    assert policy_from_mapping({"alpha": 0.1}, {"alpha": None}).alpha == 0.1
    assert policy_from_mapping({"alpha": 0.1}, {"alpha": 0.2}).alpha == 0.2


def test_step_summary_is_appended_when_set(tmp_path, monkeypatch):
    base_dir, new_dir = lesson_runs(tmp_path)
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    assert main(["gate", str(base_dir), str(new_dir)]) == 0
    text = summary.read_text()
    assert text.startswith("earlier step\n")
    assert "**Gate: ✅ PASS**" in text and "**18 fixed**, **7 broken**" in text
    assert main(["gate", str(base_dir), str(new_dir), "--no-step-summary"]) == 0
    assert summary.read_text() == text


def test_outputs_are_written_whole(tmp_path):
    base_dir, new_dir = lesson_runs(tmp_path)
    out = tmp_path / "reports"
    assert main(["gate", str(base_dir), str(new_dir), "--json", str(out / "g.json"),
                 "--markdown", str(out / "g.md"), "--junit", str(out / "g.xml")]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["g.json", "g.md", "g.xml"]  # no temp files left
    assert json.loads((out / "g.json").read_text())["decision"]["outcome"] == "pass"


def _snapshot(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_baseline_is_never_updated_implicitly(tmp_path):
    base_dir, new_dir = lesson_runs(tmp_path)
    before = _snapshot(base_dir)
    assert main(["gate", str(base_dir), str(new_dir)]) == 0
    assert _snapshot(base_dir) == before


def test_update_baseline_on_pass_replaces_it_whole(tmp_path, capsys):
    base_dir, new_dir = lesson_runs(tmp_path)
    (new_dir / "report.html").write_text("<p>extra</p>")
    assert main(["gate", str(base_dir), str(new_dir), "--update-baseline"]) == 0
    assert "baseline updated" in capsys.readouterr().out
    assert _snapshot(base_dir) == _snapshot(new_dir)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base", "new"]  # no staging folders left


def test_update_baseline_refused_on_fail_unless_forced(tmp_path, capsys):
    base_dir, new_dir = flipped_lesson(tmp_path)
    before = _snapshot(base_dir)
    assert main(["gate", str(base_dir), str(new_dir), "--update-baseline"]) == 1
    assert "baseline not updated: the gate said fail" in capsys.readouterr().out
    assert _snapshot(base_dir) == before
    assert main(["gate", str(base_dir), str(new_dir), "--update-baseline", "--force"]) == 1
    assert "forced, although the gate said fail" in capsys.readouterr().out
    assert _snapshot(base_dir) == _snapshot(new_dir)


def test_update_baseline_not_done_on_input_errors(tmp_path):
    base_dir, new_dir = lesson_runs(tmp_path)
    with (new_dir / "results.jsonl").open("a") as handle:
        handle.write("{broken\n")
    before = _snapshot(base_dir)
    assert main(["gate", str(base_dir), str(new_dir), "--update-baseline", "--force"]) == 2
    assert _snapshot(base_dir) == before


def test_questions_missing_from_the_new_run_are_inconclusive(tmp_path, capsys):
    base = {f"q{i}": ("unsupported" if i < 3 else "supported") for i in range(10)}
    new = {i: s for i, s in base.items() if i not in ("q0", "q1")}  # the two hardest questions vanished
    new["q10"] = "supported"  # an added question is fine
    a, b = write_run(tmp_path / "a", base), write_run(tmp_path / "b", new)
    assert main(["gate", str(a), str(b)]) == 3
    out = capsys.readouterr().out
    assert "2 of 10 baseline ids are absent from the new run (20.0% > 0.0%)" in out
    assert "only in base (2): q0, q1" in out and "only in new (1): q10" in out
    assert main(["gate", str(a), str(b), "--max-missing-rate", "0.2"]) == 0


def test_unwritable_step_summary_warns_without_changing_the_verdict(tmp_path, monkeypatch, capsys):
    base_dir, new_dir = lesson_runs(tmp_path)
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path))  # a folder: cannot be appended to
    assert main(["gate", str(base_dir), str(new_dir)]) == 0
    assert "could not append to $GITHUB_STEP_SUMMARY" in capsys.readouterr().err


def test_ceiling_on_the_upper_bound_is_stricter_on_small_suites(tmp_path, capsys):
    base = {f"q{i}": "supported" for i in range(20)}
    new = {**base, "q0": "unsupported"}  # 1/20 = 5%, Wilson upper end 23.6%
    a, b = write_run(tmp_path / "a", base), write_run(tmp_path / "b", new)
    assert main(["gate", str(a), str(b), "--max-unsupported-rate", "0.1"]) == 0
    assert main(["gate", str(a), str(b), "--max-unsupported-rate", "0.1", "--ceiling-on", "upper"]) == 1
    assert "the upper end of its 95% interval, 23.6%, is above the ceiling 10.0%" in capsys.readouterr().out
    with pytest.raises(UsageError, match="ceiling_on"):
        GatePolicy(ceiling_on="mean")


def test_no_claim_answers_rising_while_the_rate_falls_warns(tmp_path):
    base = {f"q{i}": ("unsupported" if i < 4 else "supported") for i in range(20)}
    new = {**base, "q0": "no_claims", "q1": "no_claims"}
    comparison = compare_runs(read_results(write_run(tmp_path / "a", base)),
                              read_results(write_run(tmp_path / "b", new)))
    assert any("no checkable claims rose from 0 to 2" in w for w in comparison.warnings)
