"""A time of day the sources never state is flagged like a missing number (``numbers.clock``). Passages written
here (a ski-rental help center)."""

from __future__ import annotations

from dataclasses import replace

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.clock import clock_times
from faithkit.records import ClaimCheck, Evidence, Passage, Verdict

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


KARAOKE = Passage("rooms", "Singsong is open every day from 12:00 to 05:00. Happy hour runs from 12:00 to 18:00 on "
                           "weekdays. On Fridays the last booking starts at 03:00.")


def test_a_time_of_another_case_is_flagged_against_the_window_that_supported_it() -> None:
    """The model hardly reads times ("open ... to 03:00" against "... to 05:00" entailed at 0.99): a time of day the
    passages state, but not in the window the model supported the claim with, is another case's time."""
    from faithkit.testing import check_answer

    (claim,) = check_answer("Singsong is open every day from 12:00 to 03:00.", [KARAOKE]).result.claims
    assert claim.verdict == "not_supported" and claim.stage == "numbers", claim
    assert claim.detail["numbers_rule"] == "clock_elsewhere"
    assert claim.detail["reason"].startswith("03:00 is not in the sentence that supports the claim; [rooms] says ")
    for text in ("Singsong is open every day from 12:00 to 05:00.", "Singsong opens every day at noon.",
                 "On weekdays, happy hour runs from 12:00 to 18:00."):
        (claim,) = check_answer(text, [KARAOKE]).result.claims
        assert claim.verdict == "supported", claim


class SupportsOnTheFirstSentence(ScriptedChecker):
    """The model's verdict as the stage sees it: supported (stage ``nli``) by the passage's first sentence."""

    def check(self, requests):
        super().check(requests)
        window = Evidence("rooms", "Singsong is open every day from 12:00 to 05:00.")
        return [Verdict("supported", "nli", score=0.99, evidence=window) for _ in requests]


def test_a_time_the_question_gives_binds_to_no_window() -> None:
    """The user's own time ("we arrive at 01:30") is in no window and is no other case's: it stays supported; the
    same time with no question saying it is one the passages do not state at all (``clock_time``)."""
    claim = ClaimCheck("Singsong is open from 12:00 to 05:00, so at 03:00 you can still sing.", (KARAOKE,),
                       "We arrive at 03:00 on a Friday. Can we still sing?")
    (verdict,) = NumberChecks(SupportsOnTheFirstSentence()).check([claim])
    assert verdict.label == "supported" and verdict.stage == "nli", verdict
    (verdict,) = NumberChecks(SupportsOnTheFirstSentence()).check([replace(claim, question="")])
    assert verdict.detail["numbers_rule"] == "clock_elsewhere", verdict
    assert verdict.evidence == Evidence("rooms", "Singsong is open every day from 12:00 to 05:00.")
    assert verdict.detail["reason"] == ("03:00 is not in the sentence that supports the claim; [rooms] says 12:00, "
                                        "05:00")
