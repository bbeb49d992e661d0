"""Checks that several layers need, written once so each failure kind has one error class and one message.

* ``expect_verdicts``: a checker must return one verdict per request. A wrong count is a misbehaving backend
  (a provider that dropped items, a wrapper with a bug), never a per-claim failure, and pairing the verdicts
  that did come back with claims would give the wrong claim the wrong verdict; so it is a ``BackendError``
  (exit 5) wherever it is found: pipeline, bench, claim rows, cascade, numbers stage.
* ``check_threshold``: a decision threshold is a probability or cosine in [0, 1]; anything else is a usage
  error (exit 2) found before any model loads, not a model-loading failure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

from faithkit.errors import BackendError, UsageError

T = TypeVar("T")


def expect_verdicts(name: str, verdicts: Sequence[T], expected: int) -> list[T]:
    """``verdicts`` as a list when there are exactly ``expected`` of them; BackendError otherwise.

    name: the checker's name (``Checker.name``), for the message.
    """
    verdicts = list(verdicts)
    if len(verdicts) != expected:
        raise BackendError(f"checker {name!r} returned {len(verdicts)} verdicts for {expected} claims")
    return verdicts


def check_threshold(value: float | None, what: str = "threshold") -> float | None:
    """``value`` when it is None or a number in [0, 1]; UsageError naming ``what`` (e.g. ``--threshold``)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value) \
            or not 0.0 <= value <= 1.0:
        raise UsageError(f"{what} must be within [0, 1], got {value}")
    return value


def check_confidence(value: float, what: str = "--confidence") -> float:
    """``value`` when it is a level in (0, 1) (an interval's confidence); UsageError otherwise, so a bad flag
    is reported before a model loads rather than as a ValueError deep in the statistics."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 < value < 1.0:
        raise UsageError(f"{what} must be in (0, 1), got {value}")
    return value
