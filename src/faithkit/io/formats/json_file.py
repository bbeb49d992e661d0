"""A JSON file holding the records: an array, or an object with one list of records (``data``, ``goldens``...).

DeepEval's ``EvaluationDataset.save_as(file_type="json")`` writes an array of goldens; many tools wrap the
array in an object. The file is decoded whole (JSON has no record boundaries to stream on); each element then
goes through the same row parser as JSONL, numbered from 1.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from faithkit.errors import InputFormatError
from faithkit.io.formats.rows import rows_to_items
from faithkit.io.log import LineError
from faithkit.records import Interaction

PREFERRED_KEYS = (
    "data",
    "records",
    "interactions",
    "examples",
    "samples",
    "rows",
    "test_cases",
    "testCases",
    "goldens",
    "items",
)


def load_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise InputFormatError(f"{path}: not valid UTF-8 (byte {exc.start})") from exc
    except json.JSONDecodeError as exc:
        hint = " (one JSON object per line? use --format jsonl)" if "Extra data" in exc.msg else ""
        raise InputFormatError(
            f"{path}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}{hint}"
        ) from exc


def records_of(value: Any, path: Path) -> list[Any]:
    """The list of records inside a decoded JSON file; InputFormatError naming the keys when there is none."""
    if isinstance(value, list):
        return value
    if not isinstance(value, dict):
        raise InputFormatError(f"{path}: expected a JSON array or an object holding one, got {type(value).__name__}")
    lists = {k: v for k, v in value.items() if isinstance(v, list) and v and all(isinstance(r, dict) for r in v)}
    for key in PREFERRED_KEYS:
        if key in lists:
            return lists[key]
    if len(lists) == 1:
        return next(iter(lists.values()))
    if "answer" in value or "response" in value or "actual_output" in value:
        return [value]  # a single record saved as one object
    found = ", ".join(f"`{k}`" for k in lists) or "none"
    raise InputFormatError(
        f"{path}: a JSON object with no single list of records (lists of objects: {found}); "
        f"keys: {', '.join(list(value)[:12])}"
    )


def read_json(path: Path, *, contexts_separator: str | None = None,
              fields: Mapping[str, str] | None = None) -> Iterator[Interaction | LineError]:
    records = records_of(load_json(path), path)
    yield from rows_to_items(enumerate(records, 1), separator=contexts_separator, fields=fields)
