"""``--checker`` spec strings shared by ``mutate``, ``sweep`` and ``agree``.

Grammar: ``NAME[:KEY=VALUE[,KEY=VALUE]...]``, for example::

    nli                         the default stack (bundled NLI model + numbers stage)
    nli:numbers=off             NLI without the missing-numbers rule (arithmetic stays as built)
    nli:numbers=off,arithmetic=off
    nli:threshold=0.9
    similarity                  the cosine "groundedness" baseline (threshold 0.7)
    judge:model=gpt-4o-mini     LLM options use the same names as the CLI options, with _ for -

Values ``on/off/true/false/yes/no`` become booleans, integers and decimals become numbers, anything else
stays a string. The whole spec string is the checker's column label in tables and the key in JSON output,
so ``--checker nli --checker nli:threshold=0.9`` gives two distinguishable columns.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from faithkit.errors import UsageError

_BOOLS = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}


class CheckerSpec(NamedTuple):
    """A parsed ``--checker`` value: its label (the string as given), the checker name and its options."""

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
        raise UsageError(f"--checker {text!r}: missing checker name")
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"--checker {text!r}: expected KEY=VALUE, got {part!r}")
        key = key.strip().replace("-", "_")
        if key in options:
            raise UsageError(f"--checker {text!r}: {key} given twice")
        options[key] = _value(value)
    return CheckerSpec(text.strip(), name.strip(), options)


def build_from_spec(spec: CheckerSpec) -> Any:
    """Build the checker through the registry (imported here, so command modules stay light)."""
    from faithkit.checkers.registry import build_checker

    try:
        return build_checker(spec.name, **spec.options)
    except TypeError as exc:
        raise UsageError(f"--checker {spec.label!r}: {exc}") from exc


def add_checker_argument(parser: Any, *, default: str | None, help_extra: str = "") -> None:
    parser.add_argument(
        "--checker",
        action="append",
        dest="checkers",
        metavar="SPEC",
        default=None,
        help=(
            "checker spec NAME[:KEY=VALUE,...], repeatable, e.g. nli, similarity, nli:numbers=off, "
            f"nli:threshold=0.9 (default: {default}){help_extra}"
        ),
    )
