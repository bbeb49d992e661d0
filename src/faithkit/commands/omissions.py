"""`faithkit omissions LOG --out FILE`: a review file of conditions each answer leaves out (never a gate)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from faithkit.errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    from faithkit.commands._llm_args import add_connection_arguments

    p = sub.add_parser(
        "omissions", help="list conditions / limits / exceptions the answers leave out (review file, not a gate)",
        description="For each answer, ask an LLM which conditions, limits or exceptions in the passages change "
                    "the answer to its question and are missing from it. Writes JSONL for review; no metric.")
    p.add_argument("log", type=Path, help="interaction log (any input format: see --format)")
    p.add_argument("--out", type=Path, required=True, help="review file to write (JSONL, one line per answer)")
    p.add_argument("--model", required=True, help="LLM model name")
    add_connection_arguments(p)
    from faithkit.commands._format_args import add_format_arguments

    add_format_arguments(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from faithkit.commands._format_args import field_map
    from faithkit.commands._llm_args import session_from_args
    from faithkit.io.formats import preflight, read
    from faithkit.omissions import OmissionReviewer, write_review

    if not args.log.exists():
        raise UsageError(f"input log not found: {args.log}")
    fields = field_map(args.field)
    preflight(args.log, args.format, contexts_separator=args.contexts_separator, fields=fields)  # exit 2 now
    items = read(args.log, args.format, contexts_separator=args.contexts_separator, fields=fields)
    session = session_from_args(args, args.model)
    reviewer = OmissionReviewer(session.caller(), concurrency=session.options.concurrency)
    records = reviewer.review_all(items)
    write_review(args.out, records)
    flagged = sum(len(r["missing"]) for r in records)
    summary = {"answers": len(records), "flagged": flagged,
               "answers_flagged": sum(bool(r["missing"]) for r in records),
               "errors": sum(r["status"] == "error" for r in records), **reviewer.counters}
    print(json.dumps(summary))
    return 0
