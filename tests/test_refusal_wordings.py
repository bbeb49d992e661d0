"""Refusals as assistants word them (issue 30 item 4), built from sentences written here for a bike-hire help
center. A declining sentence is [filler] + a source (the articles, the help center, I) + a negated verb of saying,
covering, finding or knowing + what is declined; beside it an answer may only send the user elsewhere (whom to
ask), say the question back, or say what the sources cover. A fact about the product, a digit, a name or a purpose
keeps a sentence a claim, so a faithful negative fact is never a refusal."""

from __future__ import annotations

import json

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.claims.sentences import answer_sentences
from faithkit.io.results import read_results
from faithkit.pipeline import CheckOptions, run_check
from faithkit.refusal_clauses import is_referral, is_restatement, is_scope
from faithkit.scoring import RefusalDetector

QUESTION = "Do your bikes come with winter tyres?"


def declines(answer: str, question: str = QUESTION, passages: tuple[str, ...] = ()) -> bool:
    return RefusalDetector().answer_match(answer_sentences(answer), question, passages) is not None


@pytest.mark.parametrize("answer", [
    "Our help articles don't cover winter tyres.",
    "The docs I have don't say whether the bikes have winter tyres.",
    "I wasn't able to find anything about winter tyres.",
    "I can't see anything about winter tyres.",
    "There's nothing in the help center about winter tyres, I'm afraid.",
    "You're asking about winter tyres — that isn't covered in the articles I have.",
    "I'm not able to answer that from the docs: they have no information about winter tyres.",
    "Hmm, the knowledge base doesn't mention tyres at all.",
])
def test_a_declining_sentence_is_a_refusal(answer: str) -> None:
    assert declines(answer)


@pytest.mark.parametrize("answer", [
    "The information I have doesn't cover winter tyres.",
    "Based on the articles I have, there's no mention of winter tyres.",
    "There doesn't seem to be anything about winter tyres in the articles.",
    "That detail isn't included in the help center.",
    "Winter tyres aren't mentioned in the information available to me.",
    "The help center is silent on tyres.",
    "Our help center doesn't have information on tyres, unfortunately. The team at the depot will know.",
    "I'm unable to find information regarding winter tyres in our help center.",
    "I'm not able to confirm that based on the information available.",
    "Hmm, I don't see winter tyres mentioned anywhere.",
    "There isn't any information on winter tyres in the articles.",
    "I don't have access to information about winter tyres.",
    "Winter tyres aren't something I have information on.",
    "Unfortunately, that's not something I can answer from the help articles.",
    "The help center doesn't provide details on winter tyres.",
    "That question isn't answered in the help center.",
    "The provided information doesn't address winter tyres.",
    "It's not clear from the articles whether the bikes have winter tyres.",
    "It isn't stated whether the bikes have winter tyres.",
    "That's outside what the help center covers.",
    "No details on that in the documentation, sorry.",
    "That's a good question, but the articles I have don't cover it.",
    "The help center doesn't say anything about tyres. For that, it's best to get in touch with the workshop.",
    "I'm sorry, I couldn't find that. Our support team can help you with this.",
])
def test_more_ways_of_declining_are_refusals(answer: str) -> None:
    """Session 18: the source may be "the information I have"; "there's no mention of", "there doesn't seem to be
    anything about", "isn't included in <source>", "<source> is silent on"; an attribution frame in front ("Based
    on the articles I have,") says where, not what; "<whom> will know" sends the user elsewhere, and whom is the
    head noun ("the team at the depot": a team); "I'm" before the negated verb, "provide details", "isn't
    answered / available in <source>", "isn't something I can answer", "it isn't stated whether", "outside what
    <source> covers", "for that," before a referral. Each round confirmed on benchmarks/refusals_holdout (written
    blind): 28/40 -> 31/40 -> 32/40, no negative fact taken for a refusal."""
    assert declines(answer)


