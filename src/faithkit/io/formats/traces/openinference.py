"""OpenInference spans (Arize Phoenix exports, OpenInference-instrumented OTel): rows -> ``Span``.

A row is one span as Phoenix's span dataframe holds it (``context.trace_id``, ``context.span_id``,
``parent_id``, ``span_kind``, ``start_time``, ``end_time``, ``attributes.*``) or as plain OTel attributes. The
attributes may be flat (``retrieval.documents.0.document.content``), nested dicts, or a list of flat dicts
(``attributes.retrieval.documents`` = ``[{"document.content": ...}]``, Phoenix's dataframe form): they are
flattened first, so all forms read the same.
"""

from __future__ import annotations

from typing import Any

from faithkit.io.formats.traces.spans import (
    GENERATION,
    OTHER,
    RETRIEVER,
    Document,
    Span,
    flatten,
    indexed,
    maybe_json,
    text_of,
    timestamp,
)

KIND = {"RETRIEVER": RETRIEVER, "LLM": GENERATION}


def question_of(value: Any) -> str | None:
    value = maybe_json(value)
    if isinstance(value, dict):
        for key in ("query", "question", "input", "user_input", "query_str"):
            if isinstance(value.get(key), str):
                return value[key]
        return None
    return value if isinstance(value, str) else None


def attributes_to_span(
    flat: dict[str, Any],
    *,
    trace_id: str,
    span_id: str,
    parent_id: str | None,
    name: str,
    start: Any,
    end: Any,
    order: int,
    kind: str | None = None,
) -> Span:
    """A span from flat OpenInference attributes (shared with the OTLP reader)."""
    kind_name = str(kind or flat.get("openinference.span.kind") or "").upper()
    span = Span(
        trace_id,
        span_id,
        parent_id or None,
        KIND.get(kind_name, OTHER),
        name,
        timestamp(start),
        timestamp(end),
        order=order,
    )
    if span.kind == RETRIEVER:
        docs = indexed(flat, r"retrieval\.documents\.(\d+)\.document\.(content|id)")
        span.documents = [
            Document(
                str(d["id"]) if d.get("id") not in (None, "") else None,
                d.get("content") if isinstance(d.get("content"), str) and d["content"] else None,
            )
            for d in docs.values()
        ]
    if span.kind == GENERATION:
        inputs = [
            v
            for k, v in flat.items()
            if k.startswith("llm.input_messages.")
            and isinstance(v, str)
            and (k.endswith(".message.content") or k.endswith(".message_content.text"))
        ]
        prompts = [v for k, v in flat.items() if k.startswith("llm.prompts") and isinstance(v, str)]
        value = text_of(flat.get("input.value"))
        span.prompt_text = "\n".join(inputs + prompts + ([value] if value else [])) or None
        outputs = indexed(flat, r"llm\.output_messages\.(\d+)\.message\.(content|role)")
        replies = [
            m["content"]
            for m in outputs.values()
            if isinstance(m.get("content"), str) and m.get("role", "assistant") == "assistant"
        ]
        span.answer = replies[-1] if replies else text_of(flat.get("output.value"))
    else:
        span.question = question_of(flat.get("input.value"))
    return span


def row_to_span(row: dict[str, Any], order: int) -> Span | None:
    """A Phoenix span row (JSON/JSONL/Parquet) -> Span; None for a row that is not a span (no ids)."""
    flat = flatten(row)
    attributes = {k[len("attributes.") :]: v for k, v in flat.items() if k.startswith("attributes.")}
    trace_id = flat.get("context.trace_id") or flat.get("trace_id")
    span_id = flat.get("context.span_id") or flat.get("span_id")
    if not trace_id or not span_id:
        return None
    return attributes_to_span(
        attributes,
        trace_id=str(trace_id),
        span_id=str(span_id),
        parent_id=flat.get("parent_id") or flat.get("parent_span_id"),
        name=str(flat.get("name") or ""),
        start=flat.get("start_time"),
        end=flat.get("end_time"),
        order=order,
        kind=flat.get("span_kind"),
    )
