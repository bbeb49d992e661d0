"""``--field NAME=COLUMN``: read a log whose columns or keys have other names, without rewriting the file.

A team's CSV says ``query,docs,llm_answer``; faithkit reads ``question,contexts,answer`` (or the Ragas, DeepEval
and promptfoo names it detects). ``--field question=query --field contexts=docs --field answer=llm_answer`` maps
them: each record's ``docs`` becomes its ``contexts`` before the record is parsed, in every format that has
columns or keys (JSONL, JSON, CSV/TSV, Parquet, datasets folders; promptfoo's test variables), so list cells are
decoded, ids checked and errors reported exactly as for a file that used faithkit's names. A COLUMN with dots
(``input.query``) reaches into nested objects when no key has that name. A mapped column wins over a column that
already has the target's name. The mapping is recorded in the run's manifest and run identity, so a ``--resume``
with another mapping is refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from faithkit.errors import InputFormatError, UsageError
from faithkit.suggest import did_you_mean

FIELD_NAMES = ("id", "question", "contexts", "answer", "reference")
"""The fields a log's columns can be mapped onto."""

REQUIRED = frozenset({"contexts", "answer"})
"""A record without the mapped column for these is that record's error; the others are optional."""

_MISSING = object()


def parse_field_map(values: Iterable[str] | None) -> dict[str, str]:
    """``["question=query", "answer=llm_answer"]`` -> ``{"question": "query", "answer": "llm_answer"}``.

    UsageError for a value without ``=``, an unknown field name (with the closest one and the valid ones) or a
    field mapped twice."""
    mapping: dict[str, str] = {}
    for value in values or ():
        name, sep, column = value.partition("=")
        name, column = name.strip(), column.strip()
        if not sep or not name or not column:
            raise UsageError(f"--field {value!r}: expected NAME=COLUMN, e.g. --field answer=llm_answer")
        if name not in FIELD_NAMES:
            raise UsageError(f"--field {value!r}: unknown field {name!r}{did_you_mean(name, FIELD_NAMES)}; fields "
                             f"are {', '.join(FIELD_NAMES)}")
        if name in mapping:
            raise UsageError(f"--field {name} given twice ({name}={mapping[name]}, {name}={column})")
        mapping[name] = column
    return mapping


def check_field_map(mapping: Mapping[str, str]) -> dict[str, str]:
    """A mapping given in Python (``fields={"answer": "llm_answer"}``) checked by the same rules as ``--field``."""
    return parse_field_map(f"{name}={column}" for name, column in mapping.items())


def _lookup(row: Mapping[Any, Any], column: str) -> Any:
    if column in row:
        return row[column]
    value: Any = row
    for part in column.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return _MISSING
        value = value[part]
    return value


def apply_field_map(row: Any, mapping: Mapping[str, str] | None) -> Any:
    """``row`` with each mapped column moved to its field name (a new dict; ``row`` is not changed).

    InputFormatError when the column of a required field (contexts, answer) is missing from the row."""
    if not mapping or not isinstance(row, Mapping):
        return row
    out = dict(row)
    for name, column in mapping.items():
        value = _lookup(row, column)
        if value is _MISSING:
            if name in REQUIRED:
                keys = ", ".join(str(k) for k in list(row)[:12])
                raise InputFormatError(f"no column or key {column!r} for --field {name}={column} (it has: {keys})")
            continue
        out.pop(column, None)
        out[name] = value
    return out
