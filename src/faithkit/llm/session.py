"""One LLM session per run: one client (one concurrency limit) and one cache, shared by every LLM component.

Each component (judge, decomposer, omission reviewer) gets its own ``StructuredCaller`` from ``caller()`` and so
keeps its own counters, while HTTP connections, the concurrency limit and the cache are shared. Built from typed
``LLMOptions``; imports the provider SDK only when the first caller is made.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from faithkit.errors import UsageError
from faithkit.llm.options import LLMOptions


class LLMSession:
    """The client and cache of a run's LLM components (module docstring)."""

    def __init__(self, options: LLMOptions, cache: Any = None):
        if not options.model:
            raise UsageError("an LLM model name is needed: --model NAME with --checker judge|cascade, "
                             "or --llm-model NAME")
        self.options = options
        self._cache = cache

    @cached_property
    def cache(self) -> Any:
        from faithkit.cache import ContentCache

        return self._cache if self._cache is not None else ContentCache(None, "off")

    @cached_property
    def client(self) -> Any:
        from faithkit.llm.client import RetryPolicy

        o = self.options
        common = dict(model=o.model, base_url=o.base_url, api_key_env=o.api_key_env, timeout=o.timeout,
                      retry=RetryPolicy(attempts=o.max_retries + 1), concurrency=o.concurrency)
        if o.provider == "anthropic":
            from faithkit.llm.anthropic_client import AnthropicClient

            return AnthropicClient(**common)
        from faithkit.llm.openai_compat import OpenAICompatClient

        return OpenAICompatClient(**common, use_json_schema=not o.no_json_schema)

    def caller(self) -> Any:
        """A fresh StructuredCaller (own counters) over the shared client and cache."""
        from faithkit.llm.structured import Decoding, StructuredCaller

        o = self.options
        return StructuredCaller(self.client, self.cache, Decoding(o.temperature, o.seed, o.max_tokens),
                                max_repairs=o.max_repairs)
