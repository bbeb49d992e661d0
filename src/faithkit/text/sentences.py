"""Sentence splitting with exact character spans.

pysbd (the rule-based splitter Ragas also uses) decides the boundaries: it survives abbreviations such as
"e.g." and "U.S.", decimals such as "€12.50" and versions such as "v2.1". faithkit adds two things pysbd does
not guarantee: blank lines and list bullets always end a sentence, and every sentence keeps its exact span in
the original text (pysbd's own spans are unreliable when a sentence repeats), so evidence offsets stay true.

pysbd's time grows with the square of a paragraph's length (22 KB: 1 s, 86 KB: 14 s), so a paragraph longer
than ``MAX_SEGMENT_CHARS`` is first cut into bounded pieces at sentence-like boundaries (end punctuation then
space; a longer sentence is kept whole up to four times that, then cut at a space)
and pysbd splits each piece: linear time, the same boundaries
wherever pysbd would have cut at the same punctuation.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any, NamedTuple

from faithkit.text.calendar_names import SHORT_NAMES

_BLOCK_BREAK = re.compile(r"\n\s*\n|\n(?=[ \t]*(?:[-*•·]|\d{1,3}[.)])\s)")
_BULLET = re.compile(r"\s*(?:[-*•·]|\d{1,3}[.)])\s+")
_SENTENCE_END = re.compile(r"[.!?…][\"')\]]*\s+(?=[\"“(]?[A-Z0-9])")
MAX_SEGMENT_CHARS = 4000


class Sentence(NamedTuple):
    """A sentence and its span: ``text == original[start:end]`` (bullets and outer spaces removed)."""

    text: str
    start: int
    end: int


_PER_THREAD = threading.local()


def _segmenter():
    """This thread's pysbd segmenter. Not one per process: ``Segmenter.segment`` keeps the text it is splitting
    on the instance (``self.original_text``), so two threads sharing one matched one answer's sentences against
    the other's text and lost sentences (an order- and timing-dependent cache miss in the LLM decomposer)."""
    segmenter = getattr(_PER_THREAD, "segmenter", None)
    if segmenter is None:
        import pysbd

        segmenter = _PER_THREAD.segmenter = pysbd.Segmenter(language="en", clean=False)
        segmenter.sentences_with_char_spans = lambda sentences: char_spans(segmenter.original_text, sentences)
    return segmenter


def char_spans(original: str, sentences: list[str]) -> list[Any]:
    r"""pysbd's ``Segmenter.sentences_with_char_spans``, the same spans without compiling a regex per sentence.

    Why: pysbd finds each sentence in the text with ``re.finditer(re.escape(sentence) + r"\s*")``, a new pattern
    every time (Python's regex cache holds 512), which was a third of its time: 1.1 s of a 300-answer check's 3.2 s
    of splitting (cProfile). ``str.find`` from the end of the previous match is what ``finditer`` does for a
    literal, and ``str.isspace`` is ``\s`` on a str; ``tests/text/test_sentence_char_spans.py`` compares the two
    on every text in the repository's data. An empty sentence goes to pysbd's own regex."""
    from pysbd.utils import TextSpan

    spans: list[Any] = []
    prior = 0
    for sentence in sentences:
        if not sentence:
            found = next((m for m in re.finditer(r"\s*", original) if m.end() > prior), None)
            if found is not None:
                spans.append(TextSpan(found.group(), found.start(), found.end()))
                prior = found.end()
            continue
        position = 0
        while (start := original.find(sentence, position)) >= 0:
            end = start + len(sentence)
            while end < len(original) and original[end].isspace():
                end += 1
            if end > prior:
                spans.append(TextSpan(original[start:end], start, end))
                prior = end
                break
            position = end
    return spans


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


