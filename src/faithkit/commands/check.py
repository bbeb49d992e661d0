"""`faithkit check LOG --out DIR`: per-claim verdicts, answer scores and a run summary."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from faithkit.errors import UsageError

NLI_OPTIONS = "faithkit.checkers.nli_options"
SIMILARITY_OPTIONS = "faithkit.checkers.similarity_options"
DETECTOR_OPTIONS = "faithkit.checkers.detectors.detector_options"
LIMITS = "faithkit.limits"


def register(sub: argparse._SubParsersAction) -> None:
    """The check command's flags in groups a reader scans (input, checker, output, performance, cache, LLM); the
    defaults shown are read from the code (``LiveHelp``), never copied."""
    from faithkit.commands._help import LiveHelp

    p = sub.add_parser("check", help="check every answer of an interaction log against its passages",
                       usage="%(prog)s LOG --out DIR [options]",
                       description="Split answers into claims, check each claim against premise windows of the "
                                   "passages that were in the prompt, score answers and the run.")
    source = p.add_argument_group("input")
    source.add_argument("log", type=Path,
                        help="interaction log (JSONL: id, question, contexts, answer[, reference]; other formats: "
                             "see --format, other column names: see --field)")
    _add_format_arguments(source)
    source.add_argument("--no-reference", action="store_true", help="do not check claims against `reference` answers")
    source.add_argument("--max-record-bytes", type=int, default=None, metavar="N",
                        help=LiveHelp("a log line longer than N bytes becomes an error record (default {n}; 0: no "
                                      "limit)", n=f"{LIMITS}:DEFAULT_MAX_RECORD_BYTES"))

    checking = p.add_argument_group("checker")
    checking.add_argument("--checker", default="nli", metavar="SPEC",
                          help="nli (default: the bundled offline model), similarity (baseline), judge, cascade, or "
                               "any registered checker, with options: NAME[:KEY=VALUE,...], e.g. nli:threshold=0.6,"
                               "window_sentences=1; the flags below set the same options")
    checking.add_argument("--model", help="NLI model folder or hub id (default: the bundled model); for "
                                          "judge/cascade the LLM model name")
    checking.add_argument("--revision", help="hub revision (commit, tag or branch) for --model")
    checking.add_argument("--threshold", type=float,
                          help=LiveHelp("decision threshold on the score (default: nli {nli}, similarity {sim}, "
                                        "classifier / seq2seq / hhem {det})",
                                        nli=f"{NLI_OPTIONS}:NLIOptions.threshold",
                                        sim=f"{SIMILARITY_OPTIONS}:SimilarityOptions.threshold",
                                        det=f"{DETECTOR_OPTIONS}:DetectorOptions.threshold"))
    checking.add_argument("--trust-remote-code", action="store_true",
                          help="let a model run its own code (hhem), only with --revision pinned to a 40-hex commit")
    checking.add_argument("--claims", choices=["sentences", "llm"], default="sentences",
                          help="claim extraction: answer sentences (default) or an LLM decomposer")
    checking.add_argument("--no-numbers", action="store_true",
                          help="turn off the rule that a number found in no passage makes a claim unsupported")
    checking.add_argument("--no-arithmetic", action="store_true",
                          help="turn off accepting claims whose only unsupported numbers are verified arithmetic")
    checking.add_argument("--no-window-veto", action="store_true",
                          help="let a multi-sentence window support a claim its own sentence contradicts "
                               "(plain model)")
    checking.add_argument("--window-sentences", type=int, metavar="N",
                          help=LiveHelp("NLI premise windows of 1..N adjacent sentences of one passage (default {n})",
                                        n="faithkit.text.windows:DEFAULT_WINDOW_SENTENCES"))
    checking.add_argument("--refusal-pattern", action="append", default=[], metavar="REGEX",
                          help="extra regex marking a refusal sentence (repeatable)")
    checking.add_argument("--no-default-refusals", action="store_true", help="use only --refusal-pattern patterns")
    checking.add_argument("--fail-on-misattributed-citation", action="store_true",
                          help="a supported claim whose cited passage does not support it fails its answer "
                               "(default: a warning, misattributed_citation)")

    output = p.add_argument_group("output")
    output.add_argument("--out", type=Path, required=True, help="results folder (results.jsonl + manifest.json)")
    output.add_argument("--resume", action="store_true", help="continue an interrupted run in --out")
    output.add_argument("--overwrite", action="store_true", help="replace existing results in --out")
    output.add_argument("--quiet", action="store_true", help="no progress bar or progress lines, no summary table")
    output.add_argument("--no-report", action="store_true", help="do not write DIR/report.html")

    speed = p.add_argument_group("performance and engine")
    speed.add_argument("--batch-size", type=int,
                       help=LiveHelp("model batch size (default: nli {nli} pairs, similarity {sim} texts, "
                                     "classifier / seq2seq / hhem {det} pairs)",
                                     nli=f"{NLI_OPTIONS}:NLIOptions.batch_size",
                                     sim=f"{SIMILARITY_OPTIONS}:SimilarityOptions.batch_size",
                                     det=f"{DETECTOR_OPTIONS}:DetectorOptions.batch_size"))
    speed.add_argument("--chunk-size", type=int, default=64,
                       help="interactions read and checked together (default %(default)s)")
    speed.add_argument("--device", help=LiveHelp("torch device for the NLI model with --backend torch (cpu, cuda; "
                                                 "default {d})", d=f"{NLI_OPTIONS}:NLIOptions.device"))
    speed.add_argument("--backend", choices=["torch", "onnx"],
                       help=LiveHelp("NLI forward pass (default {default}): onnx (ONNX Runtime on the model "
                                     "folder's model.onnx, else an export made once with torch and cached) or torch "
                                     "(pip install 'faithkit[torch]'; for --device cuda)",
                                     default=f"{NLI_OPTIONS}:DEFAULT_BACKEND"))
    speed.add_argument("--threads", type=int, metavar="N",
                       help="model threads (default: the cores no other work uses when the run starts, at least 1, "
                            "with passive waiting; 0: one per core); "
                            "$FAITHKIT_THREADS sets the same")
    speed.add_argument("--engine", choices=["local", "ray"], default="local",
                       help="local (default) or ray: score pairs on a Ray actor pool (pip install 'faithkit[ray]')")
    speed.add_argument("--ray-address", metavar="ADDR",
                       help="Ray cluster to join (e.g. ray://head:10001 or auto); default: start a local one")
    speed.add_argument("--ray-actors", type=int, default=2, metavar="N",
                       help="model actors in the Ray pool (default %(default)s)")
    speed.add_argument("--record-timeout", type=float, default=None, metavar="SECONDS",
                       help=LiveHelp("seconds of work per record before it becomes an error record (default {s}; "
                                     "0: none)", s=f"{LIMITS}:DEFAULT_RECORD_TIMEOUT"))
    from faithkit.commands._llm_args import add_cache_arguments

    add_cache_arguments(p)
    _add_llm_arguments(p)
    p.set_defaults(func=run)


def _add_format_arguments(parser: Any) -> None:
    from faithkit.commands._format_args import add_format_arguments

    add_format_arguments(parser)


def _add_llm_arguments(parser: argparse.ArgumentParser) -> None:
    from faithkit.commands._llm_args import add_llm_arguments

    add_llm_arguments(parser, cache=False)  # check places --cache beside the performance flags


def checker_flags(args: argparse.Namespace, name: str) -> dict[str, Any]:
    """The check command's flags as option values (None: not given), read from the namespace here and only here;
    ``registry.flag_options`` keeps what checker ``name`` has. ``--model`` names the LLM for an LLM checker (its
    registry entry says ``uses_llm``; ``--llm-model`` wins), the NLI / embedding model otherwise."""
    from faithkit.checkers.registry import uses_llm
    from faithkit.commands._llm_args import JUDGE_FLAGS, LLM_FLAGS

    model = (args.llm_model or args.model) if uses_llm(name) else args.model
    return {"model": model, "revision": args.revision, "threshold": args.threshold,
            "batch_size": args.batch_size, "device": args.device, "window_sentences": args.window_sentences,
            "backend": getattr(args, "backend", None),
            "window_veto": False if args.no_window_veto else None,
            "trust_remote_code": True if getattr(args, "trust_remote_code", False) else None,
            "numbers": False if args.no_numbers else None, "arithmetic": False if args.no_arithmetic else None,
            **{flag: getattr(args, flag, None) for flag in LLM_FLAGS + JUDGE_FLAGS}}


def _context(cache_mode: str, cache_dir: str | None, claims: str):
    """The run's shared resources: one content cache (NLI scores and LLM replies), the claim mode."""
    from faithkit.checkers.registry import BuildContext

    cache = None
    if cache_mode != "off":
        from faithkit.cache import ContentCache

        cache = ContentCache(cache_dir, cache_mode)
    return BuildContext(cache=cache, claims=claims)


