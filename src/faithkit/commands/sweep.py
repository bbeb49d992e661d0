"""``faithkit sweep``: false alarms against detection over a range of thresholds, with intervals.

faithkit sweep examples/larkspur/labeled_claims.jsonl --out runs/sweep --checker nli --checker similarity
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

from faithkit.commands._checker_args import add_checker_argument, build_from_spec, parse_checker_spec
from faithkit.errors import UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "sweep",
        help="threshold sweep: false alarms vs detection per case type, with Wilson intervals and a plot",
        description=(
            'LABELED holds rows {"id", "claim", "contexts", "label": "supported"|"not_supported", '
            '"case"?}. Each checker runs once; its verdicts are re-decided at every threshold from their '
            "scores (verdicts decided by the numbers / arithmetic / judge stage keep their label; errors "
            "count as "
            "flags). Writes DIR/sweep.json, DIR/sweep.csv and DIR/sweep.png, and warns when the intervals "
            "are "
            "too wide to choose a threshold."
        ),
    )
    parser.add_argument("labeled", metavar="LABELED.jsonl", help="labeled claims with their passages")
    parser.add_argument("--out", required=True, metavar="DIR", help="output folder")
    add_checker_argument(parser, default="nli", help_extra="; several give several curves")
    parser.add_argument(
        "--thresholds",
        metavar="LIST",
        help="comma-separated values and/or start:stop:step ranges "
        "(default 0.01, 0.02, 0.05:0.95:0.05, 0.98, 0.99, plus each checker's own threshold)",
    )
    parser.add_argument(
        "--max-halfwidth",
        type=float,
        default=0.05,
        help="warn when an interval is wider than ± this (default 0.05)",
    )
    parser.add_argument("--confidence", type=float, default=0.95)
    parser.add_argument("--no-plot", action="store_true", help="skip sweep.png")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from faithkit.io.claim_rows import check_rows, read_claim_rows
    from faithkit.sweep import DEFAULT_THRESHOLDS, ScoredClaim, numbers_rule_of, parse_thresholds, sweep

    rows = read_claim_rows(args.labeled, require_label=True)
    specs = [parse_checker_spec(s) for s in (args.checkers or ["nli"])]
    if len({s.label for s in specs}) != len(specs):
        raise UsageError("the same --checker is given twice")
    try:
        base = parse_thresholds(args.thresholds) if args.thresholds else list(DEFAULT_THRESHOLDS)
    except ValueError as exc:
        raise UsageError(f"--thresholds: {exc}") from exc
    results = []
    for spec in specs:
        checker = build_from_spec(spec)
        own = getattr(checker, "threshold", None)
        if own is None:
            raise UsageError(f"--checker {spec.label!r} decides by label, not by a score: nothing to sweep")
        thresholds = sorted(set(base) | ({float(own)} if not args.thresholds else set()))
        verdicts = check_rows(checker, rows)
        rule = numbers_rule_of(checker)
        scored = [ScoredClaim(r, v, rule) for r, v in zip(rows, verdicts, strict=True)]
        results.append(
            sweep(
                spec.label,
                checker.spec(),
                scored,
                thresholds,
                confidence=args.confidence,
                max_halfwidth=args.max_halfwidth,
                reference_threshold=float(own),
            )
        )
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    _write(out, args, results)
    print(render_sweeps(results))
    return 0


def _write(out: Path, args: argparse.Namespace, results) -> None:
    from faithkit.sweep import csv_rows, plot

    payload = {
        "labeled": str(args.labeled),
        "confidence": args.confidence,
        "max_halfwidth": args.max_halfwidth,
        "checkers": {r.label: r.as_dict() for r in results},
    }
    (out / "sweep.json").write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    rows = [row for r in results for row in csv_rows(r)]
    with (out / "sweep.csv").open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    (out / "sweep.md").write_text(render_sweeps(results, style="markdown") + "\n", encoding="utf-8")
    if not args.no_plot:
        plot(results, str(out / "sweep.png"))


def render_sweeps(results, style: str = "plain") -> str:
    """One block per checker: the main table (threshold, false alarms, detection), then per-case columns.
    ``style="markdown"`` gives the same content as markdown (sweep.md, closing notes)."""
    from faithkit.report.table import format_number, format_rate, render_table

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
        main_rows = [
            [
                f"{p.threshold:g}",
                format_rate(p.false_alarms),
                format_rate(p.detection),
                format_number(p.balanced_accuracy),
                format_number(None if margin is None else margin - p.threshold),
            ]
            for p in r.points
        ]
        headers = ["threshold", "false alarms", "detection", "balanced acc.", "margin (lowest true − t)"]
        parts.append(render_table(headers, main_rows, style=style))  # type: ignore[arg-type]
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
            parts.append(render_table(headers, case_rows, style=style))  # type: ignore[arg-type]
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