@pytest.mark.parametrize("referral", [
    "The workshop team should be able to tell you.",
    "It's worth asking the shop directly.",
    "You might want to call the depot before your rental day.",
    "You could check with reception when you arrive.",
    "The service desk would be the best place to ask.",
    "You may want to email the hire office to check.",
])
def test_a_refusal_followed_by_a_referral_is_a_refusal(referral: str) -> None:
    assert is_referral(referral)
    assert declines(f"I couldn't find anything about winter tyres. {referral}")


@pytest.mark.parametrize("restatement", [
    "You'd like to know whether the bikes come with winter tyres.",
    "You want to know if your bikes have winter tyres.",
    "You're asking about winter tyres.",
])
def test_a_restated_question_beside_a_refusal_is_part_of_declining(restatement: str) -> None:
    assert is_restatement(restatement, QUESTION)
    assert declines(f"{restatement} The help center doesn't say, so you may want to contact support.")


def test_a_restatement_that_adds_content_is_a_claim() -> None:
    added = "You'd like to know whether the bikes come with studded tyres and free helmets."
    assert not is_restatement(added, QUESTION)
    assert not declines(f"{added} The articles don't mention tyres.")


def test_what_the_sources_cover_beside_a_refusal_is_part_of_declining() -> None:
    assert is_scope("They cover bookings, deposits and repairs.")
    assert declines("I couldn't find anything about winter tyres; the articles cover bookings, deposits and repairs.")
    assert declines("The help center doesn't mention tyres. They're about bookings, deposits and repairs, "
                    "so the shop would be the best place to ask.")


@pytest.mark.parametrize("answer", [
    "I couldn't find anything about trailers; they only cover the Roamer and Hauler bikes.",  # names: a fact
    "I can't see anything about child seats — the pricing article only lists 2 seat sizes.",  # a digit
    "I can't see anything about parking. They cover dental, so you pay nothing for checkups.",  # a clause
    "I couldn't find anything about trailers; they only cover the Roamer, which is $25 a day.",  # a clause, named
])
def test_a_refusal_beside_a_fact_about_the_product_keeps_the_fact(answer: str) -> None:
    assert not declines(answer)
    assert not declines(answer, passages=("Bikes cost $25 a day. Seats are free.",))  # names, digits no passage gives


HIRE = ("Our bikes: the Roamer costs $25 a day and the Hauler $40 a day. Child seats come in 2 sizes. Students get "
        "10% off day hire.")


@pytest.mark.parametrize("answer", [
    "I couldn't find anything about trailers; they only cover the Roamer and Hauler bikes.",
    "I can't see anything about child seats — the pricing article only lists 2 seat sizes.",
    "I don't have information on tyres. The only discount the articles mention is the student one.",
    "I don't have information on tyres. The only discount they mention is 10% off day hire for Students.",
])
def test_what_the_sources_cover_is_part_of_declining_when_the_passages_say_it(answer: str) -> None:
    """A scope with a name or a digit declines only where every word of it is in the passages: "the Roamer and
    Hauler bikes" where a passage names both is what the sources cover, not a new fact (issue 30, refusals)."""
    assert declines(answer, passages=(HIRE,))


@pytest.mark.parametrize("answer", [
    "The plan doesn't cover dental treatment.",
    "No, refunds aren't available after 14 days.",
    "Helmets aren't included in the daily rate.",
    "The deposit can't be paid in cash.",
    "The plan doesn't cover dental treatment. You could ask the clinic when you book.",
    "There's no mention of a deposit for members: they pay none.",
    "Winter tyres aren't included in the hire price.",
    "The information pack doesn't include a map.",
    "The plan will know nothing about your old bookings.",
    "Sorry, that's not covered.",
    "Winter tyres aren't available in the shop.",
    "The waiver doesn't address theft from vehicles: that isn't covered.",
    "It isn't possible to extend a rental online.",
])
def test_a_faithful_negative_fact_is_never_a_refusal(answer: str) -> None:
    assert not declines(answer, "Does the plan cover dental treatment?")


@pytest.mark.parametrize("sentence", [
    "Contact support to cancel.",
    "Call 555-0100.",
    "Email support@bikes.example before 5 pm.",
    "The plan can help you save money.",
    "Staff will help you carry the bikes.",
])
def test_a_referral_with_a_purpose_a_number_or_a_product_subject_is_a_claim(sentence: str) -> None:
    assert not is_referral(sentence)
    assert not declines(f"I can't find anything about cancelling. {sentence}")


