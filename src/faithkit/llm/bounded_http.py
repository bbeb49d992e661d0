"""HTTP for LLM calls with a real deadline and a size cap on the reply.

The SDKs' ``timeout`` bounds each wait for bytes, not the request: a server trickling 8 bytes every 0.25 s never
trips it (``--timeout 2`` took ~16 s per request in the attack run), and a 10 MB reply was read whole and copied
into every claim's ``raw``. ``bounded_http_client`` wraps the SDK's own HTTP transport: the response body is
read through a stream that raises the library's ``ReadTimeout`` once the request has run past its deadline (the
client's ``timeout``, counted from when the request was sent) and ``ReadError`` past ``max_reply_bytes``. Both
reach faithkit's retry policy as failed attempts, so a request costs at most ``timeout`` × attempts, whatever
the server does.

The SDK decides the HTTP library (the openai SDK here ships on ``httpx2``, others on ``httpx``): the caller
passes that module, and the classes are built on it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

DEFAULT_MAX_REPLY_BYTES = 2_000_000


def sdk_http_module(sdk_base_client: ModuleType) -> ModuleType | None:
    """The HTTP library an SDK's ``_base_client`` module uses (``httpx2`` or ``httpx``), or None."""
    for name in ("httpx2", "httpx"):
        module = getattr(sdk_base_client, name, None)
        if isinstance(module, ModuleType):
            return module
    return None


def bounded_http_client(http: ModuleType, timeout: float, max_bytes: int = DEFAULT_MAX_REPLY_BYTES) -> Any:
    """An ``http.Client`` whose requests end after ``timeout`` seconds in all and whose replies stop at
    ``max_bytes`` (0: no cap)."""

    class BoundedStream(http.SyncByteStream):
        def __init__(self, inner: Any, request: Any, deadline: float):
            self._inner, self._request, self._deadline = inner, request, deadline

        def __iter__(self) -> Iterator[bytes]:
            received = 0
            for chunk in self._inner:
                received += len(chunk)
                if time.monotonic() > self._deadline:
                    raise http.ReadTimeout(
                        f"reply not complete within the {timeout:g} s timeout", request=self._request
                    )
                if max_bytes and received > max_bytes:
                    raise http.ReadError(f"reply larger than {max_bytes:,} bytes", request=self._request)
                yield chunk

        def close(self) -> None:
            close = getattr(self._inner, "close", None)
            if close is not None:
                close()

    class BoundedTransport(http.BaseTransport):
        def __init__(self) -> None:
            self._inner = http.HTTPTransport()

        def handle_request(self, request: Any) -> Any:
            deadline = time.monotonic() + timeout
            response = self._inner.handle_request(request)
            length = response.headers.get("content-length", "")
            if max_bytes and length.isdigit() and int(length) > max_bytes:
                response.close()
                raise http.ReadError(f"reply of {int(length):,} bytes is larger than {max_bytes:,}", request=request)
            return http.Response(
                response.status_code,
                headers=response.headers,
                request=request,
                stream=BoundedStream(response.stream, request, deadline),
                extensions=response.extensions,
            )

        def close(self) -> None:
            self._inner.close()

    return http.Client(transport=BoundedTransport(), timeout=timeout, follow_redirects=True)
