"""The worked premise (session 29, issue 31 item 3): a claim whose arithmetic is verified is read as written
against the sentences its operands came from, with the arithmetic written out, when neither the reduced claim nor
the rest of the claim was supported; and the question says whose case the operand must belong to when the claim
names no one ("an adult kayak set": €20 is the children's price)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.analysis import analyse_claim_numbers
from faithkit.checkers.numbers.operand_conditions import scenario
from faithkit.checkers.numbers.worked import WORKED_ID, worked_passage
from faithkit.records import ClaimCheck, Passage, Verdict

RENTAL = Passage("rental", "Kayak sets (kayak, paddle and spray deck) cost €36 per day for adults and €20 per day "
                           "for children up to 12. From the 4th day of a rental, each extra day costs half the daily "
                           "price. Dry bags cost €5 per day. Kayaks returned after 18:00 are charged one extra day.")
TOURS = Passage("tours", "Guided tours cost €65 for adults and €40 for children. Tours leave at 9:00 and 14:00. A "
                         "tour cancelled less than 24 hours ahead is not refunded.")
PASSAGES = (RENTAL, TOURS)
QUESTION = "How much is an adult kayak set for 5 days?"
# "initial", a word the rest-of-claim test cannot cover, so only the worked premise can support the claim ("first" is
# a word of arithmetic since session 43, and "The first 3 days ..." is supported through the rest of the claim)
ADULT = "The initial 3 days are €36 each (€108)."
CHILD_PRICE = "The initial 3 days are €20 each (€60)."
RATE_SENTENCE = ("Kayak sets (kayak, paddle and spray deck) cost €36 per day for adults and €20 per day for children "
                 "up to 12.")


class SupportsOnlyTheWorkedPremise(ScriptedChecker):
    """Supports a claim only when it is asked against the worked premise: the arithmetic rule's other ways (the
    reduced claim, the rest of the claim) find nothing, as the bundled model often does."""

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        super().check(requests)
        return [Verdict("supported" if r.passages and r.passages[0].id == WORKED_ID else "not_supported",
                        self.stage, score=1.0 if r.passages and r.passages[0].id == WORKED_ID else 0.0)
                for r in requests]


def test_the_worked_premise_is_the_operand_sentence_and_the_arithmetic() -> None:
    request = ClaimCheck(ADULT, PASSAGES, QUESTION)
    passage = worked_passage(analyse_claim_numbers(ADULT, PASSAGES, QUESTION), request)
    assert passage is not None and passage.id == WORKED_ID
    assert passage.text == f"{RATE_SENTENCE} 3 days × €36 = €108."


def test_the_sentence_of_an_amount_the_claim_repeats_joins_the_premise() -> None:
    """The saving here is the claim's own £18, so no operand brings the "10% off" sentence the claim names."""
    camping = Passage("camping", "Tent pitches cost £18 per night. Electric hook-up costs £5 per night. Stays of 7 "
                                 "nights or more get 10% off the pitch fees.")
    claim = "Because you're staying 10 nights, the pitch fees get 10% off: 10 × £18 = £180, minus £18, is £162."
    question = "What do 10 nights on a tent pitch cost?"
    report = analyse_claim_numbers(claim, (camping,), question)
    passage = worked_passage(report, ClaimCheck(claim, (camping,), question))
    assert passage is not None
    assert passage.text.startswith("Tent pitches cost £18 per night. Stays of 7 nights or more get 10% off the pitch")
    assert "Electric hook-up" not in passage.text and passage.text.endswith("= £162.")


def test_no_worked_premise_without_a_derivation() -> None:
    claim = "Dry bags cost €5 per day."
    assert worked_passage(analyse_claim_numbers(claim, PASSAGES, QUESTION), ClaimCheck(claim, PASSAGES)) is None


def test_a_claim_supported_on_its_worked_premise_is_supported_by_the_arithmetic() -> None:
    inner = SupportsOnlyTheWorkedPremise()
    (verdict,) = NumberChecks(inner).check([ClaimCheck(ADULT, PASSAGES, QUESTION)])
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic")
    assert verdict.detail["worked_premise"] == f"{RATE_SENTENCE} 3 days × €36 = €108."
    assert verdict.detail["worked_verdict"]["label"] == "supported"
    assert verdict.detail["inner"]["label"] == "not_supported"
    asked = inner.calls[-1]
    assert [(r.claim, [p.id for p in r.passages]) for r in asked] == [(ADULT, [WORKED_ID])]  # the claim as written


def test_an_operand_of_another_case_than_the_questions_is_refuted_whatever_the_premise_gives() -> None:
    (verdict,) = NumberChecks(SupportsOnlyTheWorkedPremise()).check([ClaimCheck(CHILD_PRICE, PASSAGES, QUESTION)])
    assert (verdict.label, verdict.stage, verdict.detail["numbers_rule"]) == ("not_supported", "numbers",
                                                                              "operand_binding")
    assert verdict.evidence is not None and verdict.evidence.text == RATE_SENTENCE


def test_the_scenario_is_the_question_only_when_the_claim_names_no_one() -> None:
    assert scenario(CHILD_PRICE, QUESTION) == f"{QUESTION} {CHILD_PRICE}"
    named = "Children pay €20 a day, so 3 days are €60."
    assert scenario(named, QUESTION) == named
    assert scenario(CHILD_PRICE, None) == CHILD_PRICE


@pytest.mark.slow
def test_the_bundled_checker_reads_a_worked_claim_on_its_premise() -> None:
    """"The initial 3 days are €36 each (€108)." is entailed by no window of the passages; on its worked
    premise it is supported, while the children's price for the adult the question names stays refuted."""
    from faithkit.checkers.registry import build_checker

    adult, child = build_checker("nli").check([ClaimCheck(ADULT, PASSAGES, QUESTION),
                                               ClaimCheck(CHILD_PRICE, PASSAGES, QUESTION)])
    assert (adult.label, adult.stage) == ("supported", "arithmetic") and "worked_premise" in adult.detail
    assert (child.label, child.stage) == ("not_supported", "numbers")
