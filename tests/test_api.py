"""faithkit.check / faithkit.load_results: the notebook API over the CLI's own pipeline."""

from __future__ import annotations

import json

import pytest

import faithkit
from faithkit.errors import UsageError
from faithkit.records import Interaction, Passage
from tests.extras import importorskip, needs_pandas, needs_similarity

PASSAGE = "Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded."


@needs_similarity
@needs_pandas
def test_records_in_memory_any_field_naming_and_every_record_accounted_for():
    records = [
        Interaction("a", "Refund?", (Passage("billing", PASSAGE),), "The current month is not refunded."),
        {"user_input": "Refund?", "retrieved_contexts": [PASSAGE], "response": "The current month is refunded."},
        {"question": "Refund?"},  # no answer, no contexts: an error record, not dropped
    ]
    results = faithkit.check(records, checker="similarity")
    assert [a.status for a in results] == ["scored", "scored", "error"]
    assert results[0].claims[0].evidence.passage_id == "billing"
    assert results[1].source_format == "ragas"
    assert results.summary["answers"] == 3 and results.path is None
    frame = results.to_pandas()
    assert list(frame["status"]) == ["scored", "scored", "error"]
    assert set(results.to_pandas(claims=True)["id"]) == {"a", "line-2"}


@needs_similarity
def test_out_folder_round_trips_through_load_results(tmp_path):
    out = tmp_path / "run"
    results = faithkit.check("tests/io/fixtures/formats/ragas.csv", checker="similarity", out=out)
    again = faithkit.load_results(out)
    assert again.answers == results.answers and again.path == out
    assert json.loads((out / "manifest.json").read_text())["input"]["format"] == "csv"
    with pytest.raises(UsageError, match="already holds results"):
        faithkit.check("tests/io/fixtures/formats/ragas.csv", checker="similarity", out=out)


def test_checker_options_need_a_spec_string():
    checker = faithkit.build_checker("similarity")
    with pytest.raises(UsageError, match="need a checker spec string"):
        faithkit.check([], checker=checker, threshold=0.5)


@needs_similarity
def test_a_dataframe_is_taken_row_by_row():
    pd = importorskip("pandas", "formats")
    frame = pd.DataFrame(
        [{"id": "a", "question": "Refund?", "contexts": [PASSAGE], "answer": "The current month is not refunded."}]
    )
    (answer,) = faithkit.check(frame, checker="similarity")
    assert answer.id == "a" and answer.status == "scored"
