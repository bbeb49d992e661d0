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

from faithkit.checkers.numbers.analysis import NumberReport
from faithkit.records import NOT_SUPPORTED, ClaimCheck, Passage, Verdict

WORKED_ID = "worked"


def worked_passage(report: NumberReport) -> Passage | None:
    """The operand sentences (each once, in the order the derivations use them) and each derivation as
    "<formula> = <claim number>."; None without a derivation or without an operand a passage gave (no evidence to
    read the rest of the claim against)."""
    contexts = list(dict.fromkeys(o.context for d in report.derivations for o in d.operands
                                  if "passage" in o.origins and o.context))
    if not contexts:
        return None
    worked = [f"{d.expression.split(' = ', 1)[-1]} = {d.target.text}." for d in report.derivations]
    return Passage(WORKED_ID, " ".join([*contexts, *worked]))


def worked_requests(requests: Sequence[ClaimCheck], verdicts: Sequence[Verdict],
                    reports: dict[int, NumberReport]) -> list[tuple[int, ClaimCheck]]:
    """(index, the claim on its worked premise) for each claim still not supported whose numbers are all
    accounted for and at least one derived, and that no number rule refuted (stage ``numbers``)."""
    out = []
    for i, report in reports.items():
        if verdicts[i].label != NOT_SUPPORTED or verdicts[i].stage == "numbers":
            continue
        passage = worked_passage(report) if report.accepted and report.derived else None
        if passage is not None:
            out.append((i, replace(requests[i], passages=(passage,))))
    return out
