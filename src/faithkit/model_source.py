"""Say what is wrong with ``--model`` before anything heavy loads.

A path that does not exist is "no such folder" (not a hub repo-id syntax error after seconds of imports). A hub
id with no network fails in seconds: offline mode (``HF_HUB_OFFLINE`` / ``TRANSFORMERS_OFFLINE``) or one
failed connection to the hub, when the model is not in the local cache, is a ModelLoadError right away, not
52 s of retries inside huggingface_hub.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from urllib.parse import urlparse

from faithkit.errors import ModelLoadError

PROBE_SECONDS = 3.0


def looks_like_path(source: str) -> bool:
    """A hub id is ``name`` or ``org/name``; anything else that names a location is a path."""
    return (
        source.startswith((".", "/", "~", "\\"))
        or source.count("/") > 1
        or "\\" in source
        or source.endswith("/")
        or (len(source) > 1 and source[1] == ":")
    )


def offline_mode() -> bool:
    return any(
        os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")
        for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")
    )


def _cached(repo_id: str, revision: str | None) -> bool:
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:  # pragma: no cover - transformers depends on huggingface_hub
        return False
    found = try_to_load_from_cache(repo_id, "config.json", revision=revision)
    return isinstance(found, str)


def _hub_unreachable(endpoint: str) -> str | None:
    """None when a TCP connection to the hub opens within PROBE_SECONDS; otherwise the reason."""
    url = urlparse(endpoint)
    host, port = url.hostname or "huggingface.co", url.port or (80 if url.scheme == "http" else 443)
    try:
        with socket.create_connection((host, port), timeout=PROBE_SECONDS):
            return None
    except OSError as exc:
        return f"{type(exc).__name__}: {exc}"


def check_model_source(source: str, revision: str | None = None, what: str = "model", *, hub: bool = True) -> None:
    """ModelLoadError (exit 2) when ``source`` cannot load: a missing folder, or (``hub``) a hub id that is not
    cached while offline or with the hub unreachable. Returns quietly when loading may proceed.

    Model loaders call it with ``hub=False`` (paths only: a library user may serve hub ids their own way); the
    CLI calls it with the hub check before it builds anything."""
    path = Path(source).expanduser()
    if path.is_dir():
        return
    if path.exists():
        raise ModelLoadError(f"{what} {source!r} is a file: pass the folder that holds config.json and the weights")
    if looks_like_path(source):
        raise ModelLoadError(f"{what} {source!r}: no such folder ({path.resolve()})")
    if not hub or _cached(source, revision):
        return
    endpoint = os.environ.get("HF_ENDPOINT", "https://huggingface.co")
    if offline_mode():
        raise ModelLoadError(
            f"{what} {source!r} is not in the local Hugging Face cache and offline mode is on "
            "(HF_HUB_OFFLINE / TRANSFORMERS_OFFLINE): download it first or pass a local folder"
        )
    if any(os.environ.get(name) for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy")):
        return  # through a proxy a direct connection says nothing: let huggingface_hub try
    reason = _hub_unreachable(endpoint)
    if reason is not None:
        raise ModelLoadError(
            f"{what} {source!r} is not in the local Hugging Face cache and {endpoint} cannot be "
            f"reached ({reason}): download it where there is network "
            f"(`huggingface-cli download {source}`) or pass a local folder"
        )


def check_cli_models(checker: str, model: str | None, nli_model: str | None, revision: str | None,
                     llm_checkers: tuple[str, ...]) -> None:
    """The model names a `faithkit check` command line gives, checked before any model loads: ``model`` (the
    spec's ``model``, else ``--model``) when it names a local model, not an LLM (``checker`` is not one of
    ``llm_checkers``), and ``nli_model`` (the spec's, else ``--nli-model``)."""
    sources: list[tuple[str | None, str]] = []
    if checker not in llm_checkers:
        sources.append((model, "NLI model" if checker == "nli" else f"{checker} model"))
    sources.append((nli_model, "NLI model"))
    for source, what in sources:
        if isinstance(source, str) and source:
            check_model_source(source, revision, what)
