"""The provider contract: one small chat-completion interface, plus bounded retries shared by every provider.

A provider turns a ``ChatRequest`` into a ``ChatReply`` or raises ``BackendError`` once its retry budget is
spent; it never loops forever and never hides a failure. Everything that can change a reply (provider, base
URL, model, temperature, seed, token limit, response schema, messages) is in the request or the client's
``identity()``, so the cache can key on it and the manifest can record it. API keys are never part of either.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from faithkit.errors import BackendError

Message = dict[str, str]
T = TypeVar("T")


@dataclass(frozen=True)
class ChatRequest:
    """One chat-completion call.

    messages: the conversation, ``[{"role": ..., "content": ...}]``.
    schema_name, json_schema: the reply's JSON schema, sent through the provider's own structured-output
        mechanism when it has one (None: free text).
    temperature, seed, max_tokens: decoding settings; part of the call's identity.
    """

    messages: tuple[Message, ...]
    temperature: float = 0.0
    seed: int | None = None
    max_tokens: int | None = None
    schema_name: str | None = None
    json_schema: dict[str, Any] | None = None

    @property
    def sampled(self) -> bool:
        """True when two identical calls may legitimately differ: such calls are never cached."""
        return self.temperature > 0 and self.seed is None


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass(frozen=True)
class ChatReply:
    """The model's text (``""`` when it sent none), its token usage, finish reason and how many HTTP attempts."""

    text: str
    usage: Usage = field(default_factory=Usage)
    finish_reason: str | None = None
    attempts: int = 1


class ChatClient(Protocol):
    """Anything that answers chat requests. ``identity()`` never contains a secret."""

    provider: str
    model: str
    base_url: str | None

    def identity(self) -> dict[str, Any]: ...

    def complete(self, request: ChatRequest) -> ChatReply: ...


class RetriesExhausted(BackendError):
    """Every attempt of the retry budget failed transiently. Callers may turn this into an ``error`` result
    for the one item; any other BackendError (401, 404, a bad request) means the run cannot work at all."""


class TransientError(Exception):
    """A failure worth retrying (transport error, timeout, 429, 5xx, empty body); ``retry_after`` in seconds."""

    def __init__(self, message: str, retry_after: float | None = None):
        super().__init__(message)
        self.retry_after = retry_after


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded retries with exponential backoff: at most ``attempts`` tries in all, never an endless loop.

    A server's Retry-After is honoured but capped at ``max_delay`` so one bad header cannot stall a run.
    """

    attempts: int = 4
    base_delay: float = 0.5
    max_delay: float = 20.0
    jitter: float = 0.1

    def delay(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_delay)
        wait = self.base_delay * (2 ** (attempt - 1))
        return min(wait * (1 + self.jitter * random.random()), self.max_delay)


@dataclass(frozen=True)
class Attempted:
    """A value and how many attempts it took."""

    value: Any
    attempts: int


def with_retries(call: Callable[[], T], policy: RetryPolicy, what: str = "request") -> Attempted:
    """Run ``call`` until it succeeds or raises a non-transient error; after ``policy.attempts`` transient
    failures raise ``BackendError`` naming the last one."""
    last: TransientError | None = None
    for attempt in range(1, max(policy.attempts, 1) + 1):
        try:
            return Attempted(call(), attempt)
        except TransientError as exc:
            last = exc
            if attempt < policy.attempts:
                time.sleep(policy.delay(attempt, exc.retry_after))
    raise RetriesExhausted(f"{what} failed after {policy.attempts} attempts: {last}")


class RetryingClient:
    """What every provider client shares: a concurrency cap, bounded retries around one provider call
    (``_once``, supplied by the subclass), and thread-safe token accounting. Subclasses set ``provider``,
    ``model``, ``base_url``, ``retry`` and call ``_init_accounting(concurrency)``."""

    provider: str
    model: str
    base_url: str | None
    retry: RetryPolicy
    call_name: str = "request"

    def _init_accounting(self, concurrency: int) -> None:
        import threading

        self._slots = threading.BoundedSemaphore(max(1, concurrency))
        self._lock = threading.Lock()
        self.usage = Usage()
        self.http_attempts = 0

    def identity(self) -> dict[str, Any]:
        from faithkit.secrets import strip_url_credentials

        base_url = strip_url_credentials(self.base_url) if self.base_url else self.base_url
        return {"provider": self.provider, "base_url": base_url, "model": self.model}

    def _once(self, request: ChatRequest) -> ChatReply:
        raise NotImplementedError

    def complete(self, request: ChatRequest) -> ChatReply:
        attempted = with_retries(lambda: self._once(request), self.retry, f"{self.call_name} ({self.model})")
        reply: ChatReply = attempted.value
        with self._lock:
            self.usage = Usage(
                self.usage.prompt_tokens + reply.usage.prompt_tokens,
                self.usage.completion_tokens + reply.usage.completion_tokens,
            )
        from faithkit.secrets import scrub

        # a server that echoes the Authorization header must not put the key into raw replies or the cache
        return ChatReply(scrub(reply.text), reply.usage, reply.finish_reason, attempted.attempts)
