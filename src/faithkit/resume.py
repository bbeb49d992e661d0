"""What a results folder was made with, so that ``--resume`` never mixes two runs in one file.

``run.json`` is written when a run starts and kept when it finishes. It holds the input's sha256 and the run's
identity: the checker's spec (model, weights hash, threshold, windows, rules...), the claim extractor's spec, the
refusal patterns, whether references are checked and the ``--field`` mapping (the same file read through another
mapping is other records). A resume is refused when any of these differs from the
run it would continue, with the fields that changed, because records scored under one setting and records
scored under another cannot share a manifest. Settings that do not change a verdict (the cache location, batch
size, device, the LLM endpoint's URL, timeout, retries and concurrency) are left out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from faithkit.errors import UsageError
from faithkit.io.results import MANIFEST_FILE
from faithkit.secrets import scrub

RUN_FILE = "run.json"
# where and how a checker is reached, not what it decides: a judge server restarted on another port, or a run
# resumed on a GPU, continues the same run
_IGNORED = frozenset(
    {"cache", "base_url", "api_key_env", "timeout", "max_retries", "concurrency", "batch_size", "device"}
)


def _comparable(value: Any) -> Any:
    """``value`` without the keys that do not change a verdict (at any depth), normalised through JSON."""
    if isinstance(value, dict):
        return {k: _comparable(v) for k, v in value.items() if k not in _IGNORED}
    if isinstance(value, (list, tuple)):
        return [_comparable(v) for v in value]
    return value


def run_identity(checker_spec: Any, claims_spec: Any, refusal_patterns: Any, check_reference: bool, *,
                 fields: Mapping[str, str] | None = None) -> dict:
    """The settings a resumed run must share with the run it continues (scrubbed as run.json stores them).
    ``fields`` is always recorded (``{}``: none), so a resume that adds or drops a mapping is refused; a run.json
    from before fields were recorded lacks the key and is not compared on it."""
    return json.loads(
        scrub(
            json.dumps(
                _comparable(
                    {
                        "checker": checker_spec,
                        "claims": claims_spec,
                        "refusal_patterns": list(refusal_patterns),
                        "check_reference": check_reference,
                        "fields": dict(fields or {}),
                    }
                ),
                default=str,
            )
        )
    )


def _previous(out: Path) -> dict[str, Any] | None:
    """What the folder's earlier run recorded: run.json, else (a folder from an older faithkit) the manifest."""
    for name in (RUN_FILE, MANIFEST_FILE):
        path = out / name
        if not path.is_file():
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise UsageError(f"cannot resume: {path} is unreadable ({exc}); use --overwrite") from exc
        if not isinstance(data, dict):
            raise UsageError(f"cannot resume: {path} is not a JSON object; use --overwrite")
        if name == MANIFEST_FILE:
            identity = run_identity(data.get("checker"), data.get("claims"), data.get("refusal_patterns", []), True,
                                    fields=(data.get("input") or {}).get("fields"))
            identity.pop("check_reference")
            return {"input_sha256": (data.get("input") or {}).get("sha256"), "identity": identity}
        return data
    return None


def _differences(before: Any, now: Any, where: str = "") -> list[str]:
    if isinstance(before, dict) and isinstance(now, dict):
        out = []
        for key in sorted(set(before) | set(now)):
            out += _differences(before.get(key), now.get(key), f"{where}.{key}" if where else key)
        return out
    return [] if before == now else [f"{where}: {before!r} -> {now!r}"]


def check_resume(out: Path, log_path: Path, input_sha256: str, identity: dict[str, Any]) -> None:
    """UsageError when the folder's earlier run read another input or used other settings."""
    previous = _previous(out)
    if previous is None:
        return
    if previous.get("input_sha256") not in (None, input_sha256):
        raise UsageError(
            f"cannot resume: {log_path} changed since the run in {out} (sha256 differs); use "
            "--overwrite or another --out"
        )
    before = previous.get("identity")
    if before is None:
        return
    changed = _differences(before, {k: v for k, v in identity.items() if k in before})
    if changed:
        shown = "; ".join(changed[:5]) + (f"; and {len(changed) - 5} more" if len(changed) > 5 else "")
        raise UsageError(
            f"cannot resume: the run in {out} used other settings ({shown}); use --overwrite or another --out"
        )


def write_run_file(out: Path, input_sha256: str, started_at: str, identity: dict[str, Any]) -> None:
    from faithkit.io.files import atomic_write_text

    text = json.dumps(
        {"input_sha256": input_sha256, "started_at": started_at, "identity": identity}, ensure_ascii=False
    )
    atomic_write_text(out / RUN_FILE, scrub(text) + "\n")  # no URL credentials or env secrets (secrets.py)
