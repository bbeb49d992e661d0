"""A date the sources never state and no date arithmetic gives is flagged like a missing number
(``numbers.dates.unstated_dates``). Passages written here (a translation agency's help center); the inner checker
is scripted to support everything, so what is tested is the stage's own rule."""

from __future__ import annotations

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.dates import unstated_dates
from faithkit.records import ClaimCheck, Passage

CERTIFIED = Passage("certified", "Certified translations are ready to post 7 days after we receive your documents. "
                                 "We post on weekdays only.")
INVOICES = Passage("invoices", "Invoices are sent on 1 June and are due within 30 days.")
RECEIVED = "You received my birth certificate on 27 April 2027. When can the translation be posted?"


def verdict_of(claim: str, question: str = RECEIVED, passages=(CERTIFIED,)):
    checker = NumberChecks(ScriptedChecker(default="supported"))
    (verdict,) = checker.check([ClaimCheck(claim, passages, question)])
    return verdict


def test_a_date_off_by_one_day_is_flagged_with_its_reason() -> None:
    verdict = verdict_of("Certified translations are ready 7 days after we receive the documents, so yours can be "
                         "posted on 3 May 2027.", passages=(INVOICES,
                                                            Passage("certified", CERTIFIED.text.split(" We")[0])))
    assert (verdict.label, verdict.stage, verdict.detail["numbers_rule"]) == ("not_supported", "numbers",
                                                                               "unstated_date")
    # what the sources give instead: the question's date plus the period of the sentence about the claim
    assert verdict.detail["reason"] == ("3 May 2027 appears in no passage, and no date of the question plus a "
                                        "period a passage states gives it; 27 April + 7 days [certified] = 4 May")
    assert verdict.detail["inner"]["label"] == "supported"


@pytest.mark.parametrize("claim", [
    "Yours can be posted on 4 May 2027.",  # 27 April + 7 days
    "We received it on 27 April 2027.",  # the question's own date
])
def test_a_date_stated_or_computed_stays_supported(claim: str) -> None:
    passages = (Passage("certified", "Certified translations are ready to post 7 days after we receive your "
                                     "documents."),)
    assert verdict_of(claim, passages=passages).label == "supported"
    assert unstated_dates(claim, [p.text for p in passages], RECEIVED) == []


def test_a_date_a_passage_states_stays_supported_and_weekdays_are_left_to_the_model() -> None:
    assert verdict_of("Invoices are sent on 1 June.", question="", passages=(INVOICES,)).label == "supported"
    # weekdays are not computed here (the weekday of a date needs a calendar the texts may not give): not flagged
    assert verdict_of("Yours can be posted on 3 May 2027.").label == "supported"


def test_the_reason_counts_back_and_falls_back_to_the_date_a_passage_states() -> None:
    deposit = Passage("deposit", "The balance is due 14 days before the trip starts.")
    back = verdict_of("The balance is due 14 days before your trip, so by 8 May.", question="My trip starts on 20 May.",
                      passages=(INVOICES, deposit))
    assert back.detail["reason"].endswith("; 20 May − 14 days [deposit] = 6 May")
    # no date in the question: the date of the passage sentence sharing most words with the claim
    sent = verdict_of("Invoices are sent on 2 June.", question="", passages=(deposit, INVOICES))
    assert sent.detail["reason"].endswith("; [invoices] says 1 June")