def test_the_pipeline_counts_the_refusal_and_keeps_a_fact_beside_one(tmp_path) -> None:
    rows = [
        {"id": "declines", "question": QUESTION, "contexts": ["Bikes are hired by the day."],
         "answer": "You'd like to know whether the bikes come with winter tyres. There's nothing in the articles "
                   "about tyres, I'm afraid. It's worth asking the depot directly."},
        {"id": "fact", "question": QUESTION, "contexts": ["Bikes are hired by the day."],
         "answer": "You're asking about winter tyres. Bikes are hired by the day. I couldn't find anything "
                   "about tyres. The front desk should be able to tell you."},
    ]
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run_check(log, tmp_path / "out", ScriptedChecker({}), CheckOptions(), command=["test"])
    records = {r["id"]: r for r in read_results(tmp_path / "out").records}
    assert records["declines"]["status"] == "refusal"
    fact = records["fact"]  # the fact is checked; the restatement and the referral are not claims
    assert fact["status"] == "scored"
    assert [c["text"] for c in fact["claims"]] == ["Bikes are hired by the day."]
    assert "partial_refusal" in fact["warnings"]


@pytest.mark.parametrize("answer", [
    "Unfortunately I'm not able to confirm a winter tyre option.",
    "There are no details on winter tyres in the articles.",
    "The help pages don't give any tyre sizes.",
    "Winter tyres aren't something the help center covers.",
    "Not something I can answer from the docs, I'm afraid.",
    "No information on winter tyres, I'm afraid.",
    "As far as I can tell, winter tyres aren't mentioned.",
    "Tyres aren't covered in the Roamer help articles.",
    "The tyre sizes aren't listed in the help center.",
    "Winter tyres: not covered in the articles I have, sorry.",
    "As for winter tyres, I don't have any information on that.",
    "Whether the bikes can take studded tyres isn't covered in the articles I have.",
])
def test_session_27_wordings_are_refusals(answer: str) -> None:
    """Session 27, chosen on benchmarks/refusals_dev2 (a development set written blind): "I'm" before "not able
    to" never matched ("I 'm"); "there are no details", "don't give any", "isn't something <source> covers", "not
    something I can answer", "no information on <topic>", a bare "<topic> isn't mentioned", a source with the
    product's name in front ("the Roamer help articles"), "listed in"; the declined topic named first (a label
    and a colon, "As for X,", an indirect question as the subject)."""
    assert declines(answer)


@pytest.mark.parametrize("referral", [
    "The depot staff would be the right people to ask.",
    "You could check in the app or ask at the depot.",
    "The team at your local depot will know which tyres they fit.",
    "You could try checking the app.",
    "You could ask the workshop team when you're in.",
])
def test_session_27_referrals(referral: str) -> None:
    assert is_referral(referral)
    assert declines(f"I couldn't find anything about winter tyres. {referral}")


@pytest.mark.parametrize("answer", [
    "I don't have information on tyres. The articles cover bookings and deposits, but not tyres.",
    "I couldn't find anything about tyres. Unfortunately the help pages only cover bookings, deposits and repairs, "
    "not tyres.",
    "There's no information about tyres in the help center. I can see the day prices, but nothing about tyres.",
    "I couldn't find anything about tyres. They only cover:\n\n- bookings and deposits\n- repairs",
])
def test_what_the_sources_cover_and_leave_out_is_part_of_declining(answer: str) -> None:
    """"They cover X, but not Y" says what the sources leave out; "They only cover:" above a list of topics."""
    assert declines(answer)


@pytest.mark.parametrize("answer", [
    "Studded tyres aren't covered by the damage waiver.",
    "Tyres: the Roamer has 2 sizes.",
    "Helmets aren't mentioned in the price: they are free.",
    "Winter tyres: yes, every bike has them.",
    "As for tyres, every bike has winter tyres.",
    "The articles cover bookings and deposits, but not tyres, which cost $5.",
])
def test_session_27_forms_keep_facts_as_claims(answer: str) -> None:
    assert not declines(answer, "Do the bikes have winter tyres?", (HIRE,))


