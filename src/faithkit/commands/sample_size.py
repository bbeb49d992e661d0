"""``faithkit sample-size``: labeled items needed per fault type to pin a rate to ± a margin."""

from __future__ import annotations

import argparse

from faithkit.errors import UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "sample-size",
        help="labeled faults needed per type to pin a detection rate to ± a margin",
        description=(
            "Labeled items needed to estimate a rate near RATE to ± MARGIN (normal approximation, "
            "ceil(z² p(1-p) / e²)). The Larkspur lesson's example: 0.9 ± 0.05 at 95% needs 139 "
            "labeled faults per fault type; a suite of a dozen claims cannot choose a threshold."
        ),
    )
    parser.add_argument("--rate", type=float, required=True, help="the rate you expect, e.g. 0.9")
    parser.add_argument("--margin", type=float, required=True, help="half-width you want, e.g. 0.05")
    parser.add_argument("--confidence", type=float, default=0.95,
                        help="confidence level of the interval, in (0, 1) (default 0.95)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from faithkit.stats import sample_size

    try:
        needed = sample_size(args.rate, args.margin, args.confidence)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    print(f"{needed} labeled items per fault type are needed to estimate a rate near {args.rate:g} to within "
          f"±{args.margin:g} at {args.confidence:.0%} confidence (normal approximation, ceil(z² p(1-p) / e²)).")
    return 0
