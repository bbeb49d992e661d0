"""Langfuse observation exports (API ``observations`` / UI export, JSON or JSONL) -> ``Span``.

An observation has ``id``, ``traceId``, ``parentObservationId``, ``type`` (``GENERATION``, ``SPAN``,
``RETRIEVER``...), ``name``, ``startTime``/``endTime``, ``input`` and ``output``. The retriever is a
``RETRIEVER`` observation (or a ``SPAN`` named like a retriever) whose output is the documents: strings, or
objects with ``page_content``/``pageContent``/``content``/``text`` (LangChain's Document included); the
generation's input is its prompt (messages) and its output the answer.
"""

from __future__ import annotations

import re
from typing import Any

from faithkit.io.formats.traces.openinference import question_of
from faithkit.io.formats.traces.spans import (
    GENERATION,
    OTHER,
    RETRIEVER,
    Document,
    Span,
    maybe_json,
    text_of,
    timestamp,
)

CONTENT_KEYS = ("page_content", "pageContent", "content", "text")


def _documents(output: Any) -> list[Document]:
    output = maybe_json(output)
    if isinstance(output, dict):
        output = next((output[k] for k in ("documents", "docs", "results", "output") if k in output), [output])
    if not isinstance(output, list):
        return [Document(None, output)] if isinstance(output, str) and output else []
    docs = []
    for item in output:
        if isinstance(item, str):
            docs.append(Document(None, item or None))
        elif isinstance(item, dict):
            content = next((item[k] for k in CONTENT_KEYS if isinstance(item.get(k), str) and item[k]), None)
            meta = item.get("metadata") if isinstance(item.get("metadata"), dict) else {}
            doc_id = item.get("id") or meta.get("id") or meta.get("source")
            docs.append(Document(str(doc_id) if doc_id else None, content))
    return docs


def _kind(row: dict[str, Any]) -> str:
    kind = str(row.get("type") or "").upper()
    if kind == "GENERATION":
        return GENERATION
    if kind == "RETRIEVER" or kind == "SPAN" and re.search(r"retriev", str(row.get("name") or ""), re.I):
        return RETRIEVER
    return OTHER


def row_to_span(row: dict[str, Any], order: int) -> Span | None:
    if not row.get("traceId") or not row.get("id"):
        return None
    span = Span(
        str(row["traceId"]),
        str(row["id"]),
        row.get("parentObservationId") or None,
        _kind(row),
        str(row.get("name") or ""),
        timestamp(row.get("startTime")),
        timestamp(row.get("endTime")),
        order=order,
    )
    if span.kind == RETRIEVER:
        span.documents = _documents(row.get("output"))
        span.question = question_of(row.get("input"))
    elif span.kind == GENERATION:
        span.prompt_text = text_of(row.get("input"))
        span.answer = text_of(row.get("output"))
    else:
        span.question = question_of(row.get("input"))
    return span
