"""Which format a path holds: by extension first, then by a look at the content (never by a full parse).

``detect_format`` picks the reader; ``sniff_content`` ignores the extension and describes what the bytes look
like, so a wrong-format message can say "this looks like a JSON array: use --format json".
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from faithkit.errors import UsageError

FORMATS = ("jsonl", "json", "csv", "tsv", "parquet", "hf", "promptfoo", "openinference", "langfuse", "otlp")
ALIASES = {
    "ndjson": "jsonl",
    "datasets": "hf",
    "hf-dataset": "hf",
    "huggingface": "hf",
    "phoenix": "openinference",
    "otel": "otlp",
    "ragas": None,
    "deepeval": None,
}
_HEAD_BYTES = 1 << 16
_OPENINFERENCE_KEYS = ("context.trace_id", "span_kind", "attributes.openinference.span.kind")


def normalise_format(name: str | None) -> str | None:
    """A ``--format`` value -> a reader name; None means detect. Ragas/DeepEval files are JSONL, JSON or CSV, so
    those names mean "detect by extension"."""
    if name is None:
        return None
    key = name.strip().lower()
    if key in FORMATS:
        return key
    if key in ALIASES:
        return ALIASES[key]
    raise UsageError(f"unknown --format {name!r}: choose one of {', '.join(FORMATS)}")


def detect_format(path: Path) -> str:
    """The reader for ``path``: a folder is a Hugging Face dataset; otherwise extension, refined by content."""
    if path.is_dir():
        if (
            (path / "dataset_info.json").exists()
            or (path / "state.json").exists()
            or (path / "dataset_dict.json").exists()
        ):
            return "hf"
        raise UsageError(
            f"{path} is a folder but not a Hugging Face dataset saved with save_to_disk "
            "(no dataset_info.json / state.json)"
        )
    suffix = path.suffix.lower()
    if suffix in (".parquet", ".pq"):
        return _parquet_kind(path)
    if suffix == ".csv":
        return "csv"
    if suffix == ".tsv":
        return "tsv"
    if suffix in (".json", ".jsonl", ".ndjson"):
        kind, _ = sniff_content(path)
        if kind in ("promptfoo", "openinference", "langfuse", "otlp"):
            return kind
        if suffix == ".json":  # a .json file is JSON unless it really holds several JSON lines
            several = sum(1 for line in _head(path).splitlines() if line.strip()) > 1
            return "jsonl" if kind == "jsonl" and several else "json"
        return "jsonl"
    kind, _ = sniff_content(path)
    return kind if kind != "unknown" else "jsonl"


def _parquet_kind(path: Path) -> str:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        return "parquet"
    names = set(pq.read_schema(path).names)
    return "openinference" if names & set(_OPENINFERENCE_KEYS) else "parquet"


def _head(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(_HEAD_BYTES)


def sniff_content(path: Path) -> tuple[str, str]:
    """(format, a short description of the shape) from the first 64 KiB, whatever the extension says.
    Remembered per (path, size, mtime): a run asks several times and a JSON file may be parsed whole."""
    if path.is_file():
        stat = path.stat()
        return _sniff_cached(str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    return _sniff(path)


@functools.lru_cache(maxsize=64)
def _sniff_cached(path: str, size: int, mtime_ns: int) -> tuple[str, str]:
    return _sniff(Path(path))


def _sniff(path: Path) -> tuple[str, str]:
    if path.is_dir():
        return ("hf", "a Hugging Face dataset folder") if detect_format(path) == "hf" else ("unknown", "a folder")
    head = _head(path)
    if head.startswith(b"PAR1"):
        return "parquet", "a Parquet file"
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff")
    stripped = text.lstrip()
    if not stripped:
        return "unknown", "an empty file"
    first_line = stripped.splitlines()[0].strip()
    if stripped[0] in "[{":
        whole = _whole_json(path) if stripped[0] == "[" or not _is_json(first_line) else None
        if whole is not None:
            return _json_kind(whole)
        if _is_json(first_line):
            value = json.loads(first_line)
            kind = _json_kind(value)
            if (
                kind[0] in ("otlp", "promptfoo")
                or kind[0] != "json"
                and isinstance(value, dict)
                and len(stripped.splitlines()) == 1
            ):
                return kind
            if isinstance(value, dict) and _is_openinference_row(value):
                return "openinference", "OpenInference spans, one JSON object per line"
            if isinstance(value, dict) and _is_langfuse_row(value):
                return "langfuse", "Langfuse observations, one JSON object per line"
            return "jsonl", "JSON Lines (one JSON object per line)"
        marked = _kind_from_markers(text)  # a file too large to parse just to sniff it
        if marked is not None:
            return marked
        return ("json", "a JSON array") if stripped[0] == "[" else ("json", "a JSON object spread over several lines")
    lines = [line for line in text.splitlines()[:5] if line.strip()]
    if lines and all("\t" in line for line in lines):
        return "tsv", f"a TSV table with the header {lines[0].split(chr(9))[:6]}"
    if lines and all("," in line for line in lines[:1]):
        return "csv", f"a CSV table with the header {lines[0].split(',')[:6]}"
    return "unknown", "text that is not JSON, JSON Lines, CSV or TSV"


def _is_json(line: str) -> bool:
    try:
        json.loads(line)
    except (json.JSONDecodeError, ValueError):
        return False
    return True


_MARKERS = (
    ('"resourceSpans"', "otlp", "an OTLP JSON trace export (resourceSpans)"),
    ('"evalId"', "promptfoo", "a promptfoo results file (eval -o results.json)"),
    ('"context.trace_id"', "openinference", "OpenInference spans"),
    ('"parentObservationId"', "langfuse", "Langfuse observations"),
)


def _kind_from_markers(head: str) -> tuple[str, str] | None:
    return next(((kind, shape) for marker, kind, shape in _MARKERS if marker in head), None)


def _whole_json(path: Path, limit: int = 32 << 20) -> object | None:
    """The file as one JSON value, or None (not JSON, or too large to sniff this way)."""
    if path.stat().st_size > limit:
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None


def _is_openinference_row(row: dict) -> bool:
    if any(key in row for key in _OPENINFERENCE_KEYS):
        return True
    context, attributes = row.get("context"), row.get("attributes")
    return (
        isinstance(context, dict)
        and "trace_id" in context
        and isinstance(attributes, dict)
        and ("openinference.span.kind" in attributes or "openinference" in attributes)
    )


def _is_langfuse_row(row: dict) -> bool:
    return "traceId" in row and row.get("type") in (
        "SPAN",
        "GENERATION",
        "EVENT",
        "RETRIEVER",
        "AGENT",
        "TOOL",
        "CHAIN",
        "EMBEDDING",
        "EVALUATOR",
        "GUARDRAIL",
    )


def _json_kind(value: object) -> tuple[str, str]:
    if isinstance(value, dict):
        if "resourceSpans" in value:
            return "otlp", "an OTLP JSON trace export (resourceSpans)"
        results = value.get("results")
        if isinstance(results, dict) and isinstance(results.get("results"), list) or "evalId" in value:
            return "promptfoo", "a promptfoo results file (eval -o results.json)"
        for key in ("data", "observations", "spans"):
            rows = value.get(key)
            if isinstance(rows, list) and rows and isinstance(rows[0], dict):
                if _is_langfuse_row(rows[0]):
                    return "langfuse", f"Langfuse observations under `{key}`"
                if _is_openinference_row(rows[0]):
                    return "openinference", f"OpenInference spans under `{key}`"
        return "json", "a JSON object"
    if isinstance(value, list):
        first = value[0] if value else None
        if isinstance(first, dict) and _is_openinference_row(first):
            return "openinference", "a JSON array of OpenInference spans"
        if isinstance(first, dict) and _is_langfuse_row(first):
            return "langfuse", "a JSON array of Langfuse observations"
        return "json", "a JSON array"
    return "json", f"a single JSON {type(value).__name__}"
