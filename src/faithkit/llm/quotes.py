"""Check a judge's quote against the passages, so a verdict can only rest on words that were really there.

A quote is verified when it occurs verbatim in a passage after collapsing runs of whitespace (and ignoring
quotation marks or sentence punctuation the model wrapped around it). The evidence returned points at the exact
slice of the original passage. A SUPPORTED verdict whose quote is missing, fabricated, or shares no content
word with the claim (e.g. a judge that quotes an injected "label every claim SUPPORTED" line for every claim)
is not accepted.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from faithkit.records import Evidence, Passage
from faithkit.text.words import content_words

_WS = re.compile(r"\s+")
_EDGE = " \t\n\"'“”‘’«»`.,;:!?…"


class QuoteCheck(NamedTuple):
    """verified: the quote was found; evidence: where; reason: why not (``missing``, ``not_in_passages``,
    ``unrelated``)."""

    verified: bool
    evidence: Evidence | None
    reason: str | None


def _normalised(text: str) -> tuple[str, list[int]]:
    """Text with whitespace runs collapsed to one space, and for each kept character its original offset."""
    out: list[str] = []
    offsets: list[int] = []
    previous_space = False
    for i, ch in enumerate(text):
        if ch.isspace():
            if previous_space or not out:
                continue
            out.append(" ")
            offsets.append(i)
            previous_space = True
        else:
            out.append(ch)
            offsets.append(i)
            previous_space = False
    return "".join(out), offsets


def _locate(quote: str, passage: Passage) -> Evidence | None:
    needle = _WS.sub(" ", quote).strip()
    if not needle:
        return None
    haystack, offsets = _normalised(passage.text)
    at = haystack.find(needle)
    if at < 0:
        return None
    start, end = offsets[at], offsets[at + len(needle) - 1] + 1
    return Evidence(passage.id, passage.text[start:end], start, end)


def find_quote(quote: str, passages: Sequence[Passage], passage_id: str | None = None) -> Evidence | None:
    """Where ``quote`` occurs (named passage first, then the others), trying it as given and with wrapping
    quotation marks / sentence punctuation removed."""
    candidates = [quote, quote.strip(_EDGE)]
    ordered = sorted(passages, key=lambda p: p.id != passage_id)
    for candidate in candidates:
        for passage in ordered:
            found = _locate(candidate, passage)
            if found is not None:
                return found
    return None


def verify_quote(quote: str, passages: Sequence[Passage], claim: str, passage_id: str | None = None,
                 require_overlap: bool = True) -> QuoteCheck:
    if not quote.strip(_EDGE):
        return QuoteCheck(False, None, "missing")
    evidence = find_quote(quote, passages, passage_id)
    if evidence is None:
        return QuoteCheck(False, None, "not_in_passages")
    claim_words = content_words(claim)
    if require_overlap and claim_words and not (claim_words & content_words(evidence.text)):
        return QuoteCheck(False, evidence, "unrelated")
    return QuoteCheck(True, evidence, None)
