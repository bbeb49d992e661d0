"""Mutation testing of checkers: fault injectors (shared with the training of the bundled NLI model)."""

from faithkit.mutation.injectors import (
    INJECTORS,
    InjectorContext,
    add_unsupported_fact,
    drop_condition,
    flip_negation,
    swap_entity,
    swap_number,
)

__all__ = [
    "INJECTORS",
    "InjectorContext",
    "add_unsupported_fact",
    "drop_condition",
    "flip_negation",
    "swap_entity",
    "swap_number",
]
