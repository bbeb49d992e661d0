"""Input paths checked once, with the message that says what is actually wrong.

``Path.is_file()`` is False for a missing file, a folder, a FIFO and a device alike, so ``--input /dev/null`` or
a named pipe used to read "input log not found". A log is read twice (its sha256 for the manifest and resume,
then its records), so it must be a regular file (or a dataset folder, which the format readers judge); this says
which case it is.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from faithkit.errors import UsageError


def check_input_file(path: str | os.PathLike[str], what: str = "input log") -> Path:
    """``path`` as a Path when it is a readable regular file or a folder; UsageError naming the problem
    otherwise."""
    path = Path(path)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise UsageError(f"{what} not found: {path}") from None
    except OSError as exc:
        raise UsageError(f"cannot read the {what} {path}: {exc.strerror}") from exc
    if stat.S_ISDIR(mode):
        return path  # a dataset folder (faithkit.io.formats): its reader says whether it is one
    if not stat.S_ISREG(mode):
        kind = (
            "a FIFO (named pipe)"
            if stat.S_ISFIFO(mode)
            else "a device"
            if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "not a regular file"
        )
        raise UsageError(
            f"{what} {path} is {kind}: faithkit reads the log twice (its hash, then its lines), so it "
            "must be a regular file; save it to a file first"
        )
    if not os.access(path, os.R_OK):
        raise UsageError(f"cannot read the {what} {path}: permission denied")
    return path
