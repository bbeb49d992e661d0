"""What a threshold sweep produces, and how it is drawn: the result types, the long-format table, the plot.

Apart from ``sweep`` (which computes the rates, margins and warnings) so that the report reads a sweep without
the computation: ``report.sweep`` writes sweep.json from ``SweepResult.as_dict``, sweep.csv from ``csv_rows``
and sweep.png from ``plot``, and nothing here decides a flag. Every name is re-exported from ``faithkit.sweep``,
where it was first written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from faithkit.stats import Interval


@dataclass(frozen=True)
class SweepPoint:
    """Rates at one threshold. false_alarms: true claims flagged / true claims; detection: faults flagged /
    faults; the ``_by_case`` maps break both down by the rows' ``case``. not_redecided: claims whose flag here
    is an upper bound (a rerun would ask the second opinion about them; ``faithkit.redecide``)."""

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
