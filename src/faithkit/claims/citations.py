"""Citation markers in an answer: found, taken out of the text that is checked, and mapped to passages.

Why: an assistant writes "City bikes cost $3 per hour [1]." The marker is not part of the claim; left in, it
dropped a supported sentence from 0.99 to 0.15 (``(source: doc-1)``: 0.02), and ``day.[1]`` became a claim of its
own. Recognised anywhere in a sentence:

- numbers in brackets: ``[1]``, ``[1, 3]``, ``[1-2]``, ``[1][2]``, ``【1】``, footnote ``[^1]``, a caret ``^1``
  after a word or punctuation (``2^3`` is left alone): the n-th passage in prompt order;
- a passage id in brackets, ``[returns]``, ``[doc-2]``, any case; and ``[doc 2]`` / ``[source 2]`` /
  ``[passage 2]`` style, the n-th passage, when no passage has that id;
- ``(source: x)`` / ``(sources: x, y)`` / ``(ref: x)`` with ids or numbers;
- a reference to a source in words: ``(see the Plans article)``, ``(per the plans page)``, ``(plans, section 2)``,
  ``— source: plans`` at the end of a sentence, and a closing ``, as the Plans article explains``. One that names a
  passage id cites it; one that names a source no passage id matches (``(see the Billing FAQ)``) is kept as
  ``?Billing FAQ``; a closing "as the help center explains" names no passage and cites nothing, but is still not
  part of the claim. "(see below)" names no source and stays. Left in, such a reference dropped supported
  sentences (``benchmarks/source_references.py``).

Bracketed text that names no passage and is not a number stays in the claim (``[sic]``, ``[beta]``).
A marker names a passage by its id (``cited``); one that names no passage of the prompt is kept as written
with a leading ``?`` so the citation check can report it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_SOURCE_NOUN = (r"(?:help ?cent(?:er|re)|(?:help )?articles?|(?:help )?pages?|sections?|faqs?|guides?|docs?|"
                r"documentation|polic(?:y|ies)|terms|knowledge base)")
_NUMBER_LIST = r"\d{1,3}(?:\s*(?:[,;]|-|–|and)\s*\d{1,3})*"
_MARKER = re.compile(
    r"\s*(?:"
    rf"\[\^?(?P<bracket>[^\[\]\n]{{1,40}})\]"  # [1], [1, 3], [^1], [doc-2], [returns]
    rf"|【(?P<lenticular>{_NUMBER_LIST})】"
    rf"|(?<=[A-Za-z.,;:!?)\]])\^(?P<caret>\d{{1,3}})\b"
    r"|\((?:sources?|refs?|references?|cited?|citations?)\s*:\s*(?P<source>[^()\n]{1,80})\)"
    r"|\((?:see|per|from|via|cf\.?|according to)\s+(?P<see>[^()\n]{1,60})\)"
    r"|\((?P<section>[^()\n,]{1,40}),?\s+(?:section|sec\.|§|p\.|page|para(?:graph)?)\s*\d{1,3}[a-z]?\)"
    r"|\s[—–-]\s*(?:sources?|refs?|see)\s*:?\s+(?P<dash>[^.!?\n]{1,60}?)(?=[.!?]?\s*$)"
    rf"|,?\s+as (?:the|our|this|that|these) (?P<as>(?:[\w-]+ ){{0,3}}?{_SOURCE_NOUN}) "
    r"(?:explains?|says?|notes?|mentions?|states?|describes?|shows?|puts it)(?=[.!?]?\s*$)"
    r")",
    re.IGNORECASE,
)
_NAMED_SOURCE = re.compile(rf"^(?:the |our |this |that |these )?(?P<name>.*?)\s*\b{_SOURCE_NOUN}$", re.IGNORECASE)
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


def _named_source(label: str, ids: Sequence[str], *, as_clause: bool = False) -> tuple[str, ...] | None:
    """The passages a reference in words names ("the Plans article" -> plans), ``?label`` for a named source no
    passage id matches; for a closing "as the help center explains" (``as_clause``) nothing; None when the label
    names no source at all ("see below")."""
    cited = resolve(label, ids)
    if cited is not None:
        return cited
    named = _NAMED_SOURCE.match(label.strip())
    if named is None:
        return None
    name = named.group("name").strip()
    if name and resolve(name, ids) is not None:
        return resolve(name, ids)
    return () if as_clause or not name else (f"?{label.strip()}",)


def find_markers(text: str, passage_ids: Sequence[str]) -> list[Marker]:
    """The citation markers in ``text`` (module docstring), in order; each span includes the spaces before it."""
    out = []
    for match in _MARKER.finditer(text):
        kind, label = next((k, g) for k, g in match.groupdict().items() if g is not None)
        if kind in ("see", "dash", "as"):
            cited = _named_source(label, passage_ids, as_clause=kind == "as")
        else:
            cited = resolve(label, passage_ids)
        if cited is None:
            continue
        out.append(Marker(match.start(), match.end(), cited))
    return out
