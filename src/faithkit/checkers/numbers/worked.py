"""The worked premise: the sentences a claim's verified arithmetic read its operands from, followed by that
arithmetic written out ("12 months × $18 × 2 = $432."), as the one passage the inner checker reads the claim
against, as written, when no other way of the arithmetic rule (``stage``) supported it.

Why (issue 31 item 3): a claim whose numbers are verified must be judged on the rest of its meaning, and the
numbers stage's other ways both rewrite the claim: the reduced claim ("... $18 for the first 1 month") is a
sentence no model entails, and the rest of the claim ("The one-time extension before it goes back to the
sender.") is often no sentence at all. Here the claim stays as the user reads it, and the premise holds the
evidence its arithmetic used with the arithmetic stated, so what the model must still find in it is everything
but the computation. The inner checker's rules (window veto, alignment) read this premise as they read any
passage, so a condition or a polarity the claim gets wrong still refutes it. Chosen on the development sets and
confirmed on the held-out ones (MODEL_CARD.md, session 29).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from faithkit.checkers.numbers.analysis import NumberReport, states_amount
from faithkit.records import ClaimCheck, Passage
from faithkit.text.sentences import split_sentences

WORKED_ID = "worked"


def worked_passage(report: NumberReport, request: ClaimCheck) -> Passage | None:
    """The operand sentences (each once, in the order the derivations use them), then every other passage
    sentence that states an amount the claim repeats (the discount "10% off" the claim names, where the
    derivation took the saving from the claim itself), and each derivation as "<formula> = <claim number>.";
    None without a derivation or without any such sentence (no evidence to read the rest of the claim against)."""
    contexts = list(dict.fromkeys(o.context for d in report.derivations for o in d.operands
                                  if "passage" in o.origins and o.context))
    stated = [n.quantity for n in report.numbers if n.status == "in_sources" and n.quantity.unit]  # not a bare 10
    for passage in request.passages:
        for sentence in split_sentences(passage.text):
            text = sentence.text.strip()
            if text not in contexts and any(states_amount(request.claim, q, text) for q in stated):
                contexts.append(text)
    if not contexts or not report.derivations:
        return None
    worked = [f"{d.expression.split(' = ', 1)[-1]} = {d.target.text}." for d in report.derivations]
    return Passage(WORKED_ID, " ".join([*contexts, *worked]))


def worked_requests(requests: Sequence[ClaimCheck], reports: dict[int, NumberReport]) -> list[tuple[int, ClaimCheck]]:
    """(index, the claim on its worked premise) for each claim of ``reports`` (those still not supported, and
    that no number rule refuted) whose numbers are all accounted for and at least one derived."""
    out = []
    for i, report in reports.items():
        passage = worked_passage(report, requests[i]) if report.accepted and report.derived else None
        if passage is not None:
            out.append((i, replace(requests[i], passages=(passage,))))
    return out
