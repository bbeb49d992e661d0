"""The data the HTML report shows, gathered from a results folder and the interaction log it was run on.

results.jsonl keeps verdicts, spans and evidence offsets but not the answers or passages themselves (a results
folder must stay small), so the report reads them back from the input log named in the manifest, by line
number, and only when the log's sha256 still matches the run's: a changed log would put the run's spans on the
wrong text. Without the log the report still lists every record and every claim, and says why texts are absent.

Passages repeat across answers (every answer of a help-center suite sees the same few), so they are stored once
and referenced by index; that keeps a 10,000-answer report small. Nothing here computes a metric: rates come
from the manifest and the Wilson interval from ``compare.run_stats``, the same one `compare` and `gate` print.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from faithkit.compare import run_stats
from faithkit.io.results import RunResults
from faithkit.records import AnswerResult, ClaimResult

STATUS_TAGS = ("unsupported", "supported", "refusal", "no_claims", "error", "truncated", "warning")
"""The report's filters: an answer carries every tag that applies (an unsupported answer can be truncated too)."""


@dataclass
class LogTexts:
    """What the report could read back from the input log: per line, the question, answer and passages."""

    by_line: dict[int, dict[str, Any]] = field(default_factory=dict)
    passages: list[str] = field(default_factory=list)
    note: str | None = None
    index: dict[str, int] = field(default_factory=dict)

    def passage_ref(self, text: str) -> int:
        """The index of ``text`` in ``passages``, adding it once."""
        if text not in self.index:
            self.index[text] = len(self.passages)
            self.passages.append(text)
        return self.index[text]


def answer_tags(record: AnswerResult) -> list[str]:
    """The filter tags of one record (see ``STATUS_TAGS``)."""
    tags: list[str] = []
    if record.status == "scored":
        tags.append("unsupported" if record.unsupported else "supported")
    elif record.status == "refusal":
        tags.append("refusal")
    elif record.status == "no_claims":
        tags.append("no_claims")
    else:
        tags.append("error")
    if any(c.truncated for c in record.claims):
        tags.append("truncated")
    if record.warnings:
        tags.append("warning")
    return tags


def _resolve_log(run: RunResults, log: str | Path | None) -> Path | None:
    """The input log: the one given, else the manifest's path as written, else relative to the run folder."""
    if log is not None:
        return Path(log)
    recorded = run.run.input.get("path")
    if not recorded:
        return None
    for candidate in (Path(recorded), run.path / recorded, run.path.parent / recorded):
        if candidate.exists():
            return candidate
    return Path(recorded)


def read_log_texts(run: RunResults, log: str | Path | None = None, shared: list[str] | None = None) -> LogTexts:
    """Questions, answers and passages from the run's input log, keyed by line; a note instead when the log is
    missing or changed since the run (then nothing is read, so no span is drawn on the wrong text)."""
    from faithkit.io.formats import input_sha256, read
    from faithkit.records import Interaction

    path = _resolve_log(run, log)
    texts = LogTexts()
    if shared is not None:
        texts.passages = shared
        texts.index = {text: i for i, text in enumerate(shared)}
    if path is None:
        texts.note = "the manifest names no input log: answer and passage texts are not shown"
        return texts
    if not path.exists():
        texts.note = f"input log {path} not found: answer and passage texts are not shown (pass --log FILE)"
        return texts
    expected = run.run.input.get("sha256")
    if expected and input_sha256(path) != expected:
        texts.note = (
            f"input log {path} changed since the run (sha256 differs): answer and passage texts are not "
            "shown, because the run's spans and offsets would point into different text"
        )
        return texts
    # the run's own reader (a CSV, Parquet, trace or dataset folder input is read as the run read it)
    for item in read(path, run.run.input.get("format"), guard=False,
                     contexts_separator=run.run.input.get("contexts_separator"),
                     fields=run.run.input.get("fields")):
        if not isinstance(item, Interaction):
            continue
        refs = [[passage.id, texts.passage_ref(passage.text)] for passage in item.contexts]
        texts.by_line[item.line] = {
            "question": item.question,
            "answer": item.answer,
            "passages": refs,
            "reference": item.reference,
            "metadata": item.metadata or None,
        }
    return texts


