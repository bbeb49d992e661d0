"""Arguments shared by `compare` and `gate` (both read two results folders and write the same reports)."""

from __future__ import annotations

import argparse


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments shared by compare and gate."""
    parser.add_argument("base_dir", metavar="BASE_DIR", help="results folder of the baseline run")
    parser.add_argument("new_dir", metavar="NEW_DIR", help="results folder of the new run (same interaction ids)")
    parser.add_argument("--json", metavar="FILE", help="write the comparison as JSON")
    parser.add_argument("--markdown", metavar="FILE", help="write a markdown summary")
    parser.add_argument("--junit", metavar="FILE", help="write JUnit XML: one test case per answer")
    parser.add_argument("--html", metavar="FILE", help="write the HTML report of NEW_DIR against BASE_DIR: newly "
                                                       "broken answers first, both versions side by side")
    parser.add_argument("--min-overlap", type=float, default=None, metavar="SHARE",
                        help="smallest share of ids present in both runs (default 0.5); below it: error, exit 2")


def output_paths(args: argparse.Namespace):
    from faithkit.report.outputs import OutputPaths

    return OutputPaths(json=args.json, junit=args.junit, markdown=args.markdown)
