"""`faithkit bench FILE... --out RESULT.json`: balanced accuracy of a checker on labeled files, with intervals."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from faithkit.commands._progress import with_progress
from faithkit.errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bench", help="measure a checker's balanced accuracy on labeled (doc, claim, label) files",
        description="Score labeled files the way `faithkit check` scores claims (1-3 sentence windows of the doc, "
                    "best window; a multi-sentence claim by its weakest sentence; rows sharing `group` by their "
                    "best row) and report balanced accuracy with a 95% bootstrap interval at one threshold. "
                    ".tsv files (sentence1/sentence2/gold_label) also get 3-way accuracy. Choose the threshold on "
                    "dev files, never on the test files you report.")
    p.add_argument("files", nargs="+", type=Path, help=".jsonl (doc, claim, label[, group]) or .tsv (3-way NLI)")
    p.add_argument("--out", type=Path, required=True, help="where to write the JSON results")
    p.add_argument("--checker", action="append", dest="checkers", metavar="SPEC",
                   help="checker to measure, a spec NAME[:KEY=VALUE,...] as in `faithkit check` (default nli); "
                        "it must decide by a score. Repeatable: several checkers on the same files, one table "
                        "(e.g. --checker nli --checker classifier:model=DIR,positive_label=LABEL_1)")
    p.add_argument("--trust-remote-code", action="store_true",
                   help="let a model run its own code (hhem), only with --revision pinned to a 40-hex commit")
    p.add_argument("--model", help="model folder or hub id (default: the checker's default, for nli the bundled model)")
    p.add_argument("--revision", help="hub revision for --model")
    p.add_argument("--threshold", type=float, help="decision threshold (default: the checker's default)")
    p.add_argument("--numbers", action="store_true",
                   help="wrap the checker in the numbers stage, as `faithkit check` does (off: measure the model)")
    p.add_argument("--no-window-veto", action="store_true",
                   help="measure the plain model: no window veto (the default is `faithkit check`'s checker)")
    p.add_argument("--window-sentences", type=int, metavar="N",
                   help="NLI premise windows of 1..N sentences (default 3, as in `faithkit check`)")
    p.add_argument("--cache", choices=("off", "use", "refresh"), default="off",
                   help="NLI score cache (default off). With `use`, a rerun in another setting (veto on/off, a "
                        "threshold) re-decides stored scores, and pairs/s then counts cache reads, not model speed")
    p.add_argument("--cache-dir", help="cache folder (default $FAITHKIT_CACHE_DIR or ~/.cache/faithkit)")
    p.add_argument("--batch-size", type=int, help="model batch size (pairs; default 32 for nli)")
    p.add_argument("--device", help="torch device (cpu, cuda; default cpu)")
    p.add_argument("--claims-out", type=Path, metavar="FILE.jsonl",
                   help="also write one row per claim of each .jsonl file (checker, file, id, label, score, "
                        "supported, right, claim, evidence): to see which claims two settings decide differently")
    p.add_argument("--seed", type=int, default=0, help="seed of the bootstrap intervals")
    p.add_argument("--quiet", action="store_true", help="no progress bar or progress lines on stderr")
    p.set_defaults(func=with_progress(run, "bench"))


def run(args: argparse.Namespace) -> int:
    from faithkit.bench import format_checkers_table, format_table
    from faithkit.commands._checker_args import parse_checker_spec
    from faithkit.guards import check_threshold

    missing = [str(f) for f in args.files if not f.is_file()]
    if missing:
        raise UsageError(f"no such file: {', '.join(missing)}")
    stems = [f.stem for f in args.files]
    if len(set(stems)) != len(stems):
        raise UsageError("two files share a name (stem); results are keyed by file stem")
    check_threshold(args.threshold, "--threshold")
    from faithkit.checkers.window_prune import with_every_window

    # exact scores: bench re-decides them at other thresholds (--cache use) and its figures compare checkers
    specs = [with_every_window(parse_checker_spec(text)) for text in (args.checkers or ["nli"])]
    labels = [spec.label for spec in specs]
    if len(set(labels)) != len(labels):
        raise UsageError("the same --checker spec is given twice")
    per_claim: list[dict[str, Any]] | None = [] if args.claims_out else None
    runs = {spec.label: _bench_one(spec, args, per_claim) for spec in specs}
    results = {label: run.pop("results") for label, run in runs.items()}
    payload = runs[labels[0]] if len(runs) == 1 else {
        "seed": args.seed, "checkers": runs, "seconds": round(sum(r["seconds"] for r in runs.values()), 2)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    if args.claims_out and per_claim is not None:
        args.claims_out.parent.mkdir(parents=True, exist_ok=True)
        args.claims_out.write_text("".join(json.dumps(row) + "\n" for row in per_claim), encoding="utf-8")
    print(format_table(results[labels[0]]) if len(runs) == 1 else format_checkers_table(results))
    for label, run in runs.items():
        truncated = run["counters"].get("truncated_pairs", 0)
        if truncated:
            who = f"{label}: " if len(runs) > 1 else ""
            print(f"warning: {who}{truncated} (window, claim) pairs were longer than the model's limit and were "
                  "truncated (counters.truncated_pairs in the JSON)", file=sys.stderr)
    return 0


def _bench_one(spec: Any, args: argparse.Namespace, per_claim: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Build one checker from its spec and the command's flags, and score every file with it."""
    from faithkit.bench import bench_file
    from faithkit.checkers.base import merged_counters
    from faithkit.checkers.registry import BuildContext, build_from_spec

    numbers = True if args.numbers else None if {"numbers", "arithmetic"} & set(spec.options) else False
    flags = {"model": args.model, "revision": args.revision, "threshold": args.threshold,
             "batch_size": args.batch_size, "device": args.device, "window_sentences": args.window_sentences,
             "window_veto": False if args.no_window_veto else None, "numbers": numbers, "arithmetic": numbers,
             "trust_remote_code": True if args.trust_remote_code else None}
    context = BuildContext()
    if args.cache != "off":
        from faithkit.cache import ContentCache

        context.cache = ContentCache(args.cache_dir, args.cache)  # NLI scores (similarity keeps none)
    checker = build_from_spec(spec, flags, context)
    threshold = checker.threshold if args.threshold is None else args.threshold
    if threshold is None:
        raise UsageError(f"checker {spec.label!r} has no score threshold to benchmark at")
    results = {}
    started = time.time()
    for path in args.files:
        rows: list[dict[str, Any]] | None = [] if per_claim is not None else None
        results[path.stem] = bench_file(checker, path, threshold, seed=args.seed, rows=rows)
        if per_claim is not None and rows:
            per_claim.extend({"checker": spec.label, "file": path.stem, **row} for row in rows)
        print(f"{spec.label} {path.stem}: {results[path.stem].balanced_accuracy:.1f} "
              f"[{results[path.stem].low:.1f}, {results[path.stem].high:.1f}]", file=sys.stderr)
    payload = {
        "checker": checker.spec(),
        "threshold": threshold,
        "seed": args.seed,
        "seconds": round(time.time() - started, 2),
        "counters": merged_counters(checker),  # nli_pairs_scored vs nli_cache_hits: what ran
        "datasets": {name: r.as_dict() for name, r in results.items()},
    }
    return {**payload, "results": results}
