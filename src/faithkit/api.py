"""The notebook API: ``faithkit.check(...)`` on a file or on records in memory; ``faithkit.read_results(dir)``.

Both return the one results type, ``RunResults`` (also named ``CheckResults``): the typed records
(``AnswerResult``) and the run's ``RunManifest``, the stored JSON, and ``to_pandas()`` for a DataFrame when
pandas is installed. ``check`` runs the same pipeline as the CLI
(``pipeline.run_check`` into a results folder: a temporary one when ``out`` is None), so what a notebook sees
is what ``faithkit check`` would have written.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from faithkit.errors import UsageError
from faithkit.io.results import RunResults, read_results
from faithkit.records import Interaction

CheckResults = RunResults  # the name ``check`` has always returned; one type with ``read_results`` (issue 35)
load_results = read_results  # the older name of the one reader


def _as_row(record: Any) -> Mapping[str, Any]:
    if isinstance(record, Interaction):
        row: dict[str, Any] = {
            "id": record.id,
            "question": record.question,
            "answer": record.answer,
            "contexts": [{"id": p.id, "text": p.text} for p in record.contexts],
            "metadata": dict(record.metadata),
        }
        if record.reference is not None:
            row["reference"] = record.reference
        return row
    if isinstance(record, Mapping):
        return record
    if dataclasses.is_dataclass(record) and not isinstance(record, type):
        return dataclasses.asdict(record)
    raise UsageError(f"records must be dicts or faithkit.Interaction objects, got {type(record).__name__}")


def _write_records(records: Iterable[Any], path: Path) -> Path:
    """Records in memory -> a JSONL log, so they take the one reading path (field detection, validation).
    A pandas DataFrame is taken row by row (iterating one directly would yield its column names)."""
    if hasattr(records, "columns") and hasattr(records, "to_dict"):
        from faithkit.io.formats.rows import plain

        records = [{k: plain(v) for k, v in row.items()} for row in records.to_dict(orient="records")]
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(_as_row(record), ensure_ascii=False, default=str) + "\n")
    return path


def check(
    records_or_path: str | Path | Iterable[Any],
    checker: Any = "nli",
    out: str | Path | None = None,
    *,
    format: str | None = None,
    overwrite: bool = False,
    resume: bool = False,
    claims: Any = None,
    refusal_patterns: Iterable[str] | None = None,
    check_reference: bool = True,
    chunk_size: int = 64,
    contexts_separator: str | None = None,
    fields: dict[str, str] | None = None,
    **options: Any,
) -> CheckResults:
    """Check every answer of a log (any format ``faithkit.io.read`` takes) or of records in memory.

    checker: a spec string (``"nli"``, ``"similarity"``, ``"nli:threshold=0.6"``) or a checker object.
    out: the results folder to write (None: a temporary one, removed after the results are read back).
    fields: other column / key names mapped onto faithkit's, ``{"answer": "llm_answer"}`` (``faithkit.io.fields``).
    options: checker options (``threshold=0.6``, ``model="./my-nli"``, ``window_sentences=1``...).
    """
    from faithkit.checkers.base import load_checker
    from faithkit.checkers.registry import build
    from faithkit.checkers.spec import parse_checker_spec
    from faithkit.pipeline import CheckOptions, check_output_folder, run_check
    from faithkit.scoring import DEFAULT_REFUSAL_PATTERNS, RefusalDetector

    if out is not None:
        check_output_folder(out, resume=resume, overwrite=overwrite)
    from_spec = isinstance(checker, str)
    if isinstance(checker, str):
        spec = parse_checker_spec(checker)
        checker = build(spec.name, {**spec.options, **options})
    elif options:
        raise UsageError("checker options (keyword arguments) need a checker spec string, not a checker object")
    checker = load_checker(checker)
    patterns = list(DEFAULT_REFUSAL_PATTERNS if refusal_patterns is None else refusal_patterns)
    run_options = CheckOptions(
        refusals=RefusalDetector(patterns),
        chunk_size=chunk_size,
        check_reference=check_reference,
        input_format=format,
        contexts_separator=contexts_separator,
        fields=fields,
        reuse_records=from_spec and claims is None,  # a checker object's spec may not say all it does
    )
    if claims is not None:
        run_options.claims = claims
    with tempfile.TemporaryDirectory(prefix="faithkit-check-") as scratch:
        source = records_or_path
        if not isinstance(source, (str, Path)):
            source, run_options.input_format = _write_records(source, Path(scratch) / "records.jsonl"), "jsonl"
        folder = Path(out) if out is not None else Path(scratch) / "run"
        run_check(
            source,
            folder,
            checker,
            run_options,
            resume=resume,
            overwrite=overwrite,
            command=[
                "faithkit.check",
                str(records_or_path if isinstance(records_or_path, (str, Path)) else "<records>"),
            ],
        )
        results = read_results(folder)
    return results if out is not None else dataclasses.replace(results, path=None)
