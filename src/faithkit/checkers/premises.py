"""Premises shaped for the detector that reads them: sentence windows, chunks, or whole passages.

A sentence-level NLI model wants 1-3 sentences (``text.windows``); a document-level detector (MiniCheck,
AlignScore, HHEM) was trained and evaluated on chunks of a few hundred tokens, scored one by one with the best
chunk deciding. ``chunks`` packs a passage's sentences in order into chunks of at most ``size`` units, never
splitting a sentence and never crossing passages (MiniCheck's chunker, ``minicheck/inference.py``); a single
sentence longer than ``size`` is a chunk of its own (the model's input limit then truncates it, flagged). Every
premise is an exact slice of its passage, so the evidence a user sees is what the model read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from faithkit.records import Passage, Window
from faithkit.text.sentences import split_sentences
from faithkit.text.windows import all_windows

Counter = Callable[[str], int]


def word_count(text: str) -> int:
    """Whitespace words: MiniCheck's chunk unit for Flan-T5."""
    return len(text.split())


def passage_chunks(passage: Passage, size: int, count: Counter) -> list[Window]:
    """The passage's sentences packed into chunks of at most ``size`` (by ``count``), in order."""
    sentences = split_sentences(passage.text)
    chunks: list[Window] = []
    begin = None
    used = 0
    end = 0
    for sentence in sentences:
        n = count(sentence.text)
        if begin is not None and used + n > size:
            chunks.append(Window(passage.id, passage.text[begin:end], begin, end))
            begin, used = None, 0
        if begin is None:
            begin = sentence.start
        used += n
        end = sentence.end
    if begin is not None:
        chunks.append(Window(passage.id, passage.text[begin:end], begin, end))
    return chunks


def whole_passages(passages: Sequence[Passage]) -> list[Window]:
    """Each non-empty passage as one premise (stripped of surrounding whitespace, offsets kept)."""
    out = []
    for passage in passages:
        stripped = passage.text.strip()
        if stripped:
            start = passage.text.index(stripped)
            out.append(Window(passage.id, stripped, start, start + len(stripped)))
    return out


@dataclass(frozen=True)
class PremiseShape:
    """How premises are cut: ``windows`` (1..window_sentences sentences), ``chunks`` (about ``size`` units by
    ``unit``) or ``passage``. ``describe()`` is what the manifest and the cache key record."""

    kind: str
    window_sentences: int = 3
    size: int | None = None
    unit: str | None = None

    def describe(self) -> dict[str, object]:
        if self.kind == "windows":
            return {"premises": "windows", "window_sentences": self.window_sentences}
        if self.kind == "chunks":
            return {"premises": "chunks", "chunk_size": self.size, "chunk_unit": self.unit}
        return {"premises": "passage"}

    def premises(self, passages: Sequence[Passage], count_tokens: Counter) -> list[Window]:
        if self.kind == "windows":
            return all_windows(tuple(passages), self.window_sentences)
        if self.kind == "passage":
            return whole_passages(passages)
        if self.size is None:
            raise ValueError("chunked premises need a chunk size")
        count = word_count if self.unit == "words" else count_tokens
        return [w for p in passages for w in passage_chunks(p, self.size, count)]
