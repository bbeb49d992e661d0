"""`faithkit rescore RUN_DIR --threshold T [--out DIR]`: re-decide a run's stored verdicts at another threshold."""

from __future__ import annotations

import argparse
from pathlib import Path

from faithkit.errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "rescore", help="re-decide a finished run at another threshold from its stored scores (no model call)",
        description="Re-decide every score-decided verdict of a `faithkit check` run at --threshold, from the "
                    "scores stored in results.jsonl, and recompute answer scores and the run summary. Verdicts "
                    "decided by a label or a rule (judge, missing numbers, errors) are kept and counted; what "
                    "could not be re-decided without the model is listed. Writes a results folder with --out.")
    p.add_argument("run", type=Path, help="results folder of a finished `faithkit check` run")
    p.add_argument("--threshold", type=float, required=True, help="the new decision threshold")
    p.add_argument("--out", type=Path, help="write the rescored results folder here (default: print only)")
    p.add_argument("--overwrite", action="store_true", help="replace existing results in --out")
    p.add_argument("--quiet", action="store_true", help="no summary table")
    p.add_argument("--no-report", action="store_true", help="do not write OUT/report.html (written with --out)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import sys

    from faithkit.io.results import read_results
    from faithkit.report.terminal import print_summary
    from faithkit.rescore import rescore

    if args.out is not None:
        if args.out.resolve() == args.run.resolve():
            raise UsageError("--out must be another folder: a rescore never replaces the run it reads")
        if (args.out / "results.jsonl").exists() and not args.overwrite:
            raise UsageError(f"{args.out} already holds results: pass --overwrite to replace them")
    source = read_results(args.run)
    result = rescore(source.manifest, source.records, args.threshold)
    manifest = {**result.manifest, "command": ["faithkit", *sys.argv[1:]],
                "rescored": {"from": str(args.run), **result.manifest["rescored"]}}
    if args.out is not None:
        from faithkit.io.results import ResultsWriter, write_manifest
        from faithkit.records import AnswerResult, RunManifest

        (args.out / "manifest.json").unlink(missing_ok=True)
        writer = ResultsWriter(args.out, resume=False)
        try:
            for record in result.records:
                writer.write(AnswerResult.from_dict(record))
        finally:
            writer.close()
        write_manifest(args.out, RunManifest.from_dict(manifest))
        if not args.no_report:
            from faithkit.report.html_report import build_report

            print(f"report: {build_report(args.out)}", file=sys.stderr)
    before = manifest["rescored"]["threshold_before"]
    print(f"rescored at threshold {args.threshold:g} (was {before:g}): {result.redecided} claims re-decided, "
          f"{result.changed} changed", file=sys.stderr)
    for reason, count in sorted(result.kept.items()):
        print(f"  kept {count}: {reason}", file=sys.stderr)
    for reason, count in sorted(result.not_redecided.items()):
        print(f"  not re-decided, {count}: {reason}", file=sys.stderr)
    if not args.quiet:
        print_summary(manifest, args.out or args.run)
    return 0
