"""Typed options of the LLM layer: which provider, endpoint, model and decoding every LLM component uses.

The CLI maps its flags onto these (``commands/_llm_args.py``), spec strings use the same names
(``judge:model=qwen,temperature=0.7``), and ``LLMSession`` builds clients from them: nothing in ``llm/`` reads
command-line arguments. Field names equal the CLI option names with ``_`` for ``-``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from faithkit.options import Options


class LLMOptions(Options):
    """model: the LLM's model name (needed to build anything); provider: openai (any OpenAI-compatible server)
    or anthropic; base_url: the endpoint (None: the provider's own); api_key_env: the environment variable
    holding the key (never the key itself); temperature / seed / max_tokens: decoding, part of every cache key;
    max_repairs: re-asks after an invalid reply; max_retries / timeout: HTTP; concurrency: requests in flight;
    no_json_schema: do not send a response_format schema."""

    model: str | None = None
    provider: Literal["openai", "anthropic"] = "openai"
    base_url: str | None = None
    api_key_env: str | None = None
    temperature: float = Field(0.0, ge=0.0)
    seed: int | None = None
    max_tokens: int | None = Field(None, ge=1)
    max_repairs: int = Field(2, ge=0)
    max_retries: int = Field(3, ge=0)
    timeout: float = Field(60.0, gt=0.0)
    concurrency: int = Field(4, ge=1)
    no_json_schema: bool = False

    def connection(self) -> LLMOptions:
        """Only the fields of this base model (what one client and its caches depend on)."""
        return LLMOptions(**{k: getattr(self, k) for k in LLMOptions.model_fields})
