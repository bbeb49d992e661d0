"""Citation markers in an answer: found, taken out of the text that is checked, and mapped to passages.

Why: an assistant writes "City bikes cost $3 per hour [1]." The marker is not part of the claim; left in, it
dropped a supported sentence from 0.99 to 0.15 (``(source: doc-1)``: 0.02), and ``day.[1]`` became a claim of its
own. Recognised anywhere in a sentence:

- numbers in brackets: ``[1]``, ``[1, 3]``, ``[1-2]``, ``[1][2]``, ``【1】``, footnote ``[^1]``, a caret ``^1``
  after a word or punctuation (``2^3`` is left alone): the n-th passage in prompt order;
- a passage id in brackets, ``[returns]``, ``[doc-2]``, any case; and ``[doc 2]`` / ``[source 2]`` /
  ``[passage 2]`` style, the n-th passage, when no passage has that id;
- ``(source: x)`` / ``(sources: x, y)`` / ``(ref: x)`` with ids or numbers.

Bracketed text that names no passage and is not a number stays in the claim (``[sic]``, ``[beta]``).
A marker names a passage by its id (``cited``); one that names no passage of the prompt is kept as written
with a leading ``?`` so the citation check can report it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_NUMBER_LIST = r"\d{1,3}(?:\s*(?:[,;]|-|–|and)\s*\d{1,3})*"
_MARKER = re.compile(
    r"\s*(?:"
    rf"\[\^?(?P<bracket>[^\[\]\n]{{1,40}})\]"  # [1], [1, 3], [^1], [doc-2], [returns]
    rf"|【(?P<lenticular>{_NUMBER_LIST})】"
    rf"|(?<=[A-Za-z.,;:!?)\]])\^(?P<caret>\d{{1,3}})\b"
    r"|\((?:sources?|refs?|references?|cited?|citations?)\s*:\s*(?P<source>[^()\n]{1,80})\)"
    r")",
    re.IGNORECASE,
)
_DOC_NUMBER = re.compile(r"^(?:doc(?:ument)?|source|passage|ref|context|article)[\s_#-]*(\d{1,3})$", re.IGNORECASE)
_RANGE = re.compile(r"^(\d{1,3})\s*[-–]\s*(\d{1,3})$")


@dataclass(frozen=True)
class Marker:
    """A citation marker: its span in the text it was found in and the passages it names (``?label`` when a
    label names no passage)."""

    start: int
    end: int
    cited: tuple[str, ...]


def _numbers(label: str) -> list[int] | None:
    items = [p.strip() for p in re.split(r"\s*(?:[,;]|\band\b)\s*", label) if p.strip()]
    out: list[int] = []
    for item in items:
        span = _RANGE.match(item)
        if span:
            low, high = int(span.group(1)), int(span.group(2))
            if high < low or high - low > 20:
                return None
            out += range(low, high + 1)
        elif item.isdigit():
            out.append(int(item))
        else:
            return None
    return out or None


def _resolve_one(label: str, ids: Sequence[str]) -> str | None:
    """The passage id a single label names, or None when it names none."""
    lowered = {pid.lower(): pid for pid in ids}
    key = label.strip().lower()
    if key in lowered:
        return lowered[key]
    doc = _DOC_NUMBER.match(label.strip())
    if doc:
        n = int(doc.group(1))
        return ids[n - 1] if 1 <= n <= len(ids) else f"?{label.strip()}"
    return None


def resolve(label: str, ids: Sequence[str]) -> tuple[str, ...] | None:
    """The passages a marker's label names, or None when the label is not a citation."""
    numbers = _numbers(label)
    if numbers is not None:
        if label.strip() in ids:  # a passage whose id is "1"
            return (label.strip(),)
        return tuple(ids[n - 1] if 1 <= n <= len(ids) else f"?{n}" for n in numbers)
    parts = [p.strip() for p in re.split(r"\s*[,;]\s*", label) if p.strip()]
    found = [_resolve_one(p, ids) for p in parts]
    if not parts or any(f is None for f in found):
        return None
    return tuple(f for f in found if f is not None)


def find_markers(text: str, passage_ids: Sequence[str]) -> list[Marker]:
    """The citation markers in ``text`` (module docstring), in order; each span includes the spaces before it."""
    out = []
    for match in _MARKER.finditer(text):
        label = next(g for g in match.group("bracket", "lenticular", "caret", "source") if g is not None)
        cited = resolve(label, passage_ids)
        if cited is None:
            continue
        out.append(Marker(match.start(), match.end(), cited))
    return out
