""""Did you mean ...?" for a mistyped name: checker names, spec options, command-line flags, field names.

One helper so every message offers the same kind of guess: ``difflib.get_close_matches`` with its usual cutoff
(0.6), which catches a dropped, doubled or swapped letter (``treshold`` -> ``threshold``) without proposing
unrelated names. At the bottom of the import graph beside ``errors``: it imports only the standard library.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice most like ``word``, or None when none is close enough to be worth proposing."""
    matches = difflib.get_close_matches(word, [c for c in choices if c], n=1)
    return matches[0] if matches else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``" (did you mean threshold?)"`` for the closest choice, or ``""``: ready to append to a message."""
    match = closest(word, choices)
    return f" (did you mean {match}?)" if match else ""
