"""One run per results folder: an exclusive lock on ``OUT/.faithkit.lock`` for the whole run.

Two runs writing the same ``results.jsonl`` interleave lines (two ``--resume`` runs wrote 208 records for 120
lines; two ``--overwrite`` runs left corrupt and lost lines) and both exit 0. The lock is ``fcntl.flock`` on a
file in the folder: the kernel drops it when the holder exits in any way, ``kill -9`` included, so a crashed
run never leaves a stale lock behind, and a second run is refused at once with the holder's pid. The lock file
stays in the folder (deleting it would let a waiting process lock an unlinked file while a third locks a new
one); its content is the holder's pid and start time, for the message only.
"""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

from faithkit.errors import UsageError

LOCK_FILE = ".faithkit.lock"


class OutputLock:
    """Held from ``acquire`` to ``release`` (or process exit); a context manager as well."""

    def __init__(self, folder: str | os.PathLike[str]):
        self.path = Path(folder) / LOCK_FILE
        self._fd: int | None = None

    def acquire(self) -> OutputLock:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: fall back to O_EXCL below
            return self._acquire_exclusive_create()
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise UsageError(f"cannot write to the results folder {self.path.parent}: {exc.strerror}") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 200, 0).decode("utf-8", "replace").strip() or "unknown"
            os.close(fd)
            raise UsageError(
                f"another faithkit run is writing to {self.path.parent} ({holder}); wait for it to "
                "finish, or use another --out"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()} on {socket.gethostname()}, since {time.strftime('%H:%M:%S')}\n".encode(), 0)
        self._fd = fd
        return self

    def _acquire_exclusive_create(self) -> OutputLock:  # pragma: no cover - platforms without fcntl
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            raise UsageError(
                f"another faithkit run is writing to {self.path.parent} (remove {self.path} if it crashed)"
            ) from None
        os.write(fd, f"pid {os.getpid()}\n".encode())
        self._fd = fd
        return self

    @classmethod
    def probe(cls, folder: str | os.PathLike[str]) -> None:
        """UsageError now if another run holds ``folder`` (before a model is loaded for nothing); the run still
        takes the lock itself, so a run that starts in between is refused then."""
        if Path(folder).is_dir() and (Path(folder) / LOCK_FILE).exists():
            cls(folder).acquire().release()

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None

    def __enter__(self) -> OutputLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