def bounded_pieces(block: str, limit: int = MAX_SEGMENT_CHARS) -> list[tuple[int, int]]:
    """Spans covering ``block`` in order, cut after the last sentence end inside each ``limit``-character
    window (a sentence longer than that runs on to its end, up to ``4 * limit``; beyond, the last space);
    one linear pass."""
    spans, start = [], 0
    while len(block) - start > limit:
        window_end = start + limit
        cut = None
        for match in _SENTENCE_END.finditer(block, start + limit // 2, window_end):
            cut = match.end()
        if cut is None:  # one long sentence: keep it whole up to 4 windows, then cut at a space
            later = _SENTENCE_END.search(block, window_end, start + 4 * limit)
            cut = later.end() if later else (len(block) if len(block) - start <= 4 * limit else None)
        if cut is None:
            space = block.rfind(" ", start + 1, window_end)
            cut = space + 1 if space > start else window_end
        spans.append((start, cut))
        start = cut
    spans.append((start, len(block)))
    return spans


# abbreviations pysbd ends a sentence at, which do not end one before a number, a currency sign or a lower-case
# word: "approx. $5 a month", "c. 1491", "Mon. to Fri.", "Allen and Co. in 2018" (a fragment such as "$5 a month."
# would become a claim of its own, checked and flagged on its own)
_OPEN_ABBREVIATION = re.compile(
    r"(?:^|[\s(])(?:" + "|".join(["c", "ca", "approx", "appr", "est", "vs", "v", "vol", "fig", "p", "pp", "co", "inc",
                                  "ltd", "corp", "dept", *SHORT_NAMES]) + r")\.$", re.IGNORECASE)
_GOES_ON = re.compile(r"[\d$€£¥]|[a-z](?![A-Z])")


def _rejoin_abbreviations(segments: list[tuple[int, str]], block: str) -> list[tuple[int, str]]:
    """Undo pysbd's boundaries after an ``_OPEN_ABBREVIATION`` when the next piece goes on (``_GOES_ON``)."""
    out: list[tuple[int, str]] = []
    for offset, text in segments:
        if out and _OPEN_ABBREVIATION.search(out[-1][1]) and _GOES_ON.match(text):
            first = out[-1][0]
            out[-1] = (first, block[first: offset + len(text)])
        else:
            out.append((offset, text))
    return out


def _segments(block: str) -> list[tuple[int, str]]:
    """(offset in block, piece) for pysbd's sentences of a block, bounded pieces first for a long block, with
    boundaries after open abbreviations undone (``_rejoin_abbreviations``)."""
    out = []
    for piece_start, piece_end in bounded_pieces(block):
        piece = block[piece_start:piece_end]
        cursor = 0
        for sentence in _segmenter().segment(piece):
            stripped = sentence.strip()
            found = piece.find(stripped, cursor) if stripped else -1
            if found >= 0:
                out.append((piece_start + found, stripped))
                cursor = found + len(stripped)
            elif stripped:  # pysbd altered the text; keep the rest of the piece as one sentence
                rest = piece[cursor:].strip()
                if rest:
                    out.append((piece_start + piece.find(rest, cursor), rest))
                break
    return _rejoin_abbreviations(out, block)


def split_sentences(text: str) -> list[Sentence]:
    """Split ``text`` into sentences, each with its exact character span in ``text``.

    Empty or whitespace-only pieces are dropped. Spans are found by walking forward through the text, so a
    sentence that occurs twice gets two different spans. Memoized (pysbd costs milliseconds a passage, and a
    log repeats its passages; every answer is split twice, for refusals and for claims), and seeded from the
    content cache by ``text.split_cache`` so an unchanged rerun does not run pysbd at all.
    """
    known = _SEEDED.get(text)
    return list(known) if known is not None else list(_split_memo(text))


_SEEDED: dict[str, tuple[Sentence, ...]] = {}  # splits read back from the content cache (text.split_cache)


def seed_splits(splits: dict[str, list[tuple[int, int]]]) -> None:
    """Take splits computed by an earlier run (spans into each text) as this process's own, in place of the
    ones seeded before: one chunk's worth is kept, so memory stays flat over a long log (a text not seeded is
    split again, with the same result)."""
    _SEEDED.clear()
    for text, spans in splits.items():
        _SEEDED[text] = tuple(Sentence(text[start:end], start, end) for start, end in spans)


@lru_cache(maxsize=8192)
def _split_memo(text: str) -> tuple[Sentence, ...]:
    return tuple(_split(text))


def _split(text: str) -> list[Sentence]:
    out: list[Sentence] = []
    for block_start, block_end in _blocks(text):
        block = text[block_start:block_end]
        if not block.strip():
            continue
        for position, (found, stripped) in enumerate(_segments(block)):
            start, end = _trimmed(text, block_start + found, block_start + found + len(stripped), position == 0)
            if end > start:
                out.append(Sentence(text[start:end], start, end))
    return out


_ASKS = re.compile(r"\?[\"'”’)\]*_]*\s*$")
# a question that states what it asks about: "Did you know that DVDs are lent for 7 days?", "DVDs are lent for 7
# days, aren't they?" (its fact is checked)
_STATES_IN_ASKING = re.compile(r"^\W*(?:did|do|does)\s+(?:you|anyone)\s+know\b|,\s*(?:is|are|was|were|do|does|did|"
                               r"can|will|has|have)n[’']t\s+(?:it|they|there|you|we|i|he|she)\s*\?", re.IGNORECASE)


def is_question(text: str) -> bool:
    """Whether a sentence asks (it ends in "?", quoted or not): "Is the pool heated in winter?" said back, "Need
    more storage?" as a lead-in, "Do your instructors speak German?" quoted. A question asserts nothing a passage
    could support, so it is no claim; read as one, it failed the answer it opened."""
    return bool(_ASKS.search(text)) and not _STATES_IN_ASKING.search(text)
