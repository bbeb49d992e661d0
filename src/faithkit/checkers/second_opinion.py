"""A second NLI model consulted only where the first one found nothing either way.

Why: every CPU-trained replacement of the bundled model moved along its strictness curve (runs 4-10 in
``training/README.md``): a lenient model keeps paraphrases the bundled one rejects ("This month's charge stays,
though." for "... the current month is not refunded.") and lets negation flips and added facts through. As a
*second opinion* it can only turn a "not found" into "supported": a claim is a candidate when the first model's
verdict is ``not_supported`` and

- no alignment rule named a sentence that disagrees with it (``detail.disagreeing_sentence``), and
- no window of its best passage contradicts it for the first model (``label3`` is not "contradicted").

A candidate is supported when the second model, through the same windows, veto, alignment rules and canonical
input, supports it at ``second_threshold``. Everything the first model supports, contradicts or a rule refutes
keeps its verdict, so a flip the bundled model contradicts stays caught whatever the second model says. The numbers
stage wraps the NLI checker and still refutes a claim whose numbers are not in the sources. The rule was written
before any score was read (``training/results/run11_rule.md``); its dev figures are in the model card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from faithkit.records import SUPPORTED, Verdict

__all__ = ["candidates_of", "is_candidate", "second_opinion_verdict"]


def is_candidate(verdict: Verdict) -> bool:
    """Whether the second model may overturn this first-model verdict (see the module docstring)."""
    return (verdict.label == "not_supported" and not verdict.detail.get("disagreeing_sentence")
            and verdict.label3 != "contradicted")


def second_opinion_verdict(first: Verdict, second: Verdict) -> Verdict:
    """The verdict that stands: the second model's when it supports the claim, with the first model's score
    kept in ``detail.first_opinion``; the first one otherwise."""
    if second.label != SUPPORTED:
        return first
    return replace(second, detail={**second.detail, "second_opinion": True, "first_opinion": {
        "score": first.score, "label3": first.label3,
        "evidence": first.evidence.text if first.evidence is not None else None}})


def candidates_of(verdicts: Sequence[Verdict]) -> list[int]:
    """Positions of the first verdicts that are candidates."""
    return [i for i, verdict in enumerate(verdicts) if is_candidate(verdict)]
