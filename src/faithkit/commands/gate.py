"""`faithkit gate BASE_DIR NEW_DIR`: the comparison plus a yes/no a CI job can act on.

Exit codes: 0 pass, 1 gate failed, 2 usage / config / input error, 3 inconclusive (too many errors, judge
errors or truncations, or the measurement changed). The baseline is replaced only with --update-baseline, and
only when the gate passes (or with --force); it is swapped in whole, never edited in place.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from faithkit.commands._two_runs import add_common_arguments, output_paths
from faithkit.errors import UsageError


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "gate", help="pass/fail a new run against a baseline (exit 0 pass, 1 fail, 2 usage error, 3 inconclusive)",
        description=__doc__.split("\n\n")[0],
    )
    add_common_arguments(parser)
    parser.add_argument("--policy", metavar="FILE", help="gate policy (JSON or TOML); flags override its keys")
    parser.add_argument("--max-unsupported-rate", type=float, metavar="R",
                        help="fail when the new unsupported-answer rate is above R (0..1)")
    parser.add_argument("--ceiling-on", choices=["rate", "upper"],
                        help="compare the ceiling with the rate (default) or the upper end of its 95%% interval")
    parser.add_argument("--alpha", type=float, metavar="A",
                        help="significance level of the exact McNemar test (default 0.05)")
    parser.add_argument("--max-error-rate", type=float, metavar="E",
                        help="inconclusive above this share of error answers (default 0.05); also the default "
                             "for the two limits below")
    parser.add_argument("--max-claim-error-rate", type=float, metavar="E",
                        help="inconclusive above this share of scored answers with a claim error (judge errors)")
    parser.add_argument("--max-truncation-rate", type=float, metavar="E",
                        help="inconclusive above this share of scored answers with a truncated check")
    parser.add_argument("--max-refusal-increase", type=int, metavar="N",
                        help="fail when refusals rise by more than N (default: only warn)")
    parser.add_argument("--max-newly-broken", type=int, metavar="N",
                        help="fail when more than N answers faithful in the baseline are unsupported now, whatever "
                             "the p-value (default: no limit)")
    parser.add_argument("--max-missing-rate", type=float, metavar="S",
                        help="inconclusive above this share of baseline ids absent from the new run (default 0)")
    parser.add_argument("--allow-measurement-change", action="store_true", default=None,
                        help="decide even if checker / claims / refusal settings differ between the runs")
    parser.add_argument("--update-baseline", action="store_true",
                        help="replace BASE_DIR with a copy of NEW_DIR when the gate passes")
    parser.add_argument("--force", action="store_true",
                        help="with --update-baseline: replace the baseline even if the gate did not pass")
    parser.add_argument("--no-step-summary", action="store_true",
                        help="do not append the markdown summary to $GITHUB_STEP_SUMMARY")
    parser.set_defaults(func=run)


def _policy(args: argparse.Namespace):
    from faithkit.gate import policy_from_mapping
    from faithkit.io.policy import load_policy_file

    data = load_policy_file(args.policy) if args.policy else {}
    overrides = {
        "max_unsupported_rate": args.max_unsupported_rate, "ceiling_on": args.ceiling_on, "alpha": args.alpha,
        "max_error_rate": args.max_error_rate, "max_claim_error_rate": args.max_claim_error_rate,
        "max_truncation_rate": args.max_truncation_rate, "max_refusal_increase": args.max_refusal_increase,
        "max_missing_rate": args.max_missing_rate, "max_newly_broken": args.max_newly_broken,
        "allow_measurement_change": args.allow_measurement_change, "min_overlap": args.min_overlap,
    }
    return policy_from_mapping(data, overrides)


def run(args: argparse.Namespace) -> int:
    from faithkit.compare import compare_folders
    from faithkit.gate import decide
    from faithkit.io.files import append_step_summary, update_baseline
    from faithkit.report.compare_text import id_list, render_comparison, render_decision
    from faithkit.report.markdown import render_markdown
    from faithkit.report.outputs import write_outputs

    if args.force and not args.update_baseline:
        raise UsageError("--force only makes sense with --update-baseline")
    policy = _policy(args)
    base_dir, new_dir = Path(args.base_dir), Path(args.new_dir)
    comparison = compare_folders(base_dir, new_dir, min_overlap=policy.min_overlap)
    decision = decide(comparison, policy)
    write_outputs(comparison, decision, output_paths(args))
    if args.html:
        from faithkit.report.html_report import build_report

        build_report(new_dir, out=args.html, compare=base_dir, comparison=comparison, decision=decision)
    if not args.no_step_summary:
        append_step_summary(render_markdown(comparison, decision))

    broken = comparison.newly_broken()
    if broken:  # what a reviewer must read first; the blocks with failing claims follow in the comparison
        print(f"Newly broken answers ({len(broken)}): {id_list([p.id for p in broken])}\n")
    print(render_comparison(comparison), end="")
    print()
    print(render_decision(decision), end="")
    if args.update_baseline:
        print(update_baseline(base_dir, new_dir, decision.outcome, force=args.force))
    return decision.exit_code
