"""Checker spec strings: ``NAME[:KEY=VALUE[,KEY=VALUE]...]``, the one way every command names a checker.

Examples::

    nli                         the default stack (bundled NLI model + numbers stage)
    nli:numbers=off             NLI without the missing-numbers rule (arithmetic stays as built)
    nli:numbers=off,arithmetic=off
    nli:threshold=0.6,window_sentences=1
    similarity                  the cosine "groundedness" baseline (threshold 0.7)
    judge:model=gpt-4o-mini     LLM options use the same names as the CLI options, with _ for -

KEYs are the checker's options (``checkers.registry``: e.g. ``NLIOptions``), the stack's ``numbers`` /
``arithmetic`` and the run's ``cache`` / ``cache_dir``. Values ``on/off/true/false/yes/no`` become booleans,
integers and decimals become numbers, anything else stays a string; the options model validates them. The
whole string is the checker's label in tables and JSON output, so ``--checker nli --checker
nli:threshold=0.9`` gives two distinguishable columns. ``format_spec`` writes a spec dict back as a string.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from faithkit.errors import UsageError

_BOOLS = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}


class CheckerSpec(NamedTuple):
    """A parsed spec string: its label (the string as given), the checker name and its options."""

    label: str
    name: str
    options: dict[str, Any]


def _value(text: str) -> Any:
    lowered = text.strip().lower()
    if lowered in _BOOLS:
        return _BOOLS[lowered]
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text.strip()


def parse_checker_spec(text: str) -> CheckerSpec:
    """``"nli:numbers=off,threshold=0.9"`` ->
    ``CheckerSpec("nli:numbers=off,threshold=0.9", "nli", {"numbers": False, "threshold": 0.9})``."""
    name, _, rest = text.strip().partition(":")
    if not name:
        raise UsageError(f"checker spec {text!r}: missing checker name")
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"checker spec {text!r}: expected KEY=VALUE, got {part!r}")
        key = key.strip().replace("-", "_")
        if key in options:
            raise UsageError(f"checker spec {text!r}: {key} given twice")
        options[key] = _value(value)
    return CheckerSpec(text.strip(), name.strip(), options)


def format_spec(spec: dict[str, Any]) -> str:
    """``{"checker": "nli", "threshold": 0.6}`` -> ``"nli:threshold=0.6"`` (booleans as on/off)."""
    name = spec["checker"]
    parts = [f"{k}={_text(v)}" for k, v in spec.items() if k != "checker"]
    return f"{name}:{','.join(parts)}" if parts else str(name)


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "off"
    return str(value)
