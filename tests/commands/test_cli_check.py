"""`faithkit check` as a user runs it: a subprocess, real files, exit codes."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.extras import needs_similarity

ROOT = Path(__file__).resolve().parents[2]


def faithkit(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "faithkit", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=300)


def test_help_imports_nothing_heavy():
    # onnxruntime and tokenizers are in the default install: without the extras, they are what this test guards
    code = ("import sys; from faithkit.cli import build_parser; build_parser(); "
            "heavy = [m for m in ('torch', 'transformers', 'openai', 'matplotlib', 'scipy', 'sentence_transformers',"
            " 'onnxruntime', 'tokenizers') if m in sys.modules]; print(heavy); sys.exit(1 if heavy else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_missing_log_is_exit_2(tmp_path):
    result = faithkit("check", tmp_path / "nope.jsonl", "--out", tmp_path / "out")
    assert result.returncode == 2 and "not found" in result.stderr


def test_bad_threshold_is_exit_2(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_text('{"id": "a", "contexts": ["c"], "answer": "a"}\n')
    result = faithkit("check", log, "--out", tmp_path / "out", "--threshold", "1.5")
    assert result.returncode == 2 and "threshold" in result.stderr


@pytest.mark.slow
@needs_similarity
def test_check_meridian_with_similarity_then_refuse_to_overwrite(tmp_path):
    out = tmp_path / "run"
    result = faithkit("check", ROOT / "examples/meridian/interactions.jsonl", "--out", out, "--checker", "similarity")
    assert result.returncode == 0, result.stderr
    assert "unsupported-answer rate" in result.stdout
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [r["id"] for r in records] == ["faithful", "unfaithful", "correct-faithful", "correct-unfaithful",
                                          "faithful-wrong", "backups-aes"]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["summary"]["answers"] == 6 and manifest["checker"]["checker"] == "similarity"
    again = faithkit("check", ROOT / "examples/meridian/interactions.jsonl", "--out", out, "--checker", "similarity")
    assert again.returncode == 2 and "--overwrite" in again.stderr


def test_public_api_resolves_every_exported_name_lazily():
    code = ("import sys, faithkit; assert not {'torch', 'onnxruntime'} & set(sys.modules); "
            "[getattr(faithkit, n) for n in faithkit.__all__]; print(len(faithkit.__all__))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) > 20
