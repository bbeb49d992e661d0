"""The notebook API: ``faithkit.check(...)`` on a file or on records in memory, ``faithkit.load_results(dir)``.

Both return ``CheckResults``: the typed records (``AnswerResult``) and the run's ``RunManifest``, with
``to_pandas()`` for a DataFrame when pandas is installed. ``check`` runs the same pipeline as the CLI
(``pipeline.run_check`` into a results folder: a temporary one when ``out`` is None), so what a notebook sees
is what ``faithkit check`` would have written.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from faithkit.errors import MissingDependencyError, UsageError
from faithkit.records import AnswerResult, Interaction, RunManifest


@dataclass(frozen=True)
class CheckResults:
    """A finished run: ``answers`` (one AnswerResult per input record, in order) and its ``run`` manifest.

    path: the results folder, or None when ``check`` ran into a temporary folder that is gone.
    """

    answers: tuple[AnswerResult, ...]
    run: RunManifest
    path: Path | None = None

    def __len__(self) -> int:
        return len(self.answers)

    def __iter__(self) -> Iterator[AnswerResult]:
        return iter(self.answers)

    def __getitem__(self, index: int) -> AnswerResult:
        return self.answers[index]

    @property
    def summary(self) -> dict[str, Any]:
        """Run metrics: answers, scored, refusals, errors, unsupported-answer rate, micro/macro faithfulness."""
        return dict(self.run.summary)

    def by_id(self) -> dict[str, AnswerResult]:
        return {a.id: a for a in self.answers}

    def to_pandas(self, claims: bool = False) -> Any:
        """One row per answer (or per claim with ``claims=True``) as a pandas DataFrame."""
        try:
            import pandas as pd
        except ImportError as exc:
            raise MissingDependencyError("to_pandas() needs pandas: pip install pandas") from exc
        if claims:
            return pd.DataFrame(
                [
                    {
                        "id": a.id,
                        "claim": c.text,
                        "verdict": c.verdict,
                        "stage": c.stage,
                        "score": c.score,
                        "evidence": c.evidence.text if c.evidence else None,
                        "passage_id": c.evidence.passage_id if c.evidence else None,
                    }
                    for a in self.answers
                    for c in a.claims
                ]
            )
        return pd.DataFrame(
            [
                {
                    "id": a.id,
                    "line": a.line,
                    "status": a.status,
                    "faithfulness": a.faithfulness,
                    "unsupported": a.unsupported,
                    "claims": len(a.claims),
                    "failing_claims": [c.text for c in a.failing_claims],
                    "refusal": a.refusal,
                    "error": a.error,
                    "warnings": list(a.warnings),
                }
                for a in self.answers
            ]
        )


def load_results(run_dir: str | Path) -> CheckResults:
    """A results folder written by ``faithkit check`` (or ``check(..., out=DIR)``), typed."""
    from faithkit.io.results import read_results

    folder = read_results(run_dir)
    return CheckResults(folder.answers, folder.run, folder.path)


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
        results = load_results(folder)
    return results if out is not None else dataclasses.replace(results, path=None)
