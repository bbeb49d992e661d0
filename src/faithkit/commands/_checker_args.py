"""``--checker SPEC`` for every command, and how a command's own flags map onto the checker's options.

The spec grammar is ``checkers.spec`` (``nli:threshold=0.6,window_sentences=1``); the checker is built by
``checkers.registry.build``, the one construction path. Flags such as ``--threshold`` or ``--no-window-veto``
are option values under another name: ``flag_options`` keeps those the named checker has (through the entry's
aliases: the cascade takes ``--revision`` as ``nli_revision``), and refuses a value flag it lacks
(``--window-sentences`` for ``similarity``). A flag and the spec string giving different values is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from faithkit.checkers.spec import CheckerSpec, format_spec, parse_checker_spec
from faithkit.errors import UsageError

__all__ = ["CheckerSpec", "add_checker_argument", "build_from_spec", "flag_options", "format_spec",
           "parse_checker_spec"]

STRICT_FLAGS = frozenset({"window_sentences", "trust_remote_code"})
"""Flags that are an error, not a no-op, for a checker without that option."""


def flag_options(name: str, flags: Mapping[str, Any]) -> dict[str, Any]:
    """The given flags (None = not given) that checker ``name`` takes, under its option names."""
    from faithkit.checkers.registry import entry

    found = entry(name)
    accepted = set(found.options.model_fields) | set(found.aliases) | {"numbers", "arithmetic"}
    out = {}
    for key, value in flags.items():
        if value is None:
            continue
        if key in accepted:
            out[key] = value
        elif key in STRICT_FLAGS:
            raise UsageError(f"checker {name!r} has no option {key} (--{key.replace('_', '-')})")
    return out


def merged_options(spec: CheckerSpec, flags: Mapping[str, Any] | None) -> dict[str, Any]:
    options = dict(spec.options)
    for key, value in flag_options(spec.name, flags or {}).items():
        if key in options and options[key] != value:
            raise UsageError(f"--checker {spec.label!r} sets {key}={options[key]!r} but a flag sets {value!r}")
        options[key] = value
    return options


def build_from_spec(spec: CheckerSpec | str, flags: Mapping[str, Any] | None = None, context: Any = None) -> Any:
    """Build the checker a spec names (with the command's flags), through the registry."""
    from faithkit.checkers import registry

    spec = parse_checker_spec(spec) if isinstance(spec, str) else spec
    try:
        return registry.build(spec.name, merged_options(spec, flags), context)
    except UsageError as exc:
        message = str(exc)
        raise UsageError(message if spec.label in message else f"--checker {spec.label!r}: {message}") from exc


def checker_help(default: str | None) -> str:
    """Static on purpose: building --help must not import the registry (pydantic, option models)."""
    return ("checker spec NAME[:KEY=VALUE,...], NAME a registered checker (nli, similarity, judge, cascade, "
            "classifier, seq2seq, hhem, or one you registered), e.g. nli, similarity, nli:numbers=off, "
            "nli:threshold=0.6,window_sentences=1, seq2seq:model=lytang/MiniCheck-Flan-T5-Large "
            f"(default: {default})")


def add_checker_argument(parser: Any, *, default: str | None, help_extra: str = "") -> None:
    parser.add_argument("--checker", action="append", dest="checkers", metavar="SPEC", default=None,
                        help=checker_help(default) + ", repeatable" + help_extra)
