"""Threshold sweeps: false alarms against detection, per case type, with intervals and a margin.

"Suites of a dozen claims find bugs in the checker; they cannot choose a threshold." This module makes that
visible instead of leaving it to the reader: every rate is ``k/n`` with a Wilson interval, the lowest-scoring
true claim is reported (how close the threshold comes to flagging something true), and a warning says when the
intervals are too wide for the data to choose between thresholds, with the sample size that would.

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
* a claim the second opinion supported (``checkers.second_opinion``, ``detail.second_opinion``): supported at
  every threshold. Below its first score the first model supports it; above, a rerun asks the second model again,
  which reads the same windows at its own threshold and supports it again.

Everything decided without the score is counted in ``rule_decided``. Two approximations remain, both above the
build threshold: a claim the classifier passed there is not re-tried for an arithmetic rescue, and, in a run
with a second opinion, it is not re-asked to the second model. The second is counted at each point
(``SweepPoint.not_redecided``) and named in a warning: at those points the flags are an upper bound.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from faithkit.io.claim_rows import ClaimRow
from faithkit.records import Verdict, is_flag
from faithkit.stats import Interval, sample_size, wilson_interval

RULE_STAGES = frozenset({"numbers", "arithmetic", "judge"})
NO_CASE = "(no case)"
DEFAULT_THRESHOLDS = (0.01, 0.02) + tuple(round(0.05 * i, 2) for i in range(1, 20)) + (0.98, 0.99)


@dataclass(frozen=True)
class ScoredClaim:
    """A labeled claim with the checker's verdict on it.

    numbers_rule: the checker's missing-number rule is on (see the module docstring for what it changes).
    second_opinion: the checker asks a second model about claims the first found nothing on (module docstring).
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
        if v.label == "error" or v.stage == "numbers" or v.stage in RULE_STAGES - {"arithmetic"}:
            return None
        if self.by_second_opinion or (v.detail.get("copy") and v.label == "supported"):
            return None  # supported at every threshold: by the second model, or as a copy of passage text
        if v.stage == "arithmetic":
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


@dataclass(frozen=True)
class SweepPoint:
    """Rates at one threshold. false_alarms: true claims flagged / true claims; detection: faults flagged /
    faults; the ``_by_case`` maps break both down by the rows' ``case``. not_redecided: claims whose flag here
    is an upper bound (a rerun would ask the second opinion about them; module docstring)."""

    threshold: float
    false_alarms: Interval
    detection: Interval
    false_alarms_by_case: dict[str, Interval]
    detection_by_case: dict[str, Interval]
    not_redecided: int = 0

    @property
    def balanced_accuracy(self) -> float | None:
        """Mean of detection and (1 - false-alarm rate): the LLM-AggreFact metric, for comparing with published
        figures. None when either class is empty."""
        if self.detection.rate is None or self.false_alarms.rate is None:
            return None
        return (self.detection.rate + 1 - self.false_alarms.rate) / 2

    def as_dict(self) -> dict[str, Any]:
        return {
            "threshold": self.threshold,
            "balanced_accuracy": self.balanced_accuracy,
            "false_alarms": self.false_alarms.as_dict(),
            "detection": self.detection.as_dict(),
            "false_alarms_by_case": {k: v.as_dict() for k, v in self.false_alarms_by_case.items()},
            "detection_by_case": {k: v.as_dict() for k, v in self.detection_by_case.items()},
            "not_redecided": self.not_redecided,
        }


@dataclass(frozen=True)
class ClaimScore:
    """A claim named in the report (the margin claim, the best-hidden fault)."""

    id: str
    claim: str
    score: float
    case: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "claim": self.claim, "score": self.score, "case": self.case}


