"""The reports of `faithkit agree`: the terminal text, the JSON payload and the disagreements file.

Renders what ``faithkit.agree`` computed (agreement, catch rates, cascade misses); computes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from faithkit.agree import NO_CASE, Agreement, CascadeMisses, CatchRates
from faithkit.report.table import format_rate, render_table


def agreement_payload(a_name: str, b_name: str, confidence: float, agreed: Agreement, rates: CatchRates,
                      misses: CascadeMisses | None) -> dict[str, Any]:
    """Everything computed, as `--json` writes it."""
    return {
        "a": a_name,
        "b": b_name,
        "confidence": confidence,
        "agreement": agreed.as_dict(),
        "b_against_a": rates.as_dict(),
        "cascade": misses.as_dict() if misses else None,
    }


def write_disagreements(path: Path, agreed: Agreement) -> None:
    """One JSON line per disagreement (`--out`)."""
    from faithkit.io.files import atomic_write_text

    atomic_write_text(path, "".join(json.dumps(d.as_dict(), ensure_ascii=False) + "\n"
                                    for d in agreed.disagreements))


def render_agreement(a_name: str, b_name: str, agreed: Agreement, rates: CatchRates, misses: CascadeMisses | None,
                     cascade_files: Sequence[str] | None) -> str:
    """The terminal report: kappa, B-against-A rates per case, disagreements, cascade misses."""
    lines = [
        f"A = {a_name}",
        f"B = {b_name}",
        f"{agreed.n} items in both; Cohen's kappa {agreed.kappa:.3f}; raw agreement {format_rate(agreed.observed)}",
    ]
    if agreed.kappa_binary is not None:
        lines.append(f"kappa on supported vs not supported: {agreed.kappa_binary:.3f}")
    for side, ids in (("A", agreed.only_in_a), ("B", agreed.only_in_b)):
        if ids:
            lines.append(
                f"only in {side} (not compared): {len(ids)}: {', '.join(ids[:10])}" + (" ..." if len(ids) > 10 else "")
            )
    lines += ["", "B against A (A is the reference; 'not supported' is the positive class):"]
    rows = [["all", format_rate(rates.recall), format_rate(rates.precision), format_rate(rates.false_alarms)]]
    rows += [
        [case, format_rate(d["recall"]), format_rate(d["precision"]), format_rate(d["false_alarms"])]
        for case, d in rates.by_case.items()
        if not (case == NO_CASE and len(rates.by_case) == 1)
    ]
    lines.append(render_table(["case", "recall (catch rate)", "precision", "false alarms"], rows))
    lines += ["", f"disagreements: {len(agreed.disagreements)}"]
    if agreed.disagreements:
        lines.append(
            render_table(
                ["id", "A", "B", "case", "claim"],
                [[d.id, d.a, d.b, d.case or "", (d.claim or "")[:70]] for d in agreed.disagreements],
                align_right=[False] * 5,
            )
        )
    if misses is not None and cascade_files:
        first, second = cascade_files
        lines += ["", f"cascade: router {first} -> second stage {second}, over A's faults:"]
        lines.append(
            render_table(
                ["case", "second stage alone", "cascade", "routing misses"],
                [
                    [
                        case,
                        format_rate(misses.second_alone[case]),
                        format_rate(misses.cascade[case]),
                        format_rate(misses.routing_misses[case]),
                    ]
                    for case in misses.second_alone
                ],
            )
        )
    return "\n".join(lines)
