"""Kill -9 at random points then --resume; two concurrent runs; resume on changed input or settings.

Asserts what a user relies on: 0 records lost, 0 duplicated, verdicts identical to an uninterrupted run, and
a clear refusal (exit 2) instead of a mixed results file.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.errors import UsageError
from faithkit.io.lock import OutputLock
from faithkit.io.results import read_results
from faithkit.pipeline import CheckOptions, run_check
from tests.reliability.runner import SlowHashChecker

ROOT = Path(__file__).resolve().parents[2]
LINES = 200


def _log(path: Path, lines: int = LINES) -> Path:
    rows = [
        {
            "id": f"r{i}",
            "contexts": ["Refunds are available within 30 days."],
            "answer": f"Refunds take {i} days. Fees are waived for plan {i % 7}.",
        }
        for i in range(lines)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _start(log: Path, out: Path, *flags: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}", "OMP_NUM_THREADS": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.runner", str(log), str(out), *flags],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _verdicts(out: Path) -> list[tuple[str, list[str]]]:
    return [(r["id"], [c["verdict"] for c in r["claims"]]) for r in read_results(out).records]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reference")
    log = _log(folder / "log.jsonl")
    run_check(log, folder / "out", SlowHashChecker(0), CheckOptions(chunk_size=5))
    return log, _verdicts(folder / "out")


@pytest.mark.parametrize("seed", [1, 2])
def test_kill_9_at_random_points_then_resume_loses_and_duplicates_nothing(tmp_path, reference, seed):
    log, expected = reference
    out, rng, kills = tmp_path / "out", random.Random(seed), 0
    for attempt in range(3):
        process = _start(log, out, "--delay=0.05", *(["--resume"] if attempt else []))
        time.sleep(rng.uniform(0.3, 1.5))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            kills += 1
        process.wait(timeout=60)
    final = _start(log, out, "--resume", "--delay=0")
    assert final.wait(timeout=120) == 0, final.stderr.read()
    assert kills >= 1, "every run finished before its kill: nothing was tested"
    got = _verdicts(out)
    ids = [i for i, _ in got]
    assert len(ids) == len(set(ids)) == LINES  # 0 lost, 0 duplicated
    assert got == expected  # identical verdicts, in input order


def test_two_concurrent_runs_one_is_refused_and_the_file_is_whole(tmp_path, reference):
    log, expected = reference
    out = tmp_path / "out"
    first = _start(log, out, "--delay=0.05")
    time.sleep(0.6)
    second = _start(log, out, "--overwrite")
    second_rc = second.wait(timeout=60)
    assert first.wait(timeout=120) == 0
    assert second_rc == 2 and "another faithkit run" in second.stderr.read()
    assert _verdicts(out) == expected
    # two concurrent --resume runs after a kill: one finishes, the other is refused
    first = _start(log, out, "--overwrite", "--delay=0.05")
    time.sleep(0.8)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=30)
    a, b = _start(log, out, "--resume", "--delay=0.02"), _start(log, out, "--resume", "--delay=0.02")
    codes = sorted([a.wait(timeout=120), b.wait(timeout=120)])
    assert codes == [0, 2], codes
    assert _verdicts(out) == expected


def test_a_held_lock_refuses_a_run_and_a_released_one_does_not(tmp_path):
    log = _log(tmp_path / "log.jsonl", 3)
    out = tmp_path / "out"
    out.mkdir()
    with OutputLock(out), pytest.raises(UsageError, match=f"pid {os.getpid()}"):
        run_check(log, out, ScriptedChecker(default="supported"))
    run_check(log, out, ScriptedChecker(default="supported"))
    assert len(read_results(out).records) == 3


def test_resume_after_a_finished_run_refuses_a_changed_input(tmp_path):
    log = _log(tmp_path / "log.jsonl", 5)
    out = tmp_path / "out"
    run_check(log, out, ScriptedChecker(default="supported"))
    _log(log, 6)
    with pytest.raises(UsageError, match="changed"):
        run_check(log, out, ScriptedChecker(default="supported"), resume=True)
    assert len(read_results(out).records) == 5  # the finished run is untouched


@pytest.mark.parametrize(
    ("changed", "options"),
    [
        ("threshold", {"checker": ScriptedChecker(default="supported", threshold=0.7)}),
        ("checker", {"checker": ScriptedChecker(default="supported", stage="other")}),
        ("check_reference", {"options": CheckOptions(check_reference=False)}),
        (
            "refusal_patterns",
            {"options": CheckOptions(refusals=__import__("faithkit.scoring").scoring.RefusalDetector(["nope"]))},
        ),
    ],
)
def test_resume_refuses_other_settings(tmp_path, changed, options):
    log = _log(tmp_path / "log.jsonl", 4)
    out = tmp_path / "out"
    run_check(log, out, ScriptedChecker(default="supported"))
    with pytest.raises(UsageError, match=changed):
        run_check(
            log, out, options.get("checker", ScriptedChecker(default="supported")), options.get("options"), resume=True
        )


def test_resume_refuses_a_run_split_by_another_sentence_splitter(tmp_path, monkeypatch):
    """The splitter decides the claims (and the windows): a run started by another splitter version must not be
    finished by this one, or one results file would hold claims cut two ways."""
    from faithkit.text import split_cache

    log = _log(tmp_path / "log.jsonl", 4)
    out = tmp_path / "out"
    run_check(log, out, ScriptedChecker(default="supported"))
    assert split_cache.splitter_identity() in json.dumps(json.loads((out / "manifest.json").read_text())["claims"])
    split_cache.splitter_identity.cache_clear()
    monkeypatch.setattr(split_cache, "SPLIT_VERSION", "split-v0")
    try:
        with pytest.raises(UsageError, match="claims"):
            run_check(log, out, ScriptedChecker(default="supported"), resume=True)
    finally:
        split_cache.splitter_identity.cache_clear()


def test_resume_on_a_folder_from_before_run_json_compares_the_manifest(tmp_path):
    log = _log(tmp_path / "log.jsonl", 4)
    out = tmp_path / "out"
    run_check(log, out, ScriptedChecker(default="supported"))
    (out / "run.json").unlink()
    with pytest.raises(UsageError, match="threshold"):
        run_check(log, out, ScriptedChecker(default="supported", threshold=0.9), resume=True)
    run_check(log, out, ScriptedChecker(default="supported"), resume=True)


def test_the_cli_refuses_a_held_folder_before_loading_a_model(tmp_path, capsys):
    from faithkit.cli import main

    log = _log(tmp_path / "log.jsonl", 2)
    out = tmp_path / "out"
    out.mkdir()
    with OutputLock(out):
        started = time.monotonic()
        assert main(["check", str(log), "--out", str(out), "--resume", "--quiet", "--model", "/nonexistent"]) == 2
        assert time.monotonic() - started < 5
    assert "another faithkit run" in capsys.readouterr().err  # not the model error: the lock is checked first


def test_a_full_disk_mid_run_is_exit_2_and_resume_completes(tmp_path, reference):
    log, expected = reference
    out = tmp_path / "out"
    code = (
        "import resource, signal, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN); "
        "resource.setrlimit(resource.RLIMIT_FSIZE, (30000, 30000)); "
        "from tests.reliability.runner import main; sys.exit(main(sys.argv[1:]))"
    )
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}", "OMP_NUM_THREADS": "1"}
    full = subprocess.run(
        [sys.executable, "-c", code, str(log), str(out), "--delay=0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert full.returncode == 2 and "cannot write" in full.stderr, full.stderr[-2000:]
    assert 0 < len((out / "results.jsonl").read_text().splitlines()) < LINES
    resumed = _start(log, out, "--resume", "--delay=0")
    assert resumed.wait(timeout=120) == 0, resumed.stderr.read()
    assert _verdicts(out) == expected
