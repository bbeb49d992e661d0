"""``faithkit mutate``: the mutation suite (test the tester).

    faithkit mutate examples/larkspur/faithful_claims.jsonl --out runs/mutate \\
        --entity-pair Team=Enterprise --checker nli --checker similarity
    # review runs/mutate/mutants.jsonl (set "confirmed": true / false), then
    faithkit mutate examples/larkspur/faithful_claims.jsonl --out runs/mutate2 \\
        --mutants runs/mutate/mutants.jsonl --only-confirmed --checker nli --checker similarity
"""

from __future__ import annotations

import argparse

from faithkit.commands._checker_args import add_checker_argument, build_from_spec, parse_checker_spec
from faithkit.commands._progress import with_progress
from faithkit.errors import UsageError

DEFAULT_CHECKERS = ["nli"]


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "mutate",
        help="mutation suite: inject faults into confirmed-faithful claims and measure each checker",
        description=(
            'CLAIMS holds claims a person confirmed as faithful, rows {"id", "claim", "contexts"} (JSONL, '
            'or YAML with a shared `passages` mapping). Writes DIR/mutants.jsonl (review it: set "confirmed" '
            "to true for real faults, false otherwise), runs each --checker on originals and mutants, and "
            "writes DIR/suite.json, DIR/suite.md and DIR/verdicts.jsonl. False alarms (originals flagged) "
            "and "
            "detection per fault type are k/n with Wilson intervals. A checker error counts as a flag and is "
            "counted in `errors`."
        ),
    )
    parser.add_argument("claims", metavar="CLAIMS.jsonl", help="faithful claims with their passages")
    parser.add_argument("--out", required=True, metavar="DIR", help="output folder")
    add_checker_argument(parser, default="nli")
    parser.add_argument("--mutants", metavar="FILE", help="reuse this (reviewed) mutants file instead of generating")
    parser.add_argument(
        "--only-confirmed",
        action="store_true",
        help='run on mutants marked "confirmed": true only (default: all mutants)',
    )
    parser.add_argument(
        "--injector",
        action="append",
        dest="injectors",
        metavar="NAME",
        help="injectors to use, repeatable (default: all): swap_number, flip_negation, "
        "swap_entity, drop_condition, add_unsupported_fact",
    )
    parser.add_argument(
        "--entity-pair",
        action="append",
        default=[],
        metavar="A=B",
        help="names swap_entity swaps both ways, e.g. Team=Enterprise (repeatable); without "
        "any, it proposes names from capitalised terms in the passages",
    )
    parser.add_argument("--entity-pairs", metavar="FILE", help="JSON or YAML list of [A, B] pairs")
    parser.add_argument("--seed", type=int, default=0, help="injector seed (default 0)")
    parser.add_argument("--generate-only", action="store_true", help="write mutants.jsonl for review and stop")
    parser.add_argument(
        "--cascade",
        metavar="FIRST,SECOND",
        help="two --checker specs, router then second stage (e.g. nli,judge): also report the "
        "faults the router passed that the second stage would have caught",
    )
    parser.add_argument(
        "--thresholds",
        metavar="LIST",
        help="also re-decide each score-based checker at these thresholds from the same run, as extra rows "
        "LABEL@t (e.g. 0.5,0.9,0.98: the lesson's table from one model run); ranges start:stop:step work",
    )
    parser.add_argument("--confidence", type=float, default=0.95,
                        help="confidence level of the Wilson intervals, in (0, 1) (default 0.95)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar or progress lines on stderr")
    parser.set_defaults(func=with_progress(run, "mutate"))


def _entity_pairs(args: argparse.Namespace) -> list[tuple[str, str]]:
    pairs = []
    for text in args.entity_pair:
        a, sep, b = text.partition("=")
        if not sep or not a.strip() or not b.strip():
            raise UsageError(f"--entity-pair {text!r}: expected A=B")
        pairs.append((a.strip(), b.strip()))
    if args.entity_pairs:
        from faithkit.io.claim_rows import read_entity_pairs

        pairs += read_entity_pairs(args.entity_pairs)
    return pairs


