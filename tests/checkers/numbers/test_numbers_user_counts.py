"""Two ways verified arithmetic used to be lost on answers written outside the project (issue 31):

- the user's own count, repeated from the question ("Split between the five of you, that's $2.80 each."), stayed
  in the rest of the claim, a clause no passage can entail, whenever a passage also happened to hold the number
  ("up to 5 people"): the count is the user's scenario however many passages name it;
- a contradiction the model read in a sentence the arithmetic never used ("Changing the time of a Saver ticket
  costs £10 ..." for "On a £60 fare, you would save £20.") blocked a claim whose only content is that arithmetic.
  A contradiction in a sentence an operand came from still blocks it."""

from __future__ import annotations

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.records import ClaimCheck, Evidence, Passage, Verdict

PLANS = Passage("plans", "Pro costs $10 a month. The Family add-on lets up to 5 people share one Pro plan for an "
                         "extra $4 a month.")
TOTAL = "Pro is $10 a month and the Family add-on adds $4, so $14 a month in total."
SPLIT = "Split between the five of you, that's $2.80 each."
ASKED_FIVE = "If five of us share Pro with the Family add-on, how much is that each per month?"

RAILCARDS = Passage("railcards", "The 16-25 Railcard costs £30 a year and gives one third off most fares. The Senior "
                                 "Railcard is available to anyone aged 60 or over.")
FARES = Passage("fares", "Saver tickets are non-refundable. Changing the time of a Saver ticket costs £10 plus any "
                         "difference in fare.")
SAVE = "On a £60 fare, you would save £20."
ASKED_60 = "How much is the 16-25 Railcard, and what would it save on a £60 fare?"


def check(claim: str, passages: tuple[Passage, ...], question: str, script: dict[str, Verdict | str] | None = None,
          context: tuple[str, ...] = ()) -> Verdict:
    (verdict,) = NumberChecks(ScriptedChecker(script)).check([ClaimCheck(claim, passages, question,
                                                                          context=context)])
    return verdict


def test_a_count_the_question_states_is_the_users_even_where_a_passage_has_it_too() -> None:
    verdict = check(SPLIT, (PLANS,), ASKED_FIVE, context=(TOTAL,))
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic")
    assert verdict.evidence is not None and verdict.evidence.text == "2.80 = 14 ÷ 5"
    assert verdict.detail["rest_claim"] == ""


def test_a_wrong_share_of_the_users_count_is_still_flagged() -> None:
    wrong = check(SPLIT.replace("$2.80", "$3.80"), (PLANS,), ASKED_FIVE, context=(TOTAL,))
    assert wrong.label == "not_supported"


def test_without_the_question_the_count_is_left_for_the_model_to_judge() -> None:
    """"the five of you" then says something about the user that only the passages could support."""
    verdict = check(SPLIT, (PLANS,), "How much is Pro with the Family add-on?", context=(TOTAL,))
    assert verdict.label == "not_supported"
    assert verdict.detail["rest_claim"] == "Split between the five of you."


def contradicted_by(passage: Passage, sentence: str) -> Verdict:
    start = passage.text.index(sentence)
    return Verdict("not_supported", "scripted", score=0.0, label3="contradicted",
                   evidence=Evidence(passage.id, sentence, start, start + len(sentence)))


def test_a_contradiction_from_a_sentence_the_arithmetic_never_used_does_not_block_it() -> None:
    off_topic = contradicted_by(FARES, "Changing the time of a Saver ticket costs £10 plus any difference in fare.")
    verdict = check(SAVE, (RAILCARDS, FARES), ASKED_60, {SAVE: off_topic})
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic")
    assert verdict.evidence is not None and verdict.evidence.text == "20 = 60 × one third"


def test_a_contradiction_from_the_operands_sentence_still_blocks_it() -> None:
    on_operand = contradicted_by(RAILCARDS, "The 16-25 Railcard costs £30 a year and gives one third off most fares.")
    verdict = check(SAVE, (RAILCARDS, FARES), ASKED_60, {SAVE: on_operand})
    assert verdict.label == "not_supported"
    assert verdict.label3 == "contradicted"


def test_a_contradiction_nobody_can_place_still_blocks_it() -> None:
    """A checker that says "contradicted" with no evidence: the stage cannot tell whose sentence it is, so it
    fails closed."""
    unplaced = Verdict("not_supported", "scripted", score=0.0, label3="contradicted", evidence=None)
    verdict = check(SAVE, (RAILCARDS, FARES), ASKED_60, {SAVE: unplaced})
    assert verdict.label == "not_supported"


LOANS = Passage("loans", "Members can borrow up to 12 items at a time. Books are lent for 21 days and can be renewed "
                         "twice online. DVDs are lent for 7 days.")


def test_an_amount_the_claim_repeats_is_not_the_users_quantity_scaling_itself() -> None:
    # "14 = 7 × 2" read the claim's 7 days (the DVD loan) as the user's quantity and "twice" as the amount it
    # scales: a wrong book loan verified by coincidence (session 33)
    wrong = check("Books are lent for 14 days and DVDs for 7 days.", (LOANS,), "How long are loans?",
                  {"Books are lent for 14 days and DVDs for 7 days.": "supported"})
    assert wrong.label == "not_supported" and wrong.stage == "numbers"
    assert [n["status"] for n in wrong.detail["numbers"]] == ["unverified", "in_sources"]  # 14 = 7 × 2 unjustified


def test_a_count_scaling_a_price_is_still_the_users() -> None:
    passages = (Passage("plans", "The Care Plan costs $18 per month per pet."),)
    verdict = check("For two cats the Care Plan costs $36 a month.", passages, "What would two cats cost?",
                    {"For each cat the Care Plan costs $18 a month.": "supported"})
    assert (verdict.label, verdict.stage) == ("supported", "arithmetic"), verdict
