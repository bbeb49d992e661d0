"""The regression gate: a comparison and a policy in, pass / fail / inconclusive out (pure).

Order of judgement, and why:
1. *Inconclusive* first. If either run has too many errors, claim-level error verdicts (judge errors) or
   truncated checks, if the new run lost baseline questions, or if the instrument changed (checker, model
   revision, threshold, claim splitter, refusal patterns) without the policy allowing it, the numbers cannot
   carry a yes/no: an error claim counts as not supported, so errors alone can fake a regression; a run that
   lost questions may have lost the hard ones; and a new checker can fake an improvement (the lesson's model
   swap that "fixed" 18% of answers). Failing checks are still listed, as what the gate *would* say.
2. *Fail* when the new unsupported-answer rate is above the ceiling, or when the paired test finds a
   significant change (p < alpha) in the wrong direction (more broken than fixed), or when refusals rose by more
   than the policy allows, or when more than ``max_newly_broken`` answers that were faithful in the baseline are
   unsupported now, whatever the p-value (one newly broken answer never reaches p < 0.05, so without this a
   regression on a named question passes under the rate ceiling).
3. Otherwise *pass*.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

from faithkit.compare import DEFAULT_MIN_OVERLAP, Comparison, RunStats
from faithkit.errors import UsageError

Outcome = Literal["pass", "fail", "inconclusive"]

EXIT_CODES: dict[str, int] = {"pass": 0, "fail": 1, "inconclusive": 3}
"""CLI exit code per outcome; 2 is reserved for usage, config and input errors."""


@dataclass(frozen=True)
class GatePolicy:
    """What a team accepts. Every key can come from a policy file or a flag (flags win).

    max_unsupported_rate: ceiling on the new run's unsupported-answer rate; None = no ceiling.
    ceiling_on: what the ceiling is compared with: ``rate`` (the point estimate) or ``upper`` (the upper end of
        its 95% Wilson interval: a small suite then passes only when it shows the rate is low, not by luck).
    alpha: significance level of the exact McNemar test; a regression is p < alpha with broken > fixed.
    max_error_rate: largest share of answers with status ``error`` (either run) before the gate is inconclusive.
    max_claim_error_rate: largest share of scored answers with an ``error`` claim verdict (judge errors, ...);
        None = same as max_error_rate.
    max_truncation_rate: largest share of scored answers with a truncated check; None = same as max_error_rate.
    max_refusal_increase: fail when the new run has more than this many refusals beyond the base; None = only
        warn (the comparison always warns when refusals rise while the unsupported rate falls).
    max_missing_rate: largest share of the baseline's ids absent from the new run before the gate is
        inconclusive (default 0: a run that silently lost questions could lose exactly the hard ones; remove
        questions from the suite by updating the baseline, which is an explicit act).
    allow_measurement_change: accept a changed checker / claims / refusal patterns instead of inconclusive.
    min_overlap: smallest share of ids in both runs for the comparison to be a comparison (else usage error).
    """

    max_unsupported_rate: float | None = None
    ceiling_on: Literal["rate", "upper"] = "rate"
    alpha: float = 0.05
    max_error_rate: float = 0.05
    max_claim_error_rate: float | None = None
    max_truncation_rate: float | None = None
    max_refusal_increase: int | None = None
    max_missing_rate: float = 0.0
    allow_measurement_change: bool = False
    min_overlap: float = DEFAULT_MIN_OVERLAP
    max_newly_broken: int | None = None

    def __post_init__(self) -> None:
        for name in ("max_unsupported_rate", "max_error_rate", "max_claim_error_rate", "max_truncation_rate",
                     "max_missing_rate", "min_overlap"):
            value = getattr(self, name)
            if value is not None and (not _is_number(value) or not 0 <= value <= 1):
                raise UsageError(f"gate policy: {name} must be a number in [0, 1], got {value!r}")
        if self.ceiling_on not in ("rate", "upper"):
            raise UsageError(f"gate policy: ceiling_on must be 'rate' or 'upper', got {self.ceiling_on!r}")
        if not _is_number(self.alpha) or not 0 < self.alpha < 1:
            raise UsageError(f"gate policy: alpha must be a number in (0, 1), got {self.alpha!r}")
        if self.max_refusal_increase is not None and (
            isinstance(self.max_refusal_increase, bool) or not isinstance(self.max_refusal_increase, int)
            or self.max_refusal_increase < 0
        ):
            raise UsageError(f"gate policy: max_refusal_increase must be an integer >= 0, "
                             f"got {self.max_refusal_increase!r}")
        if self.max_newly_broken is not None and (
            isinstance(self.max_newly_broken, bool) or not isinstance(self.max_newly_broken, int)
            or self.max_newly_broken < 0
        ):
            raise UsageError(f"gate policy: max_newly_broken must be an integer >= 0, got {self.max_newly_broken!r}")
        if not isinstance(self.allow_measurement_change, bool):
            raise UsageError("gate policy: allow_measurement_change must be true or false")

    @property
    def claim_error_limit(self) -> float:
        return self.max_error_rate if self.max_claim_error_rate is None else self.max_claim_error_rate

    @property
    def truncation_limit(self) -> float:
        return self.max_error_rate if self.max_truncation_rate is None else self.max_truncation_rate

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


POLICY_KEYS = tuple(f.name for f in fields(GatePolicy))


def policy_from_mapping(data: dict[str, Any], overrides: dict[str, Any] | None = None) -> GatePolicy:
    """Build a policy from a file's mapping plus flag overrides (None values in overrides are ignored).
    Unknown keys are an error: a misspelt ceiling must not silently gate nothing."""
    unknown = sorted(set(data) - set(POLICY_KEYS))
    if unknown:
        raise UsageError(f"gate policy: unknown key(s) {unknown}; known keys: {list(POLICY_KEYS)}")
    merged = dict(data)
    merged.update({k: v for k, v in (overrides or {}).items() if v is not None})
    return GatePolicy(**merged)


@dataclass(frozen=True)
class GateDecision:
    """The gate's answer: an outcome, its exit code, and every reason behind it (empty for a clean pass)."""

    outcome: Outcome
    failures: tuple[str, ...]
    inconclusive: tuple[str, ...]
    policy: GatePolicy

    @property
    def exit_code(self) -> int:
        return EXIT_CODES[self.outcome]

    def to_dict(self) -> dict[str, Any]:
        return {"outcome": self.outcome, "exit_code": self.exit_code, "failures": list(self.failures),
                "inconclusive": list(self.inconclusive), "policy": self.policy.to_dict()}


