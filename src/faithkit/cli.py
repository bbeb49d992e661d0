"""Command-line entry point: argument parsing and exit codes only; the work lives in the library.

Exit codes: 0 done; 1 a gate failed; 2 usage, config or input-file error; 3 gate inconclusive;
4 a missing optional dependency; 5 a backend (model server) failed beyond retries; 130 interrupted.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from faithkit import __version__
from faithkit.commands import COMMAND_MODULES
from faithkit.commands._help import CommandParser
from faithkit.errors import FaithkitError
from faithkit.secrets import scrub


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="faithkit",
        description="Offline faithfulness testing of RAG answers.",
    )
    parser.add_argument("--version", action="version", version=f"faithkit {__version__}")
    # CommandParser: a subcommand's unknown flag gets that command's usage and a "did you mean"
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    for name in COMMAND_MODULES:
        importlib.import_module(f"faithkit.commands.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except FaithkitError as exc:
        print(f"faithkit: error: {scrub(str(exc))}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("faithkit: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
