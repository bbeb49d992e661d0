"""The reports of `faithkit mutate`: the terminal text, suite.json, suite.md and verdicts.jsonl.

Renders a ``mutation.suite.SuiteResult`` (and the cascade misses computed from it); computes nothing. The
suite's table rows are formatted here, not in ``mutation/``: the suite computes, the report formats, and the
import runs one way (``report`` -> ``mutation``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from faithkit.agree import CascadeMisses
from faithkit.io.files import atomic_write_text
from faithkit.mutation.suite import ALL_FAULTS, SuiteResult
from faithkit.report.table import format_rate, render_table


def suite_table_rows(result: SuiteResult) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the lesson's Move 6 table: one row per checker, false alarms, then each
    fault type."""
    headers = ["checker", "false alarms", *result.injectors, "all faults"]
    rows = [
        [
            c.label,
            format_rate(c.false_alarms),
            *(format_rate(c.detection[i]) for i in result.injectors),
            format_rate(c.detection[ALL_FAULTS]),
        ]
        for c in result.checkers
    ]
    return headers, rows


def suite_payload(result: SuiteResult, claims: str, mutants_source: str, cascade: Sequence[str] | None,
                  misses: CascadeMisses | None) -> dict[str, Any]:
    """What suite.json holds: the suite's counts, where claims and mutants came from, and the cascade."""
    payload = result.as_dict()
    payload["claims"] = claims
    payload["mutants"]["source"] = mutants_source
    if cascade and misses is not None:
        payload["cascade"] = {"first": cascade[0], "second": cascade[1], **misses.as_dict()}
    return payload


def render_suite(result: SuiteResult, confidence: float, cascade: Sequence[str] | None,
                 misses: CascadeMisses | None) -> str:
    """The terminal report: which mutants ran, the Move 6 table, error counts, the cascade table."""
    headers, rows = suite_table_rows(result)
    text = [
        result.selection.describe(),
        f"{result.originals} original claims; 95% Wilson intervals"
        if confidence == 0.95
        else f"{confidence:.0%} Wilson intervals",
        render_table(headers, rows),
    ]
    text += [f"{c.label}: {c.errors} error verdicts (counted as flags)" for c in result.checkers if c.errors]
    text += [f"{c.label}: {c.spec['not_redecided']} claims the first model supported would be re-asked to the second "
             "opinion by a rerun at this threshold (not stored): counted as flags, an upper bound"
             for c in result.checkers if c.spec.get("not_redecided")]
    if cascade and misses is not None:
        text += [
            "",
            f"cascade {cascade[0]} -> {cascade[1]} (second stage sees only what {cascade[0]} flags):",
            render_table(
                ["fault type", f"{cascade[1]} alone", "cascade", "routing misses"],
                [
                    [
                        c,
                        format_rate(misses.second_alone[c]),
                        format_rate(misses.cascade[c]),
                        format_rate(misses.routing_misses[c]),
                    ]
                    for c in misses.second_alone
                ],
            ),
        ]
    return "\n".join(text)


def write_suite_files(out: Path, result: SuiteResult, payload: dict[str, Any]) -> None:
    """DIR/suite.json, DIR/suite.md and DIR/verdicts.jsonl (one line per checker verdict)."""
    headers, rows = suite_table_rows(result)
    out.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out / "suite.json", json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
    atomic_write_text(out / "suite.md",
                      result.selection.describe() + "\n\n" + render_table(headers, rows, style="markdown") + "\n")
    atomic_write_text(out / "verdicts.jsonl",
                      "".join(json.dumps(item.as_dict(), ensure_ascii=False) + "\n" for item in result.items))
