"""Sentence splitting with exact character spans.

pysbd (the rule-based splitter Ragas also uses) decides the boundaries: it survives abbreviations such as
"e.g." and "U.S.", decimals such as "€12.50" and versions such as "v2.1". faithkit adds two things pysbd does
not guarantee: blank lines and list bullets always end a sentence, and every sentence keeps its exact span in
the original text (pysbd's own spans are unreliable when a sentence repeats), so evidence offsets stay true.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

_BLOCK_BREAK = re.compile(r"\n\s*\n|\n(?=[ \t]*(?:[-*•·]|\d{1,3}[.)])\s)")
_BULLET = re.compile(r"\s*(?:[-*•·]|\d{1,3}[.)])\s+")


class Sentence(NamedTuple):
    """A sentence and its span: ``text == original[start:end]`` (bullets and outer spaces removed)."""

    text: str
    start: int
    end: int


@lru_cache(maxsize=1)
def _segmenter():
    import pysbd

    return pysbd.Segmenter(language="en", clean=False)


def _blocks(text: str) -> list[tuple[int, int]]:
    """Spans of paragraphs and list items: no sentence may cross one of these boundaries."""
    spans, cursor = [], 0
    for match in _BLOCK_BREAK.finditer(text):
        spans.append((cursor, match.start()))
        cursor = match.end()
    spans.append((cursor, len(text)))
    return spans


def _trimmed(text: str, start: int, end: int, block_first: bool) -> tuple[int, int]:
    """Shrink a span to drop outer whitespace and, for a block's first sentence, a leading bullet marker."""
    bullet = _BULLET.match(text, start, end) if block_first else None
    if bullet:
        start = bullet.end()
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def split_sentences(text: str) -> list[Sentence]:
    """Split ``text`` into sentences, each with its exact character span in ``text``.

    Empty or whitespace-only pieces are dropped. Spans are found by walking forward through the text, so a
    sentence that occurs twice gets two different spans. Memoized (pysbd costs milliseconds a passage, and a
    log repeats its passages; every answer is split twice, for refusals and for claims).
    """
    return list(_split_memo(text))


@lru_cache(maxsize=8192)
def _split_memo(text: str) -> tuple[Sentence, ...]:
    return tuple(_split(text))


def _split(text: str) -> list[Sentence]:
    out: list[Sentence] = []
    for block_start, block_end in _blocks(text):
        block = text[block_start:block_end]
        if not block.strip():
            continue
        cursor = 0
        for piece in _segmenter().segment(block):
            stripped = piece.strip()
            if not stripped:
                continue
            found = block.find(stripped, cursor)
            if found < 0:  # pysbd altered the text; fall back to the rest of the block
                found, stripped = cursor, block[cursor:].strip()
            start, end = _trimmed(text, block_start + found, block_start + found + len(stripped), cursor == 0)
            cursor = found + len(stripped)
            if end > start:
                out.append(Sentence(text[start:end], start, end))
    return out
