"""The results folder's `.faithkit.lock` exists only while a run holds it: removed when the run ends (done, failed
or interrupted), and a file left by a killed run is replaced with a note naming its dead pid."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.io.lock import LOCK_FILE, OutputLock, holder_pid, pid_alive
from faithkit.io.results import read_results
from faithkit.pipeline import CheckOptions, run_check

ROOT = Path(__file__).resolve().parents[2]


def _log(path: Path, lines: int = 4) -> Path:
    rows = [{"id": f"r{i}", "contexts": ["Refunds take 30 days."], "answer": "Refunds take 30 days."}
            for i in range(lines)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_the_lock_exists_while_a_run_holds_it_and_is_gone_after(tmp_path):
    log, out = _log(tmp_path / "log.jsonl"), tmp_path / "out"
    seen = []
    run_check(log, out, ScriptedChecker(default="supported"), CheckOptions(chunk_size=2),
              progress=lambda answers, claims: seen.append((out / LOCK_FILE).read_text()))
    assert seen and all(text.startswith(f"pid {os.getpid()} ") for text in seen)
    assert not (out / LOCK_FILE).exists()


def test_the_lock_is_removed_when_a_run_is_interrupted_or_fails(tmp_path):
    log, out = _log(tmp_path / "log.jsonl"), tmp_path / "out"

    def interrupt(answers: int, claims: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_check(log, out, ScriptedChecker(default="supported"), CheckOptions(chunk_size=2), progress=interrupt)
    assert not (out / LOCK_FILE).exists()
    with pytest.raises(RuntimeError), OutputLock(out):
        raise RuntimeError("boom")
    assert not (out / LOCK_FILE).exists()
    run_check(log, out, ScriptedChecker(default="supported"), resume=True)  # and the folder is usable again
    assert len(read_results(out).records) == 4


def test_a_lock_left_by_a_killed_run_is_replaced_with_a_note(tmp_path, capsys):
    log, out = _log(tmp_path / "log.jsonl"), tmp_path / "out"
    out.mkdir()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from faithkit.io.lock import OutputLock; "
         "OutputLock(sys.argv[1]).acquire(); print('locked', flush=True); time.sleep(120)", str(out)],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert holder.stdout.readline().strip() == "locked"
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=30)
    left = (out / LOCK_FILE).read_text()
    assert holder_pid(left) == holder.pid and not pid_alive(holder.pid)

    run_check(log, out, ScriptedChecker(default="supported"))
    err = capsys.readouterr().err
    assert "stale lock" in err and f"pid {holder.pid} is no longer running" in err
    assert len(read_results(out).records) == 4 and not (out / LOCK_FILE).exists()


def test_a_live_holder_still_refuses_and_its_file_stays(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    with OutputLock(out):
        from faithkit.errors import UsageError

        with pytest.raises(UsageError, match="another faithkit run"):
            OutputLock(out).acquire()
        assert (out / LOCK_FILE).exists()
    assert not (out / LOCK_FILE).exists()