def test_a_sentence_that_declines_one_thing_and_states_another_keeps_the_statement() -> None:
    detector = RefusalDetector()
    assert detector.undeclined("Whether the bikes take studded tyres isn't something the help center says, but "
                               "bikes are hired by the day.") == "Bikes are hired by the day."
    assert detector.undeclined("I don't have information about trailers; the articles only say that bikes are "
                               "hired by the day.") == "Bikes are hired by the day."
    assert detector.undeclined("Bikes are hired by the day, but the Hauler costs $40.") is None  # nothing declined
    assert detector.undeclined("I couldn't find anything about trailers; sorry.") is None  # nothing else said


def _checked(tmp_path, answer: str) -> dict:
    """The result record of a one-line log with ``answer``, checked through the real pipeline."""
    row = {"id": "partly", "question": QUESTION, "contexts": ["Bikes are hired by the day."], "answer": answer}
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(row) + "\n")
    run_check(log, tmp_path / "out", ScriptedChecker({}), CheckOptions(), command=["test"])
    return read_results(tmp_path / "out").records[0]


def test_the_pipeline_checks_what_a_partly_declining_sentence_states(tmp_path) -> None:
    record = _checked(tmp_path, "Whether they take studded tyres isn't covered in the articles I have, but bikes "
                                "are hired by the day.")
    assert record["status"] == "scored"
    assert [c["text"] for c in record["claims"]] == ["Bikes are hired by the day."]
    assert "partial_refusal" in record["warnings"]


def test_a_sentence_that_declines_nothing_is_left_whole() -> None:
    """An answer particle before a dash is no refusal: "Yes — there's a 2-hour minimum" is checked as written."""
    assert RefusalDetector().undeclined("Yes — there's a 2-hour minimum charge, so a ride costs $90.") is None


def test_a_referral_beside_a_partly_declining_sentence_is_not_a_claim(tmp_path) -> None:
    record = _checked(tmp_path, "I couldn't find anything about studded tyres; bikes are hired by the day. You could "
                                "ask the workshop team when you're in.")
    assert [c["text"] for c in record["claims"]] == ["Bikes are hired by the day."]
    assert record["warnings"].count("partial_refusal") == 1


@pytest.mark.parametrize("referral", [
    "For winter tyres, please contact the depot directly.",
    "For a group booking you'd need to get in touch with the shop directly.",
    "You'll need to ask the depot.",
])
def test_a_referral_may_name_its_topic_first(referral: str) -> None:
    """Session 27, second round on refusals_dev2: "For <topic>, <referral>" (a few words, no digit) and "you'd /
    you'll need to ask"; confirmed held out on shapes_holdout6 (3/5 -> 4/5 refusals)."""
    assert is_referral(referral)
    assert declines(f"I couldn't find anything about winter tyres. {referral}")


def test_a_topic_with_a_number_keeps_a_referral_a_claim() -> None:
    assert not is_referral("For refunds within 30 days, contact support.")


@pytest.mark.parametrize("answer", [
    "The hire pages don't explain whether the bikes have winter tyres.",
    "The tyre notes I have don't cover winter use.",
    "Winter tyres aren't addressed in what I have.",
    "There's no word in the articles on winter tyres.",
    "Nothing here tells me whether the bikes have winter tyres.",
    "Unclear from the help center, I'm afraid.",
    "It doesn't look like the FAQ says which tyres the bikes use.",
    "The booking pages are quiet on tyres, so I can't promise anything.",
    "That detail isn't in the material I was given.",
    "Winter tyres aren't broken down anywhere in the articles, so I'd rather not guess.",
    "I can't say from the articles; studded tyres aren't covered.",
    "Winter tyres? The help center is silent on that.",
    "- **Winter tyres:** not covered in my notes\n- **Suggestion:** ask at the depot when you pick up",
    "Nothing there covers tyres. Is there anything else about your rental I can help with?",
    "The docs don't say anything about tyres, studded or plain.",
    "Tyres aren't covered in the articles, which only cover hire prices and deposits.",
])
def test_session_32_wordings_are_refusals(answer: str) -> None:
    """Session 32, chosen on benchmarks/refusals_dev3 (written blind, no "mention", "information" or "find" in its
    refusals): a source a product could also be ("the hire pages", "the FAQ", "the material I was given") with a
    verb only a text does; "no word on", "nothing here tells me", "unclear from", "quiet on", "isn't in what I
    have"; more of the declined topic after a refusal ("studded tyres aren't covered", "studded or plain"); a short
    question said back; a label before a referral; an offer of more help about a topic."""
    assert declines(answer)


