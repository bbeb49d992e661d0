"""Threshold sweeps: false alarms against detection, per case type, with intervals and a margin.

"Suites of a dozen claims find bugs in the checker; they cannot choose a threshold." This module makes that
visible instead of leaving it to the reader: every rate is ``k/n`` with a Wilson interval, the lowest-scoring
true claim is reported (how close the threshold comes to flagging something true), and a warning says when the
intervals are too wide for the data to choose between thresholds, with the sample size that would.

The sweep sits between two modules of its own. How each verdict is re-decided at a threshold (what the score
decides, what a rule keeps, the two approximations) is ``faithkit.redecide``, which ``rescore`` and
``mutate --thresholds`` share; what a sweep produces and how it is drawn (``SweepResult``, ``csv_rows``,
``plot``) is ``faithkit.sweep_output``, which the report reads. Their names are re-exported here, where they
were first written, so ``from faithkit.sweep import ScoredClaim, plot`` keeps working.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from faithkit.redecide import (
    NO_CASE,
    RULE_STAGES,
    ScoredClaim,
    numbers_rule_in,
    numbers_rule_of,
    scored_claims,
    second_opinion_in,
    second_opinion_of,
)
from faithkit.stats import Interval, sample_size, wilson_interval
from faithkit.sweep_output import ClaimScore, SweepPoint, SweepResult, csv_rows, plot

__all__ = ["DEFAULT_THRESHOLDS", "NO_CASE", "RULE_STAGES", "ClaimScore", "ScoredClaim", "SweepPoint", "SweepResult",
           "csv_rows", "numbers_rule_in", "numbers_rule_of", "parse_thresholds", "plot", "scored_claims",
           "second_opinion_in", "second_opinion_of", "sweep"]

DEFAULT_THRESHOLDS = (0.01, 0.02) + tuple(round(0.05 * i, 2) for i in range(1, 20)) + (0.98, 0.99)


def parse_thresholds(text: str) -> list[float]:
    """``"0.5,0.9,0.98"`` or a range ``"0.1:0.9:0.1"`` (start:stop:step, stop included), or both mixed."""
    values: list[float] = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        if ":" in part:
            pieces = part.split(":")
            if len(pieces) != 3:
                raise ValueError(f"range {part!r}: expected start:stop:step")
            start, stop, step = (float(x) for x in pieces)
            if step <= 0 or stop < start:
                raise ValueError(f"range {part!r}: need step > 0 and stop >= start")
            count = int(round((stop - start) / step)) + 1
            values += [round(start + i * step, 10) for i in range(count) if start + i * step <= stop + 1e-9]
        else:
            values.append(float(part))
    if not values:
        raise ValueError("no thresholds")
    return sorted(set(values))


def _group(items: Iterable[ScoredClaim], threshold: float, confidence: float) -> Interval:
    flags = [c.flagged_at(threshold) for c in items]
    return wilson_interval(sum(flags), len(flags), confidence)


def _by_case(items: Sequence[ScoredClaim]) -> dict[str, list[ScoredClaim]]:
    groups: dict[str, list[ScoredClaim]] = {}
    for item in items:
        groups.setdefault(item.case, []).append(item)
    return groups


def sweep(
    label: str,
    spec: dict[str, Any],
    scored: Sequence[ScoredClaim],
    thresholds: Sequence[float],
    *,
    confidence: float = 0.95,
    max_halfwidth: float = 0.05,
    reference_threshold: float | None = None,
) -> SweepResult:
    """Rates at every threshold, the margin, and the warnings.

    max_halfwidth: an interval wider than ± this (at any threshold) cannot pin a rate well enough to choose a
    threshold; such groups are listed in ``too_wide`` with their n, and the warning names the n that would do,
    from :func:`faithkit.stats.sample_size` at the group's rate at ``reference_threshold`` (the checker's own),
    clipped to [0.1, 0.9] so that a 0/n or n/n group asks for what a rate of 0.9 needs (the lesson's 139).
    """
    true_claims = [c for c in scored if c.row.label == "supported"]
    faults = [c for c in scored if c.row.label == "not_supported"]
    unlabeled = [c.row.id for c in scored if c.row.label not in ("supported", "not_supported")]
    if unlabeled:
        raise ValueError(f"{len(unlabeled)} rows have no label, e.g. {unlabeled[0]!r}")
    true_cases, fault_cases = _by_case(true_claims), _by_case(faults)
    points = [
        SweepPoint(
            t,
            _group(true_claims, t, confidence),
            _group(faults, t, confidence),
            {k: _group(v, t, confidence) for k, v in sorted(true_cases.items())},
            {k: _group(v, t, confidence) for k, v in sorted(fault_cases.items())},
            sum(not c.redecided_at(t) for c in scored),
        )
        for t in sorted(thresholds)
    ]
    sweepable_true = [c for c in true_claims if c.sweepable]
    sweepable_faults = [c for c in faults if c.sweepable]
    margin = min(sweepable_true, key=lambda c: c.sweep_score, default=None)  # type: ignore[arg-type,return-value]
    hidden = max(sweepable_faults, key=lambda c: c.sweep_score, default=None)  # type: ignore[arg-type,return-value]
    passing = None
    if reference_threshold is not None:
        above = [c for c in sweepable_true if c.sweep_score >= reference_threshold]  # type: ignore[operator]
        passing = min(above, key=lambda c: c.sweep_score, default=None)  # type: ignore[arg-type,return-value]
    result = SweepResult(
        label=label,
        spec=spec,
        confidence=confidence,
        supported=len(true_claims),
        faults=len(faults),
        rule_decided=sum(1 for c in scored if not c.sweepable and c.verdict.label != "error"),
        errors=sum(1 for c in scored if c.verdict.label == "error"),
        points=points,
        margin=_claim_score(margin),
        best_hidden_fault=_claim_score(hidden),
        too_wide={},
        margin_passing=_claim_score(passing),
    )
    return _with_warnings(result, true_cases, fault_cases, max_halfwidth, reference_threshold)


def _claim_score(item: ScoredClaim | None) -> ClaimScore | None:
    if item is None:
        return None
    return ClaimScore(item.row.id, item.row.claim, float(item.sweep_score), item.row.case)  # type: ignore[arg-type]


def _with_warnings(
    result: SweepResult,
    true_cases: dict,
    fault_cases: dict,
    max_halfwidth: float,
    reference_threshold: float | None,
) -> SweepResult:
    warnings: list[str] = []
    if result.supported == 0:
        warnings.append("no true (supported) claims: false alarms cannot be measured")
    if result.faults == 0:
        warnings.append("no faults (not_supported claims): detection cannot be measured")
    groups: dict[str, list[Interval]] = {
        "false alarms": [p.false_alarms for p in result.points],
        "detection (all faults)": [p.detection for p in result.points],
    }
    for case in fault_cases:
        groups[f"detection: {case}"] = [p.detection_by_case[case] for p in result.points]
    if len(true_cases) > 1:
        for case in true_cases:
            groups[f"false alarms: {case}"] = [p.false_alarms_by_case[case] for p in result.points]
    reference = _nearest(result.points, reference_threshold)
    too_wide: dict[str, int] = {}
    needed: dict[str, int] = {}
    for name, intervals in groups.items():
        n = intervals[0].n
        if n == 0:
            continue
        widest = max((i.high - i.low) / 2 for i in intervals)
        if widest > max_halfwidth:
            too_wide[name] = n
            rate = _rate_of(reference, name)
            needed[name] = sample_size(min(max(rate, 0.1), 0.9), max_halfwidth, result.confidence)
    if too_wide:
        overall = [g for g in ("false alarms", "detection (all faults)") if g in too_wide]
        worst = overall + sorted((g for g in too_wide if g not in overall), key=lambda g: too_wide[g])[:3]
        listed = "; ".join(f"{g} n={too_wide[g]} (needs ~{needed[g]})" for g in worst)
        more = f" and {len(too_wide) - len(worst)} more" if len(too_wide) > len(worst) else ""
        warnings.append(
            f"intervals too wide to choose a threshold: {len(too_wide)} groups are wider than "
            f"±{max_halfwidth:g} at {result.confidence:.0%}: {listed}{more}. The 'needs' figure is the number "
            f"of "
            f"labeled claims per group that pins its rate to ±{max_halfwidth:g} (faithkit sample-size)."
        )
    if result.rule_decided:
        warnings.append(
            f"{result.rule_decided} verdicts do not depend on the threshold (numbers rule, judge, second opinion, or "
            f"no score) and keep their label at every threshold"
        )
    not_asked = [p for p in result.points if p.not_redecided]
    if not_asked:
        warnings.append(
            f"from threshold {not_asked[0].threshold:g} up, claims the first model supported in this run would be "
            f"asked to the second opinion by a rerun ({not_asked[-1].not_redecided} at {not_asked[-1].threshold:g}): "
            f"not stored, so they count as flags there and those points' flags are an upper bound"
        )
    if result.errors:
        warnings.append(f"{result.errors} error verdicts count as flags at every threshold")
    return SweepResult(**{**result.__dict__, "too_wide": too_wide, "warnings": warnings})


def _nearest(points: Sequence[SweepPoint], threshold: float | None) -> SweepPoint:
    target = 0.5 if threshold is None else threshold
    return min(points, key=lambda p: abs(p.threshold - target))


def _rate_of(point: SweepPoint, group: str) -> float:
    if group == "false alarms":
        interval = point.false_alarms
    elif group == "detection (all faults)":
        interval = point.detection
    elif group.startswith("detection: "):
        interval = point.detection_by_case[group.removeprefix("detection: ")]
    else:
        interval = point.false_alarms_by_case[group.removeprefix("false alarms: ")]
    return interval.rate if interval.rate is not None else 0.5
