"""Premise windows: one sentence, or two adjacent sentences, never crossing passages.

Short premises are what sentence-level NLI models were trained on; a whole passage (or all passages joined)
lets off-topic text flip the verdict both ways (SummaC; Move 4 of the Larkspur lesson). A window that spanned
two passages could entail a claim that neither passage supports, so windows are built per passage only.
"""

from __future__ import annotations

from faithkit.records import Passage, Window
from faithkit.text.sentences import split_sentences


def passage_windows(passage: Passage, max_sentences: int = 2) -> list[Window]:
    """All windows of 1..max_sentences adjacent sentences of one passage, with offsets into its text.

    A window's text is the exact slice of the passage, so the evidence shown to a user is what the prompt had.
    """
    sentences = split_sentences(passage.text)
    out: list[Window] = []
    for size in range(1, max_sentences + 1):
        for i in range(len(sentences) - size + 1):
            start, end = sentences[i].start, sentences[i + size - 1].end
            out.append(Window(passage.id, passage.text[start:end], start, end))
    return out


def all_windows(passages: tuple[Passage, ...] | list[Passage], max_sentences: int = 2) -> list[Window]:
    """Windows of every passage, in passage order; each window belongs to exactly one passage."""
    return [w for p in passages for w in passage_windows(p, max_sentences)]
