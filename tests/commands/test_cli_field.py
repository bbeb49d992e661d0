"""A newcomer's CSV with its own column names (`query,docs,llm_answer`) checked in one command with `--field`."""

from __future__ import annotations

import json

from faithkit.cli import main

CSV = (
    "query,docs,llm_answer\n"
    '"How long do refunds take?","[""Refunds are paid within 30 days of the request.""]",'
    '"Refunds are paid within 30 days."\n'
    '"Is there a setup fee?","[""There is no setup fee."", ""Cards and bank transfers are accepted.""]",'
    '"There is a setup fee of $40."\n'
)
FIELDS = ["--field", "question=query", "--field", "contexts=docs", "--field", "answer=llm_answer"]


def test_a_csv_with_other_column_names_is_checked_in_one_command(tmp_path, capsys):
    log, out = tmp_path / "support.csv", tmp_path / "run"
    log.write_text(CSV)
    without = main(["check", str(log), "--out", str(tmp_path / "first"), "--quiet"])
    assert without == 2 and "--field question=query" in capsys.readouterr().err  # the error shows the way

    assert main(["check", str(log), "--out", str(out), "--quiet", *FIELDS]) == 0, capsys.readouterr().err
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["input"]["fields"] == {"question": "query", "contexts": "docs", "answer": "llm_answer"}
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [r["status"] for r in records] == ["scored", "scored"]
    assert records[0]["faithfulness"] == 1.0 and records[1]["faithfulness"] == 0.0
    assert "There is a setup fee of $40." in (out / "report.html").read_text()  # the report reads it the same way


def test_an_unknown_field_name_is_a_usage_error_naming_the_valid_ones(tmp_path, capsys):
    log = tmp_path / "support.csv"
    log.write_text(CSV)
    assert main(["check", str(log), "--out", str(tmp_path / "run"), "--field", "anwser=llm_answer"]) == 2
    err = capsys.readouterr().err
    assert "did you mean answer?" in err and "fields are id, question, contexts, answer, reference" in err
