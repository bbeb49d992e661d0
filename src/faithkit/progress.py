"""Progress for long commands (check, bench, mutate, sweep, agree): a tqdm bar on a terminal, one short line
every ~30 s without one (a CI log gets a heartbeat, not ten thousand carriage returns), nothing with --quiet.

Commands create one ``Progress`` and hand its ``update`` (or the object itself) to the work as a per-chunk hook;
the pipeline calls it with the answers and claims done in each chunk. Progress goes to stderr, so stdout stays
what the command prints as its result.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import IO, Any

HEARTBEAT_SECONDS = 30.0


def _format_eta(seconds: float) -> str:
    seconds = int(max(0, seconds))
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


class Progress:
    """Counts items (and claims, where there are claims) and shows them.

    total: how many items to expect (None when unknown: no ETA). unit: "answer", "pair", "claim", ...
    quiet: show nothing. stream: default stderr; a bar only when it is a terminal.
    """

    def __init__(
        self,
        total: int | None,
        unit: str = "answer",
        *,
        desc: str = "",
        quiet: bool = False,
        stream: IO[str] | None = None,
        heartbeat: float = HEARTBEAT_SECONDS,
        clock=time.monotonic,
    ):
        self.total, self.unit, self.desc, self.quiet = total, unit, desc, quiet
        self.stream = stream if stream is not None else sys.stderr
        self.heartbeat, self.clock = heartbeat, clock
        self.done = self.claims = 0
        self.started = self.last_line = clock()
        self.bar: Any = None
        if not quiet and _is_tty(self.stream):
            from tqdm import tqdm

            self.bar = tqdm(
                total=total, unit=unit, desc=desc or None, file=self.stream, leave=False, dynamic_ncols=True
            )

    def expect(self, more: int) -> None:
        """``more`` items are coming (commands that learn their size as they go: bench files, suite checkers)."""
        self.total = (self.total or 0) + more
        if self.bar is not None:
            self.bar.total = self.total
            self.bar.refresh()

    def __call__(self, items: int, claims: int = 0) -> None:
        self.update(items, claims)

    def update(self, items: int, claims: int = 0) -> None:
        """``items`` more done (with ``claims`` checked among them)."""
        self.done += items
        self.claims += claims
        if self.quiet:
            return
        if self.bar is not None:
            self.bar.update(items)
            if self.claims:
                elapsed = max(1e-9, self.clock() - self.started)
                self.bar.set_postfix_str(f"{self.claims / elapsed:.1f} claims/s", refresh=False)
            return
        now = self.clock()
        if now - self.last_line >= self.heartbeat:
            self.last_line = now
            print(self.line(now), file=self.stream, flush=True)

    def line(self, now: float | None = None) -> str:
        """The heartbeat line: done / total, rate, claims/s, ETA."""
        elapsed = max(1e-9, (self.clock() if now is None else now) - self.started)
        rate = self.done / elapsed
        parts = [
            f"{self.desc + ': ' if self.desc else ''}{self.done}"
            + (f"/{self.total}" if self.total is not None else "")
            + f" {self.unit}s",
            f"{rate:.1f} {self.unit}s/s",
        ]
        if self.claims:
            parts.append(f"{self.claims / elapsed:.1f} claims/s")
        if self.total is not None and rate > 0:
            parts.append(f"ETA {_format_eta((self.total - self.done) / rate)}")
        return "progress " + ", ".join(parts)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _is_tty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


CHECK_CHUNK = 256
"""Claims handed to a checker at once while a progress display is active: large enough that the model's
batching and pair deduplication see what they would see in one call, small enough for a bar that moves."""

_ACTIVE: ContextVar[Progress | None] = ContextVar("faithkit_progress", default=None)


@contextmanager
def active(progress: Progress) -> Iterator[Progress]:
    """Make ``progress`` the display that ``check_with_progress`` reports to, for the duration."""
    token = _ACTIVE.set(progress)
    try:
        yield progress
    finally:
        _ACTIVE.reset(token)


def check_with_progress(checker: Any, requests: Sequence[Any], chunk: int = CHECK_CHUNK) -> list[Any]:
    """``checker.check(requests)``, reported to the active progress display claim by claim.

    Without an active display (the Python API, tests, --quiet) this is exactly one ``check`` call. With one,
    requests go in chunks that never split a ``group`` (one answer's claims stay together, so a batch judge
    sees the same batches)."""
    progress = _ACTIVE.get()
    if progress is None or progress.quiet:
        return list(checker.check(requests))
    progress.expect(len(requests))
    verdicts: list[Any] = []
    start = 0
    while start < len(requests):
        stop = min(start + chunk, len(requests))
        while stop < len(requests) and getattr(requests[stop], "group", None) == getattr(
            requests[stop - 1], "group", None
        ):
            stop += 1
        verdicts += checker.check(requests[start:stop])
        progress.update(stop - start)
        start = stop
    return verdicts

