"""Rows of a table or list (any format) -> the same items the JSONL reader yields.

Every reader that is not line-oriented turns its records into plain dicts and hands them here, so field-name
detection (faithkit / Ragas / DeepEval / promptfoo names), validation and duplicate-id handling are the ones
``io/log.py`` applies to JSONL: one path, whatever the file. ``line`` is the 1-based record number.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from faithkit.errors import InputFormatError
from faithkit.io.fields import apply_field_map
from faithkit.io.log import LineError, mark_duplicates, parse_interaction
from faithkit.limits import describe, safe_text, unencodable_field
from faithkit.records import Interaction

# Columns whose cell may hold a list written as text (a JSON list, or a Python repr as pandas.to_csv writes it).
LIST_FIELDS = (
    "contexts",
    "retrieved_contexts",
    "retrieval_context",
    "context",
    "reference_contexts",
    "tools_called",
    "expected_tools",
)


def plain(value: Any) -> Any:
    """A cell from pyarrow / numpy / pandas as plain Python (arrays -> lists, NaN -> None), recursively."""
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        value = value.tolist()
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def decode_list_cell(text: str, separator: str | None) -> Any:
    """A text cell that should hold a list: a JSON list, a Python list repr, or ``separator``-joined text.

    Without a separator a cell that is not a list stays one passage (a single context), never split on a guess.
    """
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            return json.loads(stripped)
        except json.JSONDecodeError:
            try:
                value = ast.literal_eval(stripped)  # pandas writes lists as their Python repr: ['a', "b's"]
            except (ValueError, SyntaxError) as exc:
                raise InputFormatError(f"a list cell is neither JSON nor a Python list literal ({exc})") from exc
            if isinstance(value, list):
                return value
    if separator:
        return [part for part in text.split(separator) if part.strip()]
    return [text] if stripped else []


def rows_to_items(
    rows: Iterable[tuple[int, Any]], *, separator: str | None = None, text_cells: bool = False,
    fields: Mapping[str, str] | None = None,
) -> Iterator[Interaction | LineError]:
    """``(record number, row)`` pairs -> Interaction or LineError each, duplicate ids marked as in JSONL.

    text_cells: the row came from CSV/TSV, where every cell is text: list fields are decoded from text, empty
    optional cells are dropped and a JSON object in ``metadata`` is decoded.
    fields: other column names mapped onto faithkit's (``io/fields.py``), before anything else is read.
    """

    def parse(number: int, row: Any) -> Interaction | LineError:
        try:
            row = apply_field_map(row, fields)
            if text_cells and isinstance(row, dict):
                row = _from_text_cells(row, separator)
            elif separator and isinstance(row, dict):
                row = {
                    k: (decode_list_cell(v, separator) if k in LIST_FIELDS and isinstance(v, str) else v)
                    for k, v in row.items()
                }
            bad_field = unencodable_field(row)  # a lone surrogate would crash the writer (faithkit.limits)
            if bad_field is not None:
                raise InputFormatError(f"text that cannot be written as UTF-8 (a lone surrogate) in {bad_field}")
            return parse_interaction(row, number)
        except Exception as exc:  # noqa: BLE001 - per-record isolation: any failure is this record's error
            raw_id = row.get("id") if isinstance(row, dict) else None
            return LineError(
                number,
                safe_text(str(raw_id)) if isinstance(raw_id, (str, int)) and raw_id != "" else f"record-{number}",
                exc.reason if isinstance(exc, InputFormatError) else f"could not read the record: {describe(exc)}",
            )

    return mark_duplicates(parse(number, row) for number, row in rows)


def _from_text_cells(row: dict[str, Any], separator: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in row.items():
        if key is None:  # csv.DictReader puts surplus cells under None
            raise InputFormatError(f"the row has more cells than the header ({len(value)} extra)")
        if value is None or value == "":
            if key in ("question", "user_input", "input", "answer", "response", "actual_output") or key in LIST_FIELDS:
                out[key] = "" if key not in LIST_FIELDS else []
            continue
        if key == "retrieval_context" and separator is None and not value.strip().startswith("["):
            out[key] = value  # DeepEval's CSV: "|"-joined, split by the DeepEval field mapping (io/log.py)
        elif key in LIST_FIELDS:
            out[key] = decode_list_cell(value, separator)
        elif key == "metadata" and value.strip().startswith("{"):
            try:
                out[key] = json.loads(value)
            except json.JSONDecodeError as exc:
                raise InputFormatError(f"`metadata` cell is not a JSON object ({exc.msg})") from exc
        else:
            out[key] = value
    return out
