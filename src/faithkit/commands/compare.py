"""`faithkit compare BASE_DIR NEW_DIR`: print the answer-by-answer comparison of two results folders.

A comparison is not a verdict, so it exits 0 whatever the numbers say (2 on unreadable or mismatched inputs);
`faithkit gate` is the command that decides. Outputs are written only after both inputs validated, each one
atomically (temp file + rename), so a failed run leaves no half-written file behind.
"""

from __future__ import annotations

import argparse

from faithkit.commands._two_runs import add_common_arguments, output_paths


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "compare", help="compare two results folders answer by answer (exit 0: a comparison is not a verdict)",
        description=__doc__.split("\n\n")[0],
    )
    add_common_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from faithkit.compare import DEFAULT_MIN_OVERLAP, compare_folders
    from faithkit.report.compare_text import render_comparison
    from faithkit.report.outputs import write_outputs

    min_overlap = DEFAULT_MIN_OVERLAP if args.min_overlap is None else args.min_overlap
    comparison = compare_folders(args.base_dir, args.new_dir, min_overlap=min_overlap)
    write_outputs(comparison, None, output_paths(args))
    if args.html:
        from faithkit.report.html_report import build_report

        build_report(args.new_dir, out=args.html, compare=args.base_dir, comparison=comparison)
    print(render_comparison(comparison), end="")
    return 0
