"""One run per results folder: an exclusive lock on ``OUT/.faithkit.lock`` for the whole run.

Two runs writing the same ``results.jsonl`` interleave lines (two ``--resume`` runs wrote 208 records for 120
lines; two ``--overwrite`` runs left corrupt and lost lines) and both exit 0. The lock is ``fcntl.flock`` on a
file in the folder: the kernel drops it when the holder exits in any way, ``kill -9`` included, so a crashed
run never holds a folder after it is gone, and a second run is refused at once with the holder's pid.

The file itself exists only while a run holds it: a finished run (or one that failed or was interrupted) removes
it, so a results folder does not keep a ``.faithkit.lock`` that reads like a run in progress. Removing it safely
takes one rule: the holder unlinks the file *before* closing it, and whoever locks a file checks afterwards that it
is still the one at the path (same inode), trying again if not, so a run that opened the old file just before it
was removed never "holds" a file nobody else can see. A file left by a killed run (``kill -9``, power loss) is
locked at once by the next run, which replaces it and prints a note naming the dead run's pid. The content is
the holder's pid, host and start time, for messages only: the kernel's lock decides.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from pathlib import Path

from faithkit.errors import UsageError

LOCK_FILE = ".faithkit.lock"
_ATTEMPTS = 20  # a file removed between our open and our lock: try again (a few at most, in practice one)


def pid_alive(pid: int) -> bool:
    """Whether a process with this id runs on this machine (signal 0 checks without sending anything)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # it exists, under another user (or we cannot tell: assume it runs)
    return True


def holder_pid(text: str) -> int | None:
    """The pid in a lock file's text (``pid 123 on host, since 10:02:03``), or None."""
    words = text.split()
    if len(words) >= 2 and words[0] == "pid" and words[1].isdigit():
        return int(words[1])
    return None


def stale_note(folder: Path, text: str) -> str:
    """The note printed when a run replaces the lock file a killed run left behind."""
    pid = holder_pid(text)
    gone = f"; pid {pid} is no longer running" if pid is not None and not pid_alive(pid) else ""
    return (f"faithkit: note: replaced a stale lock in {folder} left by a run that did not finish ({text}{gone})")


class OutputLock:
    """Held from ``acquire`` to ``release`` (or process exit); a context manager as well."""

    def __init__(self, folder: str | os.PathLike[str]):
        self.path = Path(folder) / LOCK_FILE
        self._fd: int | None = None
        self.stale: str | None = None  # the note, when this lock replaced one a killed run left

    def acquire(self) -> OutputLock:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: fall back to O_EXCL below
            return self._acquire_exclusive_create()
        for _ in range(_ATTEMPTS):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise UsageError(f"cannot write to the results folder {self.path.parent}: {exc.strerror}") from exc
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = os.pread(fd, 200, 0).decode("utf-8", "replace").strip() or "unknown"
                current = self._is_current(fd)
                os.close(fd)
                if not current:
                    continue  # the holder finished and removed it just now: lock the new file
                raise UsageError(
                    f"another faithkit run is writing to {self.path.parent} ({holder}); wait for it to "
                    "finish, or use another --out"
                ) from None
            if self._is_current(fd):
                break
            os.close(fd)  # locked a file a finishing run had just removed: try the one at the path now
        else:  # pragma: no cover - only under a storm of runs starting and finishing on one folder
            raise UsageError(f"could not lock {self.path}: it keeps being replaced; try again")
        left = os.pread(fd, 200, 0).decode("utf-8", "replace").strip()
        if left:  # we hold the lock, yet the file names a holder: that run ended without removing it
            self.stale = stale_note(self.path.parent, left)
            print(self.stale, file=sys.stderr)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()} on {socket.gethostname()}, since {time.strftime('%H:%M:%S')}\n".encode(), 0)
        self._fd = fd
        return self

    def _is_current(self, fd: int) -> bool:
        """Whether ``fd`` is still the file at the lock's path (not one a finishing run has just removed)."""
        try:
            at_path = os.stat(self.path)
        except FileNotFoundError:
            return False
        held = os.fstat(fd)
        return (held.st_dev, held.st_ino) == (at_path.st_dev, at_path.st_ino)

    def _acquire_exclusive_create(self) -> OutputLock:  # pragma: no cover - platforms without fcntl
        """Without ``flock`` the file's existence is the lock; one whose pid no longer runs is replaced."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            left = self.path.read_text(encoding="utf-8", errors="replace").strip()
            pid = holder_pid(left)
            if pid is not None and not pid_alive(pid):
                self.stale = stale_note(self.path.parent, left)
                print(self.stale, file=sys.stderr)
                self.path.unlink(missing_ok=True)
                return self._acquire_exclusive_create()
            raise UsageError(
                f"another faithkit run is writing to {self.path.parent} ({left or 'unknown'}; remove "
                f"{self.path} if it crashed)"
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
        """Remove the file, then let go of it (in this order: see the module docstring)."""
        if self._fd is not None:
            try:
                if self._is_current(self._fd):
                    self.path.unlink()
            except OSError:
                pass  # a read-only or vanished folder: the kernel lock still goes with the descriptor
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None

    def __enter__(self) -> OutputLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
