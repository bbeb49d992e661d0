"""Command-line options of the LLM layer, and the builders the ``check`` command calls.

Imports nothing heavy at module level (``faithkit --help`` stays instant); the openai SDK and the checkers
are imported inside the builders. One client (one concurrency limit) and one cache are shared by every LLM
component of a run; each component keeps its own counters.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from faithkit.errors import UsageError

JUDGE_MODE_CHOICES = ("batch", "per-claim", "extract-and-label")
PROVIDERS = ("openai", "anthropic")
_SHARED = "_faithkit_llm_shared"


def add_connection_arguments(parser: argparse.ArgumentParser) -> None:
    """Provider, decoding, retry and cache options shared by every LLM command (not ``--model``)."""
    g = parser.add_argument_group("LLM provider")
    g.add_argument("--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1 (vLLM, "
                                      "llama.cpp, Ollama, LM Studio); default: the provider's own")
    g.add_argument("--provider", choices=PROVIDERS, default="openai",
                   help="openai (any OpenAI-compatible server, default) or anthropic (extra: faithkit[anthropic])")
    g.add_argument("--api-key-env", metavar="VAR",
                   help="environment variable holding the API key (default OPENAI_API_KEY / ANTHROPIC_API_KEY; "
                        "may be unset for a local server). The key is never logged or stored.")
    g.add_argument("--temperature", type=float, default=0.0, help="sampling temperature (default 0)")
    g.add_argument("--seed", type=int, help="sampling seed sent to the provider (part of the cache key)")
    g.add_argument("--max-tokens", type=int, help="reply token limit")
    g.add_argument("--max-repairs", type=int, default=2,
                   help="re-asks after a reply that fails validation, before the result is an error (default 2)")
    g.add_argument("--max-retries", type=int, default=3,
                   help="HTTP retries on transport errors, timeouts, 429 and 5xx (default 3)")
    g.add_argument("--timeout", type=float, default=60.0, help="seconds per HTTP request (default 60)")
    g.add_argument("--concurrency", type=int, default=4, help="LLM requests in flight at once (default 4)")
    g.add_argument("--no-json-schema", action="store_true",
                   help="do not send response_format json_schema (the prompt still describes the JSON)")
    g.add_argument("--cache", choices=("use", "refresh", "off"), default="use",
                   help="LLM cache: use (default), refresh (call again, overwrite) or off")
    g.add_argument("--cache-dir", help="cache folder (default $FAITHKIT_CACHE_DIR or ~/.cache/faithkit)")


def add_llm_arguments(parser: argparse.ArgumentParser) -> None:
    """Options for --checker judge|cascade and --claims llm (``--model`` is the check command's own)."""
    add_connection_arguments(parser)
    g = parser.add_argument_group("LLM judge / decomposer (--checker judge|cascade, --claims llm)")
    g.add_argument("--llm-model", help="LLM model name when --model names the NLI model (--checker nli "
                                       "with --claims llm)")
    g.add_argument("--nli-model", help="NLI model for the cascade's first stage (default: the bundled model)")
    g.add_argument("--judge-mode", choices=JUDGE_MODE_CHOICES, default="batch",
                   help="batch: one call per answer; per-claim: one call per claim; extract-and-label: one "
                        "call extracts and labels the claims (needs --claims llm)")
    g.add_argument("--route-below", type=float, default=0.98,
                   help="cascade: claims whose NLI entailment is below this go to the judge (default 0.98)")
    g.add_argument("--strict", action="store_true",
                   help="judge: SUPPORTED only if the passages state it explicitly (no implications)")
    g.add_argument("--repeats", type=int, default=1,
                   help="run the judge N times and report per-claim agreement and flips (needs --temperature "
                        "> 0 or --repeat-modes)")
    g.add_argument("--repeat-modes", help="comma-separated judge modes to cycle through across repeats, "
                                          "e.g. batch,per-claim")
    g.add_argument("--claims-per-call", type=int, default=20, help="batch judge: most claims per call")


def _opt(args: argparse.Namespace, name: str, default: Any = None) -> Any:
    value = getattr(args, name, None)
    return default if value is None else value


def llm_model_name(args: argparse.Namespace) -> str:
    name = _opt(args, "llm_model")
    if name:
        return name
    if _opt(args, "checker") in ("judge", "cascade") and _opt(args, "model"):
        return args.model
    raise UsageError("an LLM model name is needed: --model NAME with --checker judge|cascade, "
                     "or --llm-model NAME")


def _shared(args: argparse.Namespace) -> dict[str, Any]:
    """The run's client and cache, built once per parsed command line."""
    shared = getattr(args, _SHARED, None)
    if shared is not None:
        return shared
    from faithkit.cache import ContentCache
    from faithkit.llm.client import RetryPolicy

    if _opt(args, "concurrency", 4) < 1 or _opt(args, "max_retries", 3) < 0 or _opt(args, "max_repairs", 2) < 0:
        raise UsageError("--concurrency must be >= 1, --max-retries and --max-repairs >= 0")
    if _opt(args, "timeout", 60.0) <= 0 or _opt(args, "temperature", 0.0) < 0:
        raise UsageError("--timeout must be > 0 and --temperature >= 0")
    model = llm_model_name(args)
    retry = RetryPolicy(attempts=_opt(args, "max_retries", 3) + 1)
    common = dict(model=model, base_url=_opt(args, "base_url"), api_key_env=_opt(args, "api_key_env"),
                  timeout=_opt(args, "timeout", 60.0), retry=retry, concurrency=_opt(args, "concurrency", 4))
    if _opt(args, "provider", "openai") == "anthropic":
        from faithkit.llm.anthropic_client import AnthropicClient

        client: Any = AnthropicClient(**common)
    else:
        from faithkit.llm.openai_compat import OpenAICompatClient

        client = OpenAICompatClient(**common, use_json_schema=not _opt(args, "no_json_schema", False))
    cache = ContentCache(_opt(args, "cache_dir"), _opt(args, "cache", "use"))
    shared = {"client": client, "cache": cache}
    setattr(args, _SHARED, shared)
    return shared


def build_caller(args: argparse.Namespace):
    """A fresh StructuredCaller (own counters) over the shared client and cache."""
    from faithkit.llm.structured import Decoding, StructuredCaller

    shared = _shared(args)
    decoding = Decoding(_opt(args, "temperature", 0.0), _opt(args, "seed"), _opt(args, "max_tokens"))
    return StructuredCaller(shared["client"], shared["cache"], decoding, max_repairs=_opt(args, "max_repairs", 2))


def _judge(args: argparse.Namespace, mode: str):
    from faithkit.checkers.judge import JudgeChecker

    modes = [m.strip() for m in (_opt(args, "repeat_modes") or "").split(",") if m.strip()]
    return JudgeChecker(build_caller(args), mode=mode, strict=bool(_opt(args, "strict", False)),
                        repeats=_opt(args, "repeats", 1), repeat_modes=modes or None,
                        max_claims_per_call=_opt(args, "claims_per_call", 20),
                        concurrency=_opt(args, "concurrency", 4))


def _extract_and_label(args: argparse.Namespace):
    shared = _shared(args)
    if "extract_and_label" not in shared:
        from faithkit.claims.llm import ExtractAndLabel

        shared["extract_and_label"] = ExtractAndLabel(
            build_caller(args), fallback=_judge(args, "batch"), strict=bool(_opt(args, "strict", False)),
            concurrency=_opt(args, "concurrency", 4))
    return shared["extract_and_label"]


def build_llm_checker(args: argparse.Namespace, nli_factory: Callable[[], Any]) -> Any:
    """The checker for ``--checker judge`` or ``--checker cascade``."""
    checker = _opt(args, "checker")
    mode = _opt(args, "judge_mode", "batch")
    if checker == "judge":
        if mode == "extract-and-label":
            if _opt(args, "claims") != "llm":
                raise UsageError("--judge-mode extract-and-label extracts and labels claims in one call: "
                                 "use it with --claims llm")
            return _extract_and_label(args).checker
        return _judge(args, mode)
    if checker == "cascade":
        from faithkit.checkers.cascade import CascadeChecker

        if mode == "extract-and-label":
            raise UsageError("the cascade needs claims before the judge: use --judge-mode batch or per-claim")
        return CascadeChecker(nli_factory(), _judge(args, mode), route_below=_opt(args, "route_below", 0.98))
    raise UsageError(f"build_llm_checker handles --checker judge|cascade, not {checker!r}")


def build_llm_claims(args: argparse.Namespace) -> Any:
    """The claim extractor for ``--claims llm`` (the one-call extractor in extract-and-label mode)."""
    if _opt(args, "checker") == "judge" and _opt(args, "judge_mode") == "extract-and-label":
        return _extract_and_label(args)
    from faithkit.claims.llm import LLMClaims

    return LLMClaims(build_caller(args), concurrency=_opt(args, "concurrency", 4))
