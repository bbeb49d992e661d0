"""Secrets never reach a file or a log: URL credentials and the values of key-like environment variables are
scrubbed from everything faithkit writes (results lines, manifest, run.json, error messages).

faithkit reads keys only from the environment (``--api-key-env``), and never puts them in a key, a value or a
manifest on purpose. Two leaks remained (issue 15): ``--base-url http://user:pass@host/v1`` was written into the
manifest as given, and a server that echoes the ``Authorization`` header put the key into a claim's ``raw``
reply and into stderr. So the writers pass their text through ``scrub``: ``scheme://user:pass@`` becomes
``scheme://***@``, and any value of an environment variable whose name says it is a secret (``*_API_KEY``,
``*_TOKEN``, ``*_SECRET``, ``*_PASSWORD``; 8 characters or more, not a plain word) becomes ``[redacted]``.
"""

from __future__ import annotations

import os
import re

_URL_CREDENTIALS = re.compile(r"\b([a-zA-Z][a-zA-Z0-9+.-]*://)[^/\s:@\"'<>]+(?::[^/\s@\"'<>]*)?@")
_SECRET_NAME = re.compile(r"(?:API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD)$", re.IGNORECASE)
REDACTED = "[redacted]"


def strip_url_credentials(text: str) -> str:
    """``http://user:pass@host/v1`` -> ``http://***@host/v1``; text without credentials is unchanged."""
    return _URL_CREDENTIALS.sub(r"\1***@", text) if "@" in text else text


def secret_values() -> list[str]:
    """Values of the environment's secret-named variables, longest first (read at each call: tests and
    long-lived processes may change the environment)."""
    # a plain word ("password") is not scrubbed from every answer: keys and tokens mix letters with digits/signs
    values = {v for k, v in os.environ.items() if _SECRET_NAME.search(k) and len(v) >= 8 and not v.isalpha()}
    return sorted(values, key=len, reverse=True)


def scrub(text: str, secrets: list[str] | None = None) -> str:
    """``text`` without URL credentials and without any secret environment value (``secrets``: the values to
    remove, read once by a caller that writes many lines; None reads the environment now)."""
    text = strip_url_credentials(text)
    for value in secret_values() if secrets is None else secrets:
        if value in text:
            text = text.replace(value, REDACTED)
    return text
