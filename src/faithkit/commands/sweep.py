"""``faithkit sweep``: false alarms against detection over a range of thresholds, with intervals.

faithkit sweep examples/larkspur/labeled_claims.jsonl --out runs/sweep --checker nli --checker similarity
"""

from __future__ import annotations

import argparse

from faithkit.commands._checker_args import add_checker_argument, build_from_spec, parse_checker_spec
from faithkit.commands._progress import with_progress
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
    parser.add_argument("--confidence", type=float, default=0.95,
                        help="confidence level of the Wilson intervals, in (0, 1) (default 0.95)")
    parser.add_argument("--no-plot", action="store_true", help="skip sweep.png")
    parser.add_argument("--quiet", action="store_true", help="no progress bar or progress lines on stderr")
    parser.set_defaults(func=with_progress(run, "sweep"))


def run(args: argparse.Namespace) -> int:
    from faithkit.guards import check_confidence
    from faithkit.io.claim_rows import check_rows, read_claim_rows
    from faithkit.io.files import check_output_dir
    from faithkit.report.sweep import render_sweeps, write_sweep_files
    from faithkit.sweep import DEFAULT_THRESHOLDS, parse_thresholds, scored_claims, sweep

    out = check_output_dir(args.out)
    check_confidence(args.confidence)
    rows = read_claim_rows(args.labeled, require_label=True)
    from faithkit.checkers.window_prune import with_every_window

    # every claim's exact score: a pruned score is a lower bound, and a sweep reads scores at every threshold
    specs = [with_every_window(parse_checker_spec(s)) for s in (args.checkers or ["nli"])]
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
        scored = scored_claims(checker, rows, verdicts)
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
    write_sweep_files(out, results, labeled=str(args.labeled), confidence=args.confidence,
                      max_halfwidth=args.max_halfwidth, with_plot=not args.no_plot)
    print(render_sweeps(results))
    return 0
