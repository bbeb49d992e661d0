"""Checker options: the typed base every checker's options model extends, and the default stack's options.

See ``faithkit.options`` for why options are pydantic models. Light on purpose: no torch, no LLM SDK.
"""

from __future__ import annotations

from faithkit.options import Options, parse_options

CheckerOptions = Options

__all__ = ["STACK_KEYS", "CheckerOptions", "StackOptions", "parse_options"]


class StackOptions(CheckerOptions):
    """Options of the default stack around any checker: the numbers stage rules (``checkers.numbers``) and claim
    parts (``checkers.parts``).

    None means the checker's registry default (numbers: on for nli / judge / cascade, off for the similarity
    baseline; parts: on for nli).
    """

    numbers: bool | None = None
    arithmetic: bool | None = None
    parts: bool | None = None  # a claim joining statements is checked as its parts too (checkers.parts)


STACK_KEYS = frozenset(StackOptions.model_fields)
