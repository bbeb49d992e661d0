"""Input formats: one entry point, ``read(path, format=None)``, for every shape of log a team keeps.

Each reader yields the items ``io/log.py`` yields for JSONL (an ``Interaction``, or a ``LineError`` with its
1-based record number and a reason), so the pipeline, ``--resume`` and every command take any format with no
second path. The format comes from ``--format`` or is detected (extension, then content: see ``detect``).

    jsonl          one JSON object per line (faithkit, Ragas ``to_jsonl``, DeepEval, promptfoo-style names)
    json           a JSON array, or an object holding one list of records (DeepEval ``save_as`` JSON)
    csv, tsv       a header row; list cells as JSON, a Python list repr (Ragas ``to_csv``) or joined text
    parquet        a Parquet file (pyarrow)
    hf             a Hugging Face ``datasets`` folder written by ``save_to_disk``
    promptfoo      ``promptfoo eval -o results.json``
    openinference  OpenInference / Phoenix span exports (JSON, JSONL, Parquet)      } one record per trace:
    langfuse       Langfuse observation exports (JSON, JSONL)                         } retrieval joined to the
    otlp           OpenTelemetry GenAI spans as OTLP JSON                             } generation it fed
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from faithkit.errors import UsageError
from faithkit.io.fields import check_field_map
from faithkit.io.formats.detect import FORMATS, detect_format, normalise_format, sniff_content
from faithkit.io.formats.guard import all_errors_message, guard_head
from faithkit.io.log import LineError, read_log
from faithkit.records import Interaction

__all__ = [
    "FORMATS",
    "read",
    "resolve_format",
    "detect_format",
    "sniff_content",
    "input_sha256",
    "all_errors_message",
    "preflight",
]

Item = Interaction | LineError
TRACE_FORMATS = ("openinference", "langfuse", "otlp")


def _reader(name: str) -> Callable[..., Iterator[Item]]:
    """The reader function for a format, imported only when used (pyarrow/datasets stay unloaded otherwise)."""
    if name == "jsonl":
        return lambda path, max_record_bytes=None, fields=None, **_: read_log(
            path, *(() if max_record_bytes is None else (max_record_bytes,)), fields=fields)
    if name == "json":
        from faithkit.io.formats.json_file import read_json

        return read_json
    if name in ("csv", "tsv"):
        from faithkit.io.formats.table import read_table

        return lambda path, **kw: read_table(path, delimiter="\t" if name == "tsv" else ",", **kw)
    if name == "parquet":
        from faithkit.io.formats.columnar import read_parquet

        return read_parquet
    if name == "hf":
        from faithkit.io.formats.columnar import read_dataset

        return read_dataset
    if name == "promptfoo":
        from faithkit.io.formats.promptfoo import read_promptfoo

        return read_promptfoo
    from faithkit.io.formats.traces import read_traces

    return lambda path, **kw: read_traces(path, name)


def resolve_format(path: str | Path, format: str | None = None) -> str:
    """The format ``read`` would use for ``path`` (``format`` forced, else detected); UsageError if absent."""
    path = Path(path)
    if not path.exists():
        raise UsageError(f"input log not found: {path}")
    return normalise_format(format) or detect_format(path)


def read(
    path: str | Path, format: str | None = None, *, contexts_separator: str | None = None, guard: bool = True,
    max_record_bytes: int | None = None, fields: Mapping[str, str] | None = None,
) -> Iterator[Item]:
    """Stream the records of ``path``: one Interaction or LineError per record, in order.

    format: force a reader (see the module docstring); None detects it.
    contexts_separator: split text list cells (CSV/TSV, or string columns elsewhere) on this string.
    guard: stop with InputFormatError (exit 2) when most of the first records fail the same way, naming the
    shape the content has and the ``--format`` that reads it.
    max_record_bytes: JSONL lines longer than this are error records (``faithkit.limits``; None: the default).
    fields: other column / key names mapped onto faithkit's (``faithkit.io.fields``: ``{"answer": "llm_answer"}``);
    a trace export has no columns to map, so fields with one is a UsageError.
    """
    path = Path(path)
    name = resolve_format(path, format)
    extra: dict[str, Any] = {}
    if max_record_bytes is not None and name == "jsonl":
        extra["max_record_bytes"] = max_record_bytes
    if fields:
        if name in TRACE_FORMATS:
            raise UsageError(f"--field maps columns or keys, and a {name} export has none: its question, passages "
                             "and answer are read from the spans (faithkit.io.formats.traces)")
        extra["fields"] = check_field_map(fields)
    items = _reader(name)(path, contexts_separator=contexts_separator, **extra)
    return guard_head(items, path, name) if guard else items


def preflight(path: str | Path, format: str | None = None, **options: Any) -> str:
    """Resolve the format and read the first records, so a wrong format fails before a model loads or an
    output folder is touched. Returns the format name."""
    name = resolve_format(path, format)
    items = read(path, name, **options)
    next(items, None)  # guard_head decides on the head before yielding the first item
    return name


def input_sha256(path: str | Path) -> str:
    """SHA-256 of the input: the file's bytes, or for a folder (a saved dataset) its files' names and bytes in
    sorted order, so ``--resume`` refuses a changed input either way."""
    path = Path(path)
    digest = hashlib.sha256()
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    for file in files:
        if path.is_dir():
            digest.update(str(file.relative_to(path)).encode() + b"\0")
        with file.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    return digest.hexdigest()
