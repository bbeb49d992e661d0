"""Keeping the content cache from ever crashing a run or returning what it should not.

A cache is an optimisation: when it is damaged the run must still give the verdicts it would give without it.
So, for the SQLite store behind ``ContentCache``:

- a file that is not a database, or whose ``entries`` table has another schema, is moved aside
  (``cache.sqlite.corrupt-<time>``) and a fresh one is created: the run says so in its summary warnings;
- a read that fails (a malformed page) moves the file aside the same way and counts as a miss;
- a stored value that is not JSON counts as a miss (and is overwritten by the fresh value);
- a write that fails (a full disk, a read-only file) turns writing off for the rest of the run, with a warning,
  instead of raising ``sqlite3.OperationalError`` halfway through.

Whether a value of the right JSON type has the right content is the caller's business (``checkers.pairs``
validates NLI probabilities; ``llm.structured`` re-validates a stored reply against its schema).
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

COLUMNS = ("key", "namespace", "value", "created")
CREATE = (
    "CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, namespace TEXT NOT NULL, "
    "value TEXT NOT NULL, created REAL NOT NULL)"
)


class CorruptCache(Exception):
    """The cache file is not a faithkit cache (not SQLite, or another schema)."""


# how long a write waits for another process's write to finish. sqlite's default of 5 s is shorter than one
# large batch of another faithkit run sharing the cache (a bench file writes tens of thousands of rows at once),
# and a write that times out turns caching off for the rest of the run.
BUSY_TIMEOUT_S = 120.0


def connect(path: Path) -> sqlite3.Connection:
    """Open (or create) the store and check its schema; CorruptCache when the file is not one we can use."""
    db = sqlite3.connect(str(path), check_same_thread=False, timeout=BUSY_TIMEOUT_S)
    try:
        db.execute(CREATE)
        db.commit()
        columns = tuple(row[1] for row in db.execute("PRAGMA table_info(entries)"))
    except sqlite3.OperationalError:
        db.close()
        raise
    except sqlite3.DatabaseError as exc:
        db.close()
        raise CorruptCache(str(exc)) from exc
    if columns != COLUMNS:
        db.close()
        raise CorruptCache(f"table `entries` has columns {list(columns)}, expected {list(COLUMNS)}")
    return db


def move_aside(path: Path) -> Path:
    """Rename a damaged cache file (and its journal) so that a fresh one can be created; returns the new name."""
    target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%dT%H%M%S')}")
    for suffix in ("", "-journal", "-wal", "-shm"):
        source = Path(str(path) + suffix)
        if source.exists():
            source.replace(Path(str(target) + suffix))
    return target


def open_or_rebuild(path: Path, warnings: list[str]) -> sqlite3.Connection | None:
    """A usable connection: the store as it is, or a fresh one after moving a corrupt file aside; None (and a
    warning) when the disk will not take even a fresh one."""
    try:
        return connect(path)
    except CorruptCache as exc:
        moved = move_aside(path)
        warnings.append(f"cache {path} was corrupt ({exc}); moved to {moved.name} and rebuilt")
    except sqlite3.OperationalError as exc:
        warnings.append(f"cache {path} unusable ({exc}); running without a cache")
        return None
    try:
        return connect(path)
    except (CorruptCache, sqlite3.Error) as exc:
        warnings.append(f"cache {path} could not be rebuilt ({exc}); running without a cache")
        return None


def cache_warnings(components: Any) -> list[str]:
    """Warnings of every content cache reachable from these components (``cache`` or ``_cache`` attributes,
    or a session's), each cache once. Duck-typed (a ``warnings`` list): ``faithkit.cache`` imports this module."""
    seen: dict[int, Any] = {}
    for component in components:
        for holder in (component, getattr(component, "session", None)):
            for name in ("cache", "_cache"):
                value = getattr(holder, name, None) if holder is not None else None
                if isinstance(getattr(value, "warnings", None), list) and hasattr(value, "mode"):
                    seen[id(value)] = value
    return [w for cache in seen.values() for w in cache.warnings]
