"""Thread policy for the model's forward pass on a CPU that other work shares.

Measured on the team's loaded 2-core machine (benchmarks/threads.py): one torch thread scores short pairs
faster than torch's default of one thread per core, because idle OpenMP threads spin and fight the other
load; passive waiting (``OMP_WAIT_POLICY=PASSIVE``) recovers most of it. So faithkit defaults to one thread
with passive waiting, and ``--threads N`` (or ``$FAITHKIT_THREADS``) asks for more on an idle many-core box.
``apply_thread_policy`` must run before torch is imported: OpenMP reads its environment once.
"""

from __future__ import annotations

import os
import sys

DEFAULT_THREADS = 1


def resolved_threads(threads: int | None = None) -> int:
    """``threads``, else ``$FAITHKIT_THREADS``, else DEFAULT_THREADS (0 or "auto": one per core)."""
    value: int | str | None = threads if threads is not None else os.environ.get("FAITHKIT_THREADS")
    if value is None or value == "":
        return DEFAULT_THREADS
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
