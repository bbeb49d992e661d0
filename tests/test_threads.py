"""The thread policy: the idle cores with passive waiting by default, --threads / $FAITHKIT_THREADS to change it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from faithkit.threads import DEFAULT_THREADS, apply_thread_policy, resolved_threads
from tests.extras import importorskip, needs_torch

ROOT = Path(__file__).resolve().parent.parent


def test_resolution_order(monkeypatch):
    monkeypatch.delenv("FAITHKIT_THREADS", raising=False)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    assert resolved_threads() == (os.cpu_count() or 1)  # an idle machine: every core
    monkeypatch.setenv("FAITHKIT_THREADS", "3")
    assert resolved_threads() == 3
    assert resolved_threads(2) == 2  # the flag wins over the environment
    assert resolved_threads(0) == (os.cpu_count() or 1)
    monkeypatch.setenv("FAITHKIT_THREADS", "auto")
    assert resolved_threads() == (os.cpu_count() or 1)
    with pytest.raises(ValueError):
        resolved_threads(-1)


@pytest.mark.parametrize(("cores", "load", "expected"), [(2, 0.1, 2), (2, 0.8, 1), (2, 3.4, 1), (8, 2.2, 6),
                                                          (1, 0.0, 1)])
def test_the_default_is_the_cores_no_other_work_uses(monkeypatch, cores, load, expected):
    """Measured: one thread is best on a loaded machine, every core on an idle one (module docstring)."""
    monkeypatch.delenv("FAITHKIT_THREADS", raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: cores)
    monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))
    assert resolved_threads() == expected


def test_no_load_average_means_one_thread(monkeypatch):
    monkeypatch.delenv("FAITHKIT_THREADS", raising=False)

    def missing():
        raise OSError("no load average here")

    monkeypatch.setattr(os, "getloadavg", missing)
    assert resolved_threads() == DEFAULT_THREADS == 1


@needs_torch
def test_policy_reaches_torch_and_openmp_before_import():
    code = (
        "from faithkit.threads import apply_thread_policy; apply_thread_policy(None); "
        "import os, torch; print(torch.get_num_threads(), os.environ['OMP_WAIT_POLICY'])"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("OMP_NUM_THREADS", "OMP_WAIT_POLICY", "FAITHKIT_THREADS")}
    env["PYTHONPATH"] = str(ROOT / "src")
    env["FAITHKIT_THREADS"] = "1"  # the count itself depends on the machine's load: this test is about the order
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["1", "PASSIVE"]


def test_an_explicit_count_also_sets_an_imported_torch(monkeypatch):
    torch = importorskip("torch", "torch")
    before = torch.get_num_threads()
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    try:
        assert apply_thread_policy(2) == 2
        assert torch.get_num_threads() == 2 and os.environ["OMP_NUM_THREADS"] == "2"
    finally:
        torch.set_num_threads(before)
        monkeypatch.setenv("FAITHKIT_THREADS", str(before))