@dataclass(frozen=True)
class SweepResult:
    """A checker's sweep.

    margin: the lowest-scoring true claim (any threshold above its score flags it).
    margin_passing: the lowest-scoring true claim that still passes at the checker's own threshold: how far the
        threshold can rise before the next true claim is flagged (the lesson's "lowest of the 12 true claims
        scored 0.992"). None when no reference threshold was given or no true claim passes.
    best_hidden_fault: the highest-scoring fault (any threshold at or below its score passes it).
    warnings: human-readable; ``too_wide`` lists the groups whose interval is wider than ±max_halfwidth.
    """

    label: str
    spec: dict[str, Any]
    confidence: float
    supported: int
    faults: int
    rule_decided: int
    errors: int
    points: list[SweepPoint]
    margin: ClaimScore | None
    best_hidden_fault: ClaimScore | None
    too_wide: dict[str, int]
    margin_passing: ClaimScore | None = None
    warnings: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "confidence": self.confidence,
            "supported": self.supported,
            "faults": self.faults,
            "rule_decided": self.rule_decided,
            "errors": self.errors,
            "margin": self.margin.as_dict() if self.margin else None,
            "margin_passing": self.margin_passing.as_dict() if self.margin_passing else None,
            "best_hidden_fault": self.best_hidden_fault.as_dict() if self.best_hidden_fault else None,
            "too_wide": self.too_wide,
            "warnings": self.warnings,
            "points": [p.as_dict() for p in self.points],
        }


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


def csv_rows(result: SweepResult) -> list[dict[str, Any]]:
    """Long-format rows for sweep.csv: one per (threshold, measure, case)."""
    rows = []
    for p in result.points:
        entries = [("false_alarms", "all", p.false_alarms), ("detection", "all", p.detection)]
        entries += [("false_alarms", c, i) for c, i in p.false_alarms_by_case.items()]
        entries += [("detection", c, i) for c, i in p.detection_by_case.items()]
        for measure, case, i in entries:
            rows.append(
                {
                    "checker": result.label,
                    "threshold": p.threshold,
                    "measure": measure,
                    "case": case,
                    "k": i.k,
                    "n": i.n,
                    "rate": "" if i.rate is None else round(i.rate, 6),
                    "low": round(i.low, 6),
                    "high": round(i.high, 6),
                }
            )
    return rows


def plot(results: Sequence[SweepResult], path: str, *, annotate: Sequence[float] = (0.5, 0.9, 0.98)) -> None:
    """False-alarm rate (x) against detection (y), one curve per checker, Wilson intervals as error bars,
    selected thresholds annotated. matplotlib is imported here, with the Agg backend (no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 5.5), dpi=120)
    for result in results:
        xs = [p.false_alarms.rate or 0.0 for p in result.points]
        ys = [p.detection.rate or 0.0 for p in result.points]
        xerr = [
            [x - p.false_alarms.low for x, p in zip(xs, result.points, strict=True)],
            [p.false_alarms.high - x for x, p in zip(xs, result.points, strict=True)],
        ]
        yerr = [
            [y - p.detection.low for y, p in zip(ys, result.points, strict=True)],
            [p.detection.high - y for y, p in zip(ys, result.points, strict=True)],
        ]
        line = ax.errorbar(
            xs,
            ys,
            xerr=xerr,
            yerr=yerr,
            marker="o",
            markersize=3,
            capsize=2,
            elinewidth=0.6,
            label=f"{result.label} ({result.supported} true, {result.faults} faults)",
        )
        colour = line[0].get_color()
        for x, y, p in zip(xs, ys, result.points, strict=True):
            if any(abs(p.threshold - a) < 1e-9 for a in annotate):
                ax.annotate(
                    f"{p.threshold:g}",
                    (x, y),
                    textcoords="offset points",
                    xytext=(6, -10),
                    fontsize=8,
                    color=colour,
                )
    ax.plot([0, 1], [0, 1], linestyle="--", linewidth=0.8, color="grey", label="chance (flags at random)")
    ax.set_xlim(-0.03, 1.03)
    ax.set_ylim(-0.03, 1.03)
    ax.set_xlabel("false-alarm rate (true claims flagged)")
    ax.set_ylabel("detection (faults flagged)")
    conf = results[0].confidence if results else 0.95
    ax.set_title(f"Threshold sweep: bars are {conf:.0%} Wilson intervals")
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
