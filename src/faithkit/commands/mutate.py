"""``faithkit mutate``: the mutation suite (test the tester).

    faithkit mutate examples/larkspur/faithful_claims.jsonl --out runs/mutate \\
        --entity-pair Team=Enterprise --checker nli --checker similarity
    # review runs/mutate/mutants.jsonl (set "confirmed": true / false), then
    faithkit mutate examples/larkspur/faithful_claims.jsonl --out runs/mutate2 \\
        --mutants runs/mutate/mutants.jsonl --only-confirmed --checker nli --checker similarity
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from faithkit.commands._checker_args import add_checker_argument, build_from_spec, parse_checker_spec
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
    parser.add_argument("--confidence", type=float, default=0.95)
    parser.set_defaults(func=run)


def _entity_pairs(args: argparse.Namespace) -> list[tuple[str, str]]:
    pairs = []
    for text in args.entity_pair:
        a, sep, b = text.partition("=")
        if not sep or not a.strip() or not b.strip():
            raise UsageError(f"--entity-pair {text!r}: expected A=B")
        pairs.append((a.strip(), b.strip()))
    if args.entity_pairs:
        path = Path(args.entity_pairs)
        if not path.is_file():
            raise UsageError(f"{path}: no such file")
        text = path.read_text(encoding="utf-8")
        if path.suffix.lower() in (".yaml", ".yml"):
            import yaml

            data = yaml.safe_load(text)
        else:
            data = json.loads(text)
        if not isinstance(data, list) or not all(isinstance(p, list) and len(p) == 2 for p in data):
            raise UsageError(f"{path}: expected a list of [A, B] pairs")
        pairs += [(str(a), str(b)) for a, b in data]
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
    from faithkit.io.claim_rows import read_claim_rows
    from faithkit.mutation.suite import generate_mutants, read_mutants, select_mutants, write_mutants

    out = Path(args.out)
    originals = read_claim_rows(args.claims)
    specs = [parse_checker_spec(s) for s in (args.checkers or DEFAULT_CHECKERS)]
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
    return _run_checkers(args, out, originals, selection, specs, cascade, generation)


def _run_checkers(args, out, originals, selection, specs, cascade, generation) -> int:
    from faithkit.mutation.suite import run_suite, suite_table_rows
    from faithkit.report.table import format_rate, render_table

    checkers = {spec.label: build_from_spec(spec) for spec in specs}
    thresholds: list[float] = []
    if args.thresholds:
        from faithkit.sweep import parse_thresholds

        try:
            thresholds = parse_thresholds(args.thresholds)
        except ValueError as exc:
            raise UsageError(f"--thresholds: {exc}") from exc
    result = run_suite(
        originals, selection, checkers, confidence=args.confidence, generation=generation, thresholds=thresholds
    )
    payload = result.as_dict()
    payload["claims"] = str(args.claims)
    payload["mutants"]["source"] = str(args.mutants) if args.mutants else str(out / "mutants.jsonl")
    headers, rows = suite_table_rows(result)
    text = [
        selection.describe(),
        f"{result.originals} original claims; 95% Wilson intervals"
        if args.confidence == 0.95
        else f"{args.confidence:.0%} Wilson intervals",
        render_table(headers, rows),
    ]
    errors = [f"{c.label}: {c.errors} error verdicts (counted as flags)" for c in result.checkers if c.errors]
    text += errors
    if cascade:
        misses = _cascade(result, *cascade, confidence=args.confidence)
        payload["cascade"] = {"first": cascade[0], "second": cascade[1], **misses.as_dict()}
        text += [
            "",
            f"cascade {cascade[0]} -> {cascade[1]} (second stage sees only what {cascade[0]} flags):",
            render_table(
                ["fault type", f"{cascade[1]} alone", "cascade", "routing misses"],
                [
                    [
                        c,
                        format_rate(misses.second_alone[c]),
                        format_rate(misses.cascade[c]),
                        format_rate(misses.routing_misses[c]),
                    ]
                    for c in misses.second_alone
                ],
            ),
        ]
    print("\n".join(text))
    out.mkdir(parents=True, exist_ok=True)
    (out / "suite.json").write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "suite.md").write_text(
        selection.describe() + "\n\n" + render_table(headers, rows, style="markdown") + "\n", encoding="utf-8"
    )
    with (out / "verdicts.jsonl").open("w", encoding="utf-8") as handle:
        for item in result.items:
            handle.write(json.dumps(item.as_dict(), ensure_ascii=False) + "\n")
    return 0


def _cascade(result, first: str, second: str, confidence: float):
    from faithkit.agree import LabelRow, cascade_misses

    reference = [LabelRow(m.id, "not_supported", m.injector) for m in result.selection.used]
    by_checker = {
        c: {i.id: i.verdict.label for i in result.items if i.checker == c and i.kind == "mutant"}
        for c in (first, second)
    }
    return cascade_misses(reference, by_checker[first], by_checker[second], confidence)
