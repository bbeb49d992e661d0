"""The one span shape every trace reader produces, and the helpers they share.

OpenInference (Phoenix), Langfuse and OTLP/GenAI exports name things differently; each reader maps its spans
to ``Span`` (ids, parent link, times, kind, the documents a retriever returned, a generation's prompt text and
answer), and ``join`` pairs retrieval with generation the same way for all three.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

RETRIEVER, GENERATION, OTHER = "retriever", "generation", "other"


@dataclass(frozen=True)
class Document:
    id: str | None
    content: str | None


@dataclass
class Span:
    """One span, format-neutral. ``start``/``end`` are comparable numbers within one file (None if absent)."""

    trace_id: str
    span_id: str
    parent_id: str | None
    kind: str
    name: str = ""
    start: float | None = None
    end: float | None = None
    documents: list[Document] = field(default_factory=list)
    prompt_text: str | None = None  # a generation's input messages / prompt, as text (to match documents)
    answer: str | None = None  # a generation's output text
    question: str | None = None  # the user's input, where the span carries one
    order: int = 0  # position in the file (ties and missing times)


def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Nested dicts/lists -> dotted keys with list indexes (``retrieval.documents.0.document.content``).

    OpenInference attributes arrive flat (OTel), as nested dicts (Phoenix JSON) or as lists of flat dicts
    (Phoenix dataframes); flattening makes all three the same."""
    out: dict[str, Any] = {}
    if isinstance(value, dict):
        for key, item in value.items():
            out.update(flatten(item, f"{prefix}{key}."))
    elif isinstance(value, (list, tuple)) and value and all(isinstance(v, (dict, list, tuple)) for v in value):
        for index, item in enumerate(value):
            out.update(flatten(item, f"{prefix}{index}."))
    else:
        out[prefix[:-1]] = value
    return out


def indexed(flat: dict[str, Any], pattern: str) -> dict[int, dict[str, Any]]:
    """``{index: {field: value}}`` for keys matching ``pattern`` (a regex with groups index and field)."""
    found: dict[int, dict[str, Any]] = {}
    regex = re.compile(pattern)
    for key, value in flat.items():
        match = regex.fullmatch(key)
        if match:
            found.setdefault(int(match.group(1)), {})[match.group(2)] = value
    return dict(sorted(found.items()))


def timestamp(value: Any) -> float | None:
    """ISO-8601 text, epoch numbers (s, ms, ns: comparable within one file) or datetimes -> a float."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        return value.timestamp()
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        if value.isdigit():
            return float(value)
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
        except ValueError:
            return None
    return None


def maybe_json(value: Any) -> Any:
    if isinstance(value, str) and value.strip()[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    return value


def text_of(value: Any) -> str | None:
    """The text in a message-ish value: a string, {"content": ...}, [{"type": "text", "text"/"content": ...}]."""
    value = maybe_json(value)
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in ("content", "text", "output", "answer", "value", "messages", "prompt", "prompts"):
            if key in value:
                return text_of(value[key])
        if "parts" in value:
            return text_of(value["parts"])
        if isinstance(value.get("choices"), list) and value["choices"]:
            return text_of(value["choices"][0].get("message", value["choices"][0]))
        return None
    if isinstance(value, list):
        texts = [t for t in (text_of(v) for v in value) if t]
        return "\n".join(texts) if texts else None
    return None