def _build_claims(mode: str, spec, flags: dict[str, Any], llm_model: str | None, model: str | None, context):
    """Sentence claims, or (``mode`` "llm") the LLM decomposer's: the LLM / judge values of ``flags``
    (``checker_flags``), and for an LLM checker its spec's options over them (sharing the judge's session).
    ``llm_model``, ``model``: ``--llm-model``, ``--model`` (the LLM's name only for an LLM checker)."""
    if mode == "llm":
        from faithkit.checkers.factories import build_llm_claims
        from faithkit.checkers.llm.llm_options import JudgeOptions
        from faithkit.checkers.registry import uses_llm
        from faithkit.commands._llm_args import JUDGE_FLAGS, LLM_FLAGS
        from faithkit.options import parse_options

        values = {flag: flags[flag] for flag in LLM_FLAGS + JUDGE_FLAGS if flags[flag] is not None}
        if uses_llm(spec.name):
            values.update(spec.options)
            llm_model = llm_model or spec.options.get("model") or model
        values = {k: v for k, v in values.items() if k in JudgeOptions.model_fields}
        values["model"] = llm_model
        return build_llm_claims(parse_options(JudgeOptions, values, what="--claims llm"), context)
    from faithkit.claims.sentences import SentenceClaims

    return SentenceClaims()


