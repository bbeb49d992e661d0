"""A second opinion on the judge: does the quote it cites entail the claim, by the NLI model?

The judge's quote is verified verbatim (``llm.quotes``), so a SUPPORTED verdict always rests on words that are
really in a passage. That does not make it right: a judge that answers SUPPORTED for everything and quotes the
passage sentence sharing the most words passed 6 of 7 false claims in the attack run ("Team plans are billed
weekly" on the quote "Team plans are billed monthly..."). So every verified SUPPORTED quote is also scored as
premise -> claim by the default NLI stack (the bundled model with its window veto, alignment and number rules),
with the quote widened to the passage sentences it overlaps; a quote the stack does not find entailing
is a *disagreement*: counted (``judge_quote_disagreements``), shown on the claim (``detail.quote_nli``), and in
``veto`` mode the claim is not supported (``error="quote_not_entailing"``). ``flag`` (the default) keeps the
judge's verdict and only reports; ``off`` skips the check.

Why ``flag`` by default: a judge is chosen for what the small model gets wrong, paraphrases above all (the
bundled checker flags about a quarter of the faithful help-center claims, MODEL_CARD.md). Requiring both would
cap the judge's recall at the model's; the disagreement count shows a reviewer where to look instead, and
``veto`` is there for a team that prefers the judge to pass nothing the model doubts.

What this guarantees, and what not: a SUPPORTED judge verdict always rests on a verbatim quote; with ``veto`` it
also needs the NLI model's entailment of the claim by that quote, so a false claim passes only when the judge is
wrong *and* the model is wrong on the same sentence. With ``flag`` a wrong judge's SUPPORTED stands, but it is
counted and shown as a disagreement.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from faithkit.records import NOT_SUPPORTED, SUPPORTED, ClaimCheck, Passage, Verdict
from faithkit.text.sentences import split_sentences

QUOTE_NLI_MODES = ("veto", "flag", "off")
QUOTE_NOT_ENTAILING = "quote_not_entailing"


def _default_checker() -> Any:
    """The default NLI stack (bundled model, window veto, alignment and number rules): a quote is judged by the
    same rules as any claim."""
    from faithkit.checkers.registry import build_checker

    return build_checker("nli")


def quote_premise(verdict: Verdict, request: ClaimCheck) -> Passage | None:
    """The sentences of the cited passage that the quote overlaps: a quote fragment ("can be cancelled at any
    time") says less than its sentence, and the model needs the sentence's subject."""
    evidence = verdict.evidence
    passage = next((p for p in request.passages if evidence is not None and p.id == evidence.passage_id), None)
    if evidence is None or passage is None or evidence.start is None or evidence.end is None:
        return Passage(evidence.passage_id or "quote", evidence.text) if evidence is not None else None
    spans = [s for s in split_sentences(passage.text) if s.end > evidence.start and s.start < evidence.end]
    if not spans:
        return Passage(passage.id, evidence.text)
    return Passage(passage.id, passage.text[spans[0].start : spans[-1].end])


class QuoteEntailment:
    """Checks the judge's verified SUPPORTED quotes with an NLI checker; see the module docstring."""

    def __init__(self, mode: str = "veto", checker: Callable[[], Any] | None = None):
        if mode not in QUOTE_NLI_MODES:
            from faithkit.errors import UsageError

            raise UsageError(f"quote_nli must be one of {', '.join(QUOTE_NLI_MODES)}, not {mode!r}")
        self.mode = mode
        self._factory = checker or _default_checker
        self._checker: Any = None
        self.counters = {"judge_quotes_nli_checked": 0, "judge_quote_disagreements": 0}

    def spec(self) -> dict[str, Any]:
        spec: dict[str, Any] = {"quote_nli": self.mode}
        if self._checker is not None:
            inner = self._checker.spec()
            spec["quote_nli_checker"] = {k: inner.get(k) for k in ("checker", "model", "weights", "threshold")}
        return spec

    def review(self, requests: Sequence[ClaimCheck], verdicts: list[Verdict]) -> list[Verdict]:
        if self.mode == "off":
            return verdicts
        todo = [
            (i, premise)
            for i, v in enumerate(verdicts)
            if v.label == SUPPORTED and (premise := quote_premise(v, requests[i])) is not None
        ]
        if not todo:
            return verdicts
        if self._checker is None:
            self._checker = self._factory()
        checks = [
            ClaimCheck(requests[i].claim, (premise,), requests[i].question, requests[i].answer, requests[i].group)
            for i, premise in todo
        ]
        seconds = self._checker.check(checks)
        out = list(verdicts)
        for (i, premise), second in zip(todo, seconds):
            agrees = second.label == SUPPORTED
            self.counters["judge_quotes_nli_checked"] += 1
            opinion = {
                "label": second.label,
                "stage": second.stage,
                "score": second.score,
                "agrees": agrees,
                "premise": premise.text,
            }
            detail = {**out[i].detail, "quote_nli": opinion}
            if agrees:
                out[i] = replace(out[i], detail=detail)
                continue
            self.counters["judge_quote_disagreements"] += 1
            if self.mode == "veto":
                label3 = "contradicted" if second.label3 == "contradicted" else "not_found"
                out[i] = replace(
                    out[i],
                    label=NOT_SUPPORTED,
                    label3=label3,
                    error=QUOTE_NOT_ENTAILING,
                    detail={**detail, "vetoed": True},
                )
            else:
                out[i] = replace(out[i], detail=detail)
        return out
