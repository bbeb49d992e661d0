"""Schema-validated LLM calls with bounded repair, failing closed.

Every reply is parsed strictly and validated locally with pydantic, plus a task check (claim count, numbering,
sentence numbers) that pydantic cannot express. A reply that fails is never patched up here: the model is asked
again, at most ``max_repairs`` times, with the exact validation error; after that the outcome is an error that
keeps the raw reply. The one leniency is a reply wrapped whole in a single markdown code fence, which is
unwrapped (the fence is framing, not content). A trailing comma, duplicated key, NaN, prose around the JSON,
a wrong count or a duplicated number are all rejected (pydantic-ai's retry loop; the Larkspur lesson saw each).

Only validated results are cached, so a transient failure is retried on the next run.
"""

from __future__ import annotations

import json
import re
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from faithkit.cache import ContentCache, content_key
from faithkit.errors import BackendError
from faithkit.llm.client import ChatClient, ChatRequest, Message, RetriesExhausted

M = TypeVar("M", bound=BaseModel)
Check = Callable[[Any], "str | None"]

_FENCE = re.compile(r"^```[A-Za-z0-9_-]*[ \t]*\r?\n(.*?)\r?\n?```$", re.DOTALL)
MAX_ERROR_CHARS = 600


class ReplyRejected(ValueError):
    """A reply that is not acceptable JSON for the schema; the message is sent back to the model."""


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    dupes = [k for k, n in Counter(keys).items() if n > 1]
    if dupes:
        raise ReplyRejected(f"duplicated key(s) in one object: {', '.join(dupes)}")
    return dict(pairs)


def _no_constants(name: str) -> Any:
    raise ReplyRejected(f"{name} is not valid JSON")


def parse_json_reply(text: str) -> Any:
    """Parse a reply as exactly one JSON value; unwrap a single enclosing code fence, accept nothing else."""
    stripped = text.strip()
    if not stripped:
        raise ReplyRejected("the reply was empty")
    fenced = _FENCE.match(stripped)
    if fenced:
        stripped = fenced.group(1).strip()
    try:
        return json.loads(stripped, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constants)
    except json.JSONDecodeError as exc:
        raise ReplyRejected(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from exc


def validate_reply(text: str, model_cls: type[M], check: Check | None = None) -> M:
    """Parse, validate against ``model_cls`` and run ``check``; raise ReplyRejected with a readable reason."""
    data = parse_json_reply(text)
    try:
        value = model_cls.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'reply'}: {err['msg']}" for err in exc.errors()[:8]
        )
        raise ReplyRejected(f"does not match the schema: {problems}") from exc
    if check is not None:
        problem = check(value)
        if problem:
            raise ReplyRejected(problem)
    return value


@dataclass(frozen=True)
class StructuredOutcome:
    """What a structured call produced.

    value: the validated reply, or None when the call failed.
    raw: the last reply text (kept for review when rejected), None if no reply arrived.
    error: ``invalid_output: ...`` or ``backend_error: ...`` when value is None.
    calls: model calls made for this outcome (0 on a cache hit); repairs: re-asks after a rejected reply.
    """

    value: Any
    raw: str | None
    error: str | None = None
    calls: int = 0
    repairs: int = 0
    cached: bool = False


@dataclass(frozen=True)
class Decoding:
    """Decoding settings that are part of every call's identity."""

    temperature: float = 0.0
    seed: int | None = None
    max_tokens: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"temperature": self.temperature, "seed": self.seed, "max_tokens": self.max_tokens}


