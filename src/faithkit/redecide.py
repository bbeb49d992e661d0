"""Re-deciding a stored verdict at another threshold: the rules ``sweep``, ``rescore`` and ``mutate --thresholds``
share.

Apart from ``sweep`` because three commands read a verdict this way and only one of them draws a sweep: ``rescore``
re-decides a finished run and ``mutation.suite`` adds ``LABEL@t`` rows, and neither needs the rates, intervals,
tables or plots. One module keeps the three agreeing on what a threshold changes.

How scores are swept. The checker runs once, at its own threshold; each verdict is then re-decided at every
threshold t from its score (entailment probability, cosine): supported iff score >= t. What the score does not
decide keeps its decision, so the sweep reproduces what the checker would say at t:

* ``error``: a flag at every threshold (fail closed), counted in ``errors``.
* stage ``numbers`` (a number in no passage): a flag at every threshold; the rule fires on whatever the
  classifier passes, and above the threshold the classifier flags it anyway.
* a classifier-failed verdict that carries an ``unverified`` number while the missing-number rule is on: a flag
  at every threshold, because wherever the classifier would pass it, the rule would flag it.
* stage ``arithmetic`` (a rescue by verified arithmetic): swept on the higher of the claim's own score and
  its reduced claim's score (the rescue needs the reduced claim to pass at t).
* stage ``judge``, or no score at all: the label as given, at every threshold.
* a claim the second opinion supported (``checkers.nli_verdict.is_candidate``, ``detail.second_opinion``): supported at
  every threshold. Below its first score the first model supports it; above, a rerun asks the second model again,
  which reads the same windows at its own threshold and supports it again.

Which stages a rule decides, and which of them rescue, is declared once, in ``checkers.base.RULE_STAGES``
(``rule_stage``): a new rule stage is one line there, and sweep, rescore and mutate read it.

Everything decided without the score is counted in ``rule_decided``. Two approximations remain, both above the
build threshold: a claim the classifier passed there is not re-tried for an arithmetic rescue, and, in a run
with a second opinion, it is not re-asked to the second model. The second is counted at each point
(``SweepPoint.not_redecided``) and named in a warning: at those points the flags are an upper bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from faithkit.checkers.base import RULE_STAGES
from faithkit.io.claim_rows import ClaimRow
from faithkit.records import Verdict, is_flag

NO_CASE = "(no case)"


@dataclass(frozen=True)
class ScoredClaim:
    """A labeled claim with the checker's verdict on it.

    numbers_rule: the checker's missing-number rule is on (see the module docstring for what it changes).
    second_opinion: the checker asks a second model about claims the first did not support (module docstring).
    """

    row: ClaimRow
    verdict: Verdict
    numbers_rule: bool = False
    second_opinion: bool = False

    @property
    def by_second_opinion(self) -> bool:
        """Supported by the second opinion: supported at every threshold (module docstring)."""
        return bool(self.verdict.detail.get("second_opinion")) and self.verdict.label == "supported"

    @property
    def sweep_score(self) -> float | None:
        """The score the decision is swept on, or None when the decision does not depend on the threshold."""
        v = self.verdict
        rule = RULE_STAGES.get(v.stage)
        if v.label == "error" or (rule is not None and not rule.rescue):
            return None
        if self.by_second_opinion or ((v.detail.get("copy") or v.detail.get("label_line")) and v.label == "supported"):
            return None  # supported at every threshold: by the second model, as a copy or as a label line
        if rule is not None:  # a rescue (arithmetic): the better of its own and the rescued verdict's score
            inner = (v.detail.get("inner") or {}).get("score")
            scores = [s for s in (v.score, inner) if s is not None]
            return max(scores) if scores else None
        if self.numbers_rule and is_flag(v.label) and _has_unverified_number(v):
            return None
        return v.score

    @property
    def sweepable(self) -> bool:
        return self.sweep_score is not None

    def flagged_at(self, threshold: float) -> bool:
        score = self.sweep_score
        if score is None:
            return is_flag(self.verdict.label)
        return score < threshold

    def redecided_at(self, threshold: float) -> bool:
        """False where a rerun at ``threshold`` would ask the second opinion about a claim the first model
        supported in this run: its flag at ``threshold`` is then an upper bound (not stored, not re-asked)."""
        score = self.sweep_score
        return not (self.second_opinion and score is not None and not is_flag(self.verdict.label)
                    and score < threshold)

    @property
    def case(self) -> str:
        return self.row.case or NO_CASE


def _has_unverified_number(verdict: Verdict) -> bool:
    numbers = verdict.detail.get("numbers") or []
    return any(isinstance(n, dict) and n.get("status") == "unverified" for n in numbers)


def _spec_of(checker: Any) -> dict[str, Any]:
    spec = checker.spec() if callable(getattr(checker, "spec", None)) else {}
    return spec if isinstance(spec, dict) else {}


def numbers_rule_in(spec: dict[str, Any]) -> bool:
    """Whether a checker spec (live, or a manifest's ``checker``) applies the missing-number rule
    (``{"numbers": {"missing_numbers": ...}}``). One reading for sweep and rescore, so the two agree."""
    numbers = spec.get("numbers")
    return bool(isinstance(numbers, dict) and numbers.get("missing_numbers"))


def second_opinion_in(spec: dict[str, Any]) -> bool:
    """Whether a checker spec asks a second opinion (``{"second_opinion": {...}}``)."""
    return bool(spec.get("second_opinion"))


def numbers_rule_of(checker: Any) -> bool:
    """``numbers_rule_in`` of a live checker's spec."""
    return numbers_rule_in(_spec_of(checker))


def second_opinion_of(checker: Any) -> bool:
    """``second_opinion_in`` of a live checker's spec."""
    return second_opinion_in(_spec_of(checker))


def scored_claims(checker: Any, rows: Sequence[ClaimRow], verdicts: Sequence[Verdict]) -> list[ScoredClaim]:
    """The rows with the checker's verdicts, with the checker's rules that decide without the score."""
    rule, second = numbers_rule_of(checker), second_opinion_of(checker)
    return [ScoredClaim(r, v, rule, second) for r, v in zip(rows, verdicts, strict=True)]
