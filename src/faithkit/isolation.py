"""Per-record isolation: one record's failure is that record's ``error``, never the run's.

The pipeline checks a chunk of records in one call, so the checker can batch pairs across answers. When that
call raises (a bug reached by odd input, a record over its time budget, a RecursionError deep in a library),
the chunk is checked again one record at a time, each under its own time budget, and every record that still
fails becomes an ``error`` record whose reason names the exception. The others are scored as usual, so a run
loses nothing and no traceback reaches the user for a single bad record.

What stays fatal: errors that say the run cannot work at all (a model that does not load, a missing extra, a
bad option), and a backend error that every record of a chunk hits in turn (the server is down, not one
record bad): retrying each of the remaining thousands of records against it would only hide the outage.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from faithkit.errors import BackendError, MissingDependencyError, ModelLoadError, UsageError
from faithkit.io.log import LineError
from faithkit.limits import describe, time_budget
from faithkit.records import AnswerResult, Interaction

FATAL = (ModelLoadError, MissingDependencyError, UsageError)

ChunkCheck = Callable[[Sequence[Interaction | LineError]], list[AnswerResult]]
"""Checks some items, one record each in order: the pipeline's ``check_chunk`` with its checker and options bound,
so isolation knows nothing of what checks them."""


def error_record(item: Interaction | LineError, reason: str) -> AnswerResult:
    """The ``error`` record of one item, keeping its id, line and input format."""
    if isinstance(item, LineError):
        return AnswerResult(item.id, item.line, "error", error=item.reason)
    return AnswerResult(item.id, item.line, "error", error=reason, source_format=item.source_format)


def check_isolated(
    chunk: Sequence[Interaction | LineError], check: ChunkCheck, record_timeout: float = 0
) -> list[AnswerResult]:
    """``check(chunk)``, falling back to one record at a time when the chunk fails.

    record_timeout: seconds of work per record (0: none); the whole chunk gets ``record_timeout`` × its size.
    """
    try:
        with time_budget(record_timeout * len(chunk), f"a chunk of {len(chunk)} records"):
            return check(chunk)
    except FATAL:
        raise
    except Exception:  # noqa: BLE001 - retried record by record below; each failure is named there
        pass
    records: list[AnswerResult] = []
    failures: list[Exception] = []
    for item in chunk:
        try:
            with time_budget(record_timeout, "this record"):
                records += check([item])
        except FATAL:
            raise
        except Exception as exc:  # noqa: BLE001 - per-record isolation
            failures.append(exc)
            records.append(error_record(item, f"checking failed: {describe(exc)}"))
    checked = [item for item in chunk if not isinstance(item, LineError)]
    if checked and len(failures) == len(checked) and all(isinstance(e, BackendError) for e in failures):
        raise failures[-1]
    return records