def _injectors(names: list[str] | None) -> dict:
    from faithkit.mutation.injectors import INJECTORS

    if not names:
        return dict(INJECTORS)
    unknown = [n for n in names if n not in INJECTORS]
    if unknown:
        raise UsageError(f"unknown injector {unknown[0]!r}; choose from {', '.join(INJECTORS)}")
    return {n: INJECTORS[n] for n in names}


def run(args: argparse.Namespace) -> int:
    from faithkit.guards import check_confidence
    from faithkit.io.claim_rows import read_claim_rows
    from faithkit.io.files import check_output_dir
    from faithkit.mutation.suite import generate_mutants, read_mutants, select_mutants, write_mutants

    out = check_output_dir(args.out)
    check_confidence(args.confidence)
    thresholds = _thresholds(args.thresholds)
    originals = read_claim_rows(args.claims)
    specs = [parse_checker_spec(s) for s in (args.checkers or DEFAULT_CHECKERS)]
    if thresholds:  # re-decided at other thresholds: every claim's exact score, not a pruned lower bound
        from faithkit.checkers.window_prune import with_every_window

        specs = [with_every_window(s) for s in specs]
    labels = [s.label for s in specs]
    if len(set(labels)) != len(labels):
        raise UsageError("the same --checker is given twice")
    cascade = None
    if args.cascade:
        cascade = [part.strip() for part in args.cascade.split(",")]
        if len(cascade) != 2 or any(c not in labels for c in cascade):
            raise UsageError(f"--cascade {args.cascade!r}: name two of the --checker specs: {', '.join(labels)}")
    generation = None
    if args.mutants:
        mutants = read_mutants(args.mutants)
        known = {r.id for r in originals}
        orphans = [m.id for m in mutants if m.original_id not in known]
        if orphans:
            print(f"note: {len(orphans)} mutants come from claims not in {args.claims}, e.g. {orphans[0]}")
    else:
        generation = generate_mutants(
            originals, _injectors(args.injectors), entity_pairs=_entity_pairs(args), seed=args.seed
        )
        mutants = generation.mutants
        write_mutants(mutants, out / "mutants.jsonl")
        applied = ", ".join(f"{k} {v}/{len(originals)}" for k, v in generation.applied.items())
        print(f"wrote {len(mutants)} mutants of {len(originals)} claims to {out / 'mutants.jsonl'} ({applied})")
    if args.generate_only:
        return 0
    selection = select_mutants(mutants, "confirmed" if args.only_confirmed else "all")
    return _run_checkers(args, out, originals, selection, specs, cascade, generation, thresholds)


def _thresholds(text: str | None) -> list[float]:
    if not text:
        return []
    from faithkit.sweep import parse_thresholds

    try:
        return parse_thresholds(text)
    except ValueError as exc:
        raise UsageError(f"--thresholds: {exc}") from exc


def _run_checkers(args, out, originals, selection, specs, cascade, generation, thresholds) -> int:
    from faithkit.mutation.suite import run_suite, suite_cascade_misses
    from faithkit.report.mutate import render_suite, suite_payload, write_suite_files

    checkers = {spec.label: build_from_spec(spec) for spec in specs}
    result = run_suite(
        originals, selection, checkers, confidence=args.confidence, generation=generation, thresholds=thresholds
    )
    misses = suite_cascade_misses(result, *cascade, confidence=args.confidence) if cascade else None
    source = str(args.mutants) if args.mutants else str(out / "mutants.jsonl")
    print(render_suite(result, args.confidence, cascade, misses))
    payload = suite_payload(result, str(args.claims), source, cascade, misses)
    write_suite_files(out, result, payload)
    from faithkit.report.plots import PLOTS_MISSING, plotting_available, write_detection_plots

    if plotting_available():
        write_detection_plots(payload, out)  # detection per fault type with Wilson bars, and the false-alarm rate
    else:
        print(f"no detection.svg / detection.png: {PLOTS_MISSING}")
    return 0
