"""The reports of `faithkit sweep`: the terminal / markdown tables and the files of the output folder.

Renders a ``sweep_output.SweepResult``; computes nothing (the rates, margins and warnings come from ``faithkit.sweep``).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from faithkit.io.files import atomic_write_text
from faithkit.report.table import TableStyle, format_number, format_rate, render_table
from faithkit.sweep_output import SweepResult, csv_rows, plot


def sweep_payload(results: Sequence[SweepResult], *, labeled: str, confidence: float,
                  max_halfwidth: float) -> dict[str, Any]:
    """What sweep.json holds: the settings and every checker's sweep."""
    return {
        "labeled": labeled,
        "confidence": confidence,
        "max_halfwidth": max_halfwidth,
        "checkers": {r.label: r.as_dict() for r in results},
    }


def sweep_csv(results: Sequence[SweepResult]) -> str:
    """sweep.csv: one row per (checker, threshold)."""
    rows = [row for r in results for row in csv_rows(r)]
    handle = io.StringIO()
    writer = csv.DictWriter(handle, fieldnames=list(rows[0]), lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(rows)
    return handle.getvalue()


def write_sweep_files(out: Path, results: Sequence[SweepResult], *, labeled: str, confidence: float,
                      max_halfwidth: float, with_plot: bool = True) -> None:
    """DIR/sweep.json, sweep.csv, sweep.md and (with_plot) sweep.png."""
    out.mkdir(parents=True, exist_ok=True)
    payload = sweep_payload(results, labeled=labeled, confidence=confidence, max_halfwidth=max_halfwidth)
    atomic_write_text(out / "sweep.json", json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    atomic_write_text(out / "sweep.csv", sweep_csv(results))
    atomic_write_text(out / "sweep.md", render_sweeps(results, style="markdown") + "\n")
    if with_plot:
        from faithkit.report.plots import PLOTS_MISSING, plotting_available

        if plotting_available():
            plot(results, str(out / "sweep.png"))
        else:
            print(f"no sweep.png: {PLOTS_MISSING}")


def render_sweeps(results: Sequence[SweepResult], style: TableStyle = "plain") -> str:
    """One block per checker: the main table (threshold, false alarms, detection), then per-case columns.
    ``style="markdown"`` gives the same content as markdown (sweep.md, closing notes)."""
    sep = "\n\n" if style == "markdown" else "\n"
    blocks = []
    for r in results:
        parts = [f"{r.label}: {r.supported} true claims, {r.faults} faults; {r.confidence:.0%} Wilson intervals"]
        if r.margin:
            parts.append(
                f"margin: lowest-scoring true claim {r.margin.score:.3f} ({r.margin.id}: {r.margin.claim!r}); "
                "any threshold above it flags a true claim"
            )
        if r.margin_passing and r.margin_passing != r.margin:
            own = r.spec.get("threshold")
            parts.append(
                f"lowest-scoring true claim that passes at the checker's threshold{f' {own:g}' if own else ''}: "
                f"{r.margin_passing.score:.3f} ({r.margin_passing.id}: {r.margin_passing.claim!r})"
            )
        if r.best_hidden_fault:
            fault = r.best_hidden_fault
            parts.append(
                f"highest-scoring fault {fault.score:.3f} ({fault.id}, {fault.case or 'no case'}: {fault.claim!r}); "
                "any threshold at or below it passes a fault"
            )
        margin = r.margin.score if r.margin else None
        not_asked = any(p.not_redecided for p in r.points)  # a second opinion: upper-bound points (sweep docs)
        main_rows = [
            [
                f"{p.threshold:g}",
                format_rate(p.false_alarms),
                format_rate(p.detection),
                format_number(p.balanced_accuracy),
                format_number(None if margin is None else margin - p.threshold),
                *([str(p.not_redecided)] if not_asked else []),
            ]
            for p in r.points
        ]
        headers = ["threshold", "false alarms", "detection", "balanced acc.", "margin (lowest true − t)",
                   *(["not re-asked (flags: upper bound)"] if not_asked else [])]
        parts.append(render_table(headers, main_rows, style=style))
        shown = _case_columns(r.points, r.spec.get("threshold"))
        first = r.points[0] if r.points else None
        cases = [("FA " + c, True, c) for c in (first.false_alarms_by_case if first else {})]
        cases += [("det " + c, False, c) for c in (first.detection_by_case if first else {})]
        if len(cases) > 2:
            heading = (
                "per case (FA = false alarms on true claims of that case, det = detection), at "
                + ", ".join(f"{p.threshold:g}" for p in shown)
                + " (every threshold is in sweep.json / sweep.csv):"
            )
            parts.append(heading if style == "markdown" else "\n" + heading)
            case_rows = [
                [name, *(format_rate((p.false_alarms_by_case if fa else p.detection_by_case)[c]) for p in shown)]
                for name, fa, c in cases
            ]
            headers = ["case", *(f"t={p.threshold:g}" for p in shown)]
            parts.append(render_table(headers, case_rows, style=style))
        parts += [f"warning: {w}" for w in r.warnings]
        blocks.append(sep.join(parts))
    return "\n\n".join(blocks)


REPORT_THRESHOLDS = (0.05, 0.5, 0.9, 0.98)


def _case_columns(points, own: float | None) -> list:
    """The thresholds the per-case table shows: all of them when there are at most six, else the checker's own
    threshold and the lesson's reference points (0.05, 0.5, 0.9, 0.98), where present."""
    if len(points) <= 6:
        return list(points)
    wanted = set(REPORT_THRESHOLDS) | ({float(own)} if own is not None else set())
    chosen = [p for p in points if any(abs(p.threshold - w) < 1e-9 for w in wanted)]
    return chosen or list(points[:: max(1, len(points) // 5)])
