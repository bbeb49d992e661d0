"""The report reads answer and passage texts back with the run's own reader, whatever the input format."""

from __future__ import annotations

from pathlib import Path

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.io.results import read_results
from faithkit.pipeline import CheckOptions, run_check
from faithkit.report.html_data import read_log_texts
from tests.extras import needs_pyarrow

FIXTURES = Path(__file__).resolve().parents[1] / "io" / "fixtures" / "formats"


@pytest.mark.parametrize(
    "name",
    ["ragas.csv", pytest.param("interactions.parquet", marks=needs_pyarrow),
     pytest.param("interactions_hf", marks=needs_pyarrow)],
)
def test_csv_and_parquet_runs_show_their_texts(tmp_path: Path, name: str) -> None:
    out = tmp_path / name.replace(".", "_")
    run_check(FIXTURES / name, out, ScriptedChecker({}), CheckOptions())
    texts = read_log_texts(read_results(out))
    assert texts.note is None, (name, texts.note)
    answers = [row["answer"] for row in texts.by_line.values()]
    assert len(answers) == 9 and any("SSO" in a for a in answers), name
