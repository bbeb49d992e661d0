"""Amounts in the currency signs assistants write beside €, $, £ and ¥ ("₩18,000", "฿1,500", "₹4,800"), and a
discount that "takes" an amount "off" and "leaves" a price. Before, "₩180,000" was a bare number that no
arithmetic over prices could justify, so a correct total in won was flagged (numbers_dev2, session 28); the
conditions rules (``operand_conditions``) now catch the wrong-day and per-month operands that only the unread sign
used to hide."""

from __future__ import annotations

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.extract import quantities
from faithkit.checkers.numbers.written import wrong_written_sum
from faithkit.records import SUPPORTED, ClaimCheck, Passage


@pytest.mark.parametrize("text, unit", [("₩18,000", "KRW"), ("฿1,500", "THB"), ("₹4,800", "INR"), ("₺250", "TRY"),
                                        ("₪90", "ILS"), ("₱500", "PHP"), ("€12", "EUR")])
def test_a_currency_sign_is_read_as_its_currency(text, unit):
    (q,) = quantities(f"It costs {text} per visit.")
    assert q.unit == unit and q.text == text


def test_a_written_product_in_won_is_checked():
    assert wrong_written_sum("Grip socks: 3 × ₩3,000 = ₩9,000") is None
    assert wrong_written_sum("Grip socks: 3 × ₩3,000 = ₩8,000") is not None


PASSES = Passage("passes", "A 60-minute jump pass costs ₩18,000. Members get 10% off every jump pass.")


def _verdict(claim: str, question: str):
    (verdict,) = NumberChecks(ScriptedChecker({})).check([ClaimCheck(claim, (PASSES,), question)])
    return verdict


def test_a_total_in_won_is_derived():
    verdict = _verdict("Ten jumps of 60 minutes would cost ₩180,000.", "What do 10 jumps cost?")
    assert verdict.label == SUPPORTED and verdict.stage == "arithmetic"
    wrong = _verdict("Ten jumps of 60 minutes would cost ₩170,000.", "What do 10 jumps cost?")
    assert wrong.label != SUPPORTED


def test_a_discount_that_takes_an_amount_off_and_leaves_a_price_is_arithmetic():
    question = "I'm a member. What does a 60-minute jump pass cost me?"
    verdict = _verdict("Your 10% member discount takes ₩1,800 off, which leaves ₩16,200.", question)
    assert verdict.label == SUPPORTED and verdict.stage == "arithmetic"
    assert _verdict("Your 10% member discount takes ₩1,800 off, which leaves ₩16,800.", question).label != SUPPORTED


@pytest.mark.parametrize("text", ["R$368", "NT$99", "S$ 12.50", "HK$40", "US$5"])
def test_a_dollar_with_its_country_starts_at_the_country(text):
    """"Total: R$368" read its amount as "$368" after a stray "R", so the total's label no longer stood right
    before its number; the amount is a dollar either way ("$368" in an answer meets a passage's "R$368")."""
    (q,) = quantities(f"Total: {text}")
    assert q.text == text and q.start == len("Total: ") and q.unit == "USD"


def test_a_total_in_reais_labelled_total_adds_the_answers_own_lines():
    lanes = Passage("lanes", "Lane hire costs R$160 per lane per hour on Saturdays. Shoes cost R$12 per pair, with a "
                             "maximum of R$48 in shoe rental per lane per booking.")
    question = "There are 5 of us bowling on a Saturday for 2 hours on one lane. What will it cost?"
    answer = ("Lane hire: 2 hours × R$160 = R$320", "Shoe rental: capped at R$48 per lane per booking",
              "Total: R$368")
    checks = NumberChecks(ScriptedChecker({"Total.": "supported"}))  # the rest of the claim, once its sum is verified
    verdicts = checks.check([ClaimCheck(a, (lanes,), question, context=answer) for a in answer])
    assert verdicts[2].label == SUPPORTED and verdicts[2].stage == "arithmetic"
    assert verdicts[2].detail["numbers"][0]["expression"] == "368 = 320 + 48"
    wrong = ("Lane hire: 2 hours × R$160 = R$320", "Shoe rental: capped at R$48 per lane per booking", "Total: R$378")
    assert checks.check([ClaimCheck(a, (lanes,), question, context=wrong) for a in wrong])[2].label != SUPPORTED


@pytest.mark.parametrize("text, unit", [("JOD 95", "JOD"), ("TND 12", "TND"), ("1,800 BDT", "BDT"),
                                        ("4,200 MAD", "MAD"), ("৳500", "BDT"), ("₮9,000", "MNT"), ("₵40", "GHS")])
def test_any_iso_4217_code_or_a_currencys_own_sign_is_read_as_money(text, unit):
    """The codes had been those of the sets written so far: "JOD 95 + JOD 130 + ... = JOD 405" read five bare
    numbers, and "4,200 MAD per person" lost its currency (session 36, periods_dev)."""
    (q,) = quantities(f"It costs {text} per visit.")
    assert q.unit == unit


def test_an_upper_case_word_that_is_also_a_code_is_no_currency():
    """Albanian lek is ALL: a shouting "ALL 3 plans" must not price anything in it."""
    (q,) = quantities("ALL 3 plans include it.")
    assert q.unit != "ALL"
