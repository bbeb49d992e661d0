"""Claim files for the test-the-tester commands (mutate, sweep, agree): one claim per row, with its passages.

JSONL: one object a line, ``{"id", "claim", "contexts", "label"?, "case"?}``; ``contexts`` as in the
interaction log (plain strings or ``{"id", "text"}`` objects, read by :func:`faithkit.io.log.parse_contexts`).

YAML (needs PyYAML): either a list of the same rows, or a mapping that names the passages once::

    passages: {plans: "The Team plan costs ...", billing: "..."}
    claims:
      - {id: f01, claim: "The Team plan costs €12 per user per month."}          # all passages
      - {id: f02, claim: "Export links expire after 7 days.", contexts: [export]}  # passage ids

These files are small and hand-curated, so a malformed row stops the command with its line (or row) number
(exit 2) instead of being skipped: a suite that silently lost a row would report a rate over the wrong n.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from faithkit.errors import InputFormatError, MissingDependencyError, UsageError
from faithkit.io.jsonl import read_jsonl
from faithkit.io.log import parse_contexts
from faithkit.records import Passage

LABELS = ("supported", "not_supported")


@dataclass(frozen=True)
class ClaimRow:
    """One claim from a claim file.

    label: supported / not_supported when the file is labeled, else None.
    case: the case or fault type ("number swap", "paraphrase"), used to break rates down; None when absent.
    line: 1-based line (JSONL) or row (YAML) number, for error messages.
    extra: every other field of the row, kept so writers can pass it through.
    """

    id: str
    claim: str
    passages: tuple[Passage, ...]
    label: str | None = None
    case: str | None = None
    line: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


def contexts_json(passages: tuple[Passage, ...]) -> list[dict[str, str]]:
    """Passages back in the log's ``{"id", "text"}`` form, so a written file reads back identically."""
    return [{"id": p.id, "text": p.text} for p in passages]


def read_objects(path: str | Path) -> list[tuple[int, Any]]:
    """(line or row number, parsed object) for every non-blank row of a JSONL or YAML file.

    A YAML mapping with ``passages`` and ``claims`` is expanded: rows without contexts get every passage, and
    a ``contexts`` list of passage ids is resolved to those passages.
    """
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    if path.suffix.lower() in (".yaml", ".yml"):
        return list(enumerate(_yaml_rows(path), 1))
    return read_jsonl(path)


def _yaml_rows(path: Path) -> list[Any]:
    try:
        import yaml
    except ImportError as exc:
        raise MissingDependencyError("reading YAML claim files needs PyYAML: pip install pyyaml") from exc
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise InputFormatError(f"{path}: not valid YAML ({exc})") from exc
    if isinstance(data, list):
        return data
    if not isinstance(data, dict) or "claims" not in data:
        raise InputFormatError(f"{path}: expected a list of rows or a mapping with `claims` (and `passages`)")
    shared = data.get("passages") or {}
    if isinstance(shared, dict):
        shared = [{"id": str(k), "text": v} for k, v in shared.items()]
    passages = parse_contexts(shared)
    by_id = {p.id: p for p in passages}
    rows = []
    for number, row in enumerate(data["claims"], 1):
        if not isinstance(row, dict):
            raise InputFormatError(f"{path}: claims[{number - 1}] must be a mapping", number)
        row = dict(row)
        contexts = row.get("contexts")
        if contexts is None:
            row["contexts"] = [{"id": p.id, "text": p.text} for p in passages]
        elif isinstance(contexts, list) and contexts and all(isinstance(c, str) and c in by_id for c in contexts):
            row["contexts"] = [{"id": c, "text": by_id[c].text} for c in contexts]
        rows.append(row)
    return rows


def parse_claim_row(obj: Any, number: int, *, require_label: bool = False) -> ClaimRow:
    """One row -> ClaimRow; raises InputFormatError naming the line on anything malformed."""
    if not isinstance(obj, dict):
        raise InputFormatError(f"a row must be an object, got {type(obj).__name__}", number)
    claim = obj.get("claim")
    if not isinstance(claim, str) or not claim.strip():
        raise InputFormatError("missing or empty `claim`", number)
    raw_id = obj.get("id", f"line-{number}")
    if not isinstance(raw_id, (str, int)):
        raise InputFormatError("`id` must be a string", number)
    passages = parse_contexts(obj.get("contexts", []), number)
    label = obj.get("label")
    if label is not None and label not in LABELS:
        raise InputFormatError(f"`label` must be one of {', '.join(LABELS)}, got {label!r}", number)
    if require_label and label is None:
        raise InputFormatError("missing `label` (supported / not_supported)", number)
    case = obj.get("case")
    if case is not None and not isinstance(case, str):
        raise InputFormatError("`case` must be a string", number)
    known = {"id", "claim", "contexts", "label", "case"}
    return ClaimRow(str(raw_id), claim, passages, label, case, number, {k: v for k, v in obj.items() if k not in known})


def read_claim_rows(path: str | Path, *, require_label: bool = False) -> list[ClaimRow]:
    """Every row of a claim file, in file order; duplicate ids are an error (results are joined by id)."""
    rows = [parse_claim_row(obj, number, require_label=require_label) for number, obj in read_objects(path)]
    seen: set[str] = set()
    for row in rows:
        if row.id in seen:
            raise InputFormatError(f"{path}: duplicate id {row.id!r}", row.line)
        seen.add(row.id)
    if not rows:
        raise UsageError(f"{path}: no claims")
    return rows


def check_rows(checker: Any, rows: list[ClaimRow]) -> list[Any]:
    """Run ``checker`` (a :class:`faithkit.checkers.base.Checker`) once over every row, as one batch.

    Each row is its own group (``group = id``). A checker that returns the wrong number of verdicts is a
    broken backend, not a per-claim failure, so it raises BackendError rather than pairing verdicts with
    wrong claims.
    """
    from faithkit.guards import expect_verdicts
    from faithkit.progress import check_with_progress
    from faithkit.records import ClaimCheck

    requests = [ClaimCheck(claim=row.claim, passages=row.passages, group=row.id) for row in rows]
    return expect_verdicts(checker.name, check_with_progress(checker, requests) if requests else [], len(requests))


def read_entity_pairs(path: str | Path) -> list[tuple[str, str]]:
    """``[[A, B], ...]`` from a JSON or YAML file (`mutate --entity-pairs`): names swap_entity swaps both ways."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() in (".yaml", ".yml"):
        import yaml

        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise InputFormatError(f"{path}: not valid YAML ({exc})") from exc
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputFormatError(f"{path}: not valid JSON ({exc.msg})") from exc
    if not isinstance(data, list) or not all(isinstance(p, list) and len(p) == 2 for p in data):
        raise UsageError(f"{path}: expected a list of [A, B] pairs")
    return [(str(a), str(b)) for a, b in data]
