"""benchmarks/answer_sets.py: every dev and held-out answer set in one run, pooled per group, and the answers whose
grade moved between two runs (ids only)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import answer_sets  # noqa: E402


def _figures(*answers: tuple[str, str, bool]) -> dict:
    measures: dict[str, list[int]] = {}
    for _, measure, right in answers:
        pair = measures.setdefault(measure, [0, 0])
        pair[0] += right
        pair[1] += 1
    return {"measures": measures, "answers": [{"id": i, "measure": m, "right": r, "status": "scored"}
                                              for i, m, r in answers]}


def test_every_set_file_exists_and_no_set_is_in_both_groups() -> None:
    dev = {name for name, _ in answer_sets.DEV_SETS}
    held = {name for name, _ in answer_sets.HELD_OUT_SETS}
    assert not dev & held
    assert all(path.is_file() for _, path in (*answer_sets.DEV_SETS, *answer_sets.HELD_OUT_SETS))


def test_no_held_out_folder_is_left_out() -> None:
    """A new held-out answer set in benchmarks/ is counted in the pooled figure (shapes_holdout has been dev since
    session 16; cases_holdout holds passages only, for benchmarks/case_swaps.py)."""
    folders = {p.name for p in (ROOT / "benchmarks").iterdir()
               if p.is_dir() and "holdout" in p.name and (p / f"{p.name}.jsonl").is_file()}
    assert folders - {name for name, _ in answer_sets.HELD_OUT_SETS} == {"shapes_holdout"}


def test_pooled_lines_sum_the_sets_with_a_wilson_interval() -> None:
    figures = {"a": _figures(("a-1", "faithful kept", True), ("a-2", "fault caught", False)),
               "b": _figures(("b-1", "faithful kept", True), ("b-2", "faithful kept", False))}
    assert answer_sets.pooled(figures) == {"faithful kept": [2, 3], "fault caught": [0, 1]}
    lines = answer_sets.figures_lines("dev", figures)
    assert lines[0] == "dev: 2 sets"
    assert "faithful kept 1/1" in lines[1] and "fault caught 0/1" in lines[1]
    assert any(line.strip().startswith("pooled faithful kept") and "2/3" in line and "[" in line for line in lines)
    assert lines[-1].strip() == "records with status error: 0"


def test_a_record_that_errored_is_named() -> None:
    """An error is graded (a fault caught, a faithful answer not kept) and must not pass unseen."""
    figures = {"a": _figures(("a-1", "faithful kept", False))}
    figures["a"]["answers"][0]["status"] = "error"
    assert answer_sets.figures_lines("held-out", figures)[-1].strip().startswith("records with status error: 1 (a-1")


def test_compare_names_each_answer_whose_grade_moved_and_nothing_else() -> None:
    before = {"held-out": {"s": _figures(("s-1", "faithful kept", False), ("s-2", "fault caught", True),
                                         ("s-3", "faithful kept", True))}}
    after = {"held-out": {"s": _figures(("s-1", "faithful kept", True), ("s-2", "fault caught", False),
                                        ("s-3", "faithful kept", True))}}
    assert answer_sets.changes(before, after) == [
        "held-out s s-1 faithful kept: gained (scored -> scored)",
        "held-out s s-2 fault caught: lost (scored -> scored)",
    ]
    assert answer_sets.changes(before, before) == []


@pytest.mark.slow
def test_a_set_is_run_through_the_real_check_and_graded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    passage = [{"id": "fees", "text": "Late returns cost 20 cents per item per day. DVDs are lent for 7 days."}]
    rows = [
        {"id": "t-1", "question": "How long are DVDs lent for?", "contexts": passage,
         "answer": "DVDs are lent for 7 days.", "expect": "faithful", "shape": "copy"},
        {"id": "t-2", "question": "How long are DVDs lent for?", "contexts": passage,
         "answer": "DVDs are lent for 14 days.", "expect": "unsupported", "shape": "copy", "fault": "number"},
        {"id": "t-3", "question": "Can I borrow an e-reader?", "contexts": passage,
         "answer": "Sorry, the help center articles don't mention lending e-readers.", "expect": "refusal",
         "shape": "refusal"},
    ]
    data = tmp_path / "tiny.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    monkeypatch.setattr(answer_sets, "GROUPS", {"dev": (("tiny", data),)})
    out = tmp_path / "figures.json"
    assert answer_sets.main(["--group", "dev", "--json", str(out)]) == 0
    figures = json.loads(out.read_text(encoding="utf-8"))["dev"]["tiny"]
    assert figures["measures"] == {"faithful kept": [1, 1], "fault caught": [1, 1], "refusal counted": [1, 1]}
    assert "pooled faithful kept" in capsys.readouterr().out