@pytest.mark.parametrize("answer", [
    "The extra pages don't include a map.",
    "The tour guides don't cover the north trail.",
    "The price list doesn't include helmets.",
    "The rooms we have don't include breakfast.",
    "The rental documents don't include insurance.",
])
def test_session_32_sources_keep_negative_facts_as_claims(answer: str) -> None:
    """A source that could be the product says something only with a verb of saying: "don't include" / "don't
    cover" stay facts, and "we have" is the company speaking, not the assistant's material."""
    assert not declines(answer)


def test_session_32_topics_and_referrals() -> None:
    question = "Can I hire the 3-speed bike for a week, and can I bring my own tyres?"
    assert declines("Whether the 3-speed bike can be hired for a week isn't something the hire pages explain.",
                    question)
    assert not declines("Whether the 7-speed bike can be hired for a week isn't something the hire pages explain.",
                        question)  # a number the question does not have is a claim
    assert is_referral("Calling ahead would be the safest option.")
    assert is_referral("Suggestion: ask at the depot when you pick up")
    assert is_referral("It's worth asking the workshop before you bring your own tyres.", question)
    assert not is_referral("It's worth asking the workshop before you fit studded tyres.", question)


def _run(tmp_path, question: str, answer: str, supported: tuple[str, ...]) -> dict:
    row = {"id": "a", "question": question, "contexts": ["Bikes are hired by the day."], "answer": answer}
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(row) + "\n")
    run_check(log, tmp_path / "out", ScriptedChecker({s: "supported" for s in supported}), CheckOptions(),
              command=["test"])
    return read_results(tmp_path / "out").records[0]


def test_a_refusal_that_says_only_supported_things_beside_is_a_refusal_with_its_claims_checked(tmp_path) -> None:
    """Session 32 (``faithkit.declined``): the one thing asked is declined and the rest is supported context."""
    record = _run(tmp_path, QUESTION, "I couldn't find anything about tyres. Bikes are hired by the day.",
                  ("Bikes are hired by the day.",))
    assert record["status"] == "refusal" and record["unsupported"] is None
    assert [c["verdict"] for c in record["claims"]] == ["supported"]  # checked, and kept in the record
    assert "declines_the_question" in record["warnings"]


def test_a_refusal_beside_an_unsupported_fact_is_flagged(tmp_path) -> None:
    record = _run(tmp_path, QUESTION, "I couldn't find anything about tyres. Bikes are hired by the week.", ())
    assert record["status"] == "scored" and record["unsupported"] is True


def test_a_partial_answer_to_a_two_part_question_stays_scored(tmp_path) -> None:
    record = _run(tmp_path, "How are bikes hired, and do they come with winter tyres?",
                  "Bikes are hired by the day. I couldn't find anything about tyres.", ("Bikes are hired by the day.",))
    assert record["status"] == "scored" and record["unsupported"] is False


@pytest.mark.parametrize("question, two", [
    ("Do your bikes come with winter tyres?", False),
    ("How much is a day's hire, and is there a deposit?", True),
    ("Can I hire a bike for a week? Is a helmet included?", True),
    ("Can I bring my dog or is that not allowed?", True),
    ("What does a tandem cost for two days and two riders?", False),
])
def test_whether_a_question_asks_two_things(question: str, two: bool) -> None:
    from faithkit.declined import asks_two_things

    assert asks_two_things(question) is two


