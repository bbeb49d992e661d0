"""Threshold sweeps over hand-built verdicts: every rate is checked against a count done by hand."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from faithkit.io.claim_rows import ClaimRow
from faithkit.records import Verdict
from faithkit.stats import wilson_interval
from faithkit.sweep import ScoredClaim, csv_rows, parse_thresholds, plot, sweep
from tests.extras import needs_plots


def _item(
    rid: str,
    label: str,
    score: float | None,
    case: str | None = None,
    *,
    stage: str = "nli",
    verdict: str | None = None,
) -> ScoredClaim:
    decided = verdict or ("supported" if score is not None and score >= 0.5 else "not_supported")
    return ScoredClaim(ClaimRow(rid, f"claim {rid}", (), label, case), Verdict(decided, stage, score=score))


ITEMS = [
    _item("t1", "supported", 0.99, "paraphrase"),
    _item("t2", "supported", 0.95, "paraphrase"),
    _item("t3", "supported", 0.60, "derived number"),
    _item("f1", "not_supported", 0.01, "number swap"),
    _item("f2", "not_supported", 0.40, "number swap"),
    _item("f3", "not_supported", 0.97, "entity swap"),
    _item("f4", "not_supported", 0.80, "entity swap"),
]


def test_rates_at_each_threshold_match_hand_counts() -> None:
    result = sweep("nli", {}, ITEMS, [0.5, 0.9, 0.98])
    at = {p.threshold: p for p in result.points}
    # 0.5: flags f1, f2 (scores below 0.5); no true claim below 0.5
    assert at[0.5].false_alarms == wilson_interval(0, 3)
    assert at[0.5].detection == wilson_interval(2, 4)
    assert at[0.5].detection_by_case["entity swap"] == wilson_interval(0, 2)
    # 0.9: flags t3 (0.60), f1, f2, f4 (0.80)
    assert at[0.9].false_alarms == wilson_interval(1, 3)
    assert at[0.9].false_alarms_by_case == {
        "derived number": wilson_interval(1, 1),
        "paraphrase": wilson_interval(0, 2),
    }
    assert at[0.9].detection_by_case["entity swap"] == wilson_interval(1, 2)
    # 0.98: also t2 (0.95) and f3 (0.97)
    assert at[0.98].false_alarms == wilson_interval(2, 3)
    assert at[0.98].detection == wilson_interval(4, 4)
    assert at[0.9].balanced_accuracy == pytest.approx((3 / 4 + 2 / 3) / 2)


def test_margin_is_the_lowest_scoring_true_claim_and_the_hidden_fault_the_highest_fault() -> None:
    result = sweep("nli", {}, ITEMS, [0.5])
    assert result.margin is not None and result.margin.id == "t3" and result.margin.score == 0.60
    assert result.best_hidden_fault is not None and result.best_hidden_fault.id == "f3"
    assert result.best_hidden_fault.case == "entity swap"
    with_reference = sweep("nli", {}, ITEMS, [0.5], reference_threshold=0.9)
    assert with_reference.margin_passing is not None and with_reference.margin_passing.id == "t2"
    assert sweep("nli", {}, ITEMS, [0.5], reference_threshold=0.999).margin_passing is None


def test_rule_decided_and_error_verdicts_keep_their_decision_at_every_threshold() -> None:
    items = [
        _item("n1", "not_supported", None, "number swap", stage="numbers", verdict="not_supported"),
        _item("j1", "supported", None, "paraphrase", stage="judge", verdict="supported"),
        ScoredClaim(ClaimRow("e1", "c", (), "supported", None), Verdict("error", "nli", error="boom")),
        _item("t1", "supported", 0.70),
    ]
    result = sweep("nli", {}, items, [0.05, 0.5, 0.99])
    for point in result.points:
        assert point.detection == wilson_interval(1, 1)  # the numbers-stage flag holds even at 0.05
        flagged_true = 1 + (point.threshold > 0.70)  # the error, plus t1 once the threshold passes it
        assert point.false_alarms == wilson_interval(flagged_true, 3)
    assert result.rule_decided == 2 and result.errors == 1
    assert result.margin is not None and result.margin.id == "t1"  # rule-decided claims are not a margin
    assert any("do not depend on the threshold" in w for w in result.warnings)
    assert any("error verdicts count as flags" in w for w in result.warnings)


def test_arithmetic_rescue_is_swept_on_the_better_of_claim_and_reduced_claim() -> None:
    rescued = Verdict("supported", "arithmetic", score=0.93, detail={"inner": {"score": 0.04, "label": "x"}})
    item = ScoredClaim(ClaimRow("d", "8 users pay €96.", (), "supported", "derived number"), rescued)
    assert item.sweep_score == 0.93
    assert not item.flagged_at(0.9) and item.flagged_at(0.95)


def test_an_unverified_number_is_flagged_at_every_threshold_when_the_rule_is_on() -> None:
    annotated = Verdict(
        "not_supported", "nli", score=0.30, detail={"numbers": [{"text": "500 GB", "status": "unverified"}]}
    )
    row = ClaimRow("w", "8 users have 500 GB.", (), "not_supported", "derived number, wrong")
    with_rule, without = ScoredClaim(row, annotated, numbers_rule=True), ScoredClaim(row, annotated)
    assert with_rule.flagged_at(0.05) and with_rule.flagged_at(0.99)
    assert not without.flagged_at(0.05) and without.flagged_at(0.5)


def test_numbers_rule_is_read_from_the_checker_spec() -> None:
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.checkers.numbers import NumberChecks
    from faithkit.sweep import numbers_rule_of

    assert numbers_rule_of(NumberChecks(ScriptedChecker()))
    assert not numbers_rule_of(NumberChecks(ScriptedChecker(), missing_numbers=False))
    assert not numbers_rule_of(ScriptedChecker())


def test_a_second_opinion_claim_is_supported_at_every_threshold_and_first_supported_ones_are_counted() -> None:
    rescued = Verdict("supported", "nli", score=0.93, detail={"second_opinion": True,
                                                              "first_opinion": {"score": 0.2}})
    items = [
        ScoredClaim(ClaimRow("s", "rescued", (), "supported", "paraphrase"), rescued, second_opinion=True),
        ScoredClaim(ClaimRow("p", "first", (), "supported", "copy"), Verdict("supported", "nli", score=0.7),
                    second_opinion=True),
        ScoredClaim(ClaimRow("f", "fault", (), "not_supported", "negation"), Verdict("not_supported", "nli",
                                                                                    score=0.3),
                    second_opinion=True),
    ]
    result = sweep("nli", {}, items, [0.2, 0.5, 0.8, 0.99])
    at = {p.threshold: p for p in result.points}
    for point in result.points:
        assert point.false_alarms_by_case["paraphrase"] == wilson_interval(0, 1)  # 0.99 > 0.93: still kept
    assert at[0.8].false_alarms_by_case["copy"] == wilson_interval(1, 1)  # an upper bound, and counted:
    assert [p.not_redecided for p in result.points] == [0, 0, 1, 1]
    assert at[0.2].detection == wilson_interval(0, 1)  # below the run's threshold every point is exact
    assert result.rule_decided == 1 and result.margin is not None and result.margin.id == "p"
    assert any("from threshold 0.8 up" in w and "upper bound" in w for w in result.warnings)
    assert at[0.99].as_dict()["not_redecided"] == 1
    plain = sweep("nli", {}, [ScoredClaim(i.row, i.verdict) for i in items[1:]], [0.8, 0.99])
    assert [p.not_redecided for p in plain.points] == [0, 0]
    assert not any("upper bound" in w for w in plain.warnings)


def test_the_second_opinion_is_read_from_the_checker_spec() -> None:
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.sweep import second_opinion_of

    class WithSecond(ScriptedChecker):
        def spec(self) -> dict:
            return {**super().spec(), "second_opinion": {"threshold": 0.9}}

    assert second_opinion_of(WithSecond()) and not second_opinion_of(ScriptedChecker())


def test_small_groups_warn_that_no_threshold_can_be_chosen() -> None:
    result = sweep("nli", {}, ITEMS, [0.5, 0.9], reference_threshold=0.5)
    assert result.too_wide["false alarms"] == 3
    assert result.too_wide["detection: number swap"] == 2
    warning = next(w for w in result.warnings if "too wide" in w)
    assert "false alarms n=3" in warning
    assert "needs ~139" in warning  # 0/3 false alarms -> clipped to 0.1 -> the lesson's 139 at ±0.05


def test_large_groups_with_a_loose_margin_do_not_warn() -> None:
    items = [_item(f"t{i}", "supported", 0.9) for i in range(400)]
    items += [_item(f"f{i}", "not_supported", 0.1) for i in range(400)]
    result = sweep("nli", {}, items, [0.5], max_halfwidth=0.05)
    assert result.too_wide == {}
    assert not any("too wide" in w for w in result.warnings)


def test_missing_classes_are_warned_about_and_unlabeled_rows_refused() -> None:
    only_true = sweep("nli", {}, [_item("t", "supported", 0.9)], [0.5])
    assert any("no faults" in w for w in only_true.warnings)
    assert only_true.points[0].detection.n == 0
    with pytest.raises(ValueError, match="no label"):
        sweep("nli", {}, [ScoredClaim(ClaimRow("u", "c", ()), Verdict("supported", "nli", score=0.9))], [0.5])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0.5,0.9,0.98", [0.5, 0.9, 0.98]),
        ("0.1:0.5:0.1", [0.1, 0.2, 0.3, 0.4, 0.5]),
        ("0.9, 0.1:0.3:0.1, 0.9", [0.1, 0.2, 0.3, 0.9]),
    ],
)
def test_parse_thresholds(text: str, expected: list[float]) -> None:
    assert parse_thresholds(text) == pytest.approx(expected)


@pytest.mark.parametrize("text", ["", "0.1:0.5", "0.5:0.1:0.1", "0.1:0.5:0", "abc"])
def test_parse_thresholds_rejects_nonsense(text: str) -> None:
    with pytest.raises(ValueError):
        parse_thresholds(text)


def test_csv_rows(tmp_path: Path) -> None:
    result = sweep("nli", {}, ITEMS, [0.5, 0.9])
    rows = csv_rows(result)
    path = tmp_path / "sweep.csv"
    with path.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    read = list(csv.DictReader(path.open()))
    overall = [r for r in read if r["measure"] == "detection" and r["case"] == "all"]
    assert [(r["threshold"], r["k"], r["n"]) for r in overall] == [("0.5", "2", "4"), ("0.9", "3", "4")]
    # 2 thresholds x (2 overall + 2 true-claim cases + 2 fault cases)
    assert len(read) == 12


@needs_plots
def test_plot(tmp_path: Path) -> None:
    result = sweep("nli", {}, ITEMS, [0.5, 0.9])
    png = tmp_path / "sweep.png"
    plot([result], str(png))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_without_matplotlib_the_sweep_files_say_where_the_plot_would_be(tmp_path: Path, monkeypatch, capsys) -> None:
    from faithkit.report import plots
    from faithkit.report.sweep import write_sweep_files

    if plots.plotting_available():  # the full install: take matplotlib away as the default install has it
        monkeypatch.setattr(plots, "plotting_available", lambda: False)
    result = sweep("nli", {}, ITEMS, [0.5, 0.9])
    write_sweep_files(tmp_path, [result], labeled="labeled.jsonl", confidence=0.95, max_halfwidth=0.2)
    assert {p.name for p in tmp_path.iterdir()} == {"sweep.json", "sweep.csv", "sweep.md"}
    assert f"no sweep.png: {plots.PLOTS_MISSING}" in capsys.readouterr().out


def test_a_copy_of_passage_text_is_supported_at_every_threshold() -> None:
    """The copy rule decides without the score (checkers.rules.copy_rule): a sweep must not re-decide it on the model's
    low reading of the copy."""
    copy = Verdict("supported", "nli", score=0.06, detail={"copy": True})
    item = ScoredClaim(ClaimRow("c", "Yes, bookings can be cancelled.", (), "supported", None), copy)
    assert item.sweep_score is None and not item.flagged_at(0.9)
