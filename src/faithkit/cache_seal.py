"""Seals on cache values: a value faithkit did not write itself is a miss, never a verdict.

Why: a cache entry of the right shape and plausible content (``[1, 0, 0, false]`` for a pair the model scores
neutral) cannot be told from a real one by looking at it, and it changes verdicts. Cache files travel (a CI
artifact restored into the next job, a folder shared on a team drive), so "whoever can write the file" is wider
than "whoever runs faithkit". Each stored value is prefixed with an HMAC-SHA256 of its key and its text under a
secret that never enters the cache file: ``$FAITHKIT_CACHE_SECRET`` when set (CI jobs that share a cache set the
same secret), else a random 32-byte key created once in ``$XDG_CONFIG_HOME/faithkit/cache-secret`` (mode 0600).
An edited, forged or foreign value fails the seal and is recomputed. What this cannot stop: someone who can read
that secret (the same user account, or the CI secret) can forge a seal.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from functools import lru_cache
from pathlib import Path

SECRET_ENV = "FAITHKIT_CACHE_SECRET"
SEAL_CHARS = 64  # hex digest of HMAC-SHA256


def secret_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "faithkit" / "cache-secret"


@lru_cache(maxsize=4)
def _file_secret(path: Path) -> bytes:
    """The machine's key: read it, or create it once (O_EXCL, so two first runs agree on one key)."""
    try:
        return bytes.fromhex(path.read_text().strip())
    except (OSError, ValueError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process created it meanwhile, or it holds garbage: read what is there
        return bytes.fromhex(path.read_text().strip())
    with os.fdopen(fd, "w") as handle:
        handle.write(secrets.token_hex(32))
    return bytes.fromhex(path.read_text().strip())


def cache_secret() -> bytes:
    """The sealing key (module docstring); an unreadable or unwritable key file raises OSError / ValueError."""
    env = os.environ.get(SECRET_ENV)
    if env:
        return env.encode("utf-8")
    return _file_secret(secret_file())


def _mac(secret: bytes, key: str, text: str) -> str:
    message = key.encode("utf-8") + b"\n" + text.encode("utf-8", "surrogatepass")
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def seal(secret: bytes, key: str, text: str) -> str:
    """The stored form: the seal, then the value's JSON text."""
    return _mac(secret, key, text) + text


def unseal(secret: bytes, key: str, stored: str) -> str | None:
    """The value's JSON text, or None when the seal is missing or does not match this key and text."""
    if not isinstance(stored, str) or len(stored) < SEAL_CHARS:
        return None
    mark, text = stored[:SEAL_CHARS], stored[SEAL_CHARS:]
    return text if hmac.compare_digest(mark, _mac(secret, key, text)) else None
