"""Checker options: the typed base every checker's options model extends, and the default stack's options.

See ``faithkit.options`` for why options are pydantic models. Light on purpose: no torch, no LLM SDK.
"""

from __future__ import annotations

from faithkit.options import Options, parse_options

CheckerOptions = Options

__all__ = ["STACK_KEYS", "CheckerOptions", "StackOptions", "parse_options"]


class StackOptions(CheckerOptions):
    """Options of the default stack around any checker: the numbers stage rules (``checkers.numbers``).

    None means the checker's registry default (on for nli / judge / cascade, off for the similarity baseline).
    """

    numbers: bool | None = None
    arithmetic: bool | None = None


STACK_KEYS = frozenset(StackOptions.model_fields)
