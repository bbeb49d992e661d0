"""promptfoo results files (``promptfoo eval -o results.json``): one record per test x prompt x provider.

The answer is ``response.output``; the question and the passages are test variables (``vars.query`` or
``vars.question``; ``vars.context`` or ``vars.contexts``, a string or a list). ``--field`` maps other variable
names (``--field contexts=docs`` reads ``vars.docs``; ``--field answer=VAR`` takes the answer from a variable).
A row where promptfoo recorded a provider error and no output becomes an error record with promptfoo's message.
The rendered prompt, the provider, promptfoo's own score and pass/fail are kept in metadata.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from faithkit.errors import InputFormatError
from faithkit.io.fields import apply_field_map
from faithkit.io.formats.json_file import load_json
from faithkit.io.log import LineError, mark_duplicates, parse_interaction
from faithkit.records import Interaction

QUESTION_VARS = ("query", "question", "input", "user_input")
CONTEXT_VARS = ("context", "contexts", "retrieved_contexts", "retrieval_context", "documents")


def result_rows(value: Any, path: Path) -> list[dict[str, Any]]:
    results = value.get("results") if isinstance(value, dict) else None
    if isinstance(results, dict):
        results = results.get("results")
    if not isinstance(results, list):
        raise InputFormatError(f"{path}: not a promptfoo results file (no `results.results` list)")
    return results


def _first(mapping: dict[str, Any], keys: tuple[str, ...]) -> Any:
    return next((mapping[k] for k in keys if mapping.get(k) is not None), None)


def _contexts(value: Any) -> Any:
    if isinstance(value, str) and value.strip().startswith("["):
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            return value
    return value


def _row_id(row: dict[str, Any], variables: dict[str, Any], several: bool) -> str:
    if variables.get("id") is not None:
        return str(variables["id"])
    test = row.get("testIdx", "?")
    if not several:
        return f"test-{test}"
    provider = row.get("provider")
    provider = provider.get("id") if isinstance(provider, dict) else provider
    return f"test-{test}/prompt-{row.get('promptIdx', 0)}/{provider}"


def to_interaction(row: Any, number: int, several: bool,
                   fields: Mapping[str, str] | None = None) -> Interaction | LineError:
    if not isinstance(row, dict):
        return LineError(number, f"record-{number}", f"expected a promptfoo result object, got {type(row).__name__}")
    test_case = row.get("testCase") if isinstance(row.get("testCase"), dict) else {}
    variables = row.get("vars") if isinstance(row.get("vars"), dict) else test_case.get("vars") or {}
    try:
        variables = apply_field_map(variables, fields)
    except InputFormatError as exc:
        return LineError(number, _row_id(row, variables, several), exc.reason)
    rid = _row_id(row, variables, several)
    response = row.get("response") if isinstance(row.get("response"), dict) else {}
    output = variables.get("answer") if fields and "answer" in fields else response.get("output")
    if output is None:
        reason = row.get("error") or response.get("error") or "no response.output"
        return LineError(number, rid, f"promptfoo recorded no output: {str(reason)[:200]}")
    if not isinstance(output, str):
        return LineError(
            number,
            rid,
            f"response.output is {type(output).__name__}, not text (a structured output "
            "needs its answer field exported as text)",
        )
    contexts = _first(variables, CONTEXT_VARS)
    if contexts is None:
        return LineError(number, rid, f"no context variable (one of {', '.join('vars.' + k for k in CONTEXT_VARS)})")
    prompt = row.get("prompt") if isinstance(row.get("prompt"), dict) else {}
    provider = row.get("provider")
    metadata = {
        "prompt": prompt.get("raw"),
        "provider": provider.get("id") if isinstance(provider, dict) else provider,
        "promptfoo_success": row.get("success"),
        "promptfoo_score": row.get("score"),
        "vars": {k: v for k, v in variables.items() if k not in QUESTION_VARS + CONTEXT_VARS},
    }
    record = {
        "id": rid,
        "question": _first(variables, QUESTION_VARS) or "",
        "contexts": _contexts(contexts),
        "answer": output,
        "metadata": {k: v for k, v in metadata.items() if v not in (None, {})},
    }
    if isinstance(variables.get("reference"), str):
        record["reference"] = variables["reference"]
    try:
        return dataclasses.replace(parse_interaction(record, number), source_format="promptfoo")
    except InputFormatError as exc:
        return LineError(number, rid, exc.reason)


def read_promptfoo(path: Path, *, fields: Mapping[str, str] | None = None,
                   **_: Any) -> Iterator[Interaction | LineError]:
    rows = result_rows(load_json(path), path)
    keys = {
        (r.get("promptIdx"), json.dumps(r.get("provider"), sort_keys=True, default=str))
        for r in rows
        if isinstance(r, dict)
    }
    several = len(keys) > 1
    yield from mark_duplicates(to_interaction(row, number, several, fields)
                               for number, row in enumerate(rows, 1))
