"""OpenAI-compatible chat completions over HTTP (OpenAI, vLLM, llama.cpp server, Ollama, LM Studio, ...).

Uses the ``openai`` SDK with ``base_url``; the SDK's own retries are switched off so that faithkit's bounded
policy (``RetryPolicy``) is the only one and every attempt is counted. The JSON schema goes out as
``response_format={"type": "json_schema", ...}``; a server that rejects that parameter with HTTP 400 is asked
again without it (using one attempt of the retry budget; the prompt always carries the JSON instructions too),
and the client remembers.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlparse

from faithkit.errors import BackendError, MissingDependencyError, UsageError
from faithkit.llm.client import ChatReply, ChatRequest, RetryingClient, RetryPolicy, TransientError, Usage
from faithkit.llm.failures import chat_endpoint, http_reason, transport_reason

DEFAULT_KEY_ENV = "OPENAI_API_KEY"
NO_KEY = "no-key"  # local servers ignore the key, but the SDK insists on one


def is_local(base_url: str | None) -> bool:
    host = (urlparse(base_url).hostname or "") if base_url else ""
    return host in {"127.0.0.1", "localhost", "::1", "0.0.0.0"}


def resolve_api_key(key_env: str | None, base_url: str | None) -> str:
    """Read the key from the named environment variable. An explicitly named variable that is unset is a
    usage error, except for a local server; the default variable may be unset (a placeholder is sent)."""
    name = key_env or DEFAULT_KEY_ENV
    value = os.environ.get(name)
    if value:
        return value
    if key_env and not is_local(base_url):
        raise UsageError(f"environment variable {key_env} (named by --api-key-env) is not set")
    return NO_KEY


class OpenAICompatClient(RetryingClient):
    """Chat client for any server that speaks OpenAI chat completions.

    Thread-safe: at most ``concurrency`` requests are in flight at once, whatever the caller's thread count.
    ``usage`` totals tokens over the client's life; ``http_attempts`` counts every HTTP request made.
    """

    call_name = "chat completion"
    provider = "openai-compatible"

    def __init__(
        self,
        model: str,
        base_url: str | None = None,
        api_key_env: str | None = None,
        timeout: float = 60.0,
        retry: RetryPolicy | None = None,
        concurrency: int = 4,
        use_json_schema: bool = True,
    ):
        try:
            import openai
        except ImportError as exc:  # pragma: no cover - openai is a core dependency
            raise MissingDependencyError("the openai package is needed for --base-url providers") from exc
        if not model:
            raise UsageError("an LLM model name is required (--model)")
        self.model = model
        self.base_url = base_url
        self.timeout = timeout
        self.retry = retry or RetryPolicy()
        self.use_json_schema = use_json_schema
        self._openai = openai
        import openai._base_client as sdk_base

        from faithkit.llm.bounded_http import bounded_http_client, sdk_http_module

        http = sdk_http_module(sdk_base)  # a whole-request deadline and a reply size cap, in the SDK's library
        self._sdk = openai.OpenAI(
            api_key=resolve_api_key(api_key_env, base_url), base_url=base_url, timeout=timeout, max_retries=0,
            **({"http_client": bounded_http_client(http, timeout)} if http is not None else {}),
        )
        self._init_accounting(concurrency)

    def _params(self, request: ChatRequest) -> dict[str, Any]:
        params: dict[str, Any] = {
            "model": self.model,
            "messages": [dict(m) for m in request.messages],
            "temperature": request.temperature,
        }
        if request.seed is not None:
            params["seed"] = request.seed
        if request.max_tokens is not None:
            params["max_tokens"] = request.max_tokens
        if request.json_schema is not None and self.use_json_schema:
            params["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": request.schema_name or "reply", "schema": request.json_schema},
            }
        return params

    def _once(self, request: ChatRequest) -> ChatReply:
        errors = self._openai
        with self._slots:
            with self._lock:
                self.http_attempts += 1
            params = self._params(request)
            try:
                response = self._sdk.chat.completions.create(**params)
            except (errors.APITimeoutError, errors.APIConnectionError) as exc:
                raise TransientError(f"{chat_endpoint(self.base_url)}: {transport_reason(exc)}") from exc
            except errors.APIStatusError as exc:
                status = exc.status_code
                if status == 429 or status >= 500 or status == 408:
                    raise TransientError(f"{chat_endpoint(self.base_url)}: {http_reason(status, exc)}",
                                         _retry_after(exc)) from exc
                if status == 400 and "response_format" in params and _mentions_format(exc):
                    self.use_json_schema = False
                    raise TransientError("server rejected response_format; asking again without it", 0.0) from exc
                where = self.identity()["base_url"] or "the provider"  # without URL credentials
                raise BackendError(f"HTTP {status} from {where}: {_short(exc)}") from exc
            except errors.APIError as exc:  # protocol breaks the SDK recognises
                raise TransientError(f"{type(exc).__name__}: {_short(exc)}") from exc
            except ValueError as exc:  # an empty or non-JSON body (the SDK lets json.JSONDecodeError through)
                raise TransientError(f"unreadable response body ({_short(exc, 80)})") from exc
        return _reply_from(response)


def _reply_from(response: Any) -> ChatReply:
    choices = getattr(response, "choices", None)
    if not choices:
        raise TransientError("empty response (no choices)")
    choice = choices[0]
    message = getattr(choice, "message", None)
    text = (getattr(message, "content", None) or "") if message is not None else ""
    usage = getattr(response, "usage", None)
    return ChatReply(
        text=text,
        usage=Usage(getattr(usage, "prompt_tokens", 0) or 0, getattr(usage, "completion_tokens", 0) or 0),
        finish_reason=getattr(choice, "finish_reason", None),
    )


def _retry_after(exc: Any) -> float | None:
    try:
        value = exc.response.headers.get("retry-after")
        return float(value) if value is not None else None
    except (AttributeError, TypeError, ValueError):
        return None


def _mentions_format(exc: Any) -> bool:
    return "response_format" in str(exc) or "json_schema" in str(exc)


def _short(exc: Any, limit: int = 300) -> str:
    text = str(exc)
    return text if len(text) <= limit else text[:limit] + "..."