def _count_lines(path: Path) -> int:
    with path.open("rb") as handle:
        return sum(1 for line in handle if line.strip())


def run(args: argparse.Namespace) -> int:
    """The namespace is read here and in ``checker_flags`` only: every helper gets the values it uses (a format, a
    folder, the checker's option values), never ``args``."""
    from faithkit.checkers.base import load_checker
    from faithkit.checkers.registry import build_from_spec, llm_checkers
    from faithkit.commands._checker_args import parse_checker_spec
    from faithkit.commands._format_args import every_record_failed, field_map
    from faithkit.io.formats import preflight
    from faithkit.io.paths import check_input_file
    from faithkit.limits import record_limits
    from faithkit.model_source import check_cli_models
    from faithkit.pipeline import CheckOptions, check_output_folder, run_check
    from faithkit.report.terminal import print_summary
    from faithkit.scoring import DEFAULT_REFUSAL_PATTERNS, RefusalDetector

    check_input_file(args.log)
    if args.chunk_size < 1 or (args.batch_size is not None and args.batch_size < 1):
        raise UsageError("--chunk-size and --batch-size must be at least 1")
    check_output_folder(args.out, resume=args.resume, overwrite=args.overwrite)
    from faithkit.io.lock import OutputLock

    OutputLock.probe(args.out)  # another run on --out: say so before loading a model
    fields = field_map(args.field)
    # a wrong format fails here (exit 2), before the model loads
    input_format = preflight(args.log, args.format, contexts_separator=args.contexts_separator, fields=fields)
    from faithkit.threads import apply_thread_policy

    apply_thread_policy(args.threads)  # before torch is imported: OpenMP reads its settings once
    patterns = ([] if args.no_default_refusals else list(DEFAULT_REFUSAL_PATTERNS)) + args.refusal_pattern
    spec = parse_checker_spec(args.checker)
    in_spec = spec.options
    # no such folder / hub unreachable: now, not after imports
    check_cli_models(spec.name, in_spec.get("model") or args.model, in_spec.get("nli_model") or args.nli_model,
                     in_spec.get("revision") or args.revision, llm_checkers())
    context = _context(args.cache, args.cache_dir, args.claims)
    flags = checker_flags(args, spec.name)
    checker = build_from_spec(spec, flags, context)
    if args.engine == "ray":
        from faithkit.engines.ray_engine import attach_ray

        attach_ray(checker, actors=args.ray_actors, address=args.ray_address)
    checker = load_checker(checker)
    claims = _build_claims(args.claims, spec, flags, args.llm_model, args.model, context)
    options = CheckOptions(claims=claims, refusals=RefusalDetector(patterns),
                           chunk_size=args.chunk_size, check_reference=not args.no_reference,
                           limits=record_limits(args.max_record_bytes, args.record_timeout),
                           input_format=input_format, contexts_separator=args.contexts_separator,
                           fields=fields,
                           fail_on_misattributed_citation=args.fail_on_misattributed_citation, reuse_records=True)
    from faithkit.progress import Progress

    total = _count_lines(args.log) if input_format == "jsonl" else None  # other formats: no ETA
    done = args.out / "results.jsonl"
    if total is not None and args.resume and done.is_file():
        total = max(total - _count_lines(done), 0)  # a resumed run counts what is left, not the whole log
    with Progress(total, "answer", desc="check", quiet=args.quiet) as progress:
        manifest = run_check(args.log, args.out, checker, options, resume=args.resume, overwrite=args.overwrite,
                             command=["faithkit", *sys.argv[1:]], progress=progress)
    for warning in manifest["summary"].get("cache_warnings", []):
        print(f"warning: {warning}", file=sys.stderr)
    report = None if args.no_report else _write_report(args.out, context.cache)
    if not args.quiet:
        print_summary(manifest, args.out)
        _print_failures(args.out, report)
    return every_record_failed(args.log, args.out, manifest.get("summary", {}))


def _write_report(out: Path, cache: Any = None) -> Path:
    from faithkit.report.html_report import build_report

    return build_report(out, cache=cache)


def _print_failures(out: Path, report: Path | None) -> None:
    """The failing answers (first unsupported claim and its evidence) and errors / warnings by reason."""
    from faithkit.io.results import read_results
    from faithkit.report.failures import failure_lines

    for line in failure_lines(read_results(out).answers, report):
        print(line)
