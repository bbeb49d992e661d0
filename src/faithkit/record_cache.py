"""Whole records from the cache: an unchanged line of an unchanged run is read back, not checked again.

Why (issue 34): the pair cache made an unchanged rerun skip the model, but every rule still ran on every claim:
on a 200-answer log the rerun took 5.5 s against 189 s cold (34x), nearly all of it the alignment, numbers and
veto rules re-deciding what they had decided before. A CI job that checks the same log on every commit pays that
each time.

A record is reused only when nothing that could change it changed. Its key is the sha256 of:

- the run's identity (``resume.run_identity``: the checker's whole spec with the model's weights hash, the claims
  stage, refusal patterns, reference checking, field mapping), as a resumed run must share it;
- every field of the input line that reaches the checker (id, question, passages with their ids, answer,
  reference, metadata, source format);
- the faithkit code itself (``code_fingerprint``: every module of the installed package), so an upgrade or a
  local edit of a rule never reads back a verdict the new code would not give.

Used by `faithkit check` and by ``faithkit.check`` with a checker spec string (``CheckOptions.reuse_records``),
where the spec says everything the checker does; a checker object passed in is always run, since its spec may
not capture its behaviour (a subclass, a patched rule). Only finished outcomes are stored: a record with status
``error`` or any claim whose verdict is ``error`` (a timeout, a server failure) is checked again next time. The
record's ``line`` is the current line's. Entries live in the content cache (namespace ``record``), so ``--cache
off`` / ``refresh`` and ``FAITHKIT_CACHE_SECRET`` sealing apply to them as to scores; the run summary counts
``records_from_cache``.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from faithkit.cache import ContentCache, content_key
from faithkit.records import AnswerResult, Interaction

__all__ = ["RECORD_NAMESPACE", "RecordCache", "code_fingerprint"]

RECORD_NAMESPACE = "record"
RECORD_CACHE_VERSION = 1


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """The sha256 of every Python module of the installed faithkit package (paths and bytes): a few ms, once."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _line_fields(item: Interaction) -> dict[str, Any]:
    return {"id": item.id, "question": item.question, "contexts": [[p.id, p.text] for p in item.contexts],
            "answer": item.answer, "reference": item.reference, "metadata": item.metadata,
            "source_format": item.source_format}


def _finished(record: AnswerResult) -> bool:
    """Whether the record is an outcome worth keeping (no error anywhere in it)."""
    return record.status != "error" and not any(c.verdict == "error" for c in record.claims)


class RecordCache:
    """Reads and writes whole result records for one run (``identity``) in ``cache`` (None: nothing cached)."""

    def __init__(self, cache: ContentCache | None, identity: dict[str, Any]):
        self.cache = cache if cache is not None and cache.mode != "off" else None
        self.identity = identity
        self.hits = 0

    def _key(self, item: Interaction) -> str:
        return content_key({"record_cache": RECORD_CACHE_VERSION, "code": code_fingerprint(),
                            "run": self.identity, "line": _line_fields(item)})

    def lookup(self, items: Sequence[Any]) -> list[AnswerResult | None]:
        """The stored record of each item (None: not stored, not an ``Interaction``, or the cache refreshes)."""
        found: list[AnswerResult | None] = [None] * len(items)
        if self.cache is None or self.cache.mode == "refresh":
            return found
        wanted = [(n, item) for n, item in enumerate(items) if isinstance(item, Interaction)]
        stored = self.cache.get_many([self._key(item) for _, item in wanted]) if wanted else []
        for (n, item), value in zip(wanted, stored):
            if not isinstance(value, dict):
                continue
            try:
                record = AnswerResult.from_dict(value)
            except (TypeError, ValueError, KeyError):
                continue  # an entry written by another version of the record type: check the line again
            found[n] = dataclasses.replace(record, line=item.line)
            self.hits += 1
        return found

    def store(self, items: Sequence[Any], records: Sequence[AnswerResult]) -> None:
        """Keep each finished record of an ``Interaction`` under its key."""
        if self.cache is None:
            return
        rows = [(self._key(item), record.to_dict()) for item, record in zip(items, records)
                if isinstance(item, Interaction) and _finished(record)]
        if rows:
            self.cache.put_many(rows, namespace=RECORD_NAMESPACE)
