"""Wrong-format detection: a file read in the wrong format must fail loudly, never as N quiet error rows.

``guard_head`` looks at the first records a reader yields. When most of them fail in the same way (e.g. every
line of a pretty-printed JSON array is "invalid JSON"), it stops before anything is checked, with exit 2 and a
message that names the shape the content actually has and the flag that reads it. ``all_errors_message`` is
the rule for the end of a run: a file where every record is an error is an input error, not a pass.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

from faithkit.errors import InputFormatError
from faithkit.io.formats.detect import sniff_content
from faithkit.io.log import LineError
from faithkit.records import Interaction

HEAD = 50  # records looked at before deciding
MIN_RECORDS = 3  # fewer records than this are left to the end-of-run rule
SHARE = 0.8  # "most": at least this share of the head fails with the same kind of reason
FIELD_HINT = "or map yours with --field, e.g. --field question=query --field contexts=docs --field answer=llm_answer"
_FIELD_REASONS = ("no answer/contexts fields", "missing `", "no column or key")


def reason_kind(reason: str) -> str:
    """The reason without its specifics ("invalid JSON: Expecting value at column 1" -> "invalid JSON")."""
    kind = re.split(r"[:(]", reason, maxsplit=1)[0]
    return re.sub(r"\d+", "N", kind).strip()


def wrong_format_message(path: Path, used: str, errors: list[LineError], seen: int) -> str:
    kind, count = Counter(reason_kind(e.reason) for e in errors).most_common(1)[0]
    example = next(e for e in errors if reason_kind(e.reason) == kind)
    detected, shape = sniff_content(path)
    head = (
        f"{path}: {count} of the first {seen} records read as {used} fail the same way "
        f"(record {example.line}: {example.reason})"
    )
    if detected not in ("unknown", used):
        return f"{head}. This looks like {shape}: use --format {detected}"
    return (
        f"{head}. The content looks like {shape}; check the field names (faithkit: question, contexts, answer; "
        f"Ragas: user_input, retrieved_contexts, response; DeepEval: input, retrieval_context, actual_output), "
        f"{FIELD_HINT}"
    )


def guard_head(items: Iterable[Interaction | LineError], path: Path, used: str) -> Iterator[Interaction | LineError]:
    """``items`` unchanged, unless most of the first ``HEAD`` records fail the same way: then InputFormatError
    before any record is yielded."""
    iterator = iter(items)
    head: list[Interaction | LineError] = []
    for item in iterator:
        head.append(item)
        if len(head) >= HEAD:
            break
    errors = [i for i in head if isinstance(i, LineError)]
    if len(head) >= MIN_RECORDS and errors:
        top = Counter(reason_kind(e.reason) for e in errors).most_common(1)[0][1]
        if top >= SHARE * len(head):
            raise InputFormatError(wrong_format_message(path, used, errors, len(head)))
    yield from head
    yield from iterator


def all_errors_message(
    path: str | Path, records: int, errors: int, first_reason: str | None, out: str | Path | None = None
) -> str | None:
    """The message for a run in which every record is an error (None when at least one record was read)."""
    if records == 0 or errors < records:
        return None
    where = f"; the error records are in {out}/results.jsonl" if out else ""
    detected, shape = sniff_content(Path(path)) if Path(path).exists() else ("unknown", "")
    hint = f" It looks like {shape} (--format {detected})." if detected != "unknown" else ""
    if first_reason and any(kind in first_reason for kind in _FIELD_REASONS):
        hint += f" Other field names? Use faithkit's, Ragas' or DeepEval's, {FIELD_HINT}."
    return f"{path}: every one of its {records} records is an error (first: {first_reason}).{hint}{where}"


def resume_hint(out: str | Path, written: int) -> str:
    """What a user does after a run stopped part-way (a judge that went away): the records kept, the flag."""
    return (
        f"{written} record(s) are kept in {out}/results.jsonl; when the cause is fixed, rerun the same command "
        "with --resume (Python: run_check(..., resume=True)) to continue after them"
    )
