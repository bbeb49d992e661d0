"""OTLP JSON trace exports (``resourceSpans`` / ``scopeSpans`` / ``spans``) -> ``Span``.

Attributes arrive as OTLP ``{key, value: AnyValue}`` lists. A span carrying OpenInference attributes is read as
OpenInference; otherwise the OpenTelemetry GenAI semantic conventions apply: ``gen_ai.operation.name``
``retrieval`` with ``gen_ai.retrieval.documents`` (a JSON list of ``{id, content}``) and
``gen_ai.retrieval.query.text``; ``chat`` / ``text_completion`` / ``generate_content`` with
``gen_ai.input.messages`` / ``gen_ai.system_instructions`` / ``gen_ai.output.messages`` (JSON, message
``parts``), or the older ``gen_ai.prompt`` / ``gen_ai.completion`` attributes and ``gen_ai.*.message`` /
``gen_ai.choice`` events. Ids may be hex (the OTLP/JSON rule) or base64 (protobuf's JSON mapping).
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from typing import Any

from faithkit.errors import InputFormatError
from faithkit.io.formats.traces.openinference import attributes_to_span
from faithkit.io.formats.traces.spans import GENERATION, OTHER, RETRIEVER, Document, Span, maybe_json, text_of

GENERATION_OPS = ("chat", "text_completion", "generate_content")


def any_value(value: Any) -> Any:
    """An OTLP AnyValue -> Python."""
    if not isinstance(value, dict):
        return value
    for key in ("stringValue", "boolValue", "doubleValue"):
        if key in value:
            return value[key]
    if "intValue" in value:
        return int(value["intValue"])
    if "arrayValue" in value:
        return [any_value(v) for v in value["arrayValue"].get("values", [])]
    if "kvlistValue" in value:
        return attributes(value["kvlistValue"].get("values", []))
    if "bytesValue" in value:
        return value["bytesValue"]
    return None


def attributes(items: Any) -> dict[str, Any]:
    if isinstance(items, dict):
        return items
    return {a["key"]: any_value(a.get("value")) for a in items or [] if isinstance(a, dict) and "key" in a}


def hex_id(value: Any) -> str | None:
    if not value:
        return None
    text = str(value)
    if re.fullmatch(r"[0-9a-fA-F]{16}|[0-9a-fA-F]{32}", text):
        return text.lower()
    try:
        return base64.b64decode(text, validate=True).hex()
    except (binascii.Error, ValueError):
        return text


def iter_otlp_spans(document: Any) -> Iterator[dict[str, Any]]:
    if not isinstance(document, dict) or "resourceSpans" not in document:
        raise InputFormatError("not an OTLP JSON export (no `resourceSpans`)")
    for resource in document["resourceSpans"] or []:
        for scope in resource.get("scopeSpans", resource.get("instrumentationLibrarySpans", [])) or []:
            yield from scope.get("spans", []) or []


def _genai_span(span: Span, attrs: dict[str, Any], events: list[dict[str, Any]]) -> Span:
    op = str(attrs.get("gen_ai.operation.name") or "")
    if op == "retrieval":
        span.kind = RETRIEVER
        docs = maybe_json(attrs.get("gen_ai.retrieval.documents"))
        span.documents = [
            Document(
                str(d["id"]) if isinstance(d, dict) and d.get("id") else None,
                (d.get("content") or d.get("text") or None) if isinstance(d, dict) else d or None,
            )
            for d in (docs if isinstance(docs, list) else [])
        ]
        span.question = attrs.get("gen_ai.retrieval.query.text")
    elif op in GENERATION_OPS:
        span.kind = GENERATION
        prompt = [
            text_of(maybe_json(attrs.get(k)))
            for k in ("gen_ai.system_instructions", "gen_ai.input.messages", "gen_ai.prompt")
        ]
        prompt += [
            text_of(attributes(e.get("attributes")).get("content"))
            for e in events
            if str(e.get("name", "")).endswith((".system.message", ".user.message"))
        ]
        span.prompt_text = "\n".join(p for p in prompt if p) or None
        answer = text_of(maybe_json(attrs.get("gen_ai.output.messages"))) or text_of(attrs.get("gen_ai.completion"))
        if answer is None:
            choices = [attributes(e.get("attributes")) for e in events if e.get("name") == "gen_ai.choice"]
            answer = text_of([c.get("message", c) for c in choices]) if choices else None
        span.answer = answer
    return span


def otlp_span(raw: dict[str, Any], order: int) -> Span | None:
    trace_id, span_id = hex_id(raw.get("traceId")), hex_id(raw.get("spanId"))
    if not trace_id or not span_id:
        return None
    attrs = attributes(raw.get("attributes"))
    start, end = raw.get("startTimeUnixNano"), raw.get("endTimeUnixNano")
    common = {
        "trace_id": trace_id,
        "span_id": span_id,
        "parent_id": hex_id(raw.get("parentSpanId")),
        "name": str(raw.get("name") or ""),
        "start": int(start) if start else None,
        "end": int(end) if end else None,
        "order": order,
    }
    if "openinference.span.kind" in attrs:
        return attributes_to_span(attrs, **common)
    span = Span(
        common["trace_id"],
        common["span_id"],
        common["parent_id"],
        OTHER,
        common["name"],
        common["start"],
        common["end"],
        order=order,
    )
    return _genai_span(span, attrs, [e for e in raw.get("events", []) or [] if isinstance(e, dict)])
