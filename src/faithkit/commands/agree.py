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
    parser.add_argument("--confidence", type=float, default=0.95)
    parser.set_defaults(func=run)


def _checker_labels(path: str, spec_text: str):
    from faithkit.agree import LabelRow
    from faithkit.io.claim_rows import check_rows, read_claim_rows

    rows = read_claim_rows(path)
    verdicts = check_rows(build_from_spec(parse_checker_spec(spec_text)), rows)
    return [LabelRow(r.id, v.label, r.case, r.claim) for r, v in zip(rows, verdicts, strict=True)]


def run(args: argparse.Namespace) -> int:
    from faithkit.agree import agreement, cascade_misses, catch_rates, read_labels

    if (args.b is None) == (args.checker is None):
        raise UsageError("give either B.jsonl or --checker SPEC (exactly one)")
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
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("w", encoding="utf-8") as handle:
            for d in agreed.disagreements:
                handle.write(json.dumps(d.as_dict(), ensure_ascii=False) + "\n")
    if args.json:
        payload = {
            "a": args.a,
            "b": b_name,
            "confidence": args.confidence,
            "agreement": agreed.as_dict(),
            "b_against_a": rates.as_dict(),
            "cascade": misses.as_dict() if misses else None,
        }
        Path(args.json).write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


def render_agreement(a_name, b_name, agreed, rates, misses, cascade_files) -> str:
    """The terminal report: kappa, B-against-A rates per case, disagreements, cascade misses."""
    from faithkit.agree import NO_CASE
    from faithkit.report.table import format_rate, render_table

    lines = [
        f"A = {a_name}",
        f"B = {b_name}",
        f"{agreed.n} items in both; Cohen's kappa {agreed.kappa:.3f}; raw agreement {format_rate(agreed.observed)}",
    ]
    if agreed.kappa_binary is not None:
        lines.append(f"kappa on supported vs not supported: {agreed.kappa_binary:.3f}")
    for side, ids in (("A", agreed.only_in_a), ("B", agreed.only_in_b)):
        if ids:
            lines.append(
                f"only in {side} (not compared): {len(ids)}: {', '.join(ids[:10])}" + (" ..." if len(ids) > 10 else "")
            )
    lines += ["", "B against A (A is the reference; 'not supported' is the positive class):"]
    rows = [["all", format_rate(rates.recall), format_rate(rates.precision), format_rate(rates.false_alarms)]]
    rows += [
        [case, format_rate(d["recall"]), format_rate(d["precision"]), format_rate(d["false_alarms"])]
        for case, d in rates.by_case.items()
        if not (case == NO_CASE and len(rates.by_case) == 1)
    ]
    lines.append(render_table(["case", "recall (catch rate)", "precision", "false alarms"], rows))
    lines += ["", f"disagreements: {len(agreed.disagreements)}"]
    if agreed.disagreements:
        lines.append(
            render_table(
                ["id", "A", "B", "case", "claim"],
                [[d.id, d.a, d.b, d.case or "", (d.claim or "")[:70]] for d in agreed.disagreements],
                align_right=[False] * 5,
            )
        )
    if misses is not None:
        first, second = cascade_files
        lines += ["", f"cascade: router {first} -> second stage {second}, over A's faults:"]
        lines.append(
            render_table(
                ["case", "second stage alone", "cascade", "routing misses"],
                [
                    [
                        case,
                        format_rate(misses.second_alone[case]),
                        format_rate(misses.cascade[case]),
                        format_rate(misses.routing_misses[case]),
                    ]
                    for case in misses.second_alone
                ],
            )
        )
    return "\n".join(lines)
