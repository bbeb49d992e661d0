"""What a passage says instead: the value shown beside a number or a time that no source states.

"$25 appears in no passage; [plans] says $29" and "23:00 appears in no passage; [rental] says 17:00" both show
the value of the passage sentence sharing most words with the claim, so that the reader sees what it should have
been. One search for both reasons (``stage.missing_reason``, ``clock.unstated_reason``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

__all__ = ["nearest_stated"]


def nearest_stated(claim: str, passages: Sequence[Any], stated: Callable[[str], Iterable[str]]
                   ) -> tuple[str, str] | None:
    """(passage id, text) of a value ``stated`` finds in a passage sentence, from the sentence sharing most words
    with the claim (the earlier passage on a tie), or None when no sentence states one."""
    from faithkit.checkers.rules.alignment_words import words
    from faithkit.text.sentences import split_sentences

    claim_words = words(claim)
    found = [(len(claim_words & words(s.text)), -k, p.id, text) for k, p in enumerate(passages)
             for s in split_sentences(p.text) for text in stated(s.text)]
    best = max(found, default=None)
    return (best[2], best[3]) if best else None
