"""CONTRIBUTING.md's worked example, as written: one file plus one registry entry, then check / bench / sweep."""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import pytest

from faithkit.checkers import registry
from faithkit.cli import main

ROOT = Path(__file__).resolve().parents[2]
LARKSPUR = ROOT / "examples" / "larkspur"


def _example_source() -> str:
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    section = text[text.index("### The worked example"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


@pytest.fixture
def overlap(tmp_path, monkeypatch):
    """The example file written as a module, and its registry entry (removed again afterwards)."""
    (tmp_path / "overlap_example.py").write_text(_example_source(), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("overlap_example")
    monkeypatch.setitem(registry.REGISTRY, "overlap", registry.Entry(
        module.OverlapOptions, "overlap_example:OverlapChecker.from_options"))
    yield module
    sys.modules.pop("overlap_example", None)


def test_the_example_runs_through_check(tmp_path, overlap):
    out = tmp_path / "run"
    assert main(["check", str(LARKSPUR / "interactions.jsonl"), "--out", str(out), "--checker",
                 "overlap:threshold=0.6", "--quiet", "--cache", "off"]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["checker"]["rebuild"] == {"checker": "overlap", "threshold": 0.6}
    assert manifest["summary"]["overlap_claims"] > 0  # its counters reached the summary through the contract
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    stages = {c["stage"] for r in records for c in r["claims"]}
    assert "overlap" in stages
    cancel_a = next(r for r in records if r["id"] == "cancel-A")
    scores = [c["score"] for c in cancel_a["claims"] if c["stage"] == "overlap"]
    assert scores and all(0.0 <= s <= 1.0 for s in scores)


def test_the_example_runs_through_bench_and_sweep(tmp_path, overlap):
    rows = [json.loads(line) for line in (LARKSPUR / "labeled_claims.jsonl").read_text().splitlines()]
    bench_file = tmp_path / "larkspur.jsonl"
    bench_file.write_text("".join(json.dumps({"doc": " ".join(c["text"] for c in r["contexts"]), "claim": r["claim"],
                                              "label": int(r["label"] == "supported")}) + "\n" for r in rows))
    bench_out = tmp_path / "bench.json"
    assert main(["bench", str(bench_file), "--out", str(bench_out), "--checker", "overlap"]) == 0
    bench = json.loads(bench_out.read_text())
    assert bench["threshold"] == 0.8 and bench["checker"]["checker"] == "overlap"
    assert bench["datasets"]["larkspur"]["n"] == len(rows) and bench["counters"]["overlap_claims"] > 0

    sweep_out = tmp_path / "sweep"
    assert main(["sweep", str(LARKSPUR / "labeled_claims.jsonl"), "--out", str(sweep_out), "--checker",
                 "overlap:numbers=off,arithmetic=off", "--thresholds", "0.5,0.9", "--no-plot"]) == 0
    sweep = json.loads((sweep_out / "sweep.json").read_text())
    curve = sweep["checkers"]["overlap:numbers=off,arithmetic=off"]
    assert [p["threshold"] for p in curve["points"]] == [0.5, 0.9]


def test_a_bad_option_of_the_example_is_a_usage_error(tmp_path, overlap, capsys):
    code = main(["sweep", str(LARKSPUR / "labeled_claims.jsonl"), "--out", str(tmp_path / "s"), "--checker",
                 "overlap:threshold=2", "--no-plot"])
    err = capsys.readouterr().err
    assert code == 2 and "'threshold'" in err and "less than or equal to 1" in err
