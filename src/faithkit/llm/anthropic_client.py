"""Anthropic Messages API as a provider (optional extra: ``pip install faithkit[anthropic]``).

Anthropic has no JSON-schema response mode in the Messages API used here, so the schema travels in the prompt
(the structured-output layer always adds it) and the reply is validated locally like any other.
"""

from __future__ import annotations

import os
from typing import Any

from faithkit.errors import BackendError, MissingDependencyError, UsageError
from faithkit.llm.client import ChatReply, ChatRequest, RetryingClient, RetryPolicy, TransientError, Usage

DEFAULT_KEY_ENV = "ANTHROPIC_API_KEY"


class AnthropicClient(RetryingClient):
    call_name = "messages"
    provider = "anthropic"

    def __init__(
        self,
        model: str,
        base_url: str | None = None,
        api_key_env: str | None = None,
        timeout: float = 60.0,
        retry: RetryPolicy | None = None,
        concurrency: int = 4,
        max_tokens: int = 2048,
    ):
        try:
            import anthropic
        except ImportError as exc:
            raise MissingDependencyError(
                "the Anthropic provider needs the anthropic package: pip install 'faithkit[anthropic]'"
            ) from exc
        key = os.environ.get(api_key_env or DEFAULT_KEY_ENV)
        if not key:
            raise UsageError(f"environment variable {api_key_env or DEFAULT_KEY_ENV} is not set")
        self.model = model
        self.base_url = base_url
        self.retry = retry or RetryPolicy()
        self.default_max_tokens = max_tokens
        self._anthropic = anthropic
        import anthropic._base_client as sdk_base

        from faithkit.llm.bounded_http import bounded_http_client, sdk_http_module

        http = sdk_http_module(sdk_base)  # a whole-request deadline and a reply size cap, in the SDK's library
        self._sdk = anthropic.Anthropic(api_key=key, base_url=base_url, timeout=timeout, max_retries=0,
                                        **({"http_client": bounded_http_client(http, timeout)} if http else {}))
        self._init_accounting(concurrency)

    def _once(self, request: ChatRequest) -> ChatReply:
        errors = self._anthropic
        system = "\n\n".join(m["content"] for m in request.messages if m["role"] == "system")
        messages = [m for m in request.messages if m["role"] != "system"]
        params: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            "max_tokens": request.max_tokens or self.default_max_tokens,
            "temperature": request.temperature,
        }
        if system:
            params["system"] = system
        with self._slots:
            with self._lock:
                self.http_attempts += 1
            try:
                response = self._sdk.messages.create(**params)
            except (errors.APITimeoutError, errors.APIConnectionError) as exc:
                raise TransientError(f"{type(exc).__name__}: {exc}") from exc
            except errors.APIStatusError as exc:
                if exc.status_code in (408, 429, 529) or exc.status_code >= 500:
                    raise TransientError(f"HTTP {exc.status_code}") from exc
                raise BackendError(f"HTTP {exc.status_code} from Anthropic: {exc}") from exc
        text = "".join(getattr(block, "text", "") for block in (response.content or []))
        usage = getattr(response, "usage", None)
        return ChatReply(
            text,
            Usage(getattr(usage, "input_tokens", 0) or 0, getattr(usage, "output_tokens", 0) or 0),
            getattr(response, "stop_reason", None),
        )
