"""Reading interaction logs (JSONL), streamed line by line.

Every non-blank line yields either an ``Interaction`` or a ``LineError`` with its 1-based line number and a
reason, so a malformed line never stops the run and never disappears from the results. Field names are
detected per line: faithkit's own (``question``, ``contexts``, ``answer``), Ragas (``user_input``,
``retrieved_contexts``, ``response``), DeepEval (``input``, ``retrieval_context``, ``actual_output``; its
``context`` is ground truth, not prompt context, and is kept in metadata only) and promptfoo-style ``vars``
(``query``, ``context``) with the answer in ``output`` / ``response``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from faithkit.errors import InputFormatError, UsageError
from faithkit.io.fields import apply_field_map
from faithkit.limits import DEFAULT_MAX_RECORD_BYTES, describe, safe_text, unencodable_field
from faithkit.records import Interaction, Passage

_KNOWN = {"id", "question", "contexts", "answer", "reference", "metadata"}
_RAGAS = {"user_input", "retrieved_contexts", "response", "reference"}
_DEEPEVAL = {"input", "actual_output", "retrieval_context", "expected_output"}


@dataclass(frozen=True)
class LineError:
    """A line that could not be read as an interaction: reported, counted, never dropped."""

    line: int
    id: str
    reason: str


def parse_contexts(value: Any, line: int | None = None) -> tuple[Passage, ...]:
    """Contexts as the log gives them (plain strings or ``{"id", "text"}`` objects, in prompt order) -> passages.

    A plain string gets the id ``p{index}``. A repeated passage id gets a ``#n`` suffix so evidence stays
    unambiguous. Raises InputFormatError on wrong types.
    """
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise InputFormatError(f"contexts must be a list of strings or {{id, text}} objects, got "
                               f"{type(value).__name__}", line)
    passages: list[Passage] = []
    seen: dict[str, int] = {}
    for index, item in enumerate(value):
        if isinstance(item, str):
            pid, text = f"p{index}", item
        elif isinstance(item, dict):
            text = item.get("text", item.get("content", item.get("page_content")))
            pid = item.get("id", f"p{index}")
            if not isinstance(text, str):
                raise InputFormatError(f"contexts[{index}] has no string `text`", line)
            if not isinstance(pid, (str, int)):
                raise InputFormatError(f"contexts[{index}].id must be a string", line)
            pid = str(pid)
        else:
            raise InputFormatError(f"contexts[{index}] must be a string or an object, got {type(item).__name__}",
                                   line)
        if pid in seen:
            seen[pid] += 1
            pid = f"{pid}#{seen[pid]}"
        else:
            seen[pid] = 0
        passages.append(Passage(pid, text))
    return tuple(passages)


def _require_str(value: Any, name: str, line: int) -> str:
    if value is None:
        raise InputFormatError(f"missing `{name}`", line)
    if not isinstance(value, str):
        raise InputFormatError(f"`{name}` must be a string, got {type(value).__name__}", line)
    return value


def _promptfoo_answer(obj: dict[str, Any]) -> Any:
    for key in ("output", "response", "answer"):
        value = obj.get(key)
        if isinstance(value, dict):
            value = value.get("output")
        if value is not None:
            return value
    return obj.get("vars", {}).get("answer") if isinstance(obj.get("vars"), dict) else None


def parse_interaction(obj: Any, line: int) -> Interaction:
    """One decoded JSON value -> Interaction, detecting the field naming; raises InputFormatError."""
    if not isinstance(obj, dict):
        raise InputFormatError(f"expected a JSON object, got {type(obj).__name__}", line)
    raw_id = obj.get("id", obj.get("test_id"))
    if raw_id is not None and not isinstance(raw_id, (str, int)):
        raise InputFormatError("`id` must be a string or an integer", line)
    iid = str(raw_id) if raw_id is not None else f"line-{line}"
    metadata = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    if "metadata" in obj and not isinstance(obj["metadata"], dict):
        raise InputFormatError("`metadata` must be an object", line)

    if "answer" in obj or "contexts" in obj:
        fmt, used = "faithkit", _KNOWN
        question, contexts, answer = obj.get("question", ""), obj.get("contexts"), obj.get("answer")
        reference = obj.get("reference")
        if contexts is None:
            raise InputFormatError("missing `contexts` (the passages that were in the prompt)", line)
    elif "response" in obj or "retrieved_contexts" in obj or "user_input" in obj:
        fmt, used = "ragas", _RAGAS
        question, contexts, answer = obj.get("user_input", ""), obj.get("retrieved_contexts"), obj.get("response")
        reference = obj.get("reference")
        if contexts is None:
            raise InputFormatError("missing `retrieved_contexts` (Ragas field names)", line)
    elif "actual_output" in obj or "retrieval_context" in obj:
        fmt, used = "deepeval", _DEEPEVAL
        question, contexts, answer = obj.get("input", ""), obj.get("retrieval_context"), obj.get("actual_output")
        if isinstance(contexts, str):  # DeepEval's save_as (CSV, JSONL) joins the list with "|"; its loaders split
            contexts = [part for part in contexts.split("|") if part.strip()]
        reference = obj.get("expected_output")
        if contexts is None:
            hint = " (DeepEval's `context` is ground truth, not what was in the prompt)" if "context" in obj else ""
            raise InputFormatError(f"missing `retrieval_context`{hint}", line)
    elif isinstance(obj.get("vars"), dict):
        fmt, used = "promptfoo", {"vars", "output", "response"}
        variables = obj["vars"]
        question, contexts, answer = variables.get("query", ""), variables.get("context"), _promptfoo_answer(obj)
        reference = variables.get("reference")
        if contexts is None:
            raise InputFormatError("missing `vars.context`", line)
    else:
        raise InputFormatError("no answer/contexts fields (faithkit, Ragas, DeepEval or promptfoo names)", line)

    answer = _require_str(answer, {"faithkit": "answer", "ragas": "response", "deepeval": "actual_output",
                                   "promptfoo": "output"}[fmt], line)
    question = _require_str(question if question is not None else "", "question", line)
    if reference is not None and not isinstance(reference, str):
        raise InputFormatError("`reference` must be a string", line)
    extra = {k: v for k, v in obj.items() if k not in used and k not in {"id", "test_id", "metadata"}}
    return Interaction(iid, question, parse_contexts(contexts, line), answer, reference or None,
                       {**metadata, **extra}, line, fmt)


def read_log(path: str | Path, max_record_bytes: int = DEFAULT_MAX_RECORD_BYTES, *,
             fields: Mapping[str, str] | None = None) -> Iterator[Interaction | LineError]:
    """Stream a JSONL log: one Interaction or LineError per non-blank line, in order. Duplicate ids after
    the first occurrence become LineErrors (a second record under the same id would make comparisons lie).
    A line over ``max_record_bytes`` (0: no limit) is a LineError too (``faithkit.limits``). ``fields`` maps other
    key names onto faithkit's (``io/fields.py``)."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"input log not found: {path}")
    with path.open("rb") as handle:
        items = (parse_line(raw, number, max_record_bytes, fields) for number, raw in enumerate(handle, 1))
        yield from mark_duplicates(item for item in items if item is not None)


