"""The hand-written answer sets pass their own format checks, and the shared checks (benchmarks/blind_set_checks.py)
report a bad line by its number and a context that breaks the set's rules, and still read the rest."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from blind_set_checks import Problems, check_contexts, read_rows  # noqa: E402

# every hand-written set that ships its own validator (a new set is checked without an edit here)
SETS = sorted(p.parent.name for p in (ROOT / "benchmarks").glob("*/validate.py"))


@pytest.mark.parametrize("name", SETS)
def test_each_set_passes_its_validator(name: str) -> None:
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / name / "validate.py")], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert any(ok in result.stdout for ok in ("rows OK", "all checks passed", " 0 errors")), result.stdout


def test_a_bad_line_is_reported_by_number_and_the_rest_is_read(tmp_path: Path) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text('{"id": "a"}\nnot json\n\n[1, 2]\n{"id": "b"}\n', encoding="utf-8")
    problems = Problems()
    assert [r["id"] for r in read_rows(str(path), problems)] == ["a", "b"]
    assert [(n, r["id"]) for n, r in read_rows(str(path), Problems(), numbered=True)] == [(1, "a"), (5, "b")]
    assert [e.split(" is ")[0] for e in problems.errors] == ["line 2", "line 3", "line 4"]
    assert not problems.report()


def test_contexts_must_match_the_sets_rules_and_the_domain() -> None:
    passage = "One. Two. Three. Four."
    row = {"id": "x-1", "domain": "d", "contexts": [{"id": "a", "text": passage}, {"id": "b", "text": passage}]}
    domains: dict[str, str] = {}
    problems = Problems()
    assert check_contexts(row, problems, domains, count=2) == ["a", "b"] and not problems.errors
    other = {**row, "id": "x-2", "contexts": [{"id": "a", "text": "Short."}, {"id": "a", "text": passage, "n": 1}]}
    check_contexts(other, problems, domains, count=2)
    assert problems.errors == ["x-2 a passage needs 4 to 6 sentences",
                               "x-2 each context needs exactly the keys id and text",
                               "x-2 duplicate context ids", "x-2 contexts differ within domain d"]
    assert json.loads(domains["d"]) == row["contexts"]
