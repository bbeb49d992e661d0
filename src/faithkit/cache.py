"""A content-addressed cache on disk, so an unchanged rerun makes no model call at all.

Keys are the sha256 of the canonical JSON (sorted keys, no spaces, NaN refused) of *everything* that can change
a result: for an LLM call the provider, base URL, model, prompt version, decoding settings, response schema and
exact messages; for an NLI score the model's weights hash, its settings and the (premise, hypothesis) pair
(simonw/llm and lm-evaluation-harness's CachingLM do the same). Values are JSON. Secrets are never part of a
key or a value. Sampled calls (temperature > 0 without a seed) must not be cached: callers check
``ChatRequest.sampled``.

The store is one SQLite file (stdlib ``sqlite3``), safe to share between threads of one process and between
runs; writes are committed immediately so a crashed run keeps what it paid for.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from faithkit.cache_repair import move_aside, open_or_rebuild
from faithkit.cache_seal import SECRET_ENV, cache_secret, seal, unseal
from faithkit.errors import UsageError

CacheMode = Literal["use", "refresh", "off"]
CACHE_MODES: tuple[str, ...] = ("use", "refresh", "off")
CACHE_FILE = "cache.sqlite"
READ_BATCH = 500  # keys per SELECT in get_many (sqlite allows 999 parameters on old builds)


def canonical_json(value: Any) -> str:
    """Deterministic JSON: the same value always gives the same string (the basis of every cache key)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def content_key(value: Any) -> str:
    """sha256 hex digest of ``canonical_json(value)``."""
    # surrogatepass: a lone surrogate in a text (a JSON "\udc00" escape) still gets a key; valid text is unchanged
    return hashlib.sha256(canonical_json(value).encode("utf-8", "surrogatepass")).hexdigest()


