"""Sentences no claim checks are listed with why (``claims.unchecked``), in results.jsonl and in the summary: a
dropped sentence is never a silent pass."""

import json

from faithkit.claims.sentences import sentence_claims
from faithkit.claims.unchecked import WHY, unchecked_sentences
from faithkit.records import Claim
from tests.test_pipeline import run

LOANS = {"id": "loans", "text": "Books are lent for 21 days and can be renewed twice online. DVDs are lent for 7 days."}


def _why(answer: str, claims=None, declined=()) -> list[tuple[str, str]]:
    claims = sentence_claims(answer, ["loans"]) if claims is None else claims
    return [(u.text, u.why) for u in unchecked_sentences(answer, claims, declined, ["loans"])]


def test_each_sentence_the_extractor_drops_is_listed_with_why_and_its_span():
    answer = ("Hi there! Yes. Here's what I found:\n\n- Books: lent for 21 days [loans]\n- DVDs: 7 days\n\n"
              "I hope this helps!")
    assert _why(answer) == [("Hi there!", "talk_to_user"), ("Yes.", "particle"),
                            ("Here's what I found:", "lead_in"), ("I hope this helps!", "talk_to_user")]
    for u in unchecked_sentences(answer, sentence_claims(answer, ["loans"]), (), ["loans"]):
        assert answer[u.start:u.end] == u.text and u.why in WHY


def test_a_question_is_listed_as_asks():
    assert _why("Need a longer loan? Books can be renewed twice online.") == [("Need a longer loan?", "asks")]


def test_a_restated_question_is_listed_as_question():
    assert _why("**Q:** Can I renew DVDs?\n**A:** DVDs are lent for 7 days.") == [("Q: Can I renew DVDs?", "question")]


def test_a_sources_line_is_listed_as_sources():
    answer = "DVDs are lent for 7 days.\n\n**Sources:**\n- Loans article"
    assert _why(answer) == [("Sources:", "sources"), ("Loans article", "sources")]


def test_a_fully_checked_answer_lists_nothing_and_a_table_names_are_not_listed():
    assert _why("Books are lent for 21 days [1]. DVDs are lent for 7 days.") == []
    table = "| Item | Loan |\n|---|---|\n| Books | 21 days |\n| DVDs | 7 days |\n"
    assert _why(table) == []  # header and row-name cells are in each cell's claim ("Books: Loan: 21 days")


def test_a_sentence_no_claim_covers_is_no_claim_and_a_declining_one_declines():
    answer = "Books are lent for 21 days. DVDs are lent for 7 days. I couldn't find anything about e-readers."
    books, dvds, refusal = sentence_claims(answer)
    assert _why(answer, [books]) == [("DVDs are lent for 7 days.", "no_claim"),
                                     ("I couldn't find anything about e-readers.", "no_claim")]
    assert _why(answer, [books, dvds], [refusal]) == [("I couldn't find anything about e-readers.", "declines")]
    linked = [Claim("Books are lent for three weeks.", books.start, books.end, "llm")]  # an LLM claim's span
    assert [w for _, w in _why(answer, linked)] == ["no_claim", "no_claim"]


def test_results_and_summary_count_what_was_not_checked(tmp_path):
    rows = [{"id": "greet", "contexts": [LOANS], "answer": "Hi there! DVDs are lent for 7 days. Have a great day!"},
            {"id": "mixed", "contexts": [LOANS], "answer": "I can't find the fine. DVDs are lent for 7 days."},
            {"id": "plain", "contexts": [LOANS], "answer": "DVDs are lent for 7 days."},
            {"id": "only", "contexts": [LOANS], "answer": "Sure! Thanks for asking."}]
    manifest, records = run(tmp_path, rows, {"DVDs are lent for 7 days.": "supported"})
    by_id = {r["id"]: r for r in records}
    assert [(u["text"], u["why"]) for u in by_id["greet"]["unchecked"]] == [
        ("Hi there!", "talk_to_user"), ("Have a great day!", "talk_to_user")]
    assert by_id["greet"]["unchecked"][0]["span"] == [0, 9]
    assert by_id["mixed"]["unchecked"] == [{"text": "I can't find the fine.", "span": [0, 22], "why": "declines"}]
    assert "unchecked" not in by_id["plain"]  # absent when every sentence is checked
    assert by_id["only"]["status"] == "no_claims" and [u["why"] for u in by_id["only"]["unchecked"]] == [
        "particle", "talk_to_user"]
    assert manifest["summary"]["unchecked"] == {
        "answers": 3, "sentences": 5, "why": {"declines": 1, "particle": 1, "talk_to_user": 3}}
    stored = json.loads((tmp_path / "out" / "manifest.json").read_text())["summary"]["unchecked"]
    assert stored == manifest["summary"]["unchecked"]
