"""Per-record limits: what one input record may cost before it becomes an ``error`` record instead of a crash.

A run is a loop over records, and one hostile or broken record must never take the others with it. Three things
are bounded here, each with a reason a user can act on:

- size: a record's raw line longer than ``max_record_bytes`` is refused before it is parsed (a 5 MB passage
  would otherwise be split, windowed and scored for minutes);
- time: ``record_timeout`` seconds of work on one record (``time_budget``; a SIGALRM timer, so it also stops
  pure-Python loops such as a regex or a sentence splitter), after which the record is an ``error``;
- text: a string that cannot be written as UTF-8 (a lone surrogate such as ``"\\udc00"`` decoded from a JSON
  escape) is found by ``unencodable_field`` and the record refused with the field's name; ids written to a
  results file go through ``safe_text`` so that even the error record of such a line can be written.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

DEFAULT_MAX_RECORD_BYTES = 2_000_000
DEFAULT_RECORD_TIMEOUT = 300.0


@dataclass(frozen=True)
class RecordLimits:
    """What one record may cost. ``0`` turns a limit off."""

    max_record_bytes: int = DEFAULT_MAX_RECORD_BYTES
    record_timeout: float = DEFAULT_RECORD_TIMEOUT


def record_limits(max_record_bytes: int | None = None, record_timeout: float | None = None) -> RecordLimits:
    """RecordLimits from CLI values (None: the default); UsageError on a negative value."""
    from faithkit.errors import UsageError

    if (max_record_bytes or 0) < 0 or (record_timeout or 0) < 0:
        raise UsageError("--max-record-bytes and --record-timeout must be 0 (no limit) or more")
    default = RecordLimits()
    return RecordLimits(
        default.max_record_bytes if max_record_bytes is None else max_record_bytes,
        default.record_timeout if record_timeout is None else record_timeout,
    )


class RecordTimeout(Exception):
    """One record's work ran past its time budget."""


def safe_text(text: str) -> str:
    """``text`` with every code point that UTF-8 cannot encode (lone surrogates) written as ``\\udc00``."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


def unencodable_field(value: Any, path: str = "") -> str | None:
    """The path (``contexts[2].text``) of the first string in a decoded JSON value that UTF-8 cannot encode,
    or None. Iterative, so a deeply nested value cannot overflow the stack."""
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                return f"{where or 'value'} (U+{ord(item[exc.start]):04X} at character {exc.start})"
        elif isinstance(item, dict):
            for key, child in item.items():
                if isinstance(key, str) and unencodable_field(key) is not None:
                    return f"{where}.<key>" if where else "<key>"
                stack.append((f"{where}.{key}" if where else str(key), child))
        elif isinstance(item, list):
            stack.extend((f"{where}[{i}]", child) for i, child in enumerate(item))
    return None


def describe(exc: BaseException) -> str:
    """A one-line reason for a record's ``error`` field: the exception's type and its message, shortened."""
    message = safe_text(str(exc)).replace("\n", " ")
    if len(message) > 300:
        message = message[:300] + "…"
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


@contextmanager
def time_budget(seconds: float, what: str = "record") -> Iterator[None]:
    """Raise ``RecordTimeout`` in this block after ``seconds`` (0: no limit). Works in the main thread of a
    Unix process (SIGALRM); elsewhere the block runs unbounded, as the caller's other limits still hold."""
    usable = seconds > 0 and hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def _expired(signum: int, frame: Any) -> None:
        raise RecordTimeout(f"{what} took longer than its time budget of {seconds:g} s (--record-timeout)")

    previous = signal.signal(signal.SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
