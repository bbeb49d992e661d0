"""What every command's parser shares: help text that shows the defaults a run really uses, and a parser that
answers an unknown flag with its own usage and a "did you mean".

Defaults live in the option models and constants (``DEFAULT_NLI_THRESHOLD``...). A number copied into a help
string drifts (``check --help`` said 0.5 while runs used 0.45), but importing the option models to build the
parser would make ``faithkit --help`` slow (pydantic, the checkers' modules). ``LiveHelp`` keeps the reference
and reads the value only when argparse formats the help, i.e. when a person asked for it.

argparse hands a subcommand's unknown flags back to the top-level parser, which prints the top-level usage and
no guess; ``CommandParser`` (the subcommands' parser class) reports them itself, with the command's usage and
the closest flag it has.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence
from typing import Any

from faithkit.suggest import closest


def code_value(reference: str) -> Any:
    """The value a ``"module:NAME"`` or ``"module:Model.field"`` reference names (a constant, or the default
    of a pydantic options field)."""
    module, _, path = reference.partition(":")
    target: Any = importlib.import_module(module)
    for name in path.split("."):
        fields = getattr(target, "model_fields", None)
        target = fields[name].default if isinstance(fields, dict) and name in fields else getattr(target, name)
    return target


def _shown(value: Any) -> str:
    return format(value, "g") if isinstance(value, float) else str(value)


class LiveHelp(str):
    """A help string whose ``{NAME}`` fields are code references, filled in when argparse formats the help
    (``help % params``), so the printed default is the one the code uses."""

    references: dict[str, str]

    def __new__(cls, template: str, **references: str) -> LiveHelp:
        text = super().__new__(cls, template)
        text.references = references
        return text

    def resolved(self) -> str:
        return str.format(str(self), **{k: _shown(code_value(v)) for k, v in self.references.items()})

    def __mod__(self, params: Any) -> str:
        return self.resolved() % params


class CommandParser(argparse.ArgumentParser):
    """A subcommand's parser: unknown arguments are its own usage error, with the closest flag it knows."""

    def parse_known_args(self, args: Sequence[str] | None = None,
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(unknown_arguments_message(extras, list(self._option_string_actions)))
        return parsed, extras


def unknown_arguments_message(extras: Sequence[str], flags: Sequence[str]) -> str:
    """``unrecognized arguments: --treshold 0.5 (did you mean --threshold?)``."""
    guesses = []
    for extra in extras:
        if extra.startswith("-"):
            match = closest(extra.partition("=")[0], flags)
            if match and match not in guesses:
                guesses.append(match)
    hint = f" (did you mean {' or '.join(guesses)}?)" if guesses else ""
    return f"unrecognized arguments: {' '.join(extras)}{hint}"
