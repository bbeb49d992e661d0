"""Sentence splits kept in the content cache, so an unchanged rerun does not run the sentence splitter.

Why: with every pair score cached, pysbd was the largest cost left in a rerun (0.65 s of a 40-answer log's 2 s:
it compiles its patterns again and again). A split depends only on the text, the splitter's code and pysbd's
version, which are the key; the value is the sentences' spans, checked against the text before use (a span that
does not cut the text where a sentence starts and ends is a miss, recomputed). Without a cache in ``use`` mode
nothing is read or written.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from faithkit.cache import content_key
from faithkit.text.sentences import seed_splits, split_sentences

SPLIT_VERSION = "split-v2"  # bump when text/sentences.py would split a text differently


@lru_cache(maxsize=1)
def splitter_identity() -> str:
    """The splitter's version and pysbd's: what a split depends on besides the text (cache keys, run identity)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return f"{SPLIT_VERSION}+pysbd-{version('pysbd')}"
    except PackageNotFoundError:  # pragma: no cover - pysbd is a dependency
        return f"{SPLIT_VERSION}+pysbd-unknown"


def _key(text: str) -> str:
    return content_key({"kind": "sentences", "splitter": splitter_identity(), "text": text})


def _valid(text: str, spans: Any) -> bool:
    if not isinstance(spans, list):
        return False
    last = 0
    for span in spans:
        if not (isinstance(span, list) and len(span) == 2 and all(isinstance(v, int) for v in span)):
            return False
        start, end = span
        if not (last <= start < end <= len(text)) or text[start:end] != text[start:end].strip():
            return False
        last = end
    return True


def warm_splits(cache: Any, texts: Iterable[str]) -> None:
    """Seed the splitter's memo with the cached splits of ``texts``, and cache the splits of the others."""
    if cache is None or getattr(cache, "mode", "off") == "off":
        return
    distinct = list(dict.fromkeys(t for t in texts if t and t.strip()))
    if not distinct:
        return
    keys = [_key(t) for t in distinct]
    found = cache.get_many(keys) if cache.mode == "use" else [None] * len(distinct)
    known = {t: spans for t, spans in zip(distinct, found) if spans is not None and _valid(t, spans)}
    seed_splits(known)
    fresh = [(key, [[s.start, s.end] for s in split_sentences(t)])
             for key, t in zip(keys, distinct) if t not in known]
    if fresh:
        cache.put_many(fresh, "sentences")
