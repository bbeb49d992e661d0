"""Rules around the model (arithmetic, refusals) never let a false claim through: the attack run's cases with
the real default checker (bundled NLI model, numbers and arithmetic rules on)."""

from __future__ import annotations

import pytest

from faithkit.checkers.registry import build_checker
from faithkit.records import ClaimCheck, Passage

REFUNDS = Passage("refunds", "Refunds are available within 30 days of purchase.")
PRICES = Passage("prices", "The Team plan costs €12 per user per month.")


@pytest.fixture(scope="module")
def default_stack():
    return build_checker("nli")


@pytest.mark.parametrize(
    ("claim", "passage", "question"),
    [
        ("Refunds are available within 90 days.", REFUNDS, "We are 3 people, can we get a refund?"),
        ("The Team plan costs €96 per user per month.", PRICES, "I have 8 users. What does the Team plan cost?"),
        ("Each user pays €96 per month.", PRICES, "I have 8 users. What does the Team plan cost?"),
    ],
)
def test_a_head_count_never_turns_into_a_duration_or_a_per_user_price(default_stack, claim, passage, question):
    (verdict,) = default_stack.check([ClaimCheck(claim, (passage,), question=question)])
    assert verdict.label == "not_supported", (verdict.stage, verdict.evidence)


ADMINS = Passage("admins", "Each workspace can have up to 10 admins. Admin invitations expire after 2 days.")
TRASH = Passage("trash", "Deleted files stay in the trash for 8 days. After that they are removed for good.")


@pytest.mark.parametrize("claim", [
    "Admin invitations last 8 days.",
    "With 4 admins, invitations stay open for 8 days.",
    "Your 4 admins get 8 days to accept.",
    "For 4 admins that is 8 days.",
    "With 4 admins you have 8 days in total.",
    "Each of your 4 admins has 8 days to accept the invitation.",
    "Invitations stay valid for 8 days.",
    "With 4 admins, invitations expire after 8 days in total.",
])
def test_a_coincidental_product_never_verifies_a_number_from_elsewhere(default_stack, claim):
    """Issue 35: "4 admins × 2 days = 8 days" must not support a claim whose 8 days belong to the trash passage
    (the number is in the sources, so only the question's head count could "derive" it)."""
    question = "We have 4 admins. How long do admin invitations last?"
    (verdict,) = default_stack.check([ClaimCheck(claim, (ADMINS, TRASH), question=question)])
    assert verdict.label == "not_supported", (verdict.stage, verdict.detail)


@pytest.mark.parametrize(
    ("claim", "question"),
    [
        ("Eight users pay €96 per month in total.", "I have 8 users. What does the Team plan cost?"),
        ("For 8 users the Team plan costs €96 a month.", "I have 8 users. What does the Team plan cost?"),
    ],
)
def test_the_total_a_head_count_does_give_is_still_derived(default_stack, claim, question):
    (verdict,) = default_stack.check([ClaimCheck(claim, (PRICES,), question=question)])
    assert verdict.label == "supported" and verdict.stage == "arithmetic"


@pytest.mark.parametrize(
    ("answer", "claim"),
    [
        (
            "The current month is fully refunded, and I can't find any exceptions in the help center.",
            "The current month is fully refunded, and I can't find any exceptions in the help center.",
        ),
        (
            "Team plans are billed monthly. There's no information about fees, which are waived.",
            "There's no information about fees, which are waived.",
        ),
        (
            "Refunds take 5 days and I can't find anything about fees.",
            "Refunds take 5 days and I can't find anything about fees.",
        ),
        (
            "Exports aren't part of the Team plan, and I can't say more.",
            "Exports aren't part of the Team plan, and I can't say more.",
        ),
        (
            "But refunds take 5 days, which isn't mentioned anywhere.",
            "But refunds take 5 days, which isn't mentioned anywhere.",
        ),
    ],
)
def test_a_refusal_phrase_never_hides_a_factual_claim(tmp_path, answer, claim):
    import json

    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.io.results import read_results
    from faithkit.pipeline import run_check

    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "a", "contexts": ["Team plans are billed monthly."], "answer": answer}) + "\n")
    run_check(log, tmp_path / "out", ScriptedChecker({"Team plans are billed monthly.": "supported"}))
    (record,) = read_results(tmp_path / "out").records
    assert record["status"] == "scored" and record["unsupported"] is True
    assert claim in [c["text"] for c in record["claims"]]


@pytest.mark.parametrize(
    "answer",
    [
        "I can't find information about refunds for annual plans in the help center.",
        "I'm sorry, but I couldn't find details about that in the documentation.",
        "Unfortunately, the help center doesn't mention whether exports are encrypted.",
        "I can't find anything about it in the articles, including the pricing page.",
        # help-center dev suite refusals the clause rule first turned into claims (refusals kept 17/17 -> 14/17)
        "The help articles I was given don't cover which restaurants are available, so I can't tell you that.",
        "I'm sorry, but personal training isn't mentioned anywhere in what I can see.",
        "I don't know; coverage maps aren't part of the help articles I can see.",
    ],
)
def test_a_plain_refusal_is_still_a_refusal(tmp_path, answer):
    from faithkit.scoring import RefusalDetector

    assert RefusalDetector().match(answer) is not None


def _check_one(tmp_path, answer: str) -> dict:
    import json

    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.io.results import read_results
    from faithkit.pipeline import run_check

    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "a", "contexts": ["Team plans are billed monthly."], "answer": answer}) + "\n")
    run_check(log, tmp_path / "out", ScriptedChecker({"Team plans are billed monthly.": "supported"}))
    (record,) = read_results(tmp_path / "out").records
    return record


@pytest.mark.parametrize(
    "answer",
    [
        "I'm not sure, please contact the pharmacy.",
        "I can't find that in the help center. Please contact support.",
        "I don't know. You may want to ask a pharmacist for advice.",
        "Unfortunately, the help center doesn't mention it; I'd recommend contacting our support team directly.",
    ],
)
def test_a_refusal_that_sends_the_user_elsewhere_is_a_refusal(tmp_path, answer):
    record = _check_one(tmp_path, answer)
    assert record["status"] == "refusal" and record["claims"] == []


@pytest.mark.parametrize(
    ("answer", "claim"),
    [
        # a referral is filler only beside a refusal: on its own it is an answer and is checked
        ("Team plans are billed monthly. Please contact support.", "Please contact support."),
        # a "referral" that states a number, a purpose or an address is a claim, refusal or not
        ("I can't find the fee. Contact support within 30 days to get a refund.",
         "Contact support within 30 days to get a refund."),
        ("I'm not sure, please email refunds@larkspur.example.",
         "I'm not sure, please email refunds@larkspur.example."),
        ("I can't find that. Call us on 555-0100.", "Call us on 555-0100."),
    ],
)
def test_a_referral_never_hides_a_claim(tmp_path, answer, claim):
    record = _check_one(tmp_path, answer)
    assert record["status"] == "scored" and record["unsupported"] is True
    assert claim in [c["text"] for c in record["claims"]]


def test_a_referral_beside_a_partial_refusal_is_dropped_with_it(tmp_path):
    record = _check_one(tmp_path, "Team plans are billed monthly. I can't find the fee. Please contact support.")
    assert record["status"] == "scored" and record["unsupported"] is False
    assert [c["text"] for c in record["claims"]] == ["Team plans are billed monthly."]
    assert "partial_refusal" in record["warnings"]
