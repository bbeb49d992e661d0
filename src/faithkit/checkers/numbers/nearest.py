"""What a passage says instead: the value shown beside a number or a time that no source states.

"$25 appears in no passage; [plans] says $29" and "23:00 appears in no passage; [rental] says 17:00" both show
the value of the passage sentence sharing most words with the claim, so that the reader sees what it should have
been. One search for both reasons (``missing_reason``, ``clock.unstated_reason``, ``dates.unstated_date_reason``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from faithkit.checkers.numbers.extract import quantities
from faithkit.checkers.numbers.quantity import Quantity

__all__ = ["missing_reason", "nearest_stated"]


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


def missing_reason(missing: Sequence[Quantity], passages: Sequence[Any], claim: str = "") -> str:
    """ "$25 appears in no passage; [plans] says $29": each number the sources lack, with the nearest amount of the
    same unit a passage gives (in the sentence sharing most words with the claim), so the reader sees what it
    should have been."""
    said = []
    for quantity in missing:
        nearest = nearest_stated(claim, passages, lambda text, q=quantity: [
            s.text for s in quantities(text) if s.unit == q.unit and s.value != q.value])
        said.append(f"{quantity.text} appears in no passage" + (f"; [{nearest[0]}] says {nearest[1]}" if nearest
                                                                 else ""))
    return "; ".join(said) or "a number the sources do not give"
