"""benchmarks/mutant_check.py: a mutant counts only when the checker keeps its answer unmutated (session 45)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import mutant_check  # noqa: E402

CONTEXTS = [{"id": "fees", "text": "A locker costs €4 per day."}]


def _mutants() -> list[dict]:
    """Two mutants of an answer a careful checker keeps, one of an answer it flags (the Monday is nowhere)."""
    kept = {"id": "a-1", "question": "", "contexts": CONTEXTS, "answer": "A locker costs €4 a day."}
    flagged = {"id": "a-2", "question": "", "contexts": CONTEXTS, "answer": "Lockers cost €4 a day, free on Mondays."}
    four = re.compile("4")
    return [mutant_check.mutant(kept, four.search(kept["answer"]), "7"),
            mutant_check.mutant(kept, four.search(kept["answer"]), "6"),
            mutant_check.mutant(flagged, four.search(flagged["answer"]), "9")]


def test_the_log_holds_each_mutant_without_its_base_fields_and_each_answer_once_as_it_was() -> None:
    rows = mutant_check._log_rows(_mutants())
    assert [r["id"] for r in rows] == ["a-1@16:4->7", "a-1@16:4->6", "a-2@14:4->9", "unmutated:a-1", "unmutated:a-2"]
    assert all("base" not in r and "base_answer" not in r for r in rows)
    assert rows[3]["answer"] == "A locker costs €4 a day." and rows[0]["answer"] == "A locker costs €7 a day."


def test_mutants_of_an_answer_flagged_unmutated_are_not_counted_as_caught() -> None:
    found = _mutants()
    results = {"a-1@16:4->7": {"unsupported": True}, "a-1@16:4->6": {"unsupported": True},
               "a-2@14:4->9": {"unsupported": True},
               "unmutated:a-1": {"unsupported": False}, "unmutated:a-2": {"unsupported": True}}
    assert mutant_check.tally(found, results) == (2, 2, 1)  # a-2's mutant flagged, but a-2 itself is flagged
    results["unmutated:a-2"] = {"unsupported": None}  # read as a refusal: not kept either
    assert mutant_check.tally(found, results) == (2, 2, 1)
    results["unmutated:a-2"] = {"unsupported": False}
    results["a-1@16:4->7"] = {"unsupported": False}
    assert mutant_check.tally(found, results) == (2, 3, 0)
    del results["unmutated:a-1"]  # no record of the answer as it was: its mutants are not counted
    assert mutant_check.tally(found, results) == (1, 1, 2)


def test_what_follows_a_double_dash_goes_to_faithkit_check() -> None:
    ap = mutant_check.mutation_parser("mutants", seed=7)
    args, extra = mutant_check.parse_args(ap, ["--sets", "dev", "--misses", "--", "--no-window-veto"])
    assert args.sets == ["dev"] and args.misses and extra == ("--no-window-veto",)
    args, extra = mutant_check.parse_args(ap, ["--per-answer", "1"])
    assert args.per_answer == 1 and extra == ()
