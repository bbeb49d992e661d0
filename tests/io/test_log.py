import json

import pytest

from faithkit.errors import UsageError
from faithkit.io.log import LineError, parse_contexts, read_log
from faithkit.records import Interaction, Passage


def write(tmp_path, lines, name="log.jsonl"):
    path = tmp_path / name
    path.write_bytes(b"".join((line if isinstance(line, bytes) else line.encode()) + b"\n" for line in lines))
    return path


def ok(**fields):
    base = {"id": "x", "question": "q?", "contexts": ["Passage one."], "answer": "An answer."}
    base.update(fields)
    return json.dumps(base)


def test_reads_faithkit_format_with_metadata_and_unknown_fields(tmp_path):
    path = write(tmp_path, [ok(id="a", metadata={"model": "m"}, extra_field=3,
                               contexts=[{"id": "doc1", "text": "T."}, "Plain."])])
    (item,) = list(read_log(path))
    assert isinstance(item, Interaction)
    assert item.contexts == (Passage("doc1", "T."), Passage("p1", "Plain."))
    assert item.metadata == {"model": "m", "extra_field": 3}
    assert item.line == 1 and item.source_format == "faithkit"


def test_reads_ragas_deepeval_and_promptfoo_names_per_line(tmp_path):
    lines = [
        json.dumps({"user_input": "q", "retrieved_contexts": ["c"], "response": "r", "reference": "ref"}),
        json.dumps({"input": "q", "retrieval_context": ["c"], "actual_output": "r", "context": ["truth"]}),
        json.dumps({"vars": {"query": "q", "context": "c"}, "output": "r"}),
    ]
    items = list(read_log(write(tmp_path, lines)))
    assert [i.source_format for i in items] == ["ragas", "deepeval", "promptfoo"]
    assert all(i.answer == "r" and i.contexts[0].text == "c" for i in items)
    assert items[0].reference == "ref"
    assert items[1].metadata == {"context": ["truth"]}  # ground truth kept, not used as prompt context


def test_deepeval_context_is_not_prompt_context(tmp_path):
    (item,) = read_log(write(tmp_path, [json.dumps({"input": "q", "actual_output": "a", "context": ["x"]})]))
    assert isinstance(item, LineError)
    assert "retrieval_context" in item.reason and "ground truth" in item.reason


@pytest.mark.parametrize("line, reason", [
    ("{not json", "invalid JSON"),
    ("[1, 2]", "expected a JSON object"),
    (json.dumps({"id": "m", "question": "q", "contexts": ["c"]}), "missing `answer`"),
    (json.dumps({"id": "m", "question": "q", "answer": "a"}), "missing `contexts`"),
    (json.dumps({"id": "m", "contexts": "c", "answer": 5}), "`answer` must be a string"),
    (json.dumps({"id": "m", "contexts": [3], "answer": "a"}), "contexts[0] must be a string or an object"),
    (json.dumps({"id": "m", "contexts": {"a": 1}, "answer": "a"}), "contexts must be a list"),
    (json.dumps({"id": ["m"], "contexts": [], "answer": "a"}), "`id` must be a string"),
    (json.dumps({"something": "else"}), "no answer/contexts fields"),
])
def test_malformed_line_reported_with_line_number_and_rest_still_read(tmp_path, line, reason):
    items = list(read_log(write(tmp_path, [ok(id="first"), line, ok(id="last")])))
    assert [type(i).__name__ for i in items] == ["Interaction", "LineError", "Interaction"]
    assert items[1].line == 2 and reason in items[1].reason
    assert items[2].id == "last" and items[2].line == 3


def test_non_utf8_line_is_an_error_not_a_crash(tmp_path):
    items = list(read_log(write(tmp_path, [ok(id="a"), b'{"id": "b", "answer": "caf\xe9"}', ok(id="c")])))
    assert isinstance(items[1], LineError) and "UTF-8" in items[1].reason and items[1].line == 2
    assert items[2].id == "c"


def test_duplicate_ids_second_is_error_with_unique_result_id(tmp_path):
    items = list(read_log(write(tmp_path, [ok(id="a"), ok(id="a")])))
    assert isinstance(items[1], LineError)
    assert "duplicate id 'a'" in items[1].reason and "line 1" in items[1].reason
    assert items[1].id == "a#line2"


def test_blank_lines_skipped_and_missing_id_uses_line_number(tmp_path):
    items = list(read_log(write(tmp_path, ["", json.dumps({"contexts": ["c"], "answer": "a"})])))
    assert len(items) == 1 and items[0].id == "line-2"


def test_missing_file_is_usage_error(tmp_path):
    with pytest.raises(UsageError):
        list(read_log(tmp_path / "nope.jsonl"))


def test_parse_contexts_duplicate_passage_ids_disambiguated():
    got = parse_contexts([{"id": "a", "text": "x"}, {"id": "a", "text": "y"}])
    assert [p.id for p in got] == ["a", "a#1"]
