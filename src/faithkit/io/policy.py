"""Reading a gate policy file: JSON, or TOML by the ``.toml`` suffix (so it can live in pyproject.toml).

Reading only; what the keys mean and which values are allowed is ``gate.policy_from_mapping``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from faithkit.errors import UsageError


def _load_toml(text: str, path: Path) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.10 only
        import tomli as tomllib
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML ({exc})") from exc


def load_policy_file(path: str) -> dict[str, Any]:
    """Read a gate policy (JSON, or TOML by the .toml suffix). The keys may sit at the top level, under
    ``gate``, or under ``[tool.faithkit.gate]`` (so the policy can live in pyproject.toml)."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read policy file {file}: {exc.strerror or exc}") from exc
    if file.suffix == ".toml":
        data: Any = _load_toml(text, file)
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{file}: not valid JSON ({exc}); use a .json or .toml policy file") from exc
    if not isinstance(data, dict):
        raise UsageError(f"{file}: a policy must be a JSON object / TOML table of keys")
    if isinstance(data.get("tool"), dict):
        section = data["tool"].get("faithkit", {}).get("gate")
        if not isinstance(section, dict):
            raise UsageError(f"{file}: no [tool.faithkit.gate] table")
        return section
    if isinstance(data.get("gate"), dict):
        return data["gate"]
    return data
