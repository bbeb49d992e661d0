"""`faithkit report RUN_DIR [--compare BASE_DIR] [--out FILE.html]`: the self-contained HTML report of a run.

`faithkit check` writes RUN_DIR/report.html at the end of every run already; this command rebuilds it (after
`rescore`, with omission notes, or against a baseline). The file loads nothing from the network.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "report",
        help="write the HTML report of a results folder (one offline file)",
        description=__doc__.split("\n\n")[0],
    )
    parser.add_argument("run_dir", metavar="RUN_DIR", type=Path, help="results folder written by `faithkit check`")
    parser.add_argument(
        "--compare",
        metavar="BASE_DIR",
        type=Path,
        help="baseline results folder: newly broken and newly fixed answers first, side by side, "
        "with the exact McNemar test",
    )
    parser.add_argument("--out", metavar="FILE.html", type=Path, help="where to write (default RUN_DIR/report.html)")
    parser.add_argument(
        "--log",
        metavar="FILE",
        type=Path,
        help="the interaction log, when it is no longer at the path the manifest names",
    )
    parser.add_argument(
        "--omissions",
        metavar="FILE",
        type=Path,
        help="a `faithkit omissions` review file: its notes are shown with each answer",
    )
    parser.add_argument(
        "--min-overlap",
        type=float,
        default=None,
        metavar="SHARE",
        help="with --compare: smallest share of ids present in both runs (default 0.5)",
    )
    parser.add_argument(
        "--include",
        metavar="DIR",
        type=Path,
        action="append",
        default=[],
        help="a `faithkit mutate` or `faithkit sweep` output folder whose plot the report embeds (repeatable)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from faithkit.report.html_report import build_report

    path = build_report(
        args.run_dir,
        out=args.out,
        compare=args.compare,
        log=args.log,
        omissions=args.omissions,
        min_overlap=args.min_overlap,
        include=args.include,
    )
    print(f"report: {path}")
    return 0
