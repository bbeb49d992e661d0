"""One results reader and one results type (issue 35): what `faithkit.check` returns is what
`faithkit.read_results` reads back, with the typed and the stored views."""

from __future__ import annotations

from pathlib import Path

import faithkit
from faithkit.io.results import RunResults
from faithkit.records import AnswerResult

LARKSPUR = Path(__file__).resolve().parent.parent / "examples" / "larkspur" / "interactions.jsonl"


def test_check_and_read_results_return_one_type(tmp_path):
    checked = faithkit.check(LARKSPUR, checker="nli", out=tmp_path / "run")
    read = faithkit.read_results(tmp_path / "run")
    assert type(checked) is type(read) is RunResults
    assert faithkit.load_results is faithkit.read_results and faithkit.CheckResults is RunResults
    assert [a.to_dict() for a in checked] == [a.to_dict() for a in read] == read.records
    assert len(read) == 9 and isinstance(read[0], AnswerResult)
    assert read.by_id()["team-8"].unsupported is True  # typed
    assert read.records_by_id()["team-8"]["unsupported"] is True  # as stored
    assert read.summary["answers"] == 9


def test_a_run_held_in_memory_has_the_stored_view_too():
    read = faithkit.check(LARKSPUR, checker="nli")
    assert read.path is None  # its temporary folder is gone
    again = RunResults.of(read.answers, read.run)
    assert again.records == read.records and again.manifest["summary"] == read.manifest["summary"]
