"""A copy is supported: a claim that repeats passage text word for word needs no model and no rule.

Why (issue 31): a claim copied from a passage was flagged because a veto removed the windows that held it, or
because the model read the copy with an answer particle in front ("Yes, meeting room bookings can be cancelled
free of charge within 24 hours of booking." against that very sentence: contradiction 0.94). Whatever the rules
and the model say, a sentence a passage states is supported by that passage; a reader would not accept a
verdict saying otherwise.

A copy is judged after the normalising a reader does without noticing: case, punctuation, markdown emphasis,
contractions ("don't" / "do not", "it's" / "it is"), and a leading answer particle ("Yes,", "No,", "Sure,":
the particle answers the question; the rest is the claim). The text must be one window the checker reads from one
passage (one sentence, or adjacent sentences), never a spread window or a re-read clause, whose words are not
contiguous passage text; or one independent clause of a one-sentence window, cut at ", and", ", but" or ";"
("No, visitors are only admitted until 18:00." against "After 22:00 you need your student card to enter, and
visitors are only admitted until 18:00.": the model read 0.22; session 16), with at least four words.

Not ``nli_input.canonical``: that rewriting drops a mid-sentence "only" and reads bounds alike, which is right for
the model's input (the rules check those words) but would let a claim that adds "only" count as a copy here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from faithkit.records import Window

__all__ = ["copied_window", "normalised"]

_PARTICLE = re.compile(r"^\s*(?:yes|no|yep|nope|sure|ok|okay|of course|certainly|absolutely|correct|indeed)\b"
                       r"\s*[,.:;!—–-]+\s*", re.IGNORECASE)
_CONTRACTIONS = ((r"\bcan't\b", "can not"), (r"\bcannot\b", "can not"), (r"\bwon't\b", "will not"),
                 (r"\bshan't\b", "shall not"), (r"n't\b", " not"), (r"\b(it|that|there|here|what|who)'s\b", r"\1 is"),
                 (r"'re\b", " are"), (r"'ll\b", " will"), (r"'ve\b", " have"), (r"'d\b", " would"),
                 (r"\bi'm\b", "i am"))
_NOT_WORD = re.compile(r"[^\w%€$£¥]+")


@lru_cache(maxsize=65536)
def normalised(text: str) -> str:
    """The words of ``text`` as a reader compares them: lower case, contractions spelled out, no particle, no
    punctuation or markdown (``€``, ``$``, ``%`` stay: they are part of an amount)."""
    low = _PARTICLE.sub("", text.replace("’", "'")).lower()
    for pattern, spelled in _CONTRACTIONS:
        low = re.sub(pattern, spelled, low)
    return " ".join(_NOT_WORD.sub(" ", low.replace("_", " ")).split())


def copied_window(claim: str, windows: Sequence[Window], clauses: bool = False) -> int | None:
    """The index of the window whose text the claim copies (module docstring), or None; with ``clauses`` also a
    window one of whose independent clauses the claim copies (asked only where the model did not support the
    claim, so a supported claim keeps the window and score the model gave)."""
    mine = normalised(claim)
    if len(mine.split()) < 3:  # "Yes." or a two-word fragment is no statement to copy
        return None
    for i, window in enumerate(windows):
        if window.reads is None and normalised(window.text) == mine:
            return i
    for i, window in enumerate(windows if clauses else ()):
        if window.reads is None and mine in _clauses(window.text):
            return i
    return None


_CLAUSE_JOINT = re.compile(r",\s+(?:and|but)\s+|;\s+")


@lru_cache(maxsize=65536)
def _clauses(text: str) -> frozenset[str]:
    """The normalised independent clauses of a one-sentence text, each of four words or more (none for a text
    with no joint: the whole text is compared already)."""
    parts = _CLAUSE_JOINT.split(text)
    if len(parts) < 2 or re.search(r"[.!?]\s+\S", text.strip()):  # two sentences: not one sentence's clauses
        return frozenset()
    return frozenset(n for n in (normalised(p) for p in parts) if len(n.split()) >= 4)
