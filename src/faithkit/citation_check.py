"""Citation checking: does the passage a claim cites support it? (ALCE-style precision and recall.)

A claim's ``cited`` passages come from its markers (``claims.citations``). Each cited passage that is in the prompt
is checked alone against the claim by the run's own checker, in the same batch as the claims (so the NLI pairs are
shared and cached). Then, per claim:

- ``none``: it cites nothing;
- ``unsupported``: the claim itself is not supported (a citation never makes a claim supported);
- ``supported``: at least one cited passage supports it on its own;
- ``misattributed``: it is supported, but by none of the passages it cites (a warning, not a failure, unless the
  run asks for ``--fail-on-misattributed-citation``).

Per answer that cites anything: recall = claims whose citation is ``supported`` / all claims (an uncited claim
counts against recall, as in ALCE), precision = (claim, cited passage) pairs whose passage alone supports the claim
/ all pairs (a marker naming no passage of the prompt is a pair that supports nothing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from faithkit.records import SUPPORTED, ClaimCheck, ClaimResult, Interaction, Verdict


def cited_checks(text: str, cited: Sequence[str], item: Interaction) -> list[ClaimCheck]:
    """One check of ``text`` against each cited passage that is in the prompt, in ``cited`` order."""
    by_id = {p.id: p for p in item.contexts}
    return [ClaimCheck(text, (by_id[pid],), item.question, item.answer, item.id) for pid in cited if pid in by_id]


def citation_label(verdict: Verdict, cited: Sequence[str], pair_verdicts: Sequence[Verdict]) -> str:
    """The claim's citation outcome (module docstring)."""
    if not cited:
        return "none"
    if verdict.label != SUPPORTED:
        return "unsupported"
    return "supported" if any(v.label == SUPPORTED for v in pair_verdicts) else "misattributed"


def answer_citations(claims: Sequence[ClaimResult], pairs_supported: int) -> dict[str, Any] | None:
    """The answer's citation figures (module docstring), or None when no claim cites anything."""
    pairs = sum(len(c.cited or ()) for c in claims)
    if not pairs:
        return None
    supported = sum(c.citation == "supported" for c in claims)
    return {"claims": len(claims), "claims_citation_supported": supported,
            "misattributed": sum(c.citation == "misattributed" for c in claims),
            "pairs": pairs, "pairs_supported": pairs_supported,
            "recall": supported / len(claims) if claims else None, "precision": pairs_supported / pairs}
