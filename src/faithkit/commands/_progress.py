"""A command's ``run`` inside an active progress display, for the commands that check claims (agree, bench,
mutate, sweep).

It lives here rather than in ``faithkit.progress`` because it reads ``--quiet`` off the command's namespace, and
nothing below ``commands/`` takes one: ``progress`` knows displays, not command lines.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


def with_progress(run: Callable[[argparse.Namespace], int], desc: str,
                  unit: str = "claim") -> Callable[[argparse.Namespace], int]:
    """``run`` with a display (``desc``, counting ``unit``) that ``progress.check_with_progress`` reports to;
    ``--quiet`` silences it."""
    from faithkit.progress import Progress, active

    def wrapped(args: argparse.Namespace) -> int:
        with Progress(None, unit, desc=desc, quiet=bool(getattr(args, "quiet", False))) as progress, active(progress):
            return run(args)

    wrapped.__doc__ = run.__doc__
    return wrapped
