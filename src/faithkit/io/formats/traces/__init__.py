"""Trace exports -> interactions: each reader maps its spans to ``spans.Span``; ``join`` pairs the retrieval
with the generation it fed, one record per trace (or an error record with the reason)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from faithkit.errors import InputFormatError
from faithkit.io.formats.traces.join import join_traces
from faithkit.io.formats.traces.spans import Span
from faithkit.io.log import LineError
from faithkit.records import Interaction


def _rows(path: Path) -> list[Any]:
    """Span rows of a JSON array/object, a JSONL file or a Parquet file."""
    if path.suffix.lower() in (".parquet", ".pq"):
        from faithkit.io.formats.columnar import parquet_rows

        return list(parquet_rows(path))
    from faithkit.io.formats.json_file import load_json, records_of

    text = path.read_text(encoding="utf-8-sig")
    try:
        return (
            records_of(json.loads(text), path)
            if text.lstrip()[:1] == "[" or "\n" not in text.strip()
            else records_of(load_json(path), path)
        )
    except (json.JSONDecodeError, InputFormatError):
        rows = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise InputFormatError(f"{path}: line {number} is not JSON ({exc.msg})") from exc
        return rows


def read_spans(path: Path, fmt: str) -> tuple[list[Span], list[int]]:
    """The spans of an export, and the 1-based row numbers of rows that carry no trace id or span id."""
    if fmt == "otlp":
        from faithkit.io.formats.json_file import load_json
        from faithkit.io.formats.traces.otlp import iter_otlp_spans, otlp_span

        document = load_json(path)
        try:
            raws = list(iter_otlp_spans(document))
        except InputFormatError as exc:
            raise InputFormatError(f"{path}: {exc.reason}") from exc
        spans = [otlp_span(raw, order) for order, raw in enumerate(raws)]
    else:
        if fmt == "langfuse":
            from faithkit.io.formats.traces.langfuse import row_to_span
        else:
            from faithkit.io.formats.traces.openinference import row_to_span
        spans = [row_to_span(row, order) if isinstance(row, dict) else None for order, row in enumerate(_rows(path))]
    found = [s for s in spans if s is not None]
    if spans and not found:
        raise InputFormatError(f"{path}: no span carries a trace id and a span id: is this a {fmt} export?")
    return found, [row for row, span in enumerate(spans, 1) if span is None]


def read_traces(path: Path, fmt: str) -> Iterator[Interaction | LineError]:
    """Records of a trace export: one per trace (or per answer when a trace holds several, told apart), then
    one error record per span row that belongs to no trace, so no row of the file goes unaccounted."""
    spans, orphans = read_spans(path, fmt)
    last = 0
    for record in join_traces(spans, fmt):
        last = record.line
        yield record
    for offset, row in enumerate(orphans, last + 1):
        yield LineError(
            offset,
            f"span-row-{row}",
            f"span row {row} has no trace id or span id: it belongs to no trace and was not read",
        )
