"""`faithkit check LOG --out DIR`: per-claim verdicts, answer scores and a run summary."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from faithkit.errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="check every answer of an interaction log against its passages",
                       description="Split answers into claims, check each claim against premise windows of the "
                                   "passages that were in the prompt, score answers and the run.")
    p.add_argument("log", type=Path, help="interaction log (JSONL: id, question, contexts, answer[, reference])")
    p.add_argument("--out", type=Path, required=True, help="results folder (results.jsonl + manifest.json)")
    p.add_argument("--checker", choices=["nli", "similarity", "judge", "cascade"], default="nli",
                   help="nli (default: the bundled offline model), similarity (baseline), judge, cascade")
    p.add_argument("--model", help="NLI model folder or hub id (default: the bundled model); for judge/cascade "
                                   "the LLM model name")
    p.add_argument("--revision", help="hub revision (commit, tag or branch) for --model")
    p.add_argument("--threshold", type=float, help="decision threshold on the score (nli 0.5, similarity 0.7)")
    p.add_argument("--claims", choices=["sentences", "llm"], default="sentences",
                   help="claim extraction: answer sentences (default) or an LLM decomposer")
    p.add_argument("--no-numbers", action="store_true",
                   help="turn off the rule that a number found in no passage makes a claim unsupported")
    p.add_argument("--no-arithmetic", action="store_true",
                   help="turn off accepting claims whose only unsupported numbers are verified arithmetic")
    p.add_argument("--no-window-veto", action="store_true",
                   help="let a multi-sentence window support a claim its own sentence contradicts (plain model)")
    p.add_argument("--window-sentences", type=int, metavar="N",
                   help="NLI premise windows of 1..N adjacent sentences of one passage (default 3)")
    p.add_argument("--refusal-pattern", action="append", default=[], metavar="REGEX",
                   help="extra regex marking a refusal sentence (repeatable)")
    p.add_argument("--no-default-refusals", action="store_true", help="use only --refusal-pattern patterns")
    p.add_argument("--no-reference", action="store_true", help="do not check claims against `reference` answers")
    p.add_argument("--batch-size", type=int, default=32, help="model batch size (pairs)")
    p.add_argument("--chunk-size", type=int, default=64, help="interactions read and checked together")
    p.add_argument("--device", default="cpu", help="torch device for the NLI model (cpu, cuda)")
    p.add_argument("--resume", action="store_true", help="continue an interrupted run in --out")
    p.add_argument("--overwrite", action="store_true", help="replace existing results in --out")
    p.add_argument("--quiet", action="store_true", help="no summary table")
    _add_llm_arguments(p)
    p.set_defaults(func=run)


def _add_llm_arguments(parser: argparse.ArgumentParser) -> None:
    from faithkit.llm.cli_options import add_llm_arguments

    add_llm_arguments(parser)


def _build_claims(args: argparse.Namespace):
    if args.claims == "llm":
        from faithkit.llm.cli_options import build_llm_claims

        return build_llm_claims(args)
    from faithkit.claims.sentences import SentenceClaims

    return SentenceClaims()


def _nli_cache(args: argparse.Namespace):
    """The content cache for NLI scores (same store and --cache mode as LLM calls); None when off."""
    if args.cache == "off":
        return None
    from faithkit.cache import ContentCache

    return ContentCache(args.cache_dir, args.cache)


def _build_checker(args: argparse.Namespace):
    """Every checker comes from the registry. Judge and cascade are built from the parsed arguments themselves,
    because the LLM claim extractor built later from the same arguments shares state with them."""
    from faithkit.checkers.registry import DEFAULT_WINDOW_VETO, build_checker, with_number_checks

    def from_registry(name: str, model: str | None, numbers: bool | None, arithmetic: bool | None):
        return build_checker(name, model=model,
                             revision=args.revision, threshold=args.threshold, numbers=numbers,
                             arithmetic=arithmetic, batch_size=args.batch_size, device=args.device,
                             cache=_nli_cache(args), window_veto=None if args.no_window_veto else DEFAULT_WINDOW_VETO,
                             window_sentences=args.window_sentences)

    numbers = False if args.no_numbers else None
    arithmetic = False if args.no_arithmetic else None
    if args.checker in ("judge", "cascade"):
        from faithkit.llm.cli_options import build_llm_checker

        inner = build_llm_checker(args, lambda: from_registry("nli", getattr(args, "nli_model", None), False, False))
        return with_number_checks(inner, numbers is not False, arithmetic is not False)
    return from_registry(args.checker, args.model, numbers, arithmetic)


def _count_lines(path: Path) -> int:
    with path.open("rb") as handle:
        return sum(1 for line in handle if line.strip())


def run(args: argparse.Namespace) -> int:
    from faithkit.guards import check_threshold
    from faithkit.pipeline import CheckOptions, check_output_folder, run_check
    from faithkit.report.terminal import print_summary
    from faithkit.scoring import DEFAULT_REFUSAL_PATTERNS, RefusalDetector

    if not args.log.is_file():
        raise UsageError(f"input log not found: {args.log}")
    if args.chunk_size < 1 or args.batch_size < 1:
        raise UsageError("--chunk-size and --batch-size must be at least 1")
    check_threshold(args.threshold, "--threshold")
    check_output_folder(args.out, resume=args.resume, overwrite=args.overwrite)
    patterns = ([] if args.no_default_refusals else list(DEFAULT_REFUSAL_PATTERNS)) + args.refusal_pattern
    checker = _build_checker(args)
    load = getattr(checker, "load", None)
    if callable(load):
        load()
    options = CheckOptions(claims=_build_claims(args), refusals=RefusalDetector(patterns),
                           chunk_size=args.chunk_size, check_reference=not args.no_reference)
    bar = None
    if sys.stderr.isatty() and not args.quiet:
        from tqdm import tqdm

        bar = tqdm(total=_count_lines(args.log), unit="answer", file=sys.stderr, leave=False)
    try:
        manifest = run_check(args.log, args.out, checker, options, resume=args.resume, overwrite=args.overwrite,
                             command=["faithkit", *sys.argv[1:]], progress=bar.update if bar else None)
    finally:
        if bar is not None:
            bar.close()
    if not args.quiet:
        print_summary(manifest, args.out)
    return 0
