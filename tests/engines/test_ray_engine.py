"""--engine ray on a real local Ray cluster: results identical to the single-process run, in input order."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from faithkit.checkers.nli import NLIChecker
from faithkit.cli import main
from faithkit.engines.ray_engine import attach_ray
from faithkit.pipeline import CheckOptions, run_check
from tests.extras import importorskip

ray = importorskip("ray", "ray")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic_log import write_log  # noqa: E402

LARKSPUR = ROOT / "examples" / "larkspur" / "interactions.jsonl"


@pytest.fixture(scope="module")
def local_cluster():
    # logical CPUs, not cores: a test's actors live until the garbage collector frees the checker that holds their
    # handles (a reference cycle), and on a 2-CPU cluster the next test's actors could wait for them forever
    ray.init(
        num_cpus=8,
        include_dashboard=False,
        log_to_driver=False,
        runtime_env={"env_vars": {"PYTHONPATH": str(ROOT / "src")}},
    )
    yield
    ray.shutdown()


def _records(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines()]


def _same(local: list[dict], distributed: list[dict]) -> None:
    assert [r["id"] for r in distributed] == [r["id"] for r in local]  # every record, in input order
    assert [r["status"] for r in distributed] == [r["status"] for r in local]
    for mine, theirs in zip(local, distributed):
        assert [c["text"] for c in theirs["claims"]] == [c["text"] for c in mine["claims"]]
        assert [c["verdict"] for c in theirs["claims"]] == [c["verdict"] for c in mine["claims"]]
        assert [c["evidence"] for c in theirs["claims"]] == [c["evidence"] for c in mine["claims"]]
        for a, b in zip(mine["claims"], theirs["claims"]):
            assert b["score"] == pytest.approx(a["score"], abs=1e-5)  # batch padding moves floats, not verdicts


def test_larkspur_with_engine_ray_is_the_single_process_run(local_cluster, tmp_path):
    # the CLI's default checker both times (the registry adds the numbers rules around the NLI checker)
    assert main(["check", str(LARKSPUR), "--out", str(tmp_path / "local"), "--cache", "off", "--quiet"]) == 0
    assert (
        main(
            [
                "check",
                str(LARKSPUR),
                "--out",
                str(tmp_path / "ray"),
                "--engine",
                "ray",
                "--ray-actors",
                "2",
                "--cache",
                "off",
                "--quiet",
            ]
        )
        == 0
    )
    manifest = json.loads((tmp_path / "ray" / "manifest.json").read_text())
    assert manifest["checker"]["weights"] == NLIChecker().described.identity
    counters = manifest["summary"]["checker_counters"]
    assert counters["ray_pairs_scored"] == counters["nli_pairs_scored"] > 0  # every scored pair ran on Ray
    _same(_records(tmp_path / "local"), _records(tmp_path / "ray"))


def test_a_checker_without_pair_scoring_is_refused():
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.errors import UsageError

    with pytest.raises(UsageError, match="pair-scoring"):
        attach_ray(ScriptedChecker({}))


def test_a_thousand_answers_on_ray_match_and_resume(local_cluster, tmp_path, tiny_nli):
    log = tmp_path / "log.jsonl"
    write_log(log, 1000)
    options = CheckOptions(chunk_size=250)
    spec = {"model": tiny_nli, "smoke_check": False, "window_sentences": 1}
    run_check(log, tmp_path / "local", NLIChecker(**spec).load(), options)
    # an interrupted Ray run: the first 300 records written, then resumed on Ray
    local = _records(tmp_path / "local")
    (tmp_path / "ray").mkdir()
    lines = (tmp_path / "local" / "results.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    (tmp_path / "ray" / "results.jsonl").write_text("".join(lines[:300]), encoding="utf-8")
    checker = NLIChecker(**spec)
    attach_ray(checker, actors=2)
    manifest = run_check(log, tmp_path / "ray", checker.load(), options, resume=True)
    assert manifest["resumed"] is True and manifest["input"]["records"] == 1000
    assert checker.counters["ray_pairs_scored"] == checker.counters["nli_pairs_scored"] > 0
    _same(local, _records(tmp_path / "ray"))
