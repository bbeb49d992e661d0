"""`faithkit agree` end to end on the Larkspur annotators' files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.cli import main
from tests.extras import needs_similarity

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "larkspur"


def test_agree_prints_kappa_and_writes_disagreements(tmp_path: Path, capsys) -> None:
    out, full = tmp_path / "disagreements.jsonl", tmp_path / "agree.json"
    code = main(
        [
            "agree",
            str(EXAMPLES / "labels_a.jsonl"),
            str(EXAMPLES / "labels_b.jsonl"),
            "--out",
            str(out),
            "--json",
            str(full),
        ]
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "Cohen's kappa 0.655" in printed and "raw agreement 19/24" in printed
    assert "recall (catch rate)" in printed
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["h05", "h06", "h07", "x04", "f04~swap_entity"]
    assert rows[1] == {
        "id": "h06",
        "a": "contradicted",
        "b": "supported",
        "case": "dropped condition",
        "claim": "Annual Enterprise contracts can be refunded in full.",
    }
    payload = json.loads(full.read_text())
    assert payload["agreement"]["kappa"] == pytest.approx(0.6551724, abs=1e-6)
    assert payload["b_against_a"]["recall"]["k"] == 15 and payload["b_against_a"]["recall"]["n"] == 16


def test_agree_cascade_files(tmp_path: Path, capsys) -> None:
    nli, judge = tmp_path / "nli.jsonl", tmp_path / "judge.jsonl"
    ids = [json.loads(line)["id"] for line in (EXAMPLES / "labels_a.jsonl").read_text().splitlines()]
    nli.write_text("".join(json.dumps({"id": i, "label": "supported"}) + "\n" for i in ids))
    judge.write_text("".join(json.dumps({"id": i, "label": "not_supported"}) + "\n" for i in ids))
    full = tmp_path / "agree.json"
    assert (
        main(
            [
                "agree",
                str(EXAMPLES / "labels_a.jsonl"),
                str(EXAMPLES / "labels_b.jsonl"),
                "--cascade",
                str(nli),
                str(judge),
                "--json",
                str(full),
            ]
        )
        == 0
    )
    cascade = json.loads(full.read_text())["cascade"]
    # the router passes everything, so every fault the judge catches is a routing miss
    assert cascade["routing_misses"]["all faults"]["k"] == 16 and cascade["cascade"]["all faults"]["k"] == 0
    assert "routing misses" in capsys.readouterr().out


@pytest.mark.slow
@needs_similarity
def test_agree_runs_a_checker_against_people(capsys) -> None:
    assert main(["agree", str(EXAMPLES / "labeled_claims.jsonl"), "--checker", "similarity"]) == 0
    printed = capsys.readouterr().out
    assert "B = similarity" in printed and "66 items in both" in printed


@pytest.mark.parametrize(
    "argv",
    [
        [str(EXAMPLES / "labels_a.jsonl")],  # neither B nor --checker
        [str(EXAMPLES / "labels_a.jsonl"), str(EXAMPLES / "labels_b.jsonl"), "--checker", "nli"],
        [str(EXAMPLES / "labels_a.jsonl"), "missing.jsonl"],
    ],
)
def test_agree_usage_errors(argv: list[str], capsys) -> None:
    assert main(["agree", *argv]) == 2
    assert capsys.readouterr().err.startswith("faithkit: error:")
