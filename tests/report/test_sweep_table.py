"""The plain-text / markdown table renderer shared by mutate, sweep and agree."""

from __future__ import annotations

import pytest

from faithkit.report.table import format_number, format_rate, render_table
from faithkit.stats import wilson_interval


def test_format_rate_shows_counts_and_interval() -> None:
    assert format_rate(wilson_interval(9, 9)) == "9/9 [0.70, 1.00]"
    assert format_rate(wilson_interval(0, 12)) == "0/12 [0.00, 0.24]"
    assert format_rate(wilson_interval(0, 0)) == "0/0"  # no data has no interval


def test_format_number_never_turns_missing_into_zero() -> None:
    assert format_number(None) == "—"
    assert format_number(0.98765) == "0.988"


def test_plain_table_aligns_columns() -> None:
    text = render_table(["checker", "false alarms"], [["nli", "0/12"], ["similarity", "6/12"]])
    lines = text.splitlines()
    assert lines[0] == "checker    | false alarms"
    assert set(lines[1]) <= {"-", "+"}
    assert lines[2] == "nli        |         0/12"
    assert len({len(line) for line in lines}) == 1


def test_markdown_table_escapes_pipes_and_marks_alignment() -> None:
    text = render_table(["a", "b"], [["x|y", "1"]], style="markdown")
    assert text.splitlines() == ["| a | b |", "| --- | ---: |", "| x\\|y | 1 |"]


def test_ragged_rows_are_refused() -> None:
    with pytest.raises(ValueError, match="row 1"):
        render_table(["a", "b"], [["only one"]])
