"""The example GitHub workflow: its gate step and its exit-code handling run for real in bash."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import faithkit
from tests.test_gate_support import lesson_runs

WORKFLOW = Path(__file__).resolve().parents[2] / ".github" / "workflows" / "faithfulness-gate.yml"
BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(BASH is None, reason="needs bash")


def steps() -> dict[str, dict]:
    yaml = pytest.importorskip("yaml")
    data = yaml.safe_load(WORKFLOW.read_text())
    triggers = data.get("on", data.get(True))  # YAML 1.1 reads a bare `on` key as True
    assert {"pull_request", "workflow_dispatch"} <= set(triggers)
    (job,) = data["jobs"].values()
    return {step.get("name", step.get("uses")): step for step in job["steps"]}


def faithkit_shim(folder: Path) -> dict[str, str]:
    """An environment where `faithkit` runs this checkout (as `pip install faithkit` would provide it)."""
    shim = folder / "bin" / "faithkit"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m faithkit "$@"\n')
    shim.chmod(0o755)
    src = str(Path(faithkit.__file__).resolve().parents[1])
    env = dict(os.environ, PATH=f"{shim.parent}{os.pathsep}{os.environ['PATH']}",
               PYTHONPATH=os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]))
    env.pop("GITHUB_STEP_SUMMARY", None)
    return env


def test_workflow_checks_then_gates():
    found = steps()
    assert 'faithkit check "$EVAL_LOG"' in found["Check the answers"]["run"]
    assert "--update-baseline" not in found["Gate against the baseline"]["run"]
    update = found["Update the baseline (explicit, only when asked and only after a pass)"]
    assert "inputs.update_baseline" in update["if"] and "--update-baseline" in update["run"]


@pytest.mark.parametrize("flipped, expected", [(False, "0"), (True, "1")])
def test_gate_step_records_the_exit_code(tmp_path, flipped, expected):
    base_dir, new_dir = lesson_runs(tmp_path)
    if flipped:
        base_dir, new_dir = new_dir, base_dir
    (tmp_path / "policy.toml").write_text("max_unsupported_rate = 0.2\nalpha = 0.05\n")
    output = tmp_path / "github_output"
    env = faithkit_shim(tmp_path) | {"BASELINE_DIR": str(base_dir), "RUN_DIR": str(new_dir),
                                     "POLICY": str(tmp_path / "policy.toml"), "GITHUB_OUTPUT": str(output)}
    done = subprocess.run([BASH, "-e", "-c", steps()["Gate against the baseline"]["run"]], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr  # the step itself never fails; the next step acts on the code
    assert output.read_text().strip() == f"exit_code={expected}"
    for name in ("faithkit-junit.xml", "faithkit-gate.json", "faithkit-summary.md"):
        assert (tmp_path / name).is_file()


@pytest.mark.parametrize("gate_exit, job_exit, annotation", [
    ("0", 0, "passed"), ("1", 1, "::error::faithfulness gate failed"),
    ("2", 2, "could not run"), ("3", 1, "inconclusive"), ("", 1, "unexpected exit code"),
])
def test_verdict_step_acts_on_every_exit_code(gate_exit, job_exit, annotation):
    script = steps()["Act on the verdict"]["run"]
    done = subprocess.run([BASH, "-e", "-c", script], env=dict(os.environ, GATE_EXIT=gate_exit),
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == job_exit
    assert annotation in done.stdout
