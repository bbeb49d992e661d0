"""Command-line flags of the LLM layer, and how they map onto typed options (``LLMOptions`` and the judge /
cascade options). The flags live here, in ``commands/``; ``llm/`` knows nothing of argparse.

Every flag's ``dest`` is the name of the option it sets, so the mapping is by name: ``llm_options(args)`` picks
the ``LLMOptions`` fields, and ``commands/_checker_args.flag_options`` the checker's. Imports nothing heavy.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from faithkit.llm.options import LLMOptions

PROVIDERS = ("openai", "anthropic")
JUDGE_MODE_CHOICES = ("batch", "per-claim", "extract-and-label")
LLM = "faithkit.llm.options:LLMOptions"
"""The choices argparse shows; the option models (``LLMOptions.provider``, ``JudgeOptions.judge_mode``) validate
the same values (a test keeps the two equal). Written out here so building --help imports no option model."""


def add_connection_arguments(parser: argparse.ArgumentParser, *, cache: bool = True) -> None:
    """Provider, decoding, retry and cache options shared by every LLM command (not ``--model``).

    Defaults are None ("not given"): the documented defaults are those of ``LLMOptions``, so a flag left out
    never overrides a value from a ``--checker`` spec string. ``cache``: add ``--cache`` / ``--cache-dir`` too
    (a command that places them itself passes False)."""
    from faithkit.commands._help import LiveHelp

    g = parser.add_argument_group("LLM provider")
    g.add_argument("--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1 (vLLM, "
                                      "llama.cpp, Ollama, LM Studio); default: the provider's own")
    g.add_argument("--provider", choices=PROVIDERS,
                   help=LiveHelp("openai (any OpenAI-compatible server) or anthropic (extra: faithkit[anthropic]); "
                                 "default {v}", v=f"{LLM}.provider"))
    g.add_argument("--api-key-env", metavar="VAR",
                   help="environment variable holding the API key (default OPENAI_API_KEY / ANTHROPIC_API_KEY; "
                        "may be unset for a local server). The key is never logged or stored.")
    g.add_argument("--temperature", type=float,
                   help=LiveHelp("sampling temperature (default {v})", v=f"{LLM}.temperature"))
    g.add_argument("--seed", type=int, help="sampling seed sent to the provider (part of the cache key)")
    g.add_argument("--max-tokens", type=int, help="reply token limit")
    g.add_argument("--max-repairs", type=int,
                   help=LiveHelp("re-asks after a reply that fails validation, before the result is an error "
                                 "(default {v})", v=f"{LLM}.max_repairs"))
    g.add_argument("--max-retries", type=int,
                   help=LiveHelp("HTTP retries on transport errors, timeouts, 429 and 5xx (default {v})",
                                 v=f"{LLM}.max_retries"))
    g.add_argument("--timeout", type=float, help=LiveHelp("seconds per HTTP request (default {v})", v=f"{LLM}.timeout"))
    g.add_argument("--concurrency", type=int, help=LiveHelp("LLM requests in flight at once (default {v})",
                                                            v=f"{LLM}.concurrency"))
    g.add_argument("--no-json-schema", action="store_true", default=None,
                   help="do not send response_format json_schema (the prompt still describes the JSON)")
    if cache:
        add_cache_arguments(parser)


def add_cache_arguments(parser: argparse.ArgumentParser) -> None:
    """``--cache`` / ``--cache-dir`` in a group of their own: the store holds NLI scores as well as LLM replies,
    so it is not an LLM provider setting."""
    g = parser.add_argument_group("cache (model scores and LLM replies)")
    g.add_argument("--cache", choices=("use", "refresh", "off"), default="use",
                   help="content cache: use (default), refresh (compute again, overwrite) or off")
    g.add_argument("--cache-dir", help="cache folder (default $FAITHKIT_CACHE_DIR or ~/.cache/faithkit)")


def add_llm_arguments(parser: argparse.ArgumentParser, *, cache: bool = True) -> None:
    """Options for --checker judge|cascade and --claims llm (``--model`` is the check command's own); None
    means not given, the defaults are those of ``JudgeOptions`` / ``CascadeOptions``."""
    from faithkit.commands._help import LiveHelp

    add_connection_arguments(parser, cache=cache)
    g = parser.add_argument_group("LLM judge / decomposer (--checker judge|cascade, --claims llm)")
    g.add_argument("--llm-model", help="LLM model name when --model names the NLI model (--checker nli "
                                       "with --claims llm)")
    g.add_argument("--nli-model", help="NLI model for the cascade's first stage (default: the bundled model)")
    g.add_argument("--judge-mode", choices=JUDGE_MODE_CHOICES,
                   help=LiveHelp("batch: one call per answer; per-claim: one call per claim; extract-and-label: "
                                 "one call extracts and labels the claims (needs --claims llm); default {v}",
                                 v="faithkit.checkers.llm.llm_options:JudgeOptions.judge_mode"))
    g.add_argument("--route-below", type=float,
                   help=LiveHelp("cascade: claims whose NLI entailment is below this go to the judge (default {v})",
                                 v="faithkit.checkers.llm.llm_options:DEFAULT_ROUTE_BELOW"))
    g.add_argument("--strict", action="store_true", default=None,
                   help="judge: SUPPORTED only if the passages state it explicitly (no implications)")
    g.add_argument("--repeats", type=int,
                   help="run the judge N times and report per-claim agreement and flips (needs --temperature "
                        "> 0 or --repeat-modes)")
    g.add_argument("--repeat-modes", help="comma-separated judge modes to cycle through across repeats, "
                                          "e.g. batch,per-claim")
    g.add_argument("--claims-per-call", type=int, help=LiveHelp("batch judge: most claims per call (default {v})",
                                                              v="faithkit.checkers.llm.llm_options:JudgeOptions.claims_per_call"))


LLM_FLAGS = ("provider", "base_url", "api_key_env", "temperature", "seed", "max_tokens", "max_repairs",
             "max_retries", "timeout", "concurrency", "no_json_schema")
"""Flags whose dest is an ``LLMOptions`` field (``--model`` / ``--llm-model`` are mapped by the command)."""

JUDGE_FLAGS = ("nli_model", "judge_mode", "route_below", "strict", "repeats", "repeat_modes", "claims_per_call")
"""Flags whose dest is a judge / cascade option."""


def given(args: argparse.Namespace, names: tuple[str, ...]) -> dict[str, Any]:
    """The values of ``names`` present on ``args`` (a flag left unset, None, is not an option value)."""
    return {n: getattr(args, n) for n in names if getattr(args, n, None) is not None}


def llm_options(args: argparse.Namespace, model: str | None) -> LLMOptions:
    """The provider options of a command line, for components built outside the registry (decomposer,
    omission reviewer). Bad values are UsageErrors naming the flag's option."""
    from faithkit.llm.options import LLMOptions
    from faithkit.options import parse_options

    values = given(args, LLM_FLAGS)
    if model is not None:
        values["model"] = model
    return parse_options(LLMOptions, values, what="LLM options")  # type: ignore[return-value]


def session_from_args(args: argparse.Namespace, model: str | None) -> Any:
    """An LLM session (client + the --cache store) for commands that use an LLM without a checker."""
    from faithkit.cache import ContentCache
    from faithkit.llm.session import LLMSession

    return LLMSession(llm_options(args, model), ContentCache(getattr(args, "cache_dir", None),
                                                             getattr(args, "cache", "use")))
