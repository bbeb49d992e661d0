"""Thread policy for the model's forward pass on a CPU that other work may share.

Measured on the team's loaded 2-core machine (benchmarks/threads.py): one thread scores short pairs faster than
one thread per core, because the extra threads fight the other load (idle OpenMP threads spin; passive waiting,
``OMP_WAIT_POLICY=PASSIVE``, recovers most of it). On the same machine idle, two ONNX Runtime threads ran the
60-answer synthetic log in 18 s against 30 s for one (session 14). So the default is the cores no other work is
using when the run starts (``idle_cores``: the idle share of the cores over a 50 ms sample, at least one); a
loaded machine gets one thread as before, an idle one every core. ``--threads N`` (or ``$FAITHKIT_THREADS``; 0 or
``auto``: one per core) sets it. ``apply_thread_policy`` must run before torch is imported: OpenMP reads its
environment once.
"""

from __future__ import annotations

import os
import sys
import time
from functools import lru_cache

DEFAULT_THREADS = 1


SAMPLE_SECONDS = 0.05


def _cpu_times() -> tuple[int, int] | None:
    """(idle, total) jiffies over all cores from /proc/stat (Linux), or None."""
    try:
        with open("/proc/stat", encoding="ascii") as handle:
            fields = [int(x) for x in handle.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return fields[3] + (fields[4] if len(fields) > 4 else 0), sum(fields[:8])


@lru_cache(maxsize=1)
def idle_cores() -> int:
    """The cores no other work is using now, at least ``DEFAULT_THREADS``: on Linux the idle share of all cores
    over a 50 ms sample of /proc/stat (the 1-minute load average lags: right after another heavy process it still
    says busy), elsewhere the core count less the load average; ``DEFAULT_THREADS`` where neither can be read.
    Sampled once per process."""
    cores = os.cpu_count() or 1
    before = _cpu_times()
    if before is not None:
        time.sleep(SAMPLE_SECONDS)
        after = _cpu_times()
        if after is not None and after[1] > before[1]:
            idle = (after[0] - before[0]) / (after[1] - before[1])
            return max(DEFAULT_THREADS, min(cores, round(cores * idle)))
    try:
        load = os.getloadavg()[0]
    except (OSError, AttributeError):  # not every platform has a load average
        return DEFAULT_THREADS
    return max(DEFAULT_THREADS, min(cores, round(cores - load)))


def resolved_threads(threads: int | None = None) -> int:
    """``threads``, else ``$FAITHKIT_THREADS``, else the idle cores (0 or "auto": one per core)."""
    value: int | str | None = threads if threads is not None else os.environ.get("FAITHKIT_THREADS")
    if value is None or value == "":
        return idle_cores()
    if str(value).lower() == "auto" or int(value) == 0:
        return os.cpu_count() or 1
    if int(value) < 1:
        raise ValueError(f"threads must be at least 1 (or 0 / auto), got {value}")
    return int(value)


def apply_thread_policy(threads: int | None = None) -> int:
    """Set the thread count for torch / OpenMP / ONNX Runtime and passive waiting; returns the count.

    Environment variables a user set win (OMP_NUM_THREADS, OMP_WAIT_POLICY); torch, if already imported,
    gets ``set_num_threads`` too."""
    count = resolved_threads(threads)
    os.environ["FAITHKIT_THREADS"] = str(count)
    if threads is not None or "OMP_NUM_THREADS" not in os.environ:
        os.environ["OMP_NUM_THREADS"] = str(count)
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(count)
    return count
