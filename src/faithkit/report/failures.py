"""What `faithkit check` prints after its summary table: the failing answers by name, and errors and warnings
grouped by reason with the first line number of each, so a reader knows where to look without opening JSON."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from faithkit.records import AnswerResult, ClaimResult
from faithkit.scoring import _reason_kind

FAILURES_SHOWN = 10


def _shorten(text: str, width: int = 110) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _why(claim: ClaimResult) -> str:
    """The reason in words a stage gave (``detail.reason``), else the evidence that decided a failing claim, or the
    reason it has none."""
    if claim.error:
        return f"reason: {claim.error}"
    if isinstance(claim.detail, dict) and claim.detail.get("reason"):
        return f"why: {_shorten(str(claim.detail['reason']), 140)}"
    if claim.evidence is not None and claim.evidence.text:
        where = f"[{claim.evidence.passage_id}] " if claim.evidence.passage_id else ""
        score = f" (score {claim.score:.3f}, {claim.stage})" if isinstance(claim.score, (int, float)) else ""
        return f"closest evidence {where}{_shorten(claim.evidence.text, 90)}{score}"
    return f"no supporting evidence ({claim.stage or 'no stage'})"


def failure_lines(answers: Sequence[AnswerResult], report: Path | None, limit: int = FAILURES_SHOWN) -> list[str]:
    """Up to ``limit`` unsupported answers, then errors and warnings by reason (empty when there is nothing)."""
    lines: list[str] = []
    failing = [a for a in answers if a.status == "scored" and a.unsupported]
    if failing:
        lines.append(f"unsupported answers ({len(failing)}):")
        for answer in failing[:limit]:
            claim = answer.failing_claims[0] if answer.failing_claims else None
            if claim is None:
                lines.append(f"  {answer.id} (line {answer.line})")
                continue
            lines.append(f'  {answer.id} (line {answer.line}): "{_shorten(claim.text)}"')
            lines.append(f"      {_why(claim)}")
        if len(failing) > limit:
            where = f"see {report}" if report is not None else "see results.jsonl"
            lines.append(f"  and {len(failing) - limit} more: {where}")
    errors: dict[str, list[AnswerResult]] = {}
    for answer in answers:
        if answer.status == "error":
            errors.setdefault(_reason_kind(answer.error or ""), []).append(answer)
    if errors:
        lines.append("errors by reason:")
        for kind, items in sorted(errors.items(), key=lambda kv: -len(kv[1])):
            first = items[0]
            lines.append(f"  {kind} {len(items)} (first: line {first.line}: {_shorten(first.error or '', 80)})")
    warnings: dict[str, list[AnswerResult]] = {}
    for answer in answers:
        for warning in answer.warnings:
            warnings.setdefault(warning, []).append(answer)
    if warnings:
        lines.append("warnings by reason:")
        for kind, items in sorted(warnings.items(), key=lambda kv: -len(kv[1])):
            lines.append(f"  {kind} {len(items)} (first: line {items[0].line}, id {items[0].id})")
    if report is not None:
        lines.append(f"report: {report}")
    return lines
