"""The cascade (Move 5): NLI on every claim, the LLM judge only where NLI is not confident.

A claim keeps its NLI verdict only when NLI says supported with best-window entailment >= ``route_below``
(default 0.98: on the Larkspur mutation suite this caught 22 of 24 real faults with 24 judge calls instead of
38; 0.5 let plan swaps through). Every other claim (NLI not supported, scored below the bar, or an NLI error)
is decided by the judge; its verdict keeps the NLI score in ``detail["nli"]``. ``stage`` says who decided.

What the cascade never re-checks is a claim NLI passed with high confidence, so it inherits NLI's blind spots
(merged claims, entity swaps that keep the sentence shape): measure its miss rate per fault type.

counters (the cascade's own; the pipeline also sums those of its ``children()``, nli and judge): cascade_claims,
cascade_decided_by_nli, cascade_routed_to_judge, cascade_judge_requests_avoided (judge prompts a judge-only
run would have needed, minus those this run needed, in the judge's mode).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from faithkit.checkers.base import Checker, CheckerBase
from faithkit.checkers.llm.judge import JudgeChecker, plan_units
from faithkit.checkers.llm.llm_options import DEFAULT_ROUTE_BELOW
from faithkit.errors import UsageError
from faithkit.guards import expect_verdicts
from faithkit.records import SUPPORTED, ClaimCheck, Verdict

__all__ = ["DEFAULT_ROUTE_BELOW", "CascadeChecker"]


class CascadeChecker(CheckerBase):
    name = "cascade"
    threshold: float | None = None

    def __init__(self, nli: Checker, judge: JudgeChecker, route_below: float = DEFAULT_ROUTE_BELOW):
        if not 0.0 <= route_below <= 1.0:
            raise UsageError(f"--route-below must be within [0, 1], got {route_below}")
        self.nli = nli
        self.judge = judge
        self.route_below = route_below
        self.counters: dict[str, int] = {
            "cascade_claims": 0, "cascade_decided_by_nli": 0, "cascade_routed_to_judge": 0,
            "cascade_judge_requests_avoided": 0,
        }

    def spec(self) -> dict[str, Any]:
        return {"checker": self.name, "route_below": self.route_below, "nli": self.nli.spec(),
                "judge": self.judge.spec(), **self.rebuild_entry()}

    def children(self) -> tuple[Checker, ...]:
        """load() and warnings_for() reach both stages; the pipeline sums both stages' counters."""
        return (self.nli, self.judge)

    def confident(self, verdict: Verdict) -> bool:
        return verdict.label == SUPPORTED and verdict.score is not None and verdict.score >= self.route_below

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        if not requests:
            return []
        first = expect_verdicts(self.nli.name, self.nli.check(requests), len(requests))
        routed = [i for i, v in enumerate(first) if not self.confident(v)]
        out = list(first)
        if routed:
            judged = expect_verdicts(self.judge.name, self.judge.check([requests[i] for i in routed]), len(routed))
            for i, verdict in zip(routed, judged):
                nli = first[i]
                out[i] = replace(verdict, detail={**verdict.detail, "routed": True, "nli": {
                    "label": nli.label, "score": nli.score, "label3": nli.label3}})
        mode = self.judge.mode
        size = self.judge.max_claims_per_call
        avoided = len(plan_units(requests, mode, size)) - len(plan_units([requests[i] for i in routed], mode, size))
        self.counters["cascade_claims"] += len(requests)
        self.counters["cascade_routed_to_judge"] += len(routed)
        self.counters["cascade_decided_by_nli"] += len(requests) - len(routed)
        self.counters["cascade_judge_requests_avoided"] += avoided * self.judge.repeats
        return out
