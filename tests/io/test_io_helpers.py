"""The shared io helpers: one JSONL reader, entity-pair files, output-folder checks, the baseline update; and the
cheap option checks that commands make before any model loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.cli import main
from faithkit.errors import InputFormatError, UsageError
from faithkit.io.claim_rows import read_entity_pairs
from faithkit.io.files import atomic_write_text, check_output_dir, update_baseline
from faithkit.io.jsonl import JSONLineError, read_jsonl

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "larkspur"


def test_read_jsonl_skips_blank_lines_and_names_the_bad_one(tmp_path):
    path = tmp_path / "rows.jsonl"
    path.write_text('{"a": 1}\n\n[2]\n{"b": \n')
    with pytest.raises(JSONLineError) as caught:
        read_jsonl(path)
    assert caught.value.line == 4 and "rows.jsonl: not valid JSON" in str(caught.value)
    path.write_text('{"a": 1}\n\n[2]\n')
    assert read_jsonl(path) == [(1, {"a": 1}), (3, [2])]
    with pytest.raises(UsageError, match="no such file"):
        read_jsonl(tmp_path / "missing.jsonl")


def test_entity_pairs_from_json_and_yaml(tmp_path):
    (tmp_path / "p.json").write_text(json.dumps([["Team", "Enterprise"]]))
    (tmp_path / "p.yaml").write_text("- [Basic, Pro]\n")
    assert read_entity_pairs(tmp_path / "p.json") == [("Team", "Enterprise")]
    assert read_entity_pairs(tmp_path / "p.yaml") == [("Basic", "Pro")]
    (tmp_path / "bad.json").write_text("[[1, 2]")
    with pytest.raises(InputFormatError, match="not valid JSON"):
        read_entity_pairs(tmp_path / "bad.json")
    (tmp_path / "odd.json").write_text('[["only one"]]')
    with pytest.raises(UsageError, match=r"list of \[A, B\] pairs"):
        read_entity_pairs(tmp_path / "odd.json")


def test_output_folder_checks_and_atomic_write(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(UsageError, match="is a file"):
        check_output_dir(tmp_path / "file")
    assert check_output_dir(tmp_path / "new") == tmp_path / "new"
    atomic_write_text(tmp_path / "deep" / "out.txt", "hello")
    assert (tmp_path / "deep" / "out.txt").read_text() == "hello"
    assert [p.name for p in (tmp_path / "deep").iterdir()] == ["out.txt"]  # no temp file left behind


def test_update_baseline_only_on_pass_or_force(tmp_path):
    base, new = tmp_path / "base", tmp_path / "new"
    base.mkdir()
    new.mkdir()
    (base / "f").write_text("old")
    (new / "f").write_text("new")
    assert "the gate said fail" in update_baseline(base, new, "fail")
    assert (base / "f").read_text() == "old"
    assert "same folder" in update_baseline(base, base, "pass")
    assert "forced" in update_baseline(base, new, "inconclusive", force=True)
    assert (base / "f").read_text() == "new"


@pytest.mark.parametrize("command", [
    ["sweep", str(EXAMPLES / "labeled_claims.jsonl")],
    ["mutate", str(EXAMPLES / "faithful_claims.jsonl")],
])
def test_bad_options_are_refused_before_any_model_loads(command, tmp_path, monkeypatch, capsys):
    from faithkit.commands import _checker_args

    def no_build(*args, **kwargs):
        raise AssertionError("a checker was built before the options were checked")

    monkeypatch.setattr(_checker_args, "build_from_spec", no_build)
    monkeypatch.setattr(f"faithkit.commands.{command[0]}.build_from_spec", no_build)
    assert main([*command, "--out", str(tmp_path / "o"), "--confidence", "1.5"]) == 2
    assert "--confidence must be in (0, 1)" in capsys.readouterr().err
    (tmp_path / "taken").write_text("x")
    assert main([*command, "--out", str(tmp_path / "taken")]) == 2
    assert "is a file" in capsys.readouterr().err
    assert main([*command, "--out", str(tmp_path / "o"), "--thresholds", "x"]) == 2
    assert "--thresholds" in capsys.readouterr().err
