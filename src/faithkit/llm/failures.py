"""Failure text a user can act on: which endpoint, and what went wrong there.

"APIConnectionError: Connection error." says nothing; "POST http://127.0.0.1:8000/v1/chat/completions:
connection refused" says which server to start. The openai SDK wraps the transport error (httpx, then the OS
error) in its own exceptions; this walks the chain to the root cause and names it in plain words. An HTTP error
carries the first 200 characters of the body, where servers put their reason.
"""

from __future__ import annotations

from typing import Any

BODY_CHARS = 200


def chat_endpoint(base_url: str | None) -> str:
    """The URL a chat completion is POSTed to (the SDK's default when no base URL is given)."""
    base = (base_url or "https://api.openai.com/v1").rstrip("/")
    return f"POST {base}/chat/completions"


def _chain(exc: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def transport_reason(exc: BaseException) -> str:
    """The root cause of a transport failure in words: connection refused, timed out, host not found..."""
    chain = _chain(exc)
    names = " ".join(type(e).__name__ for e in chain)
    text = " ".join(str(e) for e in chain).lower()
    if isinstance(chain[-1], ConnectionRefusedError) or "connection refused" in text or "errno 111" in text:
        return "connection refused (is the server running on that port?)"
    if "timeout" in names.lower() or "timed out" in text:
        return "timed out"
    if (
        "name or service not known" in text
        or "nodename nor servname" in text
        or "getaddrinfo" in text
        or "temporary failure in name resolution" in text
    ):
        return "host name not resolved (no network, or a typo in --base-url?)"
    if "network is unreachable" in text:
        return "network is unreachable"
    root = chain[-1]
    return f"{type(root).__name__}: {str(root)[:BODY_CHARS]}"


def http_reason(status: int, exc: Any) -> str:
    """``HTTP 500: <first 200 characters of the body>``."""
    body = ""
    response = getattr(exc, "response", None)
    try:
        body = response.text if response is not None else ""
    except Exception:  # a streamed or closed body: fall back to the exception's own text
        body = ""
    body = " ".join((body or str(getattr(exc, "message", "") or exc)).split())
    return f"HTTP {status}: {body[:BODY_CHARS]}"
