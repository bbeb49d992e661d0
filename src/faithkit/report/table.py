"""Plain-text and markdown tables: a renderer only, it computes nothing.

Every test-the-tester command (mutate, sweep, agree) prints rates as ``k/n [low, high]`` in one table with
several checkers or thresholds side by side, as the Larkspur lesson does; other reports can reuse it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from faithkit.stats import Interval

TableStyle = Literal["plain", "markdown"]


def format_rate(interval: Interval, digits: int = 2) -> str:
    """``k/n [low, high]``; an empty group (n == 0) prints as ``0/0`` with no interval, since it has none."""
    if interval.n == 0:
        return "0/0"
    return f"{interval.k}/{interval.n} [{interval.low:.{digits}f}, {interval.high:.{digits}f}]"


def format_number(value: float | None, digits: int = 3) -> str:
    """A score or rate for a table cell; None (undefined) prints as an em dash, never as 0."""
    return "—" if value is None else f"{value:.{digits}f}"


def render_table(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    style: TableStyle = "plain",
    align_right: Sequence[bool] | None = None,
) -> str:
    """Render ``rows`` under ``headers``.

    plain: columns padded and separated by `` | `` with a dashed rule under the header (terminals, logs).
    markdown: a GitHub table (closing notes, PR comments, the README).
    align_right: per column; defaults to left for the first column and right for the others (numbers).
    """
    width = len(headers)
    for number, row in enumerate(rows, 1):
        if len(row) != width:
            raise ValueError(f"row {number} has {len(row)} cells, the header has {width}")
    if align_right is None:
        align_right = [False] + [True] * (width - 1)
    if style == "markdown":
        rule = ["---:" if right else "---" for right in align_right]
        lines = [headers, rule, *rows]
        return "\n".join("| " + " | ".join(_escape(c) for c in line) + " |" for line in lines)
    widths = [max(len(str(line[i])) for line in [headers, *rows]) for i in range(width)]

    def fmt(line: Sequence[str]) -> str:
        cells = [
            str(c).rjust(w) if right else str(c).ljust(w) for c, w, right in zip(line, widths, align_right, strict=True)
        ]
        return " | ".join(cells).rstrip()

    return "\n".join([fmt(headers), "-+-".join("-" * w for w in widths), *(fmt(r) for r in rows)])


def _escape(cell: str) -> str:
    return str(cell).replace("|", "\\|")
