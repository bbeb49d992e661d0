"""`--field NAME=COLUMN` / ``fields=``: a log with other column or key names is read in every format that has
columns or keys, as if it used faithkit's names."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.errors import UsageError
from faithkit.io import read
from faithkit.io.fields import apply_field_map, parse_field_map
from faithkit.io.log import LineError
from faithkit.pipeline import CheckOptions, run_check
from faithkit.records import Interaction
from tests.extras import needs_pyarrow

ROWS = [
    {"uid": "a", "query": "How long do refunds take?", "docs": ["Refunds take 30 days."],
     "llm_answer": "Refunds take 30 days."},
    {"uid": "b", "query": "Is there a fee?", "docs": ["There is no fee.", "Cards are accepted."],
     "llm_answer": "There is a fee."},
]
FIELDS = {"id": "uid", "question": "query", "contexts": "docs", "answer": "llm_answer"}


def _write(path: Path, fmt: str) -> Path:
    if fmt == "jsonl":
        path.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    elif fmt == "json":
        path.write_text(json.dumps(ROWS))
    elif fmt in ("csv", "tsv"):
        with path.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, list(ROWS[0]), delimiter="\t" if fmt == "tsv" else ",")
            writer.writeheader()
            writer.writerows({**r, "docs": json.dumps(r["docs"])} for r in ROWS)
    elif fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        pq.write_table(pa.Table.from_pylist(ROWS), path)
    elif fmt == "promptfoo":
        results = [{"testIdx": i, "promptIdx": 0, "provider": {"id": "p"}, "response": {"output": r["llm_answer"]},
                    "vars": {"id": r["uid"], "query": r["query"], "docs": r["docs"]}} for i, r in enumerate(ROWS)]
        path.write_text(json.dumps({"evalId": "e", "results": {"results": results}}))
    return path


@pytest.mark.parametrize("fmt", ["jsonl", "json", "csv", "tsv", pytest.param("parquet", marks=needs_pyarrow),
                                 "promptfoo"])
def test_every_format_with_columns_reads_mapped_names(tmp_path, fmt):
    path = _write(tmp_path / f"log.{'json' if fmt == 'promptfoo' else fmt}", fmt)
    fields = {k: v for k, v in FIELDS.items() if fmt != "promptfoo" or k in ("question", "contexts")}
    items = list(read(path, fmt, fields=fields))
    assert all(isinstance(i, Interaction) for i in items), items
    assert [i.id for i in items] == ["a", "b"]
    assert [i.question for i in items] == [r["query"] for r in ROWS]
    assert [[p.text for p in i.contexts] for i in items] == [r["docs"] for r in ROWS]
    assert [i.answer for i in items] == [r["llm_answer"] for r in ROWS]
    assert all("docs" not in i.metadata and "llm_answer" not in i.metadata for i in items)


def test_a_dotted_column_reaches_into_nested_objects(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text(json.dumps({"input": {"q": "Q?"}, "ctx": ["c."], "out": "c."}) + "\n")
    (item,) = read(path, fields={"question": "input.q", "contexts": "ctx", "answer": "out"})
    assert (item.question, item.answer, item.contexts[0].text) == ("Q?", "c.", "c.")


def test_a_record_without_the_mapped_column_is_that_records_error(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text(json.dumps(ROWS[0]) + "\n" + json.dumps({"uid": "c", "docs": ["x"]}) + "\n")
    first, second = read(path, guard=False, fields=FIELDS)
    assert isinstance(first, Interaction)
    assert isinstance(second, LineError) and "--field answer=llm_answer" in second.reason


def test_unknown_field_names_and_bad_syntax_are_usage_errors():
    with pytest.raises(UsageError, match=r"unknown field 'anwser' \(did you mean answer\?\); fields are id, "
                                         r"question, contexts, answer, reference"):
        parse_field_map(["anwser=llm_answer"])
    with pytest.raises(UsageError, match="NAME=COLUMN"):
        parse_field_map(["answer"])
    with pytest.raises(UsageError, match="given twice"):
        parse_field_map(["answer=a", "answer=b"])
    with pytest.raises(UsageError, match="unknown field"):
        list(read(Path(__file__).parent / "fixtures" / "formats" / "interactions.json", fields={"awnser": "x"}))
    assert apply_field_map({"a": 1}, None) == {"a": 1}


def test_a_trace_export_has_no_columns_to_map():
    with pytest.raises(UsageError, match="--field maps columns or keys"):
        read(Path(__file__).parent / "fixtures" / "formats" / "openinference.jsonl", fields={"answer": "x"})


def test_the_mapping_is_in_the_manifest_and_a_resume_with_another_is_refused(tmp_path):
    log, out = _write(tmp_path / "log.jsonl", "jsonl"), tmp_path / "out"
    manifest = run_check(log, out, ScriptedChecker(default="supported"), CheckOptions(fields=dict(FIELDS)))
    assert manifest["input"]["fields"] == FIELDS
    assert json.loads((out / "run.json").read_text())["identity"]["fields"] == FIELDS
    other = {**FIELDS, "question": "uid"}
    with pytest.raises(UsageError, match="cannot resume.*fields.question"):
        run_check(log, out, ScriptedChecker(default="supported"), CheckOptions(fields=other), resume=True)
    run_check(log, out, ScriptedChecker(default="supported"), CheckOptions(fields=dict(FIELDS)), resume=True)