def claim_view(claim: ClaimResult) -> dict[str, Any]:
    """One claim as the report shows it: the stored claim, plus where the judge quote and numbers live.

    ``window`` (the passage window to highlight) is only written when it is not the evidence itself: for an
    arithmetic verdict, whose evidence is an expression, it is the window that supports the rest of the claim."""
    data = claim.to_dict()
    detail = claim.detail or {}
    quote = None
    if claim.stage == "judge":
        if claim.error == "unverified_quote":
            quote = {
                "text": detail.get("quote"),
                "verified": False,
                "problem": detail.get("quote_problem"),
                "passage_id": detail.get("quote_passage"),
            }
        elif claim.evidence is not None and claim.evidence.text:
            quote = {"text": claim.evidence.text, "verified": True, "passage_id": claim.evidence.passage_id}
    data["quote"] = quote
    data["expressions"] = [
        n["expression"] for n in detail.get("numbers", []) if isinstance(n, dict) and n.get("expression")
    ]
    rest = detail.get("rest_verdict")
    if (claim.evidence is None or claim.evidence.passage_id is None) and isinstance(rest, dict):
        data["window"] = rest.get("evidence")  # arithmetic: the window that supports the rest of the claim
    return {k: v for k, v in data.items() if k in KEPT_EMPTY or not _empty(v)}


def _empty(value: Any) -> bool:
    """None, False or an empty container (a score of 0.0 is not empty)."""
    return value is None or value is False or (isinstance(value, (list, dict, str)) and not value)


KEPT_EMPTY = ("text", "span", "verdict", "stage")
"""Claim keys always written; the others are left out when empty, which makes a 10,000-answer report a third
smaller (the page treats a missing key as empty)."""


def answer_view(record: AnswerResult, texts: LogTexts, omissions: dict[str, list[dict[str, Any]]]) -> dict:
    """One record with its texts, claims, tags and omission notes."""
    logged = texts.by_line.get(record.line, {})
    return {
        "id": str(record.id),
        "line": record.line,
        "status": record.status,
        "faithfulness": record.faithfulness,
        "unsupported": record.unsupported,
        "error": record.error,
        "refusal": record.refusal,
        "warnings": list(record.warnings),
        "raw": record.raw if isinstance(record.raw, str) else None,
        "tags": answer_tags(record),
        "question": logged.get("question"),
        "answer": logged.get("answer"),
        "passages": logged.get("passages", []),
        "metadata": logged.get("metadata"),
        "reference": logged.get("reference"),
        "claims": [claim_view(c) for c in record.claims],
        "unchecked": list(record.unchecked) if isinstance(record.unchecked, tuple) else [],
        "omissions": omissions.get(str(record.id), []),
    }


def read_omissions(path: str | Path | None) -> dict[str, list[dict[str, Any]]]:
    """`faithkit omissions` review notes by answer id (an empty mapping without a file)."""
    if path is None:
        return {}
    notes: dict[str, list[dict[str, Any]]] = {}
    with Path(path).open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                row = json.loads(line)
                notes.setdefault(str(row.get("id")), []).append(row)
    return notes


def run_header(run: RunResults) -> dict[str, Any]:
    """The header: checker spec, input, counts, rates, the Wilson interval and the stage counters."""
    summary = dict(run.run.summary)
    stats = run_stats(run)
    checker = run.run.checker
    counters = {k: v for k, v in summary.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    return {
        "run_dir": str(run.path),
        "checker": checker,
        "claims": run.run.claims,
        "input": run.run.input,
        "started_at": run.run.started_at,
        "finished_at": run.run.finished_at,
        "faithkit_version": run.run.faithkit_version,
        "summary": summary,
        "unsupported_interval": stats.unsupported_rate.as_dict(),
        "counters": counters,
        "stages": summary.get("stages", {}),
        "warnings": summary.get("warnings", {}),
        "error_reasons": summary.get("error_reasons", {}),
    }


def report_data(run: RunResults, *, log: str | Path | None = None, omissions: str | Path | None = None) -> dict:
    """Everything the page renders, as plain JSON-able data."""
    texts = read_log_texts(run, log)
    notes = read_omissions(omissions)
    return {
        "header": run_header(run),
        "log_note": texts.note,
        "passages": texts.passages,
        "answers": [answer_view(r, texts, notes) for r in run.answers],
        "tags": list(STATUS_TAGS),
    }
