"""Premise windows: one to three adjacent sentences, never crossing passages.

Short premises are what sentence-level NLI models were trained on; a whole passage (or all passages joined)
lets off-topic text flip the verdict both ways (SummaC; Move 4 of the Larkspur lesson). A window that spanned
two passages could entail a claim that neither passage supports, so windows are built per passage only.

Why up to three: a claim often joins facts from neighbouring sentences ("She died Saturday. She was 78."). With
the bundled model, WiCE dev went from 62.8 (1-2 sentence windows) to 69.1 (1-3), while whole chunks as one premise
fell to 60.3. The price is borrowing: a wider window lets a faulty claim take a word from a neighbour sentence, and
on short claims against whole documents (synth_dev_doc) fewer faults are caught. Both are measured, and the choice
explained, in the bundled model's card (`benchmarks/window_size_dev.py`).
"""

from __future__ import annotations

from faithkit.records import Passage, Window
from faithkit.text.sentences import split_sentences

DEFAULT_WINDOW_SENTENCES = 3


def passage_windows(passage: Passage, max_sentences: int = DEFAULT_WINDOW_SENTENCES) -> list[Window]:
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


def all_windows(passages: tuple[Passage, ...] | list[Passage],
                max_sentences: int = DEFAULT_WINDOW_SENTENCES) -> list[Window]:
    """Windows of every passage, in passage order; each window belongs to exactly one passage."""
    return [w for p in passages for w in passage_windows(p, max_sentences)]
