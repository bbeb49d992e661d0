"""The failing-answer summary after `faithkit check`, and the report's plots (histogram, mutate detection)."""

from __future__ import annotations

import json
from pathlib import Path

from faithkit.records import AnswerResult, ClaimResult, Evidence
from faithkit.report.failures import failure_lines
from faithkit.report.plots import score_histogram, write_detection_plots
from tests.extras import needs_plots

ROOT = Path(__file__).resolve().parents[2]


def _failing(i: int) -> AnswerResult:
    claim = ClaimResult(
        f"claim {i} is wrong.",
        (0, 10),
        "not_supported",
        "nli",
        0.01,
        Evidence("plans", "The Team plan costs €12.", 0, 24),
    )
    return AnswerResult(f"a{i}", line=i + 1, status="scored", faithfulness=0.0, unsupported=True, claims=(claim,))


def test_up_to_ten_failing_answers_then_a_pointer_to_the_report():
    answers = [_failing(i) for i in range(13)]
    answers.append(AnswerResult("line-14", line=14, status="error", error="invalid JSON: Expecting value at column 1"))
    answers.append(AnswerResult("dup", line=15, status="error", error="duplicate id 'a1' (first seen on line 2)"))
    answers.append(AnswerResult("line-16", line=16, status="error", error="invalid JSON: Extra data at column 3"))
    answers.append(
        AnswerResult("e", line=17, status="scored", faithfulness=1.0, unsupported=False, warnings=("empty_contexts",))
    )
    lines = failure_lines(answers, Path("runs/x/report.html"))
    assert lines[0] == "unsupported answers (13):"
    assert lines[1] == '  a0 (line 1): "claim 0 is wrong."'
    assert lines[2] == "      closest evidence [plans] The Team plan costs €12. (score 0.010, nli)"
    assert "  and 3 more: see runs/x/report.html" in lines
    assert sum(line.startswith("  a") and "(line" in line for line in lines) == 10
    assert "  invalid_json 2 (first: line 14: invalid JSON: Expecting value at column 1)" in lines
    assert "  duplicate_id 1 (first: line 15: duplicate id 'a1' (first seen on line 2))" in lines
    assert "  empty_contexts 1 (first: line 17, id e)" in lines


def test_nothing_failing_prints_only_the_report_path():
    ok = AnswerResult("a", line=1, status="scored", faithfulness=1.0, unsupported=False)
    assert failure_lines([ok], None) == []


def test_histogram_draws_only_stored_scores():
    answers = [
        {
            "claims": [
                {"verdict": "supported", "score": 0.9},
                {"verdict": "not_supported", "score": 0.1},
                {"verdict": "error", "score": None},
            ]
        }
    ]
    svg = score_histogram(answers, 0.5)
    assert svg.startswith("<svg") and "<!DOCTYPE" not in svg
    assert 'fill="#1a7f37"' in svg and 'fill="#b42318"' in svg and 'fill="#9a6700"' not in svg  # no error bar
    assert "supported (1)" in svg and "not supported (1)" in svg and "threshold 0.5" in svg
    assert score_histogram([{"claims": [{"verdict": "error", "score": None}]}], 0.5) is None


@needs_plots
def test_mutate_detection_plot_from_a_real_suite(tmp_path):
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.io.claim_rows import read_claim_rows
    from faithkit.mutation.suite import read_mutants, run_suite, select_mutants
    from faithkit.report.mutate import suite_payload

    originals = read_claim_rows(ROOT / "examples/larkspur/faithful_claims.jsonl")
    mutants = read_mutants(ROOT / "examples/larkspur/mutants_reviewed.jsonl")
    selection = select_mutants(mutants, "confirmed")
    flag_negations = {m.claim: "not_supported" for m in selection.used if m.injector == "flip_negation"}
    result = run_suite(originals, selection, {"scripted": ScriptedChecker(flag_negations, default="supported")})
    payload = suite_payload(result, "claims", "mutants", None, None)
    assert payload["checkers"]["scripted"]["detection"]["flip_negation"]["rate"] == 1.0
    paths = write_detection_plots(json.loads(json.dumps(payload)), tmp_path)
    assert [p.name for p in paths] == ["detection.svg", "detection.png"]
    assert paths[1].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "<svg" in paths[0].read_text()


@needs_plots
def test_plot_labels_from_a_suite_cannot_inject_markup():
    from faithkit.report.plots import detection_figure, figure_svg

    rate = {"k": 1, "n": 2, "rate": 0.5, "low": 0.1, "high": 0.9}
    hostile = {
        "checkers": {
            "--><script>alert(1)</script>": {"false_alarms": rate, "detection": {"x--><img src=x onerror=1>": rate}}
        }
    }
    svg = figure_svg(detection_figure(hostile))
    assert "<script" not in svg and "<img" not in svg and "<text" not in svg
