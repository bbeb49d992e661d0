"""`faithkit check` on every kind of input: the same verdicts whatever the format, and a wrong format said
clearly (exit 2, the detected shape and the flag that reads it) before any model loads."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from faithkit.cli import main
from tests.extras import needs_pyarrow, needs_similarity

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "io" / "fixtures" / "formats"
CANONICAL = ROOT / "examples" / "larkspur" / "interactions.jsonl"


def faithkit(*args):
    return subprocess.run(
        [sys.executable, "-m", "faithkit", *map(str, args)], capture_output=True, text=True, cwd=ROOT, timeout=300
    )


def test_pretty_json_array_read_as_jsonl_stops_with_the_fix(tmp_path):
    log = tmp_path / "log.jsonl"
    shutil.copy(FIXTURES / "interactions.json", log)
    result = faithkit("check", log, "--out", tmp_path / "out", "--model", tmp_path / "never-loaded")
    assert result.returncode == 2, result.stderr
    assert "This looks like a JSON array: use --format json" in result.stderr
    assert "invalid JSON" in result.stderr
    assert not (tmp_path / "out").exists()  # refused before the output folder or the model was touched


def test_csv_read_as_jsonl_stops_with_the_fix(tmp_path):
    result = faithkit("check", FIXTURES / "interactions.csv", "--format", "jsonl", "--out", tmp_path / "out")
    assert result.returncode == 2, result.stderr
    assert (
        "looks like a CSV table with the header ['id', 'question', 'contexts', 'answer']: use --format csv"
        in result.stderr
    )
    assert not (tmp_path / "out").exists()


@needs_similarity
def test_a_log_where_every_record_is_an_error_never_exits_0(tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    log.write_text('{"id": "a", "question": "q"}\n{"id": "b", "question": "q"}\n')
    assert main(["check", str(log), "--out", str(tmp_path / "out"), "--checker", "similarity", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "every one of its 2 records is an error" in err and "no answer/contexts fields" in err
    records = [json.loads(line) for line in (tmp_path / "out" / "results.jsonl").read_text().splitlines()]
    assert [r["status"] for r in records] == ["error", "error"]  # the records are kept


def _verdicts(out: Path) -> list[tuple]:
    """What a run decided, per record in order: status, score, and each claim's verdict, score and evidence text."""
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    return [
        (
            r["status"],
            r.get("faithfulness"),
            tuple(
                (
                    c["text"],
                    c["verdict"],
                    round(c["score"], 6) if c.get("score") is not None else None,
                    (c.get("evidence") or {}).get("text"),
                )
                for c in r.get("claims", [])
            ),
        )
        for r in records
    ]


@pytest.fixture(scope="module")
def canonical_verdicts(tmp_path_factory):
    out = tmp_path_factory.mktemp("canonical") / "run"
    assert main(["check", str(CANONICAL), "--out", str(out), "--quiet"]) == 0
    return _verdicts(out)


@pytest.mark.parametrize(
    "name",
    [
        "ragas.csv",
        "deepeval.json",
        pytest.param("interactions_hf", marks=needs_pyarrow),
        pytest.param("openinference.parquet", marks=needs_pyarrow),
        "langfuse_observations.json",
        "promptfoo_results.json",
    ],
)
def test_same_verdicts_as_the_canonical_jsonl(name, canonical_verdicts, tmp_path, capsys):
    """The bundled NLI checker, end to end through the CLI: a format changes nothing about the verdicts."""
    assert main(["check", str(FIXTURES / name), "--out", str(tmp_path / "other"), "--quiet"]) == 0, (
        capsys.readouterr().err
    )
    verdicts = _verdicts(tmp_path / "other")
    assert verdicts == canonical_verdicts
    assert {v[0] for v in verdicts} >= {"scored", "refusal"}  # a real run: scored answers and the refusal
    manifest = json.loads((tmp_path / "other" / "manifest.json").read_text())
    assert manifest["input"]["records"] == 9 and manifest["input"]["format"]


@needs_similarity
def test_resume_works_on_a_table(tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["check", str(FIXTURES / "ragas.csv"), "--out", str(out), "--checker", "similarity", "--quiet"]) == 0
    full = (out / "results.jsonl").read_text().splitlines()
    (out / "results.jsonl").write_text("\n".join(full[:4]) + "\n")
    (out / "manifest.json").unlink()
    from faithkit.io.formats import input_sha256

    (out / "run.json").write_text(json.dumps({"input_sha256": input_sha256(FIXTURES / "ragas.csv")}))
    assert (
        main(
            ["check", str(FIXTURES / "ragas.csv"), "--out", str(out), "--checker", "similarity", "--quiet", "--resume"]
        )
        == 0
    )
    assert (out / "results.jsonl").read_text().splitlines() == full
