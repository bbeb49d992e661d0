"""``--checker SPEC`` for every command, and how a command's own flags map onto the checker's options.

The spec grammar is ``checkers.spec`` (``nli:threshold=0.6,window_sentences=1``); the checker is built by
``checkers.registry.build_from_spec``, the one construction path (``faithkit.testing`` and the pytest plugin
take it too). Flags such as ``--threshold`` or ``--no-window-veto`` are option values under another name:
``flag_options`` keeps those the named checker has (through the entry's aliases: the cascade takes
``--revision`` as ``nli_revision``), and refuses a value flag it lacks (``--window-sentences`` for
``similarity``). A flag and the spec string giving different values is an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from faithkit.checkers.spec import CheckerSpec, format_spec, parse_checker_spec

__all__ = ["CheckerSpec", "add_checker_argument", "build_from_spec", "flag_options", "format_spec",
           "parse_checker_spec"]


def flag_options(name: str, flags: Mapping[str, Any]) -> dict[str, Any]:
    """The given flags (None = not given) that checker ``name`` takes (``registry.flag_options``)."""
    from faithkit.checkers.registry import flag_options as options

    return options(name, flags)


def build_from_spec(spec: CheckerSpec | str, flags: Mapping[str, Any] | None = None, context: Any = None) -> Any:
    """Build the checker a spec names (with the command's flags) by ``registry.build_from_spec``, the path
    ``faithkit.testing`` and the pytest plugin take too. Imported lazily: ``--help`` imports no registry."""
    from faithkit.checkers import registry

    return registry.build_from_spec(spec, flags, context)


def checker_help(default: str | None) -> str:
    """Static on purpose: building --help must not import the registry (pydantic, option models)."""
    return ("checker spec NAME[:KEY=VALUE,...], NAME a registered checker (nli, similarity, judge, cascade, "
            "classifier, seq2seq, hhem, or one you registered), e.g. nli, similarity, nli:numbers=off, "
            "nli:threshold=0.6,window_sentences=1, seq2seq:model=lytang/MiniCheck-Flan-T5-Large "
            f"(default: {default})")


def add_checker_argument(parser: Any, *, default: str | None, help_extra: str = "") -> None:
    parser.add_argument("--checker", action="append", dest="checkers", metavar="SPEC", default=None,
                        help=checker_help(default) + ", repeatable" + help_extra)
