"""`faithkit compare`: the lesson's worked example, refusals, mismatched ids and broken inputs."""

from __future__ import annotations

import json
import math

import pytest

from faithkit.cli import main
from faithkit.compare import compare_runs
from faithkit.errors import ResultsError, UsageError
from faithkit.io.results import read_results
from tests.test_gate_support import lesson_runs, lesson_states, record, write_run


def wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Independent Wilson interval (textbook formula) to check the printed numbers against."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def binomial_two_sided(k: int, n: int) -> float:
    """Exact two-sided binomial p at 0.5 (symmetric: twice the smaller tail), computed from scratch."""
    tail = sum(math.comb(n, i) for i in range(0, min(k, n - k) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def test_lesson_example_numbers_are_printed(tmp_path, capsys):
    base, new = lesson_runs(tmp_path)
    assert main(["compare", str(base), str(new), "--json", str(tmp_path / "cmp.json")]) == 0
    out = capsys.readouterr().out
    assert "unsupported answers 31/200 -> 20/200; 18 fixed, 7 broken, p = 0.043" in out
    assert "fixed (unsupported -> supported):  18" in out
    assert "broken (supported -> unsupported): 7" in out
    assert "unchanged: 175 (supported in both 162, unsupported in both 13" in out
    expected_p = binomial_two_sided(7, 25)
    assert abs(expected_p - 0.0433) < 5e-4
    assert f"p = {expected_p:.4f}" in out
    low, high = wilson(31, 200)
    assert f"15.5% [{low:.1%}, {high:.1%}] (31/200)" in out
    low, high = wilson(20, 200)
    assert f"10.0% [{low:.1%}, {high:.1%}] (20/200)" in out
    assert "Newly broken answers (7)" in out
    for n in range(31, 38):
        assert f"Cancelling refunds the current month (q{n:03d})." in out
    assert 'evidence [p0]: "The current month is not refunded."' in out
    assert "q030" not in out.split("Newly broken answers")[1]

    data = json.loads((tmp_path / "cmp.json").read_text())
    assert (data["fixed"], data["broken"], data["unchanged"]) == (18, 7, 175)
    assert data["mcnemar_p"] == pytest.approx(expected_p)
    assert data["base"]["unsupported_rate"]["k"] == 31 and data["new"]["unsupported_rate"]["k"] == 20
    assert [b["id"] for b in data["newly_broken"]] == [f"q{n:03d}" for n in range(31, 38)]
    assert data["newly_broken"][0]["failing_claims"][0]["evidence"]["text"] == "The current month is not refunded."
    assert len(data["answers"]) == 200


def test_no_changed_answers_gives_p_one(tmp_path):
    states = {f"q{i}": ("unsupported" if i < 3 else "supported") for i in range(10)}
    comparison = compare_runs(read_results(write_run(tmp_path / "a", states)),
                              read_results(write_run(tmp_path / "b", states)))
    assert (comparison.fixed, comparison.broken, comparison.unchanged) == (0, 0, 10)
    assert comparison.p_value == 1.0
    assert comparison.refusal_rise_warning is None


def test_refusals_rising_while_unsupported_falls_warns(tmp_path, capsys):
    ids = [f"q{i}" for i in range(20)]
    base = {i: ("unsupported" if n < 6 else "supported") for n, i in enumerate(ids)}
    new = dict(base)
    for i in ids[:4]:  # four unsupported answers become refusals: the rate falls, nothing was fixed
        new[i] = "refusal"
    base_dir, new_dir = write_run(tmp_path / "base", base), write_run(tmp_path / "new", new)
    assert main(["compare", str(base_dir), str(new_dir), "--json", str(tmp_path / "c.json")]) == 0
    out = capsys.readouterr().out
    assert "WARNING: refusals rose from 0 to 4 while the unsupported-answer rate fell" in out
    assert "4 answer(s) unsupported in base are refusals now" in out
    assert "unsupported -> refusal: 4" in out
    data = json.loads((tmp_path / "c.json").read_text())
    assert data["refusal_rise_warning"] and data["status_changes"] == {"unsupported->refusal": 4}
    assert (data["fixed"], data["broken"]) == (0, 0)
    assert data["base"]["refusals"] == 0 and data["new"]["refusals"] == 4


def test_refusals_rising_with_a_rising_rate_does_not_claim_an_improvement(tmp_path):
    base = {f"q{i}": "supported" for i in range(10)}
    new = {**base, "q0": "refusal", "q1": "unsupported"}
    comparison = compare_runs(read_results(write_run(tmp_path / "a", base)),
                              read_results(write_run(tmp_path / "b", new)))
    assert comparison.refusal_rise_warning is None
    assert comparison.broken == 1


def test_ids_in_one_run_only_are_listed(tmp_path, capsys):
    base = {f"q{i}": "supported" for i in range(10)}
    new = {f"q{i}": "supported" for i in range(2, 12)}
    base_dir, new_dir = write_run(tmp_path / "base", base), write_run(tmp_path / "new", new)
    assert main(["compare", str(base_dir), str(new_dir)]) == 0
    out = capsys.readouterr().out
    assert "only in base (2): q0, q1" in out
    assert "only in new (2): q10, q11" in out
    assert "Paired answers (8 ids in both runs)" in out


@pytest.mark.parametrize("new_ids, extra", [(range(100, 110), []), (range(7, 17), []),
                                            (range(2, 12), ["--min-overlap", "0.9"])])
def test_disjoint_or_barely_overlapping_ids_are_a_usage_error(tmp_path, capsys, new_ids, extra):
    base_dir = write_run(tmp_path / "base", {f"q{i}": "supported" for i in range(10)})
    new_dir = write_run(tmp_path / "new", {f"q{i}": "supported" for i in new_ids})
    assert main(["compare", str(base_dir), str(new_dir), "--json", str(tmp_path / "c.json"), *extra]) == 2
    assert "ids" in capsys.readouterr().err
    assert not (tmp_path / "c.json").exists()


def test_min_overlap_can_be_lowered(tmp_path):
    base_dir = write_run(tmp_path / "base", {f"q{i}": "supported" for i in range(10)})
    new_dir = write_run(tmp_path / "new", {f"q{i}": "supported" for i in range(7, 17)})
    assert main(["compare", str(base_dir), str(new_dir), "--min-overlap", "0.1"]) == 0


def test_missing_manifest_is_exit_2_and_writes_nothing(tmp_path, capsys):
    base_dir, new_dir = lesson_runs(tmp_path)
    (new_dir / "manifest.json").unlink()
    outputs = [tmp_path / "c.json", tmp_path / "c.md", tmp_path / "c.xml"]
    assert main(["compare", str(base_dir), str(new_dir), "--json", str(outputs[0]), "--markdown", str(outputs[1]),
                 "--junit", str(outputs[2])]) == 2
    assert "manifest.json" in capsys.readouterr().err
    assert not any(p.exists() for p in outputs)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base", "new"]


def test_corrupt_results_line_is_exit_2_and_writes_nothing(tmp_path, capsys):
    base_dir, new_dir = lesson_runs(tmp_path)
    with (base_dir / "results.jsonl").open("a") as handle:
        handle.write('{"id": "q999", "status": "scored", "unsup\n')
    assert main(["compare", str(base_dir), str(new_dir), "--json", str(tmp_path / "c.json")]) == 2
    assert "results.jsonl:201: corrupt results line" in capsys.readouterr().err
    assert not (tmp_path / "c.json").exists()


def test_scored_record_without_unsupported_flag_is_refused(tmp_path):
    bad = record("q1", "supported")
    bad["unsupported"] = None
    base_dir = write_run(tmp_path / "a", {"q1": "supported"})
    new_dir = write_run(tmp_path / "b", [bad])
    with pytest.raises(ResultsError, match="unsupported"):
        compare_runs(read_results(base_dir), read_results(new_dir))


def test_unknown_status_and_incomplete_runs_are_refused(tmp_path, capsys):
    odd = record("q1", "supported")
    odd["status"] = "maybe"
    base_dir = write_run(tmp_path / "a", {"q1": "supported"})
    with pytest.raises(ResultsError, match="unknown status"):
        compare_runs(read_results(base_dir), read_results(write_run(tmp_path / "b", [odd])))
    partial = write_run(tmp_path / "c", {"q1": "supported"}, complete=False)
    assert main(["compare", str(base_dir), str(partial)]) == 2
    assert "incomplete" in capsys.readouterr().err


def test_changed_checker_is_printed_before_the_numbers(tmp_path, capsys):
    base_dir, new_dir = lesson_runs(tmp_path, checker={"checker": "nli", "model": "faithkit-bundled",
                                                       "revision_or_hash": "def456", "threshold": 0.3,
                                                       "batch_size": 8},
                                    faithkit_version="0.2.0")
    assert main(["compare", str(base_dir), str(new_dir)]) == 0
    out = capsys.readouterr().out
    changed = out.index("MEASUREMENT CHANGED")
    assert changed < out.index("Runs")
    assert 'checker.threshold: 0.5 -> 0.3' in out
    assert 'checker.revision_or_hash: "abc123" -> "def456"' in out
    assert "batch_size" not in out  # plumbing, not meaning
    assert 'faithkit_version: "0.1.0" -> "0.2.0"' in out.split("Also different")[1]


def test_duplicate_ids_are_reported_not_dropped(tmp_path):
    base_dir = write_run(tmp_path / "a", {"q1": "supported", "q2": "supported"})
    new_dir = write_run(tmp_path / "b", [record("q1", "supported", 1), record("q2", "supported", 2),
                                         record("q2", "unsupported", 3)])
    comparison = compare_runs(read_results(base_dir), read_results(new_dir))
    assert comparison.new.duplicate_ids == ("q2",)
    assert comparison.new.answers == 3 and comparison.new.unsupported == 1
    assert any("duplicate ids" in w for w in comparison.warnings)


def test_min_overlap_out_of_range_is_usage_error(tmp_path):
    base, new = lesson_states()
    a, b = write_run(tmp_path / "a", base), write_run(tmp_path / "b", new)
    with pytest.raises(UsageError):
        compare_runs(read_results(a), read_results(b), min_overlap=1.5)
