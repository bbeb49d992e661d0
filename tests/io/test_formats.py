"""Every input format reads the same Larkspur interactions as the canonical JSONL.

The fixtures in tests/io/fixtures/formats/ were written by the real libraries (ragas, deepeval, pyarrow,
datasets, arize-phoenix, opentelemetry, langfuse, promptfoo: see VERSIONS.md and make_fixtures.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.errors import InputFormatError, UsageError
from faithkit.io import read
from faithkit.io.formats import detect_format, input_sha256
from faithkit.io.log import LineError
from faithkit.records import Interaction
from tests.extras import importorskip, needs_pyarrow

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "formats"
CANONICAL = ROOT / "examples" / "larkspur" / "interactions.jsonl"

# file -> (detected format, source_format of the records, whether the canonical ids survive)
CASES = {
    "interactions.json": ("json", "faithkit", True),
    "interactions_wrapped.json": ("json", "faithkit", True),
    "interactions.csv": ("csv", "faithkit", True),
    "interactions.tsv": ("tsv", "faithkit", True),
    "interactions.parquet": ("parquet", "faithkit", True),
    "interactions_hf": ("hf", "faithkit", True),
    "ragas.jsonl": ("jsonl", "ragas", False),
    "ragas.csv": ("csv", "ragas", False),
    "deepeval.json": ("json", "deepeval", False),
    "deepeval.csv": ("csv", "deepeval", False),
    "deepeval.jsonl": ("jsonl", "deepeval", False),
    "promptfoo_results.json": ("promptfoo", "promptfoo", True),
    "openinference.jsonl": ("openinference", "openinference", False),
    "openinference.json": ("openinference", "openinference", False),
    "openinference.parquet": ("openinference", "openinference", False),
    "otlp_openinference.json": ("otlp", "otlp", False),
    "otlp_genai.json": ("otlp", "otlp", False),
    "langfuse_observations.json": ("langfuse", "langfuse", False),
}
ARROW = {"interactions.parquet", "interactions_hf", "openinference.parquet"}  # read (and told apart) by pyarrow


def cases(names) -> list:
    """``names`` as parameters, those read with pyarrow marked to skip where the formats extra is not installed."""
    return [pytest.param(name, marks=needs_pyarrow) if name in ARROW else name for name in names]


def content(item: Interaction) -> tuple:
    return item.question, tuple(p.text for p in item.contexts), item.answer


def canonical() -> list[Interaction]:
    return [i for i in read(CANONICAL) if isinstance(i, Interaction)]


@pytest.mark.parametrize("name", cases(sorted(CASES)))
def test_each_format_reads_the_canonical_interactions(name):
    fmt, source, ids_kept = CASES[name]
    path = FIXTURES / name
    assert detect_format(path) == fmt
    items = list(read(path))
    expected = canonical()
    assert [i for i in items if isinstance(i, LineError)] == []
    assert [content(i) for i in items] == [content(i) for i in expected]
    assert {i.source_format for i in items} == {source}
    assert [i.line for i in items] == list(range(1, len(expected) + 1))
    if ids_kept:
        assert [i.id for i in items] == [i.id for i in expected]
    else:
        assert len({i.id for i in items}) == len(items)


@pytest.mark.parametrize(
    "name",
    cases(
        [
            "interactions.csv",
            "interactions.parquet",
            "interactions_hf",
            "openinference.parquet",
            "otlp_genai.json",
            "langfuse_observations.json",
        ]
    ),
)
def test_passage_ids_survive_where_the_format_keeps_them(name):
    first = next(iter(read(FIXTURES / name)))
    assert [p.id for p in first.contexts] == ["billing"], name


def test_deepeval_pipe_joined_contexts_are_split_as_deepeval_splits_them():
    five = list(read(FIXTURES / "deepeval.csv"))[4]
    assert len(five.contexts) == 4 and "|" not in five.contexts[0].text


def test_format_forced_and_alias(tmp_path):
    copy = tmp_path / "log.txt"
    copy.write_text((FIXTURES / "interactions.json").read_text())
    assert len(list(read(copy, "json"))) == 9
    assert len(list(read(FIXTURES / "openinference.jsonl", "phoenix"))) == 9
    with pytest.raises(UsageError, match="unknown --format 'xml'"):
        read(copy, "xml")


def test_csv_contexts_separator_and_single_passage_cell(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text('question,contexts,answer\nq,"a.|b.",x\nq2,one passage,y\n')
    first, second = read(path, contexts_separator="|")
    assert [p.text for p in first.contexts] == ["a.", "b."]
    assert [p.text for p in second.contexts] == ["one passage"]
    (plain, _) = read(path)
    assert [p.text for p in plain.contexts] == ["a.|b."]  # never split on a guess


def test_csv_bad_rows_are_error_records_with_their_row_number(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text(
        'id,question,contexts,answer\na,q,"[""c""]",x\nb,q,"[""c""]",y,surplus\nc,q,"[broken",z\nd,q,"[""c""]",w\n'
    )
    items = list(read(path))
    assert [type(i).__name__ for i in items] == ["Interaction", "LineError", "LineError", "Interaction"]
    assert (items[1].line, items[1].id) == (2, "b") and "more cells than the header" in items[1].reason
    assert items[2].line == 3 and "list cell" in items[2].reason


def test_json_object_without_a_record_list_names_its_keys(tmp_path):
    path = tmp_path / "log.json"
    path.write_text(json.dumps({"a": [{"x": 1}], "b": [{"y": 2}], "meta": 1}))
    with pytest.raises(InputFormatError, match="no single list of records.*`a`, `b`"):
        list(read(path))


def test_duplicate_ids_in_a_table_follow_the_jsonl_rule(tmp_path):
    path = tmp_path / "log.json"
    row = {"id": "same", "question": "q", "contexts": ["c"], "answer": "a"}
    path.write_text(json.dumps([row, row]))
    first, second = read(path)
    assert isinstance(first, Interaction) and isinstance(second, LineError)
    assert "duplicate id 'same'" in second.reason


def test_a_folder_is_hashed_by_its_files(tmp_path):
    folder = tmp_path / "ds"
    folder.mkdir()
    (folder / "a").write_text("1")
    before = input_sha256(folder)
    (folder / "a").write_text("2")
    assert input_sha256(folder) != before
    with pytest.raises(UsageError, match="not a Hugging Face dataset"):
        detect_format(tmp_path)


@pytest.mark.parametrize(
    "name,forced,fix",
    [
        ("interactions.tsv", "csv", "a TSV table"),
        ("interactions.parquet", "jsonl", "a Parquet file: use --format parquet"),
        ("openinference.jsonl", "jsonl", "OpenInference spans, one JSON object per line: use --format openinference"),
        ("interactions_wrapped.json", "jsonl", "a JSON object: use --format json"),
    ],
)
def test_a_wrong_format_stops_before_any_record_with_the_fix(name, forced, fix):
    with pytest.raises(InputFormatError, match="fail the same way") as caught:
        next(iter(read(FIXTURES / name, forced)))
    assert fix in str(caught.value)


def test_a_few_bad_lines_in_a_real_jsonl_do_not_stop_the_run(tmp_path):
    good = json.dumps({"id": "x", "question": "q", "contexts": ["c"], "answer": "a"})
    lines = [json.dumps({"id": f"i{n}", "question": "q", "contexts": ["c"], "answer": "a"}) for n in range(8)]
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join(lines[:4] + ["{broken", good.replace('"x"', '"y"')] + lines[4:]) + "\n")
    items = list(read(path))
    assert len(items) == 10 and sum(isinstance(i, LineError) for i in items) == 1


def test_unknown_extension_is_read_by_its_content(tmp_path):
    path = tmp_path / "export.txt"
    path.write_text((FIXTURES / "ragas.jsonl").read_text())
    assert detect_format(path) == "jsonl" and len(list(read(path))) == 9
    path.write_text((FIXTURES / "interactions.json").read_text())
    assert detect_format(path) == "json" and len(list(read(path))) == 9


def test_a_dataset_dict_folder_with_one_split_reads_and_with_two_asks_which(tmp_path):
    datasets = importorskip("datasets", "formats")
    rows = [{"question": "q", "contexts": ["c"], "answer": "a"}]
    datasets.DatasetDict({"train": datasets.Dataset.from_list(rows)}).save_to_disk(str(tmp_path / "one"))
    assert [i.answer for i in read(tmp_path / "one")] == ["a"]
    two = datasets.DatasetDict({"train": datasets.Dataset.from_list(rows), "test": datasets.Dataset.from_list(rows)})
    two.save_to_disk(str(tmp_path / "two"))
    with pytest.raises(InputFormatError, match="a DatasetDict with splits"):
        list(read(tmp_path / "two"))


@pytest.mark.parametrize(
    "name,fmt",
    [
        ("otlp_genai.json", "otlp"),
        ("promptfoo_results.json", "promptfoo"),
        ("openinference.json", "openinference"),
        ("langfuse_observations.json", "langfuse"),
        ("interactions.json", "json"),
    ],
)
def test_a_json_file_too_large_to_sniff_whole_is_told_by_its_head(name, fmt, monkeypatch):
    from faithkit.io.formats import detect

    monkeypatch.setattr(detect, "_whole_json", lambda path, limit=0: None)
    detect._sniff_cached.cache_clear()  # sniff again, with the head only
    assert detect_format(FIXTURES / name) == fmt
    detect._sniff_cached.cache_clear()
