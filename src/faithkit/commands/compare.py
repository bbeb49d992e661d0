"""`faithkit compare BASE_DIR NEW_DIR`: print the answer-by-answer comparison of two results folders.

A comparison is not a verdict, so it exits 0 whatever the numbers say (2 on unreadable or mismatched inputs);
`faithkit gate` is the command that decides. Outputs are written only after both inputs validated, each one
atomically (temp file + rename), so a failed run leaves no half-written file behind.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from faithkit.errors import UsageError


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temp file in the same folder and ``os.replace`` (atomic on POSIX)."""
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"{target} is a folder, expected a file path")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def append_step_summary(markdown: str) -> bool:
    """Append to ``$GITHUB_STEP_SUMMARY`` when it is set (GitHub Actions); True when something was written."""
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if not summary:
        return False
    try:
        with open(summary, "a", encoding="utf-8") as handle:
            handle.write(markdown if markdown.endswith("\n") else markdown + "\n")
    except OSError as exc:
        print(f"faithkit: warning: could not append to $GITHUB_STEP_SUMMARY ({summary}): {exc}", file=sys.stderr)
        return False
    return True


def to_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n"


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments shared by compare and gate."""
    parser.add_argument("base_dir", metavar="BASE_DIR", help="results folder of the baseline run")
    parser.add_argument("new_dir", metavar="NEW_DIR", help="results folder of the new run (same interaction ids)")
    parser.add_argument("--json", metavar="FILE", help="write the comparison as JSON")
    parser.add_argument("--markdown", metavar="FILE", help="write a markdown summary")
    parser.add_argument("--junit", metavar="FILE", help="write JUnit XML: one test case per answer")
    parser.add_argument("--min-overlap", type=float, default=None, metavar="SHARE",
                        help="smallest share of ids present in both runs (default 0.5); below it: error, exit 2")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "compare", help="compare two results folders answer by answer (exit 0: a comparison is not a verdict)",
        description=__doc__.split("\n\n")[0],
    )
    add_common_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from faithkit.compare import DEFAULT_MIN_OVERLAP, compare_runs
    from faithkit.io.results import read_results
    from faithkit.report.compare_text import render_comparison
    from faithkit.report.junit import render_junit
    from faithkit.report.markdown import render_markdown

    min_overlap = DEFAULT_MIN_OVERLAP if args.min_overlap is None else args.min_overlap
    comparison = compare_runs(read_results(args.base_dir), read_results(args.new_dir), min_overlap=min_overlap)
    outputs = {}
    if args.json:
        outputs[args.json] = to_json(comparison.to_dict())
    if args.junit:
        outputs[args.junit] = render_junit(comparison)
    markdown = render_markdown(comparison)
    if args.markdown:
        outputs[args.markdown] = markdown
    for path, text in outputs.items():
        atomic_write_text(path, text)
    print(render_comparison(comparison), end="")
    return 0
