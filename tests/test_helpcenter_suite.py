"""Integrity of the help-center dev suite (benchmarks/helpcenter): shapes, counts and labels, no model.

The suite is only worth its figures if every label row is exactly a claim `faithkit check` produces, so these
tests split the answers with faithkit's own splitter and check the minimums issue 11 sets. The scorer is run
on synthetic results (every claim supported; every claim flagged) to pin how rows are matched and counted.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from faithkit.agree import read_labels
from faithkit.claims.sentences import sentence_claims
from faithkit.io.log import LineError, read_log
from faithkit.stats import wilson_interval
from faithkit.text.sentences import split_sentences

SUITE = Path(__file__).resolve().parent.parent / "benchmarks" / "helpcenter"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"helpcenter_{name}", SUITE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


build = _load("build")
score = _load("suite_score")

INTERACTIONS = [json.loads(line) for line in (SUITE / "interactions.jsonl").read_text("utf-8").splitlines()]
LABELS = [json.loads(line) for line in (SUITE / "labels.jsonl").read_text("utf-8").splitlines()]
CASES = Counter(row["case"] for row in LABELS)
REQUIRED = (*score.FAULT_TYPES, *score.FAITHFUL_TYPES)


def test_built_files_match_their_sources():
    interactions, labels = build.build()
    assert build.to_jsonl(interactions) == (SUITE / "interactions.jsonl").read_text("utf-8")
    assert build.to_jsonl(labels) == (SUITE / "labels.jsonl").read_text("utf-8")


def test_faithkit_reads_the_log_and_the_labels():
    items = list(read_log(SUITE / "interactions.jsonl"))
    assert len(items) == len(INTERACTIONS)
    assert not [item for item in items if isinstance(item, LineError)], "a line faithkit rejects"
    assert len(read_labels(SUITE / "labels.jsonl")) == len(LABELS)


def test_every_label_row_is_a_claim_of_its_answer_in_order():
    rows_by_answer: dict[str, list[dict]] = {}
    for row in LABELS:
        rows_by_answer.setdefault(row["answer_id"], []).append(row)
    assert set(rows_by_answer) == {i["id"] for i in INTERACTIONS}, "an answer without labels, or a stray label"
    for item in INTERACTIONS:
        rows = rows_by_answer[item["id"]]
        if any(row["case"] == "refusal" for row in rows):
            assert [row["claim"] for row in rows] == [item["answer"]], item["id"]
        else:
            # a label row is the sentence as written; the claim checked may drop a "Yes," or a frame (claims.sentences)
            claims = [item["answer"][c.start:c.end] for c in sentence_claims(item["answer"])]
            assert claims == [row["claim"] for row in rows], item["id"]
        assert [row["sentence"] for row in rows] == list(range(1, len(rows) + 1))


def test_shapes_of_passages_and_answers():
    for item in INTERACTIONS:
        assert 2 <= len(item["contexts"]) <= 3, item["id"]
        assert len({c["id"] for c in item["contexts"]}) == len(item["contexts"])
        for context in item["contexts"]:
            assert 3 <= len(split_sentences(context["text"])) <= 8, (item["id"], context["id"])
        assert 1 <= len(split_sentences(item["answer"])) <= 4, item["id"]
        assert item["question"].strip() and item["metadata"]["domain"]


def test_labels_are_valid_and_consistent_with_their_case():
    assert len({row["id"] for row in LABELS}) == len(LABELS)
    for row in LABELS:
        assert row["label"] in ("supported", "not_supported"), row["id"]
        expected = "not_supported" if row["case"].startswith("fault_") or row["case"] == score.DROPPED else "supported"
        assert row["label"] == expected, row["id"]
        assert row["case"] in score.CASE_ORDER, row["id"]


def test_minimum_counts():
    assert len(LABELS) >= 170
    assert len({i["metadata"]["domain"] for i in INTERACTIONS}) >= 5
    short = {case: CASES[case] for case in REQUIRED if CASES[case] < 15}
    assert not short, f"case types under 15 items: {short}"
    assert CASES[score.DROPPED] >= 8
    forms = Counter(row.get("detail") for row in LABELS if row["case"] == "fault_negation")
    assert {"not", "cannot", "non", "never", "only", "except", "but"} <= set(forms), forms
    assert sum(row.get("detail") == "trap" for row in LABELS if row["case"] == "fault_derived") >= 5
    operations = {row.get("detail") for row in LABELS if row["case"] == "faithful_derived"}
    assert {"sum", "difference", "product", "percentage", "rate", "words"} <= operations, operations


def test_no_question_or_answer_is_written_twice():
    answers = Counter(i["answer"] for i in INTERACTIONS)
    assert max(answers.values()) == 1, answers.most_common(1)
    claims = Counter(row["claim"] for row in LABELS)
    assert max(claims.values()) == 1, claims.most_common(1)


def _results(verdict: str, refusals: bool) -> list[dict]:
    """Synthetic `faithkit check` records: every claim gets ``verdict``; refusal answers are detected or not."""
    out = []
    for item in INTERACTIONS:
        is_refusal = any(r["case"] == "refusal" and r["answer_id"] == item["id"] for r in LABELS)
        if is_refusal and refusals:
            out.append({"id": item["id"], "status": "refusal", "claims": [], "refusal": "pattern"})
            continue
        claims = [{"text": c.text, "span": [c.start, c.end], "verdict": verdict, "stage": "fake", "score": 0.5}
                  for c in sentence_claims(item["answer"])]
        out.append({"id": item["id"], "status": "scored", "claims": claims})
    return out


def test_scorer_on_a_checker_that_passes_everything():
    fig = score.figures(score.predict(LABELS, _results("supported", refusals=True)))
    assert fig.fault_detection.k == 0 and fig.fault_detection.n == sum(CASES[c] for c in score.FAULT_TYPES)
    assert fig.false_alarms.k == 0 and fig.false_alarms.n == sum(CASES[c] for c in score.FAITHFUL_TYPES)
    assert fig.by_case["refusal"].rate == 1.0 and not fig.unscored
    assert len(fig.misses) == sum(CASES[c] for c in (*score.FAULT_TYPES, score.DROPPED))
    head = fig.headline()
    assert head["faithful_flagged_at_most_10pct"] and not head["met"]


def test_scorer_on_a_checker_that_flags_everything_and_misses_refusals():
    fig = score.figures(score.predict(LABELS, _results("not_supported", refusals=False)))
    assert fig.fault_detection.rate == 1.0 and fig.dropped.rate == 1.0
    assert fig.false_alarms.rate == 1.0
    assert fig.by_case["refusal"].k == 0
    assert "status:scored" in {m.stage for m in fig.misses if m.row["case"] == "refusal"}
    assert not fig.headline()["met"]
    assert "fault_negation" in score.render(fig)


def test_a_claim_missing_from_the_results_is_unscored_not_dropped():
    results = _results("not_supported", refusals=True)
    target = next(r for r in LABELS if r["case"] == "fault_number")
    record = next(r for r in results if r["id"] == target["answer_id"])
    record["claims"] = [c for c in record["claims"] if c["text"] != target["claim"]]
    fig = score.figures(score.predict(LABELS, results))
    assert fig.unscored == [target["id"]]
    assert target["id"] in {m.row["id"] for m in fig.misses}


def test_the_runner_parses_checker_options_without_a_model():
    run = _load("run")
    assert run.parse_opts(["window_veto=off", "contradiction-threshold=0.4", "batch_size=8"]) == {
        "window_veto": False, "contradiction_threshold": 0.4, "batch_size": 8}
    assert run.window_veto_value("off") is None and run.window_veto_value("0.6") == 0.6
    with pytest.raises(SystemExit):
        run.parse_opts(["no-equals-sign"])


def test_the_runner_scores_a_results_file_and_writes_json_and_verdicts(tmp_path, capsys):
    run = _load("run")
    results = tmp_path / "results.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in _results("supported", refusals=True)), "utf-8")
    out, verdicts = tmp_path / "fig.json", tmp_path / "verdicts.jsonl"
    assert run.main(["--results", str(results), "--json", str(out), "--verdicts", str(verdicts)]) == 0
    figures = json.loads(out.read_text("utf-8"))
    assert figures["claims"] == len(LABELS) and figures["headline"]["met"] is False
    expected = wilson_interval(0, CASES["fault_unit"]).as_dict()
    assert figures["by_case"]["fault_unit"] == {"kind": "caught", **expected}
    assert figures["by_case"]["refusal"]["rate"] == 1.0
    rows = read_labels(verdicts)
    assert len(rows) == len(LABELS) and {r.label for r in rows} == {"supported"}
    assert "NOT MET" in capsys.readouterr().out


def test_every_refusal_answer_is_detected_and_no_faithful_claim_is_taken_for_one():
    """The refusal detector on the suite, no model: the 20 refusals (varied wordings, three that send the user
    elsewhere) are refusals, and no labelled claim of another case is hidden as one (a refusal rule must never
    skip a factual sentence)."""
    from faithkit.scoring import RefusalDetector

    detector = RefusalDetector()
    refusals = [row for row in LABELS if row["case"] == "refusal"]
    assert len(refusals) == 20
    assert [row["claim"] for row in refusals if detector.match(row["claim"]) is None] == []
    hidden = [row["claim"] for row in LABELS if row["case"] != "refusal" and detector.match(row["claim"])]
    assert hidden == []
