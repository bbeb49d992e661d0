"""`faithkit sweep` end to end on the Larkspur labeled set, with the real similarity baseline."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from faithkit.cli import main
from tests.extras import needs_plots, needs_similarity

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "larkspur"


@pytest.mark.slow
@needs_similarity
@needs_plots
def test_sweep_writes_json_csv_and_png(tmp_path: Path, capsys) -> None:
    out = tmp_path / "sweep"
    code = main(
        [
            "sweep",
            str(EXAMPLES / "labeled_claims.jsonl"),
            "--out",
            str(out),
            "--checker",
            "similarity",
            "--thresholds",
            "0.5,0.6:0.8:0.1",
        ]
    )
    assert code == 0
    payload = json.loads((out / "sweep.json").read_text())
    result = payload["checkers"]["similarity"]
    labeled = [json.loads(line) for line in (EXAMPLES / "labeled_claims.jsonl").read_text().splitlines()]
    assert result["supported"] == sum(r["label"] == "supported" for r in labeled)
    assert result["faults"] == sum(r["label"] == "not_supported" for r in labeled)
    assert [p["threshold"] for p in result["points"]] == [0.5, 0.6, 0.7, 0.8]
    flagged = [p["false_alarms"]["k"] + p["detection"]["k"] for p in result["points"]]
    assert flagged == sorted(flagged), "raising the threshold never flags fewer claims"
    assert result["margin"]["score"] < 0.7 and result["margin"]["id"]
    assert any("too wide" in w for w in result["warnings"])
    rows = list(csv.DictReader((out / "sweep.csv").open()))
    assert {r["measure"] for r in rows} == {"false_alarms", "detection"}
    assert (out / "sweep.png").read_bytes()[:4] == b"\x89PNG"
    assert "| threshold | false alarms | detection |" in (out / "sweep.md").read_text()
    printed = capsys.readouterr().out
    assert "margin: lowest-scoring true claim" in printed and "warning: intervals too wide" in printed


def test_sweep_needs_labels(tmp_path: Path, capsys) -> None:
    unlabeled = tmp_path / "claims.jsonl"
    unlabeled.write_text(json.dumps({"id": "1", "claim": "c", "contexts": ["p"]}) + "\n")
    assert main(["sweep", str(unlabeled), "--out", str(tmp_path / "o")]) == 2
    assert "label" in capsys.readouterr().err


def test_sweep_rejects_bad_thresholds(tmp_path: Path, capsys) -> None:
    code = main(
        ["sweep", str(EXAMPLES / "labeled_claims.jsonl"), "--out", str(tmp_path / "o"), "--thresholds", "0.9:0.1:0.1"]
    )
    assert code == 2
    assert "--thresholds" in capsys.readouterr().err
