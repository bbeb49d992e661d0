"""Each detector kind end to end on its tiny local model: `faithkit check`, `bench` (several checkers, one
table), the cascade (loopback judge) and `mutate`, and a manifest that rebuilds the same checker."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.checkers.registry import rebuild, rebuild_spec
from faithkit.cli import main
from faithkit.llm.loopback import LoopbackServer, ScriptedJudge

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "larkspur"
DOC = "The Team plan costs 12 euros per user per month. SSO is only on the Enterprise plan."
BENCH_ROWS = [
    ("SSO is on the Team plan.", 0),
    ("The Team plan costs 12 euros.", 1),
    ("SSO is only on the Enterprise plan.", 1),
    ("Exports are hourly.", 0),
]


def spec_of(kind: str, models: dict[str, Path]) -> str:
    folder = {"classifier": models["deberta-v2/supported"], "seq2seq": models["t5"], "hhem": models["hhem"]}[kind]
    extra = ",trust_remote_code=on" if kind == "hhem" else ""
    return f"{kind}:model={folder},smoke_check=off{extra}"


@pytest.mark.parametrize("kind", ["classifier", "seq2seq", "hhem"])
def test_check_scores_every_claim_and_the_manifest_rebuilds_the_checker(detector_models, tmp_path, kind, capsys):
    out = tmp_path / "run"
    code = main(
        [
            "check",
            str(EXAMPLES / "interactions.jsonl"),
            "--out",
            str(out),
            "--checker",
            spec_of(kind, detector_models),
            "--quiet",
        ]
    )
    assert code == 0
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    inputs = (EXAMPLES / "interactions.jsonl").read_text().splitlines()
    assert len(rows) == len(inputs)  # every record accounted for
    claims = [c for r in rows for c in r.get("claims") or []]
    assert claims and all(c["stage"] in (kind, "numbers", "arithmetic") for c in claims)
    scored = [c for c in claims if c["stage"] == kind]
    assert scored and all(0.0 <= c["score"] <= 1.0 and c["evidence"]["text"] for c in scored)
    manifest = json.loads((out / "manifest.json").read_text())
    section = manifest["checker"]
    assert section["checker"] == kind and section["premises"] == "chunks"
    assert section["numbers"]["missing_numbers"] and section["numbers"]["arithmetic"]  # under the numbers stage
    again = rebuild(section)
    assert rebuild_spec(again) == section["rebuild"]
    assert again.spec()["weights"] == section["weights"]


def test_hhem_through_check_needs_the_flag(detector_models, tmp_path, capsys):
    spec = f"hhem:model={detector_models['hhem']},smoke_check=off"
    code = main(["check", str(EXAMPLES / "interactions.jsonl"), "--out", str(tmp_path / "r"), "--checker", spec])
    assert code == 2 and "--trust-remote-code" in capsys.readouterr().err
    assert not (tmp_path / "r" / "results.jsonl").exists()
    code = main(
        [
            "check",
            str(EXAMPLES / "interactions.jsonl"),
            "--out",
            str(tmp_path / "r"),
            "--checker",
            spec,
            "--trust-remote-code",
            "--quiet",
        ]
    )
    assert code == 0
    assert json.loads((tmp_path / "r" / "manifest.json").read_text())["checker"]["rebuild"]["trust_remote_code"]


def test_bench_compares_several_checkers_in_one_table(detector_models, tmp_path, capsys):
    data = tmp_path / "dev.jsonl"
    data.write_text("".join(json.dumps({"doc": DOC, "claim": c, "label": y}) + "\n" for c, y in BENCH_ROWS))
    specs = ["nli", spec_of("classifier", detector_models), spec_of("seq2seq", detector_models)]
    argv = ["bench", str(data), "--out", str(tmp_path / "b.json")]
    for spec in specs:
        argv += ["--checker", spec]
    assert main(argv) == 0
    table = capsys.readouterr().out
    lines = [line for line in table.splitlines() if " dev " in line]
    assert [line.split()[0] for line in lines] == specs  # one row per checker, in the order given
    payload = json.loads((tmp_path / "b.json").read_text())
    assert list(payload["checkers"]) == specs
    for spec in specs:
        result = payload["checkers"][spec]["datasets"]["dev"]
        assert result["n"] == 4 and result["low"] <= result["balanced_accuracy"] <= result["high"]
        assert result["pairs_per_second"] > 0
    chunked = payload["checkers"][specs[1]]
    assert chunked["checker"]["premises"] == "chunks" and chunked["counters"]["nli_pairs"] == 4  # one chunk each


@pytest.mark.parametrize("kind", ["classifier", "seq2seq"])
def test_a_detector_is_the_cascades_first_stage(detector_models, tmp_path, kind):
    first = spec_of(kind, detector_models).replace(",", ";")
    judge = ScriptedJudge(default=("SUPPORTED", ""))
    with LoopbackServer(judge) as server:
        code = main(
            [
                "check",
                str(EXAMPLES / "interactions.jsonl"),
                "--out",
                str(tmp_path / "run"),
                "--checker",
                f"cascade:first={first},route_below=0.99",
                "--base-url",
                server.base_url,
                "--model",
                "judge",
                "--quiet",
            ]
        )
        assert code == 0 and server.calls > 0
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["checker"]["nli"]["checker"] == kind  # the first stage is the detector
    claims = [
        c
        for line in (tmp_path / "run" / "results.jsonl").read_text().splitlines()
        for c in json.loads(line).get("claims") or []
    ]
    routed = [c for c in claims if c["stage"] == "judge"]
    assert routed and all(c["detail"]["nli"]["score"] < 0.99 for c in routed)  # random weights: never confident


def test_mutate_runs_every_kind_on_the_reviewed_mutants(detector_models, tmp_path, capsys):
    specs = [spec_of("classifier", detector_models), spec_of("seq2seq", detector_models)]
    argv = [
        "mutate",
        str(EXAMPLES / "faithful_claims.jsonl"),
        "--out",
        str(tmp_path / "m"),
        "--mutants",
        str(EXAMPLES / "mutants_reviewed.jsonl"),
    ]
    for spec in specs:
        argv += ["--checker", spec]
    assert main(argv) == 0
    suite = json.loads((tmp_path / "m" / "suite.json").read_text())
    assert list(suite["checkers"]) == specs
    for entry in suite["checkers"].values():
        assert entry["false_alarms"]["n"] == 12 and entry["detection"]["all"]["n"] > 0


def test_sweep_and_agree_take_a_detector_spec(detector_models, tmp_path, capsys):
    spec = spec_of("seq2seq", detector_models)
    labeled = EXAMPLES / "labeled_claims.jsonl"
    assert (
        main(["sweep", str(labeled), "--out", str(tmp_path / "s"), "--checker", spec, "--thresholds", "0.2:0.8:0.2"])
        == 0
    )
    points = json.loads((tmp_path / "s" / "sweep.json").read_text())["checkers"][spec]["points"]
    flagged = [p["false_alarms"]["k"] + p["detection"]["k"] for p in points]
    assert len(points) == 4 and flagged == sorted(flagged)
    capsys.readouterr()
    assert main(["agree", str(labeled), "--checker", spec]) == 0
    printed = capsys.readouterr().out
    assert f"B = {spec}" in printed and "66 items in both" in printed
