"""A rerun whose pairs are all cached loads no model and imports no torch; one changed answer costs one answer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from faithkit.cache import ContentCache
from faithkit.checkers.model_identity import ModelFiles
from faithkit.checkers.model_load import ModelLoad
from faithkit.checkers.nli import NLIChecker, bundled_model_path
from faithkit.checkers.pairs import PairScorer
from faithkit.io.log import read_log
from faithkit.pipeline import run_check

ROOT = Path(__file__).resolve().parents[2]
LARKSPUR = ROOT / "examples" / "larkspur" / "interactions.jsonl"

RUN_AND_REPORT_IMPORTS = """
import json, sys
from faithkit.cli import main
code = main(sys.argv[1:])
print(json.dumps({"code": code, "torch": "torch" in sys.modules, "transformers": "transformers" in sys.modules}))
"""


def _check_in_subprocess(log: Path, out: Path, cache: Path, *flags: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "FAITHKIT_CACHE_DIR": str(cache), "OMP_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_REPORT_IMPORTS, "check", str(log), "--out", str(out), "--quiet", "--overwrite",
         *flags],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def _counters(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())["summary"]["checker_counters"]


def test_a_fully_cached_rerun_imports_neither_torch_nor_transformers(tmp_path):
    # the default backend runs the bundled models' own ONNX graphs: not even the cold run needs torch (issue 34)
    cold = _check_in_subprocess(LARKSPUR, tmp_path / "a", tmp_path / "cache")
    assert cold == {"code": 0, "torch": False, "transformers": False}
    warm = _check_in_subprocess(LARKSPUR, tmp_path / "b", tmp_path / "cache")
    assert warm == {"code": 0, "torch": False, "transformers": False}
    lines = len(LARKSPUR.read_text().splitlines())
    summary = json.loads((tmp_path / "b" / "manifest.json").read_text())["summary"]
    assert summary["records_from_cache"] == lines  # whole records read back (record_cache): nothing re-decided
    assert _counters(tmp_path / "b")["nli_pairs_scored"] == 0
    cold_counters = _counters(tmp_path / "a")
    assert cold_counters["nli_pairs_scored"] > 0
    # another threshold is another run: its records are checked again, every pair served from the pair cache
    other = _check_in_subprocess(LARKSPUR, tmp_path / "c", tmp_path / "cache", "--threshold", "0.46")
    assert other["torch"] is False
    assert json.loads((tmp_path / "c" / "manifest.json").read_text())["summary"]["records_from_cache"] == 0
    assert _counters(tmp_path / "c")["nli_pairs_scored"] == 0 and _counters(tmp_path / "c")["nli_cache_hits"] > 0
    manifest = json.loads((tmp_path / "b" / "manifest.json").read_text())
    assert (
        manifest["checker"]["weights"]
        == json.loads((tmp_path / "a" / "manifest.json").read_text())["checker"]["weights"]
    )
    strip = [json.loads(line) for line in (tmp_path / "a" / "results.jsonl").read_text().splitlines()]
    again = [json.loads(line) for line in (tmp_path / "b" / "results.jsonl").read_text().splitlines()]
    assert [r["claims"] for r in strip] == [r["claims"] for r in again]


def test_one_changed_answer_scores_only_its_own_pairs(tmp_path):
    cache = ContentCache(tmp_path / "cache", "use")
    first = NLIChecker(cache=cache).load()
    run_check(LARKSPUR, tmp_path / "a", first)
    lines = LARKSPUR.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[0])
    record["answer"] = record["answer"] + " Orders over 40 dollars ship free to Mars."
    changed = tmp_path / "changed.jsonl"
    changed.write_text("\n".join([json.dumps(record), *lines[1:]]) + "\n", encoding="utf-8")
    second = NLIChecker(cache=cache).load()
    assert "scorer" not in second.__dict__  # load() with a cache in use mode read the files only
    run_check(changed, tmp_path / "b", second)
    counters = second.counters
    first_item = next(iter(read_log(changed)))
    windows = len(second.premise_windows(first_item.contexts))  # sentence windows and follow-on clauses
    assert 0 < counters["nli_pairs_scored"] <= windows  # the new sentence's pairs only (numbers rechecks aside)
    assert counters["nli_cache_hits"] > 0
    assert "scorer" in second.__dict__  # the miss loaded the model


def test_identity_read_from_files_is_the_loaded_models(tiny_nli):
    for folder in (bundled_model_path(), tiny_nli):
        files = ModelFiles(folder)
        scorer = PairScorer(ModelLoad(folder, smoke_check=False))
        assert (files.identity, files.max_length, files.labels) == (scorer.identity, scorer.max_length, scorer.labels)
        files.check_same_as(scorer)
    assert ModelFiles(bundled_model_path(), max_length=64).max_length == 64


def test_a_loaded_model_that_disagrees_with_its_files_is_refused(tiny_nli, tiny_nli_permuted):
    import pytest

    from faithkit.errors import ModelLoadError

    other = PairScorer(ModelLoad(tiny_nli_permuted, smoke_check=False))
    with pytest.raises(ModelLoadError, match="differs from the one read from its files"):
        ModelFiles(tiny_nli).check_same_as(other)
