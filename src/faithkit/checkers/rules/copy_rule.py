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
contiguous passage text.

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


def copied_window(claim: str, windows: Sequence[Window]) -> int | None:
    """The index of the window whose text the claim copies (module docstring), or None."""
    mine = normalised(claim)
    if len(mine.split()) < 3:  # "Yes." or a two-word fragment is no statement to copy
        return None
    for i, window in enumerate(windows):
        if window.reads is None and normalised(window.text) == mine:
            return i
    return None
