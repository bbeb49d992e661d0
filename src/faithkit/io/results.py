"""Results folders: an append-only ``results.jsonl`` plus ``manifest.json`` (see docs/results-format.md).

The writer appends and flushes one line per input record, so a crashed run can resume: ``completed_lines``
reads back what is already there (dropping a torn last line) and the run continues after it, without losing
or duplicating records. The manifest is written atomically (temp file + rename) at the end.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from faithkit.errors import ResultsError
from faithkit.io.files import atomic_write_text
from faithkit.io.jsonl import JSONLineError, iter_jsonl
from faithkit.records import AnswerResult, RunManifest
from faithkit.secrets import scrub, secret_values

RESULTS_FORMAT = 1
RESULTS_FILE = "results.jsonl"
MANIFEST_FILE = "manifest.json"


@dataclass(frozen=True)
class RunResults:
    """A finished run, the one type every reader returns (``faithkit.read_results``, ``faithkit.check``): typed
    (``run``, ``answers``; iterate it, index it, ``len``) and as stored (``manifest``, ``records``).

    path: the results folder, or None when ``check`` ran into a temporary folder that is gone.
    run: the manifest as a ``RunManifest``.
    answers: one ``AnswerResult`` per input line, in input order.
    manifest, records: the JSON exactly as read, for callers that want the plain data.

    Why one type: ``read_results`` returned a ``RunResults`` and ``load_results`` a ``CheckResults`` with other
    methods and a ``by_id`` of another type (issue 35); ``CheckResults`` and ``load_results`` remain as names of
    this type and of ``read_results``.
    """

    path: Path | None
    manifest: dict[str, Any]
    records: list[dict[str, Any]]
    run: RunManifest
    answers: tuple[AnswerResult, ...]

    @classmethod
    def of(cls, answers: tuple[AnswerResult, ...], run: RunManifest, path: Path | None = None) -> RunResults:
        """From typed answers and manifest (a run held in memory): the stored form is derived from them."""
        return cls(path, run.to_dict(), [a.to_dict() for a in answers], run, tuple(answers))

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

    def records_by_id(self) -> dict[str, dict[str, Any]]:
        """The stored records by id, as plain JSON."""
        return {r["id"]: r for r in self.records}

    def to_pandas(self, claims: bool = False) -> Any:
        """One row per answer (or per claim with ``claims=True``) as a pandas DataFrame (the formats extra)."""
        from faithkit.io.results_frame import results_frame

        return results_frame(self.answers, claims)


def read_results(folder: str | os.PathLike[str]) -> RunResults:
    """Read a results folder; raise ResultsError (exit 2) if the manifest is missing or a line is corrupt."""
    path = Path(folder)
    manifest_path, results_path = path / MANIFEST_FILE, path / RESULTS_FILE
    if not manifest_path.is_file():
        raise ResultsError(f"{path}: no {MANIFEST_FILE} (is this a finished `faithkit check` output folder?)")
    if not results_path.is_file():
        raise ResultsError(f"{path}: no {RESULTS_FILE}")
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ResultsError(f"{manifest_path}: not valid JSON ({exc})") from exc
    records, numbers = [], []
    try:
        for number, record in iter_jsonl(results_path):
            if not isinstance(record, dict) or "id" not in record or "status" not in record:
                raise ResultsError(f"{results_path}:{number}: results line lacks `id` or `status`")
            records.append(record)
            numbers.append(number)
    except JSONLineError as exc:
        raise ResultsError(f"{results_path}:{exc.line}: corrupt results line ({exc.msg})") from exc
    if not isinstance(manifest, dict):
        raise ResultsError(f"{manifest_path}: not a JSON object")
    answers = []
    for number, record in zip(numbers, records):
        try:
            answers.append(AnswerResult.from_dict(record))
        except (TypeError, ValueError, AttributeError) as exc:
            raise ResultsError(f"{results_path}:{number}: results line does not match the format ({exc})") from exc
    try:
        run = RunManifest.from_dict(manifest)
    except (TypeError, ValueError) as exc:
        raise ResultsError(f"{manifest_path}: manifest does not match the format ({exc})") from exc
    return RunResults(path, manifest, records, run, tuple(answers))


def completed_lines(results_path: Path) -> list[AnswerResult]:
    """Records already written by an interrupted run; a torn (partial) last line is cut off the file."""
    if not results_path.exists():
        return []
    records, good_bytes = [], 0
    with results_path.open("rb") as handle:
        for raw in handle:
            if not raw.endswith(b"\n"):
                break
            try:
                records.append(AnswerResult.from_dict(json.loads(raw)))
            except (ValueError, TypeError, KeyError, AttributeError):  # torn, not UTF-8, or not a record
                break  # this line and the rest are redone: nothing is lost, nothing is counted twice
            good_bytes += len(raw)
    with results_path.open("r+b") as handle:
        handle.truncate(good_bytes)
    return records


class ResultsWriter:
    """Appends one JSON line per record and flushes it, so every finished record survives a crash."""

    def __init__(self, folder: Path, resume: bool):
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / RESULTS_FILE
        self.done = completed_lines(self.path) if resume else []
        self._handle: TextIO = self.path.open("a" if resume else "w", encoding="utf-8")
        self._secrets = secret_values()  # read once: the environment does not change during a run

    def write(self, record: AnswerResult) -> None:
        line = json.dumps(record.to_dict(), ensure_ascii=False)
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate (e.g. in an LLM's claim text): JSON's \u escapes keep it
            line = json.dumps(record.to_dict())
        try:
            # no URL credentials or env secrets in results (secrets.py)
            self._handle.write(scrub(line, self._secrets) + "\n")
            self._handle.flush()
        except OSError as exc:  # a full disk, a vanished folder: every record written so far is kept
            raise ResultsError(f"cannot write {self.path}: {exc.strerror or exc}; the records written so far "
                               "are kept, rerun with --resume once it is fixed") from exc

    def close(self) -> None:
        # a write that failed is being reported; its unflushed rest is a torn line that resume cuts off
        with contextlib.suppress(OSError):
            self._handle.close()


def write_manifest(folder: Path, manifest: RunManifest) -> None:
    """Write manifest.json atomically so a reader never sees half a manifest."""
    text = json.dumps(manifest.to_dict(), indent=2, ensure_ascii=False) + "\n"
    atomic_write_text(folder / MANIFEST_FILE, scrub(text))
