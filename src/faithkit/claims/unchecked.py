"""The sentences of an answer that no claim checks, and why: ``unchecked`` in results.jsonl, counted in the summary.

Why: some sentences are not claims on purpose. The sentence extractor drops answer particles ("Yes."), talk to the
user ("Hi there!", "I hope this helps!"), lead-ins with no fact of their own ("Here's the pricing:") and lines
that list sources ("Sources: ..."); the pipeline drops a sentence that declines to answer next to facts ("I
couldn't find anything about e-readers.").
Each rule was measured (``claims.sentences``), but a rule that dropped a sentence stating a fact would pass it
silently: listed with its reason, every sentence no verdict covers is in front of the reviewer.

It reads the answer the way ``sentence_claims`` does (markdown blocks, citation markers out, sentences) and lists
each sentence whose span no claim's span overlaps, so it works for any extractor whose claims carry spans: a
sentence the LLM decomposer took no claim from is listed as ``no_claim``. A table's header and row-name cells are
not listed: their text is in each cell's claim ("Overhaul: Price: €180").
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from faithkit.claims.markdown import markdown_blocks
from faithkit.claims.sentences import drop_kind, is_question_line, is_sources_line, without_markers
from faithkit.records import Claim
from faithkit.text.sentences import split_sentences

# why a sentence is not checked; "declines": a refusal sentence beside facts (warning ``partial_refusal``);
# "sources": a line that lists sources ("Sources: ...", items under "**References:**"); "question": the user's
# question restated under a "Q:" label
WHY = ("particle", "talk_to_user", "asks", "question", "lead_in", "sources", "declines", "no_claim")


@dataclass(frozen=True)
class Unchecked:
    """One sentence of the answer that no claim covers: its text, its span in the answer, and why (``WHY``)."""

    text: str
    start: int
    end: int
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "span": [self.start, self.end], "why": self.why}


class _Covered:
    """The spans some claims cover, merged and sorted, so a sentence is looked up in log time: an answer of 8,000
    sentences asked every claim for every sentence (64 million comparisons, most of a 20 s budget)."""

    def __init__(self, claims: Sequence[Claim]) -> None:
        merged: list[list[int]] = []
        for start, end in sorted((c.start, c.end) for c in claims if c.end > c.start):
            if merged and start <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        self.starts = [m[0] for m in merged]
        self.ends = [m[1] for m in merged]

    def overlaps(self, start: int, end: int) -> bool:
        """Whether a span shares a character with a covered span (the first one that ends after ``start``)."""
        i = bisect_right(self.ends, start)
        return i < len(self.starts) and self.starts[i] < end


def unchecked_sentences(answer: str, claims: Sequence[Claim], declined: Sequence[Claim] = (),
                        passage_ids: Sequence[str] = ()) -> list[Unchecked]:
    """The sentences of ``answer`` no claim in ``claims`` covers; ``declined``: the claims the pipeline dropped as
    declining to answer (their sentences are listed as ``declines``)."""
    out: list[Unchecked] = []
    covered, refused = _Covered(claims), _Covered(declined)
    for raw in markdown_blocks(answer):
        if raw.label:
            continue
        block, _ = without_markers(raw, passage_ids)
        for sentence in split_sentences(block.text):
            start, end = block.span(sentence.start, sentence.end)
            text = sentence.text.strip()
            if end <= start or not any(ch.isalnum() for ch in text) or covered.overlaps(start, end):
                continue
            if refused.overlaps(start, end):
                why = "declines"
            elif is_sources_line(block):
                why = "sources"
            elif is_question_line(block):
                why = "question"
            else:
                why = drop_kind(text) or ("lead_in" if block.lead_in else "no_claim")
            out.append(Unchecked(text, start, end, why))
    return out
