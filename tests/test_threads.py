"""The thread policy: the idle cores with passive waiting by default, --threads / $FAITHKIT_THREADS to change it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from faithkit import threads
from faithkit.threads import DEFAULT_THREADS, apply_thread_policy, resolved_threads
from tests.extras import importorskip, needs_torch

ROOT = Path(__file__).resolve().parent.parent


def test_resolution_order(monkeypatch):
    monkeypatch.delenv("FAITHKIT_THREADS", raising=False)
    monkeypatch.setattr(threads, "idle_cores", lambda: 5)
    assert resolved_threads() == 5  # the cores no other work uses
    monkeypatch.setenv("FAITHKIT_THREADS", "3")
    assert resolved_threads() == 3
    assert resolved_threads(2) == 2  # the flag wins over the environment
    assert resolved_threads(0) == (os.cpu_count() or 1)
    monkeypatch.setenv("FAITHKIT_THREADS", "auto")
    assert resolved_threads() == (os.cpu_count() or 1)
    with pytest.raises(ValueError):
        resolved_threads(-1)


@pytest.fixture
def sampled(monkeypatch):
    """idle_cores with the machine's counters replaced: (cores, idle share over the sample, or None)."""
    monkeypatch.setattr(threads.time, "sleep", lambda seconds: None)
    threads.idle_cores.cache_clear()

    def machine(cores, idle_share, load=None):
        monkeypatch.setattr(os, "cpu_count", lambda: cores)
        samples = iter([(0, 0), (int(1000 * idle_share), 1000)]) if idle_share is not None else iter([None, None])
        monkeypatch.setattr(threads, "_cpu_times", lambda: next(samples))
        if load is None:
            monkeypatch.delattr(os, "getloadavg", raising=False)
        else:
            monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))
        threads.idle_cores.cache_clear()
        return threads.idle_cores()

    yield machine
    threads.idle_cores.cache_clear()


@pytest.mark.parametrize(("cores", "idle", "expected"), [(2, 0.97, 2), (2, 0.6, 1), (2, 0.0, 1), (8, 0.7, 6),
                                                          (1, 1.0, 1)])
def test_the_default_is_the_cores_no_other_work_uses(sampled, cores, idle, expected):
    """Measured: one thread is best on a loaded machine, every core on an idle one (module docstring)."""
    assert sampled(cores, idle) == expected


def test_without_proc_stat_the_load_average_decides_and_without_both_one_thread(sampled):
    assert sampled(2, None, load=0.1) == 2
    assert sampled(2, None, load=3.4) == 1
    assert sampled(4, None) == DEFAULT_THREADS == 1


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
