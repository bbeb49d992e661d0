"""A time of day the sources never state is flagged like a missing number (``numbers.clock``). Passages written
here (a ski-rental help center)."""

from __future__ import annotations

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.clock import clock_times
from faithkit.records import ClaimCheck, Passage

RENTAL = Passage("rental", "Skis can be collected from 8:30 and must be back by 5 pm. Equipment returned after "
                           "17:00 is charged one extra day. The shop closes at noon on Sundays.")


def test_one_time_in_any_wording() -> None:
    assert clock_times("from 8:30, back by 5 pm, closes at 17:00 or at noon") == {
        (8, 30): "8:30", (17, 0): "5 pm", (12, 0): "noon"}
    assert clock_times("8 p.m.") == {(20, 0): "8 p.m."} and clock_times("12am") == {(0, 0): "12am"}


def test_numbers_that_are_no_time_of_day() -> None:
    assert clock_times("a 3:1 ratio, 24/7 support, version 1.2.30, €12.50, 13 pm") == {}


def verdict_of(claim: str, question: str = ""):
    (verdict,) = NumberChecks(ScriptedChecker(default="supported")).check([ClaimCheck(claim, (RENTAL,), question)])
    return verdict


def test_a_time_no_source_states_is_flagged_with_the_time_the_passage_gives() -> None:
    verdict = verdict_of("Returning after 23:00 adds an extra day.")
    assert verdict.label == "not_supported" and verdict.stage == "numbers"
    assert verdict.detail["numbers_rule"] == "clock_time"
    assert verdict.detail["reason"] == "23:00 appears in no passage; [rental] says 17:00"
    assert verdict.detail["inner"]["label"] == "supported"


def test_the_same_time_in_another_wording_stays_supported() -> None:
    for claim in ("Returning after 5pm adds an extra day.", "Bring the skis back by 17:00.",
                  "On Sundays the shop closes at 12:00.", "You can collect them from 8:30 am."):
        assert verdict_of(claim).label == "supported", claim


def test_a_time_from_the_question_is_the_users_own() -> None:
    assert verdict_of("If you return at 18:30 you pay an extra day.", "I'll be back at 18:30, is that ok?"
                      ).label == "supported"
    assert verdict_of("If you return at 18:30 you pay an extra day.").label == "not_supported"