def default_cache_dir() -> Path:
    """``$FAITHKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/faithkit``, else ``~/.cache/faithkit``."""
    if os.environ.get("FAITHKIT_CACHE_DIR"):
        return Path(os.environ["FAITHKIT_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "faithkit"


def check_mode(mode: str) -> CacheMode:
    if mode not in CACHE_MODES:
        raise UsageError(f"--cache must be one of {', '.join(CACHE_MODES)}, not {mode!r}")
    return mode  # type: ignore[return-value]


class ContentCache:
    """Key → JSON value store in one SQLite file.

    ``mode`` decides what lookups do: ``use`` reads and writes, ``refresh`` never reads (every call is made
    again) but overwrites, ``off`` neither reads nor writes. ``hits`` / ``misses`` count lookups.
    """

    def __init__(self, directory: str | os.PathLike[str] | None = None, mode: str = "use"):
        self.mode: CacheMode = check_mode(mode)
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.hits = 0
        self.misses = 0
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self.warnings: list[str] = []  # what went wrong with the store (cache_repair): shown in the summary
        self._writable = True
        if self.mode != "off":
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise UsageError(f"cannot open the cache in {self.directory}: {exc}") from exc
            self._db = open_or_rebuild(self.directory / CACHE_FILE, self.warnings)
            try:
                self._secret = cache_secret()  # values are sealed (cache_seal): a forged one is a miss
            except (OSError, ValueError) as exc:
                raise UsageError(f"cannot read or create the cache's sealing key: {exc} (set "
                                 "FAITHKIT_CACHE_SECRET, or run with --cache off)") from exc
        self.unsealed = 0  # stored values whose seal did not match: recomputed, counted in the warnings

    @property
    def path(self) -> Path:
        return self.directory / CACHE_FILE

    def spec(self) -> dict[str, Any]:
        return {"mode": self.mode, "path": str(self.path) if self.mode != "off" else None}

    def get(self, key: str) -> Any | None:
        """The stored value, or None on a miss (and always None unless mode is ``use``)."""
        if self.mode != "use" or self._db is None:
            return None
        with self._lock:
            try:
                row = self._db.execute("SELECT value FROM entries WHERE key = ?", (key,)).fetchone()
            except sqlite3.DatabaseError as exc:
                row = self._rebuild_after(exc)
            return self._decode(key, row[0] if row is not None else None)

    def _decode(self, key: str, stored: str | None) -> Any | None:
        """A stored text as its value: unsealed and parsed, else None (counted as a miss, with a warning)."""
        text = unseal(self._secret, key, stored) if stored is not None else None
        if stored is not None and text is None:
            self._count_unsealed()
        try:
            value = json.loads(text) if text is not None else None
        except (TypeError, ValueError):
            self.warnings.append(f"cache entry {key[:12]}… was not JSON; recomputed")
            value = None
        if value is None:
            self.misses += 1
            return None
        self.hits += 1
        return value

    def _count_unsealed(self) -> None:
        """One warning per run, kept up to date with the count (a forged file would otherwise flood it)."""
        self.unsealed += 1
        note = (f"{self.unsealed} cache value(s) had no valid seal (written before faithkit sealed its "
                f"cache, edited, or written elsewhere without the same {SECRET_ENV}): recomputed")
        if self.unsealed == 1:
            self._unsealed_at = len(self.warnings)
            self.warnings.append(note)
        else:
            self.warnings[self._unsealed_at] = note

    def _rebuild_after(self, exc: Exception) -> None:
        """A read failed on a damaged file: move it aside, start a fresh store, count the read as a miss."""
        if self._db is not None:
            self._db.close()
        moved = move_aside(self.path) if self.path.exists() else None
        self.warnings.append(f"cache read failed ({exc}); " + (f"moved the damaged file to {moved.name} and "
                                                               "rebuilt it" if moved else "rebuilt it"))
        self._db = open_or_rebuild(self.path, self.warnings)

    def _write(self, rows: list[tuple[str, str, str, float]]) -> None:
        """Store rows; a failed write (disk full, read-only) turns writing off for this run, with a warning."""
        if not self._writable or self._db is None:
            return
        try:
            self._db.executemany(
                "INSERT OR REPLACE INTO entries (key, namespace, value, created) VALUES (?, ?, ?, ?)", rows
            )
            self._db.commit()
        except (sqlite3.Error, UnicodeEncodeError) as exc:
            self._writable = False
            self.warnings.append(f"cache writes turned off for this run: {exc}")
            with contextlib.suppress(sqlite3.Error):
                self._db.rollback()

    def put(self, key: str, value: Any, namespace: str = "llm") -> None:
        if self.mode == "off" or self._db is None:
            return
        text = seal(self._secret, key, canonical_json(value))
        with self._lock:
            self._write([(key, namespace, text, time.time())])

    def get_many(self, keys: Sequence[str]) -> list[Any | None]:
        """``get`` for each key, in order, read in batches of ``READ_BATCH`` keys per query (one query per key
        cost a third of an unchanged rerun's cache reads)."""
        if self.mode != "use" or self._db is None:
            return [None] * len(keys)
        out: list[Any | None] = []
        with self._lock:
            for begin in range(0, len(keys), READ_BATCH):
                batch = list(keys[begin:begin + READ_BATCH])
                marks = ",".join("?" * len(batch))
                try:
                    rows = dict(self._db.execute(f"SELECT key, value FROM entries WHERE key IN ({marks})", batch))
                except sqlite3.DatabaseError as exc:
                    self._rebuild_after(exc)
                    rows = {}
                out += [self._decode(key, rows.get(key)) for key in batch]
        return out

    def put_many(self, items: Sequence[tuple[str, Any]], namespace: str = "llm") -> None:
        if self.mode == "off" or self._db is None:
            return
        rows = [(k, namespace, seal(self._secret, k, canonical_json(v)), time.time()) for k, v in items]
        with self._lock:
            self._write(rows)

    def count(self, namespace: str | None = None) -> int:
        if self._db is None:
            return 0
        with self._lock:
            if namespace is None:
                return int(self._db.execute("SELECT COUNT(*) FROM entries").fetchone()[0])
            return int(
                self._db.execute("SELECT COUNT(*) FROM entries WHERE namespace = ?", (namespace,)).fetchone()[0]
            )

    def close(self) -> None:
        if self._db is not None:
            with self._lock:
                self._db.close()
                self._db = None


class PairScoreCache:
    """Scores of (premise, hypothesis) pairs for one model, e.g. NLI probabilities.

    ``model_identity`` must pin the weights (a hash of the weight files, or a revision) and every setting that
    changes a score (max length, label order); two models never share entries. Values are any JSON.
    """

    namespace = "pair-score"

    def __init__(self, cache: ContentCache, model_identity: dict[str, Any]):
        if not model_identity:
            raise UsageError("a pair-score cache needs the model's identity (weights hash / revision)")
        self.cache = cache
        self.model_identity = dict(model_identity)

    def key(self, premise: str, hypothesis: str) -> str:
        return content_key({"kind": self.namespace, "model": self.model_identity, "pair": [premise, hypothesis]})

    def get_many(self, pairs: Sequence[tuple[str, str]]) -> list[Any | None]:
        """One value or None per pair, in order; compute the None ones and ``put_many`` them."""
        return self.cache.get_many([self.key(p, h) for p, h in pairs])

    def put_many(self, pairs: Sequence[tuple[str, str]], values: Sequence[Any]) -> None:
        if len(pairs) != len(values):
            raise ValueError("put_many needs one value per pair")
        self.cache.put_many([(self.key(p, h), v) for (p, h), v in zip(pairs, values)], self.namespace)