def mark_duplicates(items: Iterable[Interaction | LineError]) -> Iterator[Interaction | LineError]:
    """Items unchanged, except that a repeated id after its first occurrence becomes a LineError, and an error
    under an id already used gets a ``#lineN`` suffix (it must not shadow the record checked under that id in
    compare / gate). Shared by every input format (faithkit.io.formats), so a CSV or a trace export follows the
    same rule."""
    seen: dict[str, int] = {}
    error_ids: set[str] = set()
    for item in items:
        number = item.line
        if isinstance(item, Interaction):
            if item.id in seen:
                item = LineError(number, f"{item.id}#line{number}",
                                 f"duplicate id {item.id!r} (first seen on line {seen[item.id]})")
            else:
                seen[item.id] = number
        elif item.id in seen or item.id in error_ids:
            item = LineError(number, f"{item.id}#line{number}", item.reason)
        else:
            error_ids.add(item.id)  # a later good line with this id is still checked (compare prefers it)
        yield item


def parse_line(raw: bytes, number: int, max_record_bytes: int = 0,
               fields: Mapping[str, str] | None = None) -> Interaction | LineError | None:
    """Decode and parse one raw line; None for a blank line. Never raises: whatever goes wrong with one line
    (a 100,000-deep nesting, a 5,000-digit number, a lone surrogate) is that line's LineError."""
    if max_record_bytes and len(raw) > max_record_bytes:
        return LineError(number, f"line-{number}", f"record is {len(raw):,} bytes, over the limit of "
                                                   f"{max_record_bytes:,} (--max-record-bytes)")
    try:
        return _parse_line(raw, number, fields)
    except Exception as exc:  # noqa: BLE001 - per-record isolation: any failure is this line's error
        return LineError(number, f"line-{number}", f"could not read the record: {describe(exc)}")


def _parse_line(raw: bytes, number: int, fields: Mapping[str, str] | None = None) -> Interaction | LineError | None:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = raw[exc.start:exc.start + 1]
        return LineError(number, f"line-{number}", f"not valid UTF-8 (byte {exc.start}: {bad!r})")
    text = text.lstrip("\ufeff").rstrip("\r\n")
    if not text.strip():
        return None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        return LineError(number, f"line-{number}", f"invalid JSON: {exc.msg} at column {exc.colno}")
    except RecursionError:
        return LineError(number, f"line-{number}", "invalid JSON: nested too deeply to read")
    except ValueError as exc:  # e.g. an integer over Python's 4300-digit conversion limit
        return LineError(number, f"line-{number}", f"invalid JSON: {describe(exc)}")
    try:
        obj = apply_field_map(obj, fields)
    except InputFormatError as exc:
        return LineError(number, f"line-{number}", exc.reason)
    raw_id = obj.get("id") if isinstance(obj, dict) else None
    error_id = safe_text(str(raw_id)) if isinstance(raw_id, (str, int)) else f"line-{number}"
    bad_field = unencodable_field(obj)
    if bad_field is not None:
        return LineError(number, error_id, f"text that cannot be written as UTF-8 (a lone surrogate escape) in "
                                           f"{bad_field}")
    try:
        return parse_interaction(obj, number)
    except InputFormatError as exc:
        return LineError(number, error_id, exc.reason)
