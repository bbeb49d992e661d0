"""The factories of the LLM checkers: typed options (+ the build context) in, a checker out.

Named in ``registry.REGISTRY`` as ``"faithkit.checkers.factories:build_judge"`` and imported only when a checker
is built (the NLI and similarity checkers are their own factories: ``NLIChecker.from_options``). One judge /
cascade path for every command: the LLM session (client + cache) comes from the context, so the judge and the LLM
claim extractor of one run share a client, and the cascade's NLI stage is built from the same ``NLIOptions`` as
``--checker nli``.
"""

from __future__ import annotations

from typing import Any

from faithkit.checkers.llm.llm_options import CascadeOptions, JudgeOptions
from faithkit.checkers.registry import BuildContext
from faithkit.errors import UsageError


def _judge(options: JudgeOptions, context: BuildContext, mode: str) -> Any:
    from faithkit.checkers.llm.judge import JudgeChecker

    checker = JudgeChecker(context.llm_session(options).caller(), mode=mode, strict=options.strict,
                           repeats=options.repeats, repeat_modes=options.modes() or None,
                           max_claims_per_call=options.claims_per_call, concurrency=options.concurrency,
                           quote_nli=_quote_nli(options))
    checker.options = options
    return checker


def _quote_nli(options: JudgeOptions) -> Any:
    """The NLI model's check of each SUPPORTED quote (checkers/llm/quote_nli.py), unless ``quote_nli=off``."""
    if options.quote_nli == "off":
        return None
    from faithkit.checkers.llm.quote_nli import QuoteEntailment

    return QuoteEntailment(options.quote_nli)


def extract_and_label(options: JudgeOptions, context: BuildContext) -> Any:
    """The run's one-call extractor (claims and labels in one request), made once and kept on the context."""
    if context.extract_and_label is None:
        from faithkit.checkers.llm.extract_label import ExtractAndLabel

        context.extract_and_label = ExtractAndLabel(
            context.llm_session(options).caller(), fallback=_judge(options, context, "batch"),
            strict=options.strict, concurrency=options.concurrency)
    return context.extract_and_label


def build_judge(options: JudgeOptions, context: BuildContext) -> Any:
    if options.judge_mode == "extract-and-label":
        if context.claims != "llm":
            raise UsageError("--judge-mode extract-and-label extracts and labels claims in one call: "
                             "use it with --claims llm")
        checker = extract_and_label(options, context).checker
        checker.options = options
        return checker
    return _judge(options, context, options.judge_mode)


def build_cascade(options: CascadeOptions, context: BuildContext) -> Any:
    from faithkit.checkers.llm.cascade import CascadeChecker
    from faithkit.checkers.nli import NLIChecker

    if options.judge_mode == "extract-and-label":
        raise UsageError("the cascade needs claims before the judge: use --judge-mode batch or per-claim")
    judge = _judge(options.judge_options(), context, options.judge_mode)
    nli = first_stage(options, context) if options.first else NLIChecker.from_options(options.nli_options(), context)
    checker = CascadeChecker(nli, judge, route_below=options.route_below)
    checker.options = options
    return checker


def first_stage(options: CascadeOptions, context: BuildContext) -> Any:
    """The cascade's first stage from its ``first`` spec (any registered checker but a cascade), without its own
    numbers stage: the cascade is wrapped in one as a whole."""
    from faithkit.checkers.registry import build
    from faithkit.checkers.spec import parse_checker_spec

    spec = parse_checker_spec(str(options.first).replace(";", ","))
    if spec.name == "cascade":
        raise UsageError("a cascade's first stage cannot be another cascade")
    nli_only = [k for k in ("nli_model", "nli_revision") if getattr(options, k) is not None]
    if nli_only:
        raise UsageError(f"cascade: first={options.first!r} names the first stage; drop {', '.join(nli_only)}")
    return build(spec.name, {**spec.options, "numbers": False, "arithmetic": False}, context)


def build_llm_claims(options: JudgeOptions, context: BuildContext) -> Any:
    """The claim extractor for ``--claims llm``: the one-call extractor when the judge runs extract-and-label
    (built by the judge's factory on the same context), else the LLM decomposer."""
    if context.extract_and_label is not None:
        return context.extract_and_label
    from faithkit.claims.llm import LLMClaims

    return LLMClaims(context.llm_session(options).caller(), concurrency=options.concurrency)
