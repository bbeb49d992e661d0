"""The input-format flags every command that reads an interaction log shares (``--format``,
``--contexts-separator``, ``--field``) and the end-of-run rule that a log in which every record is an error exits 2,
never 0. The helpers take the values they read, not the command's namespace: a reader sees at the call what each
one depends on."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from faithkit.io.formats.detect import FORMATS


def add_format_arguments(parser: argparse.ArgumentParser | Any) -> None:
    """The input flags, in the command's "input" group (made here when given a parser, not a group)."""
    if isinstance(parser, argparse.ArgumentParser):
        parser = parser.add_argument_group("input")
    parser.add_argument(
        "--format",
        metavar="FORMAT",
        default=None,
        help=f"input format ({', '.join(FORMATS)}); default: detected from the extension and "
        "content (a folder is a Hugging Face dataset from save_to_disk)",
    )
    parser.add_argument(
        "--contexts-separator",
        metavar="TEXT",
        default=None,
        help="split text context cells (CSV/TSV) on TEXT, e.g. '|' for DeepEval's CSV; by default "
        "a cell is a JSON or Python list, or else one passage",
    )
    parser.add_argument(
        "--field",
        action="append",
        default=None,
        metavar="NAME=COLUMN",
        help="read field NAME (id, question, contexts, answer, reference) from another column or key, e.g. "
        "--field question=query --field contexts=docs --field answer=llm_answer (repeatable; a.b reaches "
        "into nested objects)",
    )


def field_map(given: Sequence[str] | None) -> dict[str, str] | None:
    """The mapping of the ``--field NAME=COLUMN`` values of a command line (None when none was given);
    UsageError for a bad one."""
    from faithkit.io.fields import parse_field_map

    return parse_field_map(given) or None


def every_record_failed(log: Path, out: Path, summary: Mapping[str, Any]) -> int:
    """2 (with a message on stderr) when every record of the run in ``out`` is an error (``summary``: the
    manifest's run summary); 0 otherwise."""
    from faithkit.io.formats import all_errors_message

    records, errors = int(summary.get("answers", 0)), int(summary.get("errors", 0))
    first = _first_error(out) if records and errors >= records else None
    message = all_errors_message(log, records, errors, first, out)
    if message is None:
        return 0
    print(f"faithkit: error: {message}", file=sys.stderr)
    return 2


def _first_error(out: Path) -> str | None:
    import json

    with (out / "results.jsonl").open(encoding="utf-8") as handle:
        for raw in handle:
            record = json.loads(raw)
            if record.get("status") == "error":
                return f"line {record.get('line')}: {record.get('error')}"
    return None