def _reliability_problems(label: str, stats: RunStats, policy: GatePolicy) -> list[str]:
    problems = []
    checks = (
        ("answers ended in error", stats.errors, stats.answers, stats.error_share, policy.max_error_rate),
        ("scored answers have a claim with an error verdict (e.g. judge errors)", stats.claim_error_answers,
         stats.scored, stats.claim_error_share, policy.claim_error_limit),
        ("scored answers have a truncated check", stats.truncated_answers, stats.scored, stats.truncation_share,
         policy.truncation_limit),
    )
    for what, k, n, share, limit in checks:
        if share > limit:
            problems.append(f"{label}: {k} of {n} {what} ({share:.1%} > {limit:.1%})")
    return problems


def decide(comparison: Comparison, policy: GatePolicy) -> GateDecision:
    """Apply a policy to a comparison (see the module docstring for the order of judgement)."""
    inconclusive: list[str] = []
    inconclusive += _reliability_problems("base", comparison.base, policy)
    inconclusive += _reliability_problems("new", comparison.new, policy)
    if comparison.meaning_changes and not policy.allow_measurement_change:
        keys = ", ".join(c.key for c in comparison.meaning_changes)
        inconclusive.append(f"the measurement changed between runs ({keys}); rerun the baseline with the new "
                            "settings, or allow it with --allow-measurement-change")
    base_ids = comparison.common + len(comparison.only_base)
    missing = len(comparison.only_base) / base_ids if base_ids else 0.0
    if missing > policy.max_missing_rate:
        inconclusive.append(f"{len(comparison.only_base)} of {base_ids} baseline ids are absent from the new run "
                            f"({missing:.1%} > {policy.max_missing_rate:.1%}); update the baseline if the suite "
                            "shrank on purpose")
    if comparison.new.scored == 0:
        inconclusive.append("the new run has no scored answers: there is no unsupported-answer rate to gate on")

    failures: list[str] = []
    rate = comparison.new.unsupported_rate
    if policy.max_unsupported_rate is not None and rate.rate is not None:
        if policy.ceiling_on == "upper" and rate.high > policy.max_unsupported_rate:
            failures.append(f"unsupported-answer rate {rate.rate:.1%} ({rate.k}/{rate.n}): the upper end of its 95% "
                            f"interval, {rate.high:.1%}, is above the ceiling {policy.max_unsupported_rate:.1%}")
        elif policy.ceiling_on == "rate" and rate.rate > policy.max_unsupported_rate:
            failures.append(f"unsupported-answer rate {rate.rate:.1%} ({rate.k}/{rate.n}) is above the ceiling "
                            f"{policy.max_unsupported_rate:.1%}")
    if comparison.p_value < policy.alpha and comparison.broken > comparison.fixed:
        failures.append(f"significant regression: {comparison.broken} broken vs {comparison.fixed} fixed, "
                        f"exact McNemar p = {comparison.p_value:.4g} < alpha {policy.alpha}")
    if policy.max_refusal_increase is not None:
        increase = comparison.new.refusals - comparison.base.refusals
        if increase > policy.max_refusal_increase:
            failures.append(f"refusals rose by {increase} ({comparison.base.refusals} -> "
                            f"{comparison.new.refusals}), more than the allowed {policy.max_refusal_increase}")

    if policy.max_newly_broken is not None and comparison.broken > policy.max_newly_broken:
        ids = [p.id for p in comparison.newly_broken()]
        shown = ", ".join(ids[:10]) + (f" and {len(ids) - 10} more" if len(ids) > 10 else "")
        failures.insert(0, f"{comparison.broken} answer(s) faithful in the baseline are unsupported now, more than "
                           f"the allowed {policy.max_newly_broken} (whatever the p-value): {shown}")

    outcome: Outcome = "inconclusive" if inconclusive else ("fail" if failures else "pass")
    return GateDecision(outcome, tuple(failures), tuple(inconclusive), policy)
