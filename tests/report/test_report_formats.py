"""The report reads answer and passage texts back with the run's own reader, whatever the input format."""

from __future__ import annotations

from pathlib import Path

from faithkit.checkers.fake import ScriptedChecker
from faithkit.io.results import read_results
from faithkit.pipeline import CheckOptions, run_check
from faithkit.report.html_data import read_log_texts

FIXTURES = Path(__file__).resolve().parents[1] / "io" / "fixtures" / "formats"


def test_csv_and_parquet_runs_show_their_texts(tmp_path: Path) -> None:
    for name in ("ragas.csv", "interactions.parquet", "interactions_hf"):
        out = tmp_path / name.replace(".", "_")
        run_check(FIXTURES / name, out, ScriptedChecker({}), CheckOptions())
        texts = read_log_texts(read_results(out))
        assert texts.note is None, (name, texts.note)
        answers = [row["answer"] for row in texts.by_line.values()]
        assert len(answers) == 9 and any("SSO" in a for a in answers), name
