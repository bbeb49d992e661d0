"""Agreement between labelers and the catch rate of a checker against people."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.agree import (
    ALL_FAULTS,
    LabelRow,
    agreement,
    cascade_misses,
    catch_rates,
    read_labels,
)
from faithkit.errors import InputFormatError, UsageError
from faithkit.stats import wilson_interval

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "larkspur"


def test_larkspur_annotators_kappa_matches_an_independent_computation() -> None:
    a, b = read_labels(EXAMPLES / "labels_a.jsonl"), read_labels(EXAMPLES / "labels_b.jsonl")
    result = agreement(a, b)
    # sklearn.metrics.cohen_kappa_score on the same two label lists: 0.6551724 (3 labels), 0.7096774 (binary)
    assert result.kappa == pytest.approx(0.6551724, abs=1e-6)
    assert result.kappa_binary == pytest.approx(0.7096774, abs=1e-6)
    assert result.n == 24 and result.observed == wilson_interval(19, 24)
    assert {d.id for d in result.disagreements} == {"h05", "h06", "h07", "x04", "f04~swap_entity"}
    h06 = next(d for d in result.disagreements if d.id == "h06")
    assert (h06.a, h06.b, h06.case) == ("contradicted", "supported", "dropped condition")
    assert result.confusion["supported"]["not_found"] == 2


def test_items_in_one_file_only_are_listed_not_dropped() -> None:
    a = [LabelRow("1", "supported"), LabelRow("2", "not_supported"), LabelRow("3", "supported")]
    b = [LabelRow("1", "supported"), LabelRow("2", "supported"), LabelRow("9", "supported")]
    result = agreement(a, b)
    assert result.n == 2 and result.only_in_a == ["3"] and result.only_in_b == ["9"]
    assert result.kappa_binary is None  # labels were binary already


def test_no_shared_ids_is_an_error() -> None:
    with pytest.raises(UsageError, match="share no id"):
        agreement([LabelRow("1", "supported")], [LabelRow("2", "supported")])


def test_catch_rates_count_precision_and_recall_of_flags_per_case() -> None:
    reference = [
        LabelRow("f1", "contradicted", "number swap"),
        LabelRow("f2", "not_found", "number swap"),
        LabelRow("f3", "contradicted", "entity swap"),
        LabelRow("t1", "supported", "paraphrase"),
        LabelRow("t2", "supported", "derived number"),
    ]
    predicted = [
        LabelRow("f1", "not_supported"),
        LabelRow("f2", "error"),
        LabelRow("f3", "supported"),
        LabelRow("t1", "supported"),
        LabelRow("t2", "not_supported"),
    ]
    rates = catch_rates(reference, predicted)
    assert rates.recall == wilson_interval(2, 3)  # f1, f2 (an error counts as a flag)
    assert rates.precision == wilson_interval(2, 3)  # flagged f1, f2, t2
    assert rates.false_alarms == wilson_interval(1, 2)
    assert rates.by_case["number swap"]["recall"] == wilson_interval(2, 2)
    assert rates.by_case["entity swap"]["recall"] == wilson_interval(0, 1)
    assert rates.by_case["derived number"]["false_alarms"] == wilson_interval(1, 1)
    assert rates.by_case["derived number"]["recall"].n == 0


def test_cascade_misses_reproduce_the_lessons_arithmetic() -> None:
    """Move 6: judge alone 22 of 24, the NLI -> judge cascade 18 of 24, because NLI passed 4 plan swaps
    that the judge would have caught."""
    reference, nli, judge = [], {}, {}
    for i in range(24):
        case = "swap_plan" if i < 9 else "other"
        reference.append(LabelRow(f"m{i}", "not_supported", case))
        nli[f"m{i}"] = "supported" if i < 4 else "not_supported"  # NLI passes four plan swaps
        judge[f"m{i}"] = "supported" if i in (10, 11) else "not_supported"  # the judge misses two others
    misses = cascade_misses(reference, nli, judge)
    assert misses.second_alone[ALL_FAULTS] == wilson_interval(22, 24)
    assert misses.cascade[ALL_FAULTS] == wilson_interval(18, 24)
    assert misses.routing_misses[ALL_FAULTS] == wilson_interval(4, 24)
    assert misses.routing_misses["swap_plan"] == wilson_interval(4, 9)
    assert misses.routing_misses["other"] == wilson_interval(0, 15)


def test_cascade_needs_a_verdict_for_every_fault() -> None:
    with pytest.raises(UsageError, match="lack"):
        cascade_misses([LabelRow("m", "not_supported")], {}, {"m": "supported"})


def test_read_labels_validates_rows(tmp_path: Path) -> None:
    path = tmp_path / "labels.jsonl"
    path.write_text(json.dumps({"id": "1", "label": "supported"}) + "\n" + json.dumps({"id": "1", "label": "x"}))
    with pytest.raises(InputFormatError, match="duplicate"):
        read_labels(path)
    path.write_text(json.dumps({"id": "1"}) + "\n")
    with pytest.raises(InputFormatError, match="label"):
        read_labels(path)


def test_read_labels_accepts_yaml(tmp_path: Path) -> None:
    path = tmp_path / "labels.yaml"
    path.write_text("- {id: a, label: supported, case: paraphrase}\n- {id: b, label: contradicted}\n")
    assert read_labels(path) == [LabelRow("a", "supported", "paraphrase"), LabelRow("b", "contradicted")]