def test_a_scored_answer_that_declines_its_one_question_is_marked(tmp_path) -> None:
    record = _run(tmp_path, QUESTION, "I couldn't find anything about tyres. Bikes are hired by the week.", ())
    assert record["status"] == "scored" and "declines_the_question" in record["warnings"]


def test_rescore_reads_the_status_of_a_refusal_beside_context_from_its_claims() -> None:
    """``faithkit rescore`` re-decides claims at another threshold; a refusal beside context follows them both ways."""
    from faithkit.declined import restatus

    claim = {"text": "Bikes are hired by the day.", "verdict": "not_supported"}
    stored = {"id": "a", "status": "refusal", "warnings": ["partial_refusal", "declines_the_question"],
              "claims": [claim], "refusal": "declines the question; every other claim is supported"}
    flagged = restatus(stored)
    assert flagged["status"] == "scored" and flagged["unsupported"] is True and flagged["faithfulness"] == 0.0
    again = restatus({**flagged, "claims": [{**claim, "verdict": "supported"}]})
    assert again["status"] == "refusal" and again["unsupported"] is None and again["refusal"]
    assert restatus({"id": "b", "status": "scored", "warnings": [], "claims": [claim]})["status"] == "scored"


def test_what_a_source_lists_beside_a_refusal_is_checked_as_what_it_lists(tmp_path) -> None:
    """Session 33: "The loans it describes are ..." is checked as "The loans are ..." (``claims.sentences``), so a
    refusal that says what the articles do give is a refusal when that is supported, and scored when it is not."""
    passages = ["Books are lent for 21 days. DVDs are lent for 7 days."]
    stated = "The loans are 21 days for books and 7 days for DVDs."
    rows = [{"id": "lists", "question": "Can I borrow an e-reader?", "contexts": passages,
             "answer": "Sorry, the help center doesn't mention e-readers. The loans it describes are 21 days for "
                       "books and 7 days for DVDs."},
            {"id": "wrong", "question": "Can I borrow an e-reader?", "contexts": passages,
             "answer": "Sorry, the help center doesn't mention e-readers. The loans the articles list are 14 days "
                       "for books and 7 days for DVDs."}]
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run_check(log, tmp_path / "out", ScriptedChecker({stated: "supported"}), CheckOptions(), command=["test"])
    records = {r["id"]: r for r in read_results(tmp_path / "out").records}
    assert records["lists"]["status"] == "refusal"
    assert [c["text"] for c in records["lists"]["claims"]] == [stated]
    assert records["wrong"]["status"] == "scored" and records["wrong"]["unsupported"] is True
    assert [c["text"] for c in records["wrong"]["claims"]] == [stated.replace("21", "14")]


@pytest.mark.parametrize("answer", [
    "Do your bikes have winter tyres? The help center doesn't say.",
    '"Do your bikes come with winter tyres?" — I\'m not able to say from the articles.',
    "Winter tyres? I couldn't find anything about them in the articles.",
])
def test_the_question_said_back_as_a_question_is_part_of_declining(answer: str) -> None:
    # session 33: a question asserts nothing (``claims.sentences.is_question``), quoted or not
    assert declines(answer)


@pytest.mark.parametrize("answer", [
    "Winter tyres and studs aren't mentioned in the FAQ.",  # two things named together as the declined topic
    "I might be missing something, but winter tyres don't come up in the hire article.",
    "I could be wrong, but the articles don't mention winter tyres.",
    "No winter tyre option appears in the help center.",
    "Tyres don't feature anywhere in the help pages.",
])
def test_session_33_wordings_are_refusals(answer: str) -> None:
    assert declines(answer)


@pytest.mark.parametrize("answer", [
    "Bikes cost $18 a day and tyres aren't mentioned in the FAQ.",  # a clause with a verb before the refusal
    "Helmets might cost extra, but the articles don't mention tyres.",  # a hedged fact is still a fact
    "The fee doesn't appear on your invoice.",  # an invoice is not a source the assistant read
])
def test_session_33_forms_keep_facts_as_claims(answer: str) -> None:
    assert not declines(answer)