class StructuredCaller:
    """Makes schema-validated calls through one client, with cache, bounded repair and counters.

    counters (thread-safe): llm_calls (chat requests answered), http_attempts are on the client,
    cache_hits, repairs, invalid_replies (outcomes that stayed invalid), backend_errors, prompt_tokens,
    completion_tokens.
    After ``max_consecutive_failures`` backend failures in a row the caller stops the run with BackendError
    (exit 5) instead of burning the retry budget on every remaining item of a dead server.
    """

    def __init__(
        self,
        client: ChatClient,
        cache: ContentCache | None = None,
        decoding: Decoding | None = None,
        max_repairs: int = 2,
        max_consecutive_failures: int = 5,
    ):
        self.client = client
        self.cache = cache
        self.decoding = decoding or Decoding()
        self.max_repairs = max(0, max_repairs)
        self.max_consecutive_failures = max_consecutive_failures
        self._lock = threading.Lock()
        self._consecutive_failures = 0
        self.counters: dict[str, int] = {
            "llm_calls": 0,
            "cache_hits": 0,
            "repairs": 0,
            "invalid_replies": 0,
            "backend_errors": 0,
            "prompt_tokens": 0,
            "completion_tokens": 0,
        }

    def _count(self, **amounts: int) -> None:
        with self._lock:
            for name, amount in amounts.items():
                self.counters[name] = self.counters.get(name, 0) + amount

    def identity(self) -> dict[str, Any]:
        return {**self.client.identity(), **self.decoding.as_dict(), "max_repairs": self.max_repairs}

    def cache_key(self, messages: list[Message], model_cls: type[BaseModel], prompt_version: str,
                  decoding: Decoding) -> str:
        return content_key(
            {
                "kind": "llm-structured",
                "client": self.client.identity(),
                "prompt_version": prompt_version,
                "decoding": decoding.as_dict(),
                "schema": model_cls.model_json_schema(),
                "messages": messages,
            }
        )

    def call(
        self,
        messages: list[Message],
        model_cls: type[M],
        prompt_version: str,
        check: Check | None = None,
        decoding: Decoding | None = None,
    ) -> StructuredOutcome:
        """One validated call: cache lookup, request, up to ``max_repairs`` re-asks, then fail closed."""
        decoding = decoding or self.decoding
        cacheable = self.cache is not None and not ChatRequest((), decoding.temperature, decoding.seed).sampled
        key = self.cache_key(messages, model_cls, prompt_version, decoding) if cacheable else None
        if key is not None and self.cache is not None:
            stored = self.cache.get(key)
            if stored is not None:
                try:
                    value = validate_reply(stored["raw"], model_cls, check)
                    self._count(cache_hits=1)
                    return StructuredOutcome(value, stored["raw"], cached=True)
                except (ReplyRejected, KeyError, TypeError):
                    pass  # the validator changed since this was stored: ask again
        outcome = self._ask(messages, model_cls, check, decoding)
        if outcome.value is not None and key is not None and self.cache is not None:
            self.cache.put(key, {"raw": outcome.raw, "prompt_version": prompt_version}, "llm")
        return outcome

    def _ask(self, messages: list[Message], model_cls: type[M], check: Check | None,
             decoding: Decoding) -> StructuredOutcome:
        conversation = list(messages)
        schema = model_cls.model_json_schema()
        raw: str | None = None
        for attempt in range(self.max_repairs + 1):
            request = ChatRequest(
                tuple(conversation), decoding.temperature, decoding.seed, decoding.max_tokens,
                model_cls.__name__, schema,
            )
            try:
                reply = self.client.complete(request)
            except RetriesExhausted as exc:
                self._count(backend_errors=1)
                self._note_failure(exc)
                return StructuredOutcome(None, raw, f"backend_error: {exc}", attempt, attempt)
            calls = attempt + 1
            self._count(llm_calls=1, prompt_tokens=reply.usage.prompt_tokens,
                        completion_tokens=reply.usage.completion_tokens)
            with self._lock:
                self._consecutive_failures = 0
            raw = bounded_raw(reply.text)  # what is kept in records and re-sent in a repair, never megabytes
            try:
                value = validate_reply(reply.text, model_cls, check)
                return StructuredOutcome(value, raw, None, calls, attempt)
            except ReplyRejected as exc:
                reason = str(exc)[:MAX_ERROR_CHARS]
                if reply.finish_reason == "length":
                    reason += " (the reply was cut off at the token limit)"
                if attempt == self.max_repairs:
                    self._count(invalid_replies=1)
                    return StructuredOutcome(None, raw, f"invalid_output: {reason}", calls, attempt)
                self._count(repairs=1)
                conversation += [
                    {"role": "assistant", "content": raw},
                    {"role": "user", "content": repair_message(reason)},
                ]
        raise AssertionError("unreachable")  # pragma: no cover

    def _note_failure(self, last: Exception | None = None) -> None:
        with self._lock:
            self._consecutive_failures += 1
            dead = self._consecutive_failures >= self.max_consecutive_failures
        if dead:
            raise BackendError(
                f"{self.max_consecutive_failures} model calls in a row failed beyond retries; stopping the run"
                + (f". Last error: {last}" if last else "")
            )


MAX_RAW_CHARS = 20_000


def bounded_raw(text: str, limit: int = MAX_RAW_CHARS) -> str:
    """A reply as stored in a claim's ``raw`` and re-sent in a repair: at most ``limit`` characters, and says
    when it was cut (a 10 MB reply was once copied into every claim and into each repair request)."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"… [reply cut: {len(text):,} characters in all]"


def repair_message(reason: str) -> str:
    return (
        f"Your reply could not be accepted: {reason}.\n"
        "Reply again with the corrected JSON object only: no prose, no code fences, no trailing commas, "
        "exactly the fields and the number of items asked for."
    )
