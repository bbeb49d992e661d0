"""Answers as assistants write them (issue 30): markdown, citations, frames, refusals, facts from two passages.

Every case is built from passages written here. The structure tests need no model; the verdict tests run the
real `faithkit check` pipeline with the bundled default checker.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from faithkit.checkers.parts import claim_parts
from faithkit.claims.citations import find_markers
from faithkit.claims.sentences import checked_text, sentence_claims
from faithkit.claims.unchecked import unchecked_sentences
from faithkit.records import Interaction, Passage
from faithkit.scoring import RefusalDetector

LIBRARY = (
    Passage("loans", "Members can borrow up to 12 items at a time. Books are lent for 21 days and can be renewed "
                     "twice online. DVDs are lent for 7 days."),
    Passage("fees", "Late returns cost 20 cents per item per day, capped at $5 per item. Lost items are charged at "
                    "their replacement cost."),
)
BIKES = (
    Passage("pricing", "City bikes cost $3 per hour or $18 per day. E-bikes cost $6 per hour."),
    Passage("helmets", "Helmets can be rented for $2 per day. Riders under 16 must wear a helmet."),
)


# --- structure: no model -------------------------------------------------------------------------------------------

def test_a_markdown_list_under_a_bold_lead_in_is_one_claim_per_item_with_the_subject_in_front() -> None:
    answer = "**Late fees:**\n- 20 cents per item per day\n- capped at **$5** per item"
    claims = sentence_claims(answer, ["loans", "fees"])
    assert [c.text for c in claims] == ["Late fees: 20 cents per item per day", "Late fees: Capped at $5 per item"]
    assert [answer[c.start:c.end] for c in claims] == ["20 cents per item per day", "capped at **$5** per item"]


def test_a_generic_lead_in_is_context_not_a_claim_and_a_bold_label_stays_as_subject() -> None:
    answer = "Here's the pricing:\n\n* **City bikes:** $3 per hour\n* **E-bikes:** $6 per hour"
    assert [c.text for c in sentence_claims(answer)] == ["City bikes: $3 per hour", "E-bikes: $6 per hour"]


def test_a_lead_in_that_only_repeats_the_question_s_numbers_is_context() -> None:
    answer = "Here's the breakdown for 4 days from Monday:\n\n* Van: 4 × €49 = €196\n* Waiver: 4 × €12 = €48"
    question = "What would a 4-day rental cost, starting Monday?"
    items = ["Van: 4 × €49 = €196", "Waiver: 4 × €12 = €48"]
    assert [c.text for c in sentence_claims(answer, (), question)] == items
    # a number of its own, or no question to repeat, keeps it a claim
    assert [c.text for c in sentence_claims(answer)][0] == "Here's the breakdown for 4 days from Monday"
    assert [c.text for c in sentence_claims(answer, (), "What would a 5-day rental cost?")][0] == (
        "Here's the breakdown for 4 days from Monday")


def test_only_the_last_sentence_of_a_lead_in_paragraph_leads_in() -> None:
    # session 33: the sentences before it state what they state; read whole, they were never checked (a fault in
    # one passed) and the whole paragraph was put in front of every item as its subject
    answer = ("Late returns cost 50 cents a day. The loan periods [loans] are:\n"
              "- Books: 21 days\n- DVDs: 7 days")
    claims = sentence_claims(answer, ["loans", "fees"])
    assert [c.text for c in claims] == ["Late returns cost 50 cents a day.", "The loan periods are: Books: 21 days",
                                        "The loan periods are: DVDs: 7 days"]
    assert answer[claims[0].start:claims[0].end] == "Late returns cost 50 cents a day."
    listed = [(u.text, u.why) for u in unchecked_sentences(answer, claims, (), ["loans", "fees"])]
    assert listed == [("The loan periods are:", "lead_in")]


def test_bold_label_lines_one_newline_apart_are_one_claim_each_with_their_spans() -> None:
    """A chat window shows them one under the other; CommonMark joins them into one paragraph."""
    answer = "**Cars:** $11/hour or $79/day\n**Vans**: $15/hour or $99/day\nfuel included"
    claims = sentence_claims(answer)
    assert [c.text for c in claims] == ["Cars: $11/hour or $79/day", "Vans: $15/hour or $99/day fuel included"]
    assert [answer[c.start:c.end] for c in claims] == ["Cars:** $11/hour or $79/day",  # from the first text
                                                       "Vans**: $15/hour or $99/day\nfuel included"]
    wrapped = "Books are lent for **21 days**\nand DVDs for 7 days."  # wrapped prose stays one sentence
    assert [c.text for c in sentence_claims(wrapped)] == ["Books are lent for 21 days and DVDs for 7 days."]


@pytest.mark.parametrize(("answer", "claims"), [
    ("**Short answer:** No\n**Details:** DVDs are lent for 7 days", ["DVDs are lent for 7 days"]),
    ("Good to know: late returns cost 20 cents a day.", ["Late returns cost 20 cents a day."]),
    ("**TL;DR:** books are lent for 21 days.", ["Books are lent for 21 days."]),
    ("**Answer:** Hi there!", []),
    ("I think so. DVDs are lent for 7 days.", ["DVDs are lent for 7 days."]),
    ("**Step 1:** Open the Loans page\n**Step 2:** Press Renew", ["Open the Loans page", "Press Renew"]),
    ("**Q:** Can I renew DVDs?\n**A:** No, DVDs can't be renewed.", ["DVDs can't be renewed."]),
    ("In short, no. DVDs are lent for 7 days.", ["DVDs are lent for 7 days."]),
    ("**DVDs:** 7 days", ["DVDs: 7 days"]),  # a label naming a subject stays
    ("Details, such as your card number, are never shown.", ["Details, such as your card number, are never shown."]),
])
def test_a_generic_label_is_taken_out_and_a_subject_label_stays(answer: str, claims: list[str]) -> None:
    assert [c.text for c in sentence_claims(answer)] == claims


@pytest.mark.parametrize(("answer", "claims"), [
    ("✅ Books are lent for 21 days.", ["Books are lent for 21 days."]),
    ("👉 **Note:** DVDs are lent for 7 days 🙂", ["DVDs are lent for 7 days"]),
    ("👍🏽 Books can be renewed twice.", ["Books can be renewed twice."]),
    ("❌ Renewals by phone", ["❌ Renewals by phone"]),  # a mark that says "not" stays: it reverses the words
    ("✅ **Included:** renewals online\n❌ **Not included:** renewals by phone",
     ["Included: renewals online", "❌ Not included: renewals by phone"]),
    ("✅ **Loans:**\n- books: 21 days", ["Loans: Books: 21 days"]),
    ("It is 20° outside.", ["It is 20° outside."]),
])
def test_decorative_pictographs_around_a_line_are_not_checked_text(answer: str, claims: list[str]) -> None:
    assert [c.text for c in sentence_claims(answer)] == claims


@pytest.mark.parametrize(("answer", "text", "cited"), [
    ("DVDs are lent for 7 days (see the Loans article).", "DVDs are lent for 7 days.", ("loans",)),
    ("DVDs are lent for 7 days (per the loans page).", "DVDs are lent for 7 days.", ("loans",)),
    ("DVDs are lent for 7 days, as the Loans article explains.", "DVDs are lent for 7 days.", ("loans",)),
    ("DVDs are lent for 7 days — source: loans.", "DVDs are lent for 7 days.", ("loans",)),
    ("DVDs are lent for 7 days (Loans, section 2).", "DVDs are lent for 7 days.", ("loans",)),
    ("DVDs are lent for 7 days (see the Media FAQ).", "DVDs are lent for 7 days.", ("?the Media FAQ",)),
    ("DVDs are lent for 7 days, as the help center explains.", "DVDs are lent for 7 days.", ()),
    ("DVDs are lent for 7 days (see below).", "DVDs are lent for 7 days (see below).", ()),  # names no source
    ("Late fees rose (from $1 to $2).", "Late fees rose (from $1 to $2).", ()),
    ("The fee is $2 (per item).", "The fee is $2 (per item).", ()),
])
def test_a_reference_to_a_source_in_words_is_a_citation(answer: str, text: str, cited: tuple[str, ...]) -> None:
    (claim,) = sentence_claims(answer, ["loans", "fees"])
    assert (claim.text, claim.cited) == (text, cited)


def test_a_sources_line_under_the_answer_is_not_a_claim() -> None:
    for footer in ("Sources: [Loans](https://help.example.com/loans)", "**References:**\n- Loans article\n- Fees FAQ",
                   "*Sources: loans, fees*"):
        assert [c.text for c in sentence_claims("DVDs are lent for 7 days.\n\n" + footer)] == [
            "DVDs are lent for 7 days."]
    assert [c.text for c in sentence_claims("Source code is never shared.")] == ["Source code is never shared."]


def test_code_blocks_and_link_syntax_are_not_checked_text() -> None:
    answer = "See [the loans page](https://example.org/loans) for `renewals`.\n\n```\nrenew --twice\n```"
    assert [c.text for c in sentence_claims(answer)] == ["See the loans page for renewals."]


@pytest.mark.parametrize("marked, cited", [
    ("Books are lent for 21 days [1].", ("loans",)),
    ("Books are lent for 21 days.[1]", ("loans",)),
    ("Books are lent for 21 days [1][2].", ("loans", "fees")),
    ("Books are lent for 21 days [1, 2].", ("loans", "fees")),
    ("Books are lent for 21 days [loans].", ("loans",)),
    ("Books are lent for 21 days (source: Loans).", ("loans",)),
    ("Books are lent for 21 days【1】.", ("loans",)),
    ("Books are lent for 21 days^1.", ("loans",)),
    ("Books are lent for 21 days [^2].", ("fees",)),
    ("Books are lent for 21 days [doc-1].", ("loans",)),
    ("Books are lent for 21 days [7].", ("?7",)),
])
def test_a_citation_marker_is_taken_out_of_the_claim_and_recorded(marked: str, cited: tuple[str, ...]) -> None:
    claims = sentence_claims(marked, ["loans", "fees"])
    assert [c.text for c in claims] == ["Books are lent for 21 days."]
    assert claims[0].cited == cited


def test_bracketed_words_that_name_no_passage_stay_and_a_power_is_not_a_caret_citation() -> None:
    assert find_markers("The [sic] rate is 2^3 per day.", ["loans"]) == []


@pytest.mark.parametrize("sentence, checked", [
    ("According to the help center, books are lent for 21 days.", "Books are lent for 21 days."),
    ("Based on the articles I have, yes: DVDs are lent for 7 days.", "Yes: DVDs are lent for 7 days."),
    ("The docs say that books can be renewed twice online.", "Books can be renewed twice online."),
    ("It looks like late returns cost 20 cents a day.", "Late returns cost 20 cents a day."),
    ("Yes, DVDs are lent for 7 days.", "Yes, DVDs are lent for 7 days."),  # changes no fact's polarity
    ("No, DVDs are lent for 7 days.", "DVDs are lent for 7 days."),  # read by the model, it negates the fact
    ("Unfortunately not: DVDs are lent for 7 days only.", "DVDs are lent for 7 days only."),
    ("No — children under 12 can't borrow DVDs.", "Children under 12 can't borrow DVDs."),
    ("Sorry, no: DVDs are lent for 7 days only.", "DVDs are lent for 7 days only."),  # session 32
    ("Unfortunately it doesn't — the fee isn't waived.", "The fee isn't waived."),
    ("It doesn't cover DVDs.", "It doesn't cover DVDs."),  # the fact itself, no dash or colon
    ("They don't, but staff can help.", "They don't, but staff can help."),
    ("No one can renew a DVD.", "No one can renew a DVD."),  # not an answer particle
    ("No-show fees are 20 cents a day.", "No-show fees are 20 cents a day."),
    ("No fee: DVDs can be returned free of charge.", "DVDs can be returned free of charge."),  # session 30
    ("There's no charge — renewals are free online.", "Renewals are free online."),
    ("There is no fee for online renewals.", "There is no fee for online renewals."),  # the fact itself
    ("Books might be renewed twice.", "Books might be renewed twice."),  # a hedge that changes meaning stays
    ("Based on your usage, you pay $5.", "Based on your usage, you pay $5."),  # not an attribution frame
    ("Either way, books are lent for 21 days.", "Books are lent for 21 days."),  # discourse openers
    ("Also, DVDs are lent for 7 days.", "DVDs are lent for 7 days."),
    ("Note that late returns cost 20 cents a day.", "Late returns cost 20 cents a day."),
    ("Please keep in mind that DVDs are lent for 7 days.", "DVDs are lent for 7 days."),
    ("The good news is that books can be renewed twice.", "Books can be renewed twice."),
    ("Plus members borrow 20 items.", "Plus members borrow 20 items."),  # a name, not "Plus,"
    ("Also DVDs are lent for 7 days.", "Also DVDs are lent for 7 days."),  # no comma: left to the model
    ("Notes are kept for 30 days.", "Notes are kept for 30 days."),
    ("However you pay, the fee is $5.", "However you pay, the fee is $5."),
    ("First, open the Loans page.", "Open the Loans page."),  # session 22: steps, fillers, framing
    ("So, the total is $5.", "The total is $5."),
    ("So that DVDs last, return them in 7 days.", "So that DVDs last, return them in 7 days."),
    ("Then the fee is waived.", "Then the fee is waived."),  # no comma: not an opener
    ("Here's how it works: you pay $5 a year.", "You pay $5 a year."),
    ("Great news — books can be renewed twice.", "Books can be renewed twice."),
    ("It's worth noting that DVDs are lent for 7 days.", "DVDs are lent for 7 days."),
    ("I think DVDs are lent for 7 days.", "DVDs are lent for 7 days."),
    ("To answer your question, books are lent for 21 days.", "Books are lent for 21 days."),
    # session 33: a text source that lists or gives what the claim states; what it lists is the claim
    ("The loans page lists a DVD pass at $5 for 30 days.", "A DVD pass at $5 for 30 days."),
    ("The longest loan it lists is 21 days for books.", "The longest loan is 21 days for books."),
    ("The pass the help center describes includes 12 items.", "The pass includes 12 items."),
    ("The only item they mention is the DVD pass.", "The only item is the DVD pass."),
    ("The policy gives you 21 days.", "The policy gives you 21 days."),  # a policy gives the user: a fact
    ("The guide gives a tour every day.", "The guide gives a tour every day."),  # a guide can be a person
    ("The article describes loans as free.", "The article describes loans as free."),  # "as": left whole
])
def test_attribution_frames_openers_and_a_leading_no_are_removed_hedges_and_a_yes_stay(sentence: str,
                                                                                       checked: str) -> None:
    assert checked_text(sentence) == checked


def test_a_table_cell_is_checked_with_its_row_and_column_names_and_the_names_are_not_claims() -> None:
    compared = ("| | Full service | Overhaul |\n|---|---|---|\n| Price | €95 | €180 |\n"
                "| Cables | not replaced | all replaced |\n| Wheel truing | yes | |")
    claims = sentence_claims(compared)
    assert [c.text for c in claims] == ["Full service: Price: €95", "Overhaul: Price: €180",
                                        "Full service: Cables: Not replaced", "Overhaul: Cables: All replaced",
                                        "Full service: Wheel truing: yes"]
    assert [compared[c.start:c.end] for c in claims] == ["€95", "€180", "not replaced", "all replaced", "yes"]
    listed = "| Service | Price |\n|---|---|\n| Basic | €45 |\n| Overhaul | €180 |"
    assert [c.text for c in sentence_claims(listed)] == ["Basic: Price: €45", "Overhaul: Price: €180"]


@pytest.mark.parametrize("answer", [
    "Sorry, the help center articles don't mention lending e-readers.",
    "The articles don't mention e-readers.",
    "I couldn't find anything about e-readers.",
    "The help center doesn't say whether e-readers can be borrowed.",
    "I don't have information on e-readers.",
    "Our help articles don't say whether you can borrow e-readers, so I can't confirm that.",
    "I'm sorry, I couldn't find anything about e-readers. You could ask the library when you visit.",
    "I'm sorry, but I don't have any information about e-readers. Please reach out to the library team — they'll "
    "be glad to help!",
    "Hi there! I couldn't find anything about e-readers. Let me know if you need anything else.",
])
def test_refusals_in_their_real_wordings(answer: str) -> None:
    from faithkit.claims.sentences import answer_sentences

    assert RefusalDetector().answer_match(answer_sentences(answer)) is not None


@pytest.mark.parametrize("answer, claims", [
    ("Hi there! Books are lent for 21 days. I hope this helps!", ["Books are lent for 21 days."]),
    ("Great question! DVDs are lent for 7 days. Let me know if you need anything else.", ["DVDs are lent for 7 days."]),
    ("Books can be renewed twice online. Would you like help renewing one?", ["Books can be renewed twice online."]),
    ("Hello Sam, books are lent for 21 days. Have a great day!", ["Hello Sam, books are lent for 21 days."]),
    ("Enjoy 20% off your first loan!", ["Enjoy 20% off your first loan!"]),  # a claim, not a farewell
    ("Let me know the item number and I will renew it.", ["Let me know the item number and I will renew it."]),
    # a question or a sign-off that states something is checked: it is not only talk to the user
    ("Do you know that DVDs are lent for 7 days?", ["Do you know that DVDs are lent for 7 days?"]),
    ("Let me know if you want the $5 renewal.", ["Let me know if you want the $5 renewal."]),
    ("DVDs are lent for 7 days, aren't they?", ["DVDs are lent for 7 days, aren't they?"]),
    # session 33: any other question asserts nothing ("Need more storage?", the user's question said back)
    ("Need a longer loan? Books can be renewed twice online.", ["Books can be renewed twice online."]),
    ("Can I borrow e-readers? The help center doesn't say.", ["The help center doesn't say."]),
    ('"Is there a fee for e-readers?" Books are lent for 21 days.', ["Books are lent for 21 days."]),
])
def test_greetings_sign_offs_and_questions_back_are_not_claims(answer: str, claims: list[str]) -> None:
    assert [c.text for c in sentence_claims(answer)] == claims


def test_a_refusal_that_also_asserts_a_fact_keeps_the_fact() -> None:
    from faithkit.claims.sentences import answer_sentences

    answer = "Books are lent for 21 days, but I couldn't find anything about e-readers."
    assert RefusalDetector().answer_match(answer_sentences(answer)) is None


@pytest.mark.parametrize("claim, parts", [
    ("Books can be renewed twice online, and if you return one late it costs 20 cents a day, capped at $5.",
     ["Books can be renewed twice online.", "If you return one late it costs 20 cents a day, capped at $5."]),
    ("The plan gives you 10% off all medicines and covers dental treatment.",
     ["The plan gives you 10% off all medicines.", "The plan covers dental treatment."]),
    ("Meeting rooms cost €25 per hour for members and €40 per hour for guests.",
     ["Meeting rooms cost €25 per hour for members and €40 per hour for guests."]),
    # a digit group's comma ends no clause; the first part is where the subject comes from ("Stays" is no verb)
    ("Stays of 7 nights or more get 10% off the room total, which brings it to ¥72,900.",
     ["Stays of 7 nights or more get 10% off the room total.", "The room total brings it to ¥72,900."]),
    # a bracket's working is not cut
    ("Separate day passes would be CHF 238 (2 × CHF 79 plus 2 × CHF 40; your 4-year-old skis free).",
     ["Separate day passes would be CHF 238 (2 × CHF 79 plus 2 × CHF 40; your 4-year-old skis free)."]),
])
def test_claim_parts_keep_conditions_with_their_clause(claim: str, parts: list[str]) -> None:
    assert claim_parts(claim) == parts


# --- verdicts: the real pipeline and the bundled checker ------------------------------------------------------------

def _check(tmp_path, rows: list[dict], *extra: str) -> dict[str, dict]:
    from faithkit.cli import main

    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "run"
    code = main(["check", str(log), "--out", str(out), "--quiet", "--no-report", *extra])
    assert code == 0
    return {r["id"]: r for r in map(json.loads, (out / "results.jsonl").read_text().splitlines())}


def _row(rid: str, answer: str, passages=LIBRARY) -> dict:
    return {"id": rid, "question": "?", "answer": answer,
            "contexts": [{"id": p.id, "text": p.text} for p in passages]}


@pytest.fixture(scope="module")
def library_results(tmp_path_factory) -> dict[str, dict]:
    rows = [
        _row("two-passages", "Books can be renewed twice online, and lost items are charged at their replacement "
                             "cost."),
        _row("refusal", "Sorry, the help center articles don't mention lending e-readers."),
        _row("refusal-beside-fact", "Books are lent for 21 days. I couldn't find anything about e-readers."),
        _row("markdown", "**Loans:**\n- Books: 21 days, renewable twice online\n- DVDs: 7 days"),
        _row("cited", "Books are lent for 21 days [1]. Lost items are charged at their replacement cost [2]."),
        _row("misattributed", "DVDs are lent for 7 days [2]."),
        _row("cited-unsupported", "DVDs are lent for 14 days [1]."),
    ]
    return _check(tmp_path_factory.mktemp("library"), rows)


def test_a_sentence_joining_two_passages_is_supported_with_each_part_recorded(library_results) -> None:
    record = library_results["two-passages"]
    assert record["status"] == "scored" and record["unsupported"] is False
    parts = record["claims"][0]["detail"]["parts"]
    assert len(parts) == 2 and {p["evidence"]["passage_id"] for p in parts} == {"loans", "fees"}
    assert record["claims"][0]["detail"]["supported_by"] == "parts"  # no window holds both halves


def test_refusals_are_counted_and_a_refusal_beside_a_fact_leaves_the_fact_scored(library_results) -> None:
    assert library_results["refusal"]["status"] == "refusal"
    beside = library_results["refusal-beside-fact"]
    assert beside["status"] == "scored" and [c["text"] for c in beside["claims"]] == ["Books are lent for 21 days."]
    assert "partial_refusal" in beside["warnings"]


def test_a_markdown_answer_is_kept(library_results) -> None:
    record = library_results["markdown"]
    assert record["unsupported"] is False, record["claims"]
    assert [c["text"] for c in record["claims"]][0].startswith("Loans: Books")


def test_citations_are_checked_and_a_misattributed_one_warns_without_failing(library_results) -> None:
    cited = library_results["cited"]
    assert [c["citation"] for c in cited["claims"]] == ["supported", "supported"]
    assert cited["citations"]["precision"] == 1.0 and cited["citations"]["recall"] == 1.0
    wrong = library_results["misattributed"]
    assert wrong["unsupported"] is False and wrong["claims"][0]["citation"] == "misattributed"
    assert "misattributed_citation" in wrong["warnings"] and wrong["citations"]["precision"] == 0.0
    unsupported = library_results["cited-unsupported"]
    assert unsupported["unsupported"] is True and unsupported["claims"][0]["citation"] == "unsupported"


def test_a_misattributed_citation_fails_the_answer_when_asked(tmp_path) -> None:
    results = _check(tmp_path, [_row("misattributed", "DVDs are lent for 7 days [2].")],
                     "--fail-on-misattributed-citation")
    assert results["misattributed"]["unsupported"] is True


def test_the_summary_has_run_citation_precision_and_recall(tmp_path) -> None:
    from faithkit.cli import main

    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(_row("c", "DVDs are lent for 7 days [2]. Books are lent for 21 days [1].")) + "\n")
    assert main(["check", str(log), "--out", str(tmp_path / "r"), "--quiet", "--no-report"]) == 0
    summary = json.loads((tmp_path / "r" / "manifest.json").read_text())["summary"]
    assert summary["citations"]["pairs"] == 2 and summary["citations"]["precision"] == 0.5
    assert summary["citations"]["recall"] == 0.5 and summary["citations"]["misattributed"] == 1


# --- property: decoration never changes a verdict -------------------------------------------------------------------

SUPPORTED_SENTENCES = ("City bikes cost $3 per hour or $18 per day.", "E-bikes cost $6 per hour.",
                       "Helmets can be rented for $2 per day.")
DECORATIONS = {
    "citation": lambda s: s[:-1] + " [1].",
    "citation-after": lambda s: s + "[2]",
    "named-citation": lambda s: s[:-1] + " (source: pricing).",
    "emphasis": lambda s: "**" + s[:-1] + "**.",
    "bullet": lambda s: "- " + s,
    "frame": lambda s: "According to the help center, " + s[0].lower() + s[1:],
    "docs-say": lambda s: "The docs say that " + s[0].lower() + s[1:],
    "no": lambda s: "No, " + s[0].lower() + s[1:],  # "Are bikes free?" "No, city bikes cost ..."
    "unfortunately-not": lambda s: "Unfortunately not: " + s[0].lower() + s[1:],
    "either-way": lambda s: "Either way, " + s[0].lower() + s[1:],
    "note-that": lambda s: "Note that " + s[0].lower() + s[1:],
    "in-any-case": lambda s: "In any case, " + s[0].lower() + s[1:],
    "greeting": lambda s: "Hi there! " + s,
    "sign-off": lambda s: s + " Let me know if you need anything else.",
    "question-back": lambda s: s + " Would you like help booking one?",
    "short-answer-label": lambda s: "**Short answer:** " + s,
    "emoji": lambda s: "✅ " + s,
    "see-article": lambda s: s[:-1] + " (see the Pricing article).",
    "sources-line": lambda s: s + "\n\nSources: pricing",
    "label-lines": lambda s: "**Bikes:** " + s[:-1] + "\n**Helmets:** $2 per day",
}


@pytest.fixture(scope="module")
def bundled_checker():
    from faithkit.checkers.registry import build_checker

    return build_checker("nli")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sentence=st.sampled_from(SUPPORTED_SENTENCES), decoration=st.sampled_from(sorted(DECORATIONS)))
def test_decorating_a_supported_sentence_never_changes_its_verdict(bundled_checker, sentence, decoration) -> None:
    from faithkit.records import ClaimCheck

    def verdicts(answer: str) -> list[str]:
        item = Interaction("x", "?", BIKES, answer)
        claims = sentence_claims(answer, [p.id for p in BIKES])
        return [v.label for v in bundled_checker.check([ClaimCheck(c.text, item.contexts) for c in claims])]

    assert verdicts(sentence) == ["supported"]
    decorated = verdicts(DECORATIONS[decoration](sentence))  # label-lines adds a supported line of its own
    assert decorated == ["supported"] * (2 if decoration == "label-lines" else 1)


def test_a_resume_that_would_count_misattributed_citations_differently_is_refused(tmp_path) -> None:
    from faithkit.cli import main

    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps(_row("m", "DVDs are lent for 7 days [2].")) + "\n", encoding="utf-8")
    out = tmp_path / "run"
    assert main(["check", str(log), "--out", str(out), "--quiet", "--no-report"]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert "fail_on_misattributed_citation" not in manifest["claims"]
    code = main(["check", str(log), "--out", str(out), "--quiet", "--no-report", "--resume",
                 "--fail-on-misattributed-citation"])
    assert code == 2
