"""``faithkit agree``: two label files (two people, or a checker and people) -> kappa, disagreements,
catch rate.

faithkit agree labels_a.jsonl labels_b.jsonl --out disagreements.jsonl
faithkit agree labeled.jsonl --checker nli            # the checker's verdicts are the second file
faithkit agree labels.jsonl --cascade nli.jsonl judge.jsonl   # routing misses per case type
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from faithkit.commands._checker_args import build_from_spec, parse_checker_spec
from faithkit.commands._progress import with_progress
from faithkit.errors import UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "agree",
        help="agreement of two label files: Cohen's kappa, disagreements, precision/recall of flags",
        description=(
            'A.jsonl and B.jsonl hold rows {"id", "label", "case"?}. Prints Cohen\'s kappa and raw '
            "agreement, lists the disagreements, and treats A as the reference to report B's "
            "precision and recall for 'not supported' (the catch rate) per case type, with 95% "
            "Wilson intervals. With --checker, B is the checker's verdicts on A's claims."
        ),
    )
    parser.add_argument("a", metavar="A.jsonl", help="reference labels (a person)")
    parser.add_argument("b", metavar="B.jsonl", nargs="?", help="second labels (a person or a checker)")
    parser.add_argument(
        "--checker",
        metavar="SPEC",
        help="run this checker on A's claims instead of reading B "
        "(A's rows then need `claim` and `contexts`); spec as in `faithkit mutate`",
    )
    parser.add_argument(
        "--cascade",
        nargs=2,
        metavar=("FIRST.jsonl", "SECOND.jsonl"),
        help="verdict files of a cascade's router (NLI) and second stage (judge): report the "
        "faults the router passed that the second stage would have caught, per case",
    )
    parser.add_argument("--out", metavar="FILE", help="write the disagreements as JSONL")
    parser.add_argument("--json", metavar="FILE", help="write everything computed as JSON")
    parser.add_argument("--confidence", type=float, default=0.95,
                        help="confidence level of the Wilson intervals, in (0, 1) (default 0.95)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar or progress lines on stderr")
    parser.set_defaults(func=with_progress(run, "agree"))


def _checker_labels(path: str, spec_text: str):
    from faithkit.agree import LabelRow
    from faithkit.io.claim_rows import check_rows, read_claim_rows

    rows = read_claim_rows(path)
    verdicts = check_rows(build_from_spec(parse_checker_spec(spec_text)), rows)
    return [LabelRow(r.id, v.label, r.case, r.claim) for r, v in zip(rows, verdicts, strict=True)]


def run(args: argparse.Namespace) -> int:
    from faithkit.agree import agreement, cascade_misses, catch_rates, read_labels
    from faithkit.guards import check_confidence
    from faithkit.io.files import atomic_write_text
    from faithkit.report.agree import agreement_payload, render_agreement, write_disagreements

    if (args.b is None) == (args.checker is None):
        raise UsageError("give either B.jsonl or --checker SPEC (exactly one)")
    check_confidence(args.confidence)
    a = read_labels(args.a)
    b = _checker_labels(args.a, args.checker) if args.checker else read_labels(args.b)
    b_name = args.checker or args.b
    agreed = agreement(a, b, args.confidence)
    rates = catch_rates(a, b, args.confidence)
    misses = None
    if args.cascade:
        first, second = (read_labels(p) for p in args.cascade)
        misses = cascade_misses(a, {r.id: r.label for r in first}, {r.id: r.label for r in second}, args.confidence)
    print(render_agreement(args.a, b_name, agreed, rates, misses, args.cascade))
    if args.out:
        write_disagreements(Path(args.out), agreed)
    if args.json:
        payload = agreement_payload(args.a, b_name, args.confidence, agreed, rates, misses)
        atomic_write_text(args.json, json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    return 0
