"""Refusals that say what the sources do cover (session 40), built from a climbing-gym help center written here.

Assistants decline in sentences that also report a source: "The docs describe the day pass (...), but they don't
mention harnesses", "The rentals page only lists climbing shoes, at €4 per visit." The declining part is found with
the sentence's own source as its subject (``RefusalDetector.undeclined``), and a claim that only reports a source's
scope, which the model did not find but no rule refuted, counts beside the refusal (``faithkit.declined``). A wrong
number or a contradiction in it, or a fact said as the assistant's own, keeps the answer scored."""

from __future__ import annotations

import json

from faithkit.checkers.fake import ScriptedChecker
from faithkit.claims.sentences import opening_source
from faithkit.declined import CONTEXT_REFUSAL, SCOPE_REFUSAL, restatus
from faithkit.io.results import read_results
from faithkit.pipeline import CheckOptions, run_check
from faithkit.scoring import RefusalDetector

PASSAGES = ["Day passes cost €14 for adults and €9 for children under 14. Shoe rental costs €4 per visit.",
            "The bouldering room is booked in 2-hour slots for €30 per group."]
QUESTION = "Do you rent harnesses for the lead wall?"


def test_the_source_a_sentence_opens_with_is_read() -> None:
    assert opening_source("The docs describe the day pass, but they don't mention harnesses.") == "The docs"
    assert opening_source("The booking page [2] only prices 2-hour slots.") == "The booking page"
    assert opening_source("Day passes cost €14.") is None


def test_a_part_that_declines_with_the_sentence_source_left_implicit_is_cut_off() -> None:
    """"they" / no subject at all, after a sentence that opens with a source: the source declines."""
    detector = RefusalDetector()
    said = "The day pass (€14 for adults)."
    assert detector.undeclined("The day pass (€14 for adults), but they don't mention harnesses.",
                               QUESTION, PASSAGES, "The docs") == said
    assert detector.undeclined("The day pass (€14 for adults) but doesn't mention harnesses.",
                               QUESTION, PASSAGES, "The docs") == said
    # without a source as the sentence's subject, "they" could be anyone: nothing is cut
    assert detector.undeclined("The day pass (€14 for adults), but they don't mention harnesses.",
                               QUESTION, PASSAGES) is None
    # a negated fact after the source's statement is a claim, not a refusal
    assert detector.undeclined("Shoe rental (€4 per visit) but doesn't include chalk.", QUESTION, PASSAGES,
                               "The rentals page") is None


def test_a_sentence_is_not_cut_at_so() -> None:
    """A cut at ", so I can't ..." was measured (session 40) and removed: held out it gained two refusals but lost a
    faithful partial answer, whose first part the model then read alone, and took a negative fact for a refusal."""
    detector = RefusalDetector()
    assert detector.undeclined("2-hour slots (€30 per group), so I can't tell you what 3 hours would cost.",
                               QUESTION, PASSAGES) is None
    assert detector.undeclined("Slots last 2 hours, so a group can climb all evening.", QUESTION, PASSAGES) is None


def _records(tmp_path, answers: dict[str, str], checker: ScriptedChecker) -> dict[str, dict]:
    rows = [{"id": key, "question": QUESTION, "contexts": PASSAGES, "answer": answer}
            for key, answer in answers.items()]
    tmp_path.mkdir(parents=True, exist_ok=True)
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    run_check(log, tmp_path / "out", checker, CheckOptions(), command=["test"])
    return {r["id"]: r for r in read_results(tmp_path / "out").records}


REPORT = "I couldn't find anything about harnesses. The rentals page only lists climbing shoes, at €4 per visit."
OWN = "I couldn't find anything about harnesses. What I can tell you is that climbing shoes cost €4 per visit."


def test_a_source_scope_the_model_did_not_find_counts_beside_the_refusal(tmp_path) -> None:
    records = _records(tmp_path, {"report": REPORT, "own": OWN}, ScriptedChecker(stage="nli"))  # not found
    report = records["report"]
    assert report["status"] == "refusal" and report["refusal"] == SCOPE_REFUSAL
    summary = json.loads((tmp_path / "out" / "manifest.json").read_text())["summary"]
    assert summary["refusals"] == 1 and summary["refusals_beside_scope"] == 1  # counted, never hidden
    assert [c["text"] for c in report["claims"]] == ["Climbing shoes, at €4 per visit."]  # still checked, kept
    assert report["claims"][0]["detail"]["reports_source"] is True
    # the same fact said as the assistant's own is checked as a fact: not found keeps the answer flagged
    assert records["own"]["status"] == "scored" and records["own"]["unsupported"] is True


def test_a_contradicted_or_rule_decided_scope_keeps_the_answer_scored(tmp_path) -> None:
    contradicted = ScriptedChecker(default="contradicted", stage="nli")
    assert _records(tmp_path / "c", {"report": REPORT}, contradicted)["report"]["status"] == "scored"
    by_rule = ScriptedChecker(stage="numbers")  # a number no source gives, say: decided by the numbers stage
    assert _records(tmp_path / "r", {"report": REPORT}, by_rule)["report"]["status"] == "scored"


def test_a_supported_scope_keeps_the_plain_reason(tmp_path) -> None:
    checker = ScriptedChecker({"Climbing shoes, at €4 per visit.": "supported"}, stage="nli")
    record = _records(tmp_path, {"report": REPORT}, checker)["report"]
    assert record["status"] == "refusal" and record["refusal"] == CONTEXT_REFUSAL


def test_rescore_reads_a_scope_beside_a_refusal_as_the_check_did() -> None:
    """``faithkit rescore`` re-decides claims; a stored record keeps the mark that its claim reports a source."""
    claim = {"text": "Climbing shoes, at €4 per visit.", "verdict": "not_supported", "stage": "nli",
             "label3": "not_found", "detail": {"reports_source": True}}
    stored = {"id": "a", "status": "scored", "warnings": ["partial_refusal", "declines_the_question"],
              "claims": [claim]}
    assert restatus(stored)["status"] == "refusal" and restatus(stored)["refusal"] == SCOPE_REFUSAL
    assert restatus({**stored, "claims": [{**claim, "label3": "contradicted"}]})["status"] == "scored"
    assert restatus({**stored, "claims": [{**claim, "detail": {}}]})["status"] == "scored"


IN_WORDS = "The guide doesn't go into harness hire, because it's only about day passes and shoe rental."


def test_an_answer_that_declines_in_its_own_words_is_a_refusal(tmp_path) -> None:
    """No refusal pattern takes the sentence whole (it also says what the guide covers), and the model does not
    find it: it declines in its own words, a source and a negated verb of saying."""
    record = _records(tmp_path, {"words": IN_WORDS}, ScriptedChecker(stage="nli"))["words"]
    assert record["status"] == "refusal" and record["refusal"] == SCOPE_REFUSAL
    assert record["claims"][0]["detail"]["declines_in_words"] is True
    assert "partial_refusal" not in record["warnings"] and "declines_the_question" in record["warnings"]


def test_a_supported_or_contradicted_sentence_does_not_decline_in_words(tmp_path) -> None:
    fact = "According to the help center, shoe rental doesn't cover chalk."
    supported = ScriptedChecker({"Shoe rental doesn't cover chalk.": "supported"}, stage="nli")
    record = _records(tmp_path / "s", {"fact": fact}, supported)["fact"]
    assert record["status"] == "scored" and "declines_the_question" not in record["warnings"]
    contradicted = ScriptedChecker(default="contradicted", stage="nli")
    assert _records(tmp_path / "c", {"words": IN_WORDS}, contradicted)["words"]["status"] == "scored"


def test_a_fact_beside_a_sentence_that_declines_in_words_is_checked(tmp_path) -> None:
    answer = IN_WORDS + " Harnesses cost €5 per visit."
    record = _records(tmp_path, {"both": answer}, ScriptedChecker(stage="nli"))["both"]
    assert record["status"] == "scored" and record["unsupported"] is True


def test_rescore_reads_a_sentence_that_declines_in_words_as_the_check_did() -> None:
    claim = {"text": IN_WORDS, "verdict": "not_supported", "stage": "nli", "label3": "not_found",
             "detail": {"reports_source": True, "declines_in_words": True}}
    stored = {"id": "a", "status": "refusal", "warnings": ["declines_the_question"], "claims": [claim]}
    assert restatus(stored)["status"] == "refusal"
    # supported at another threshold, it states a fact: the answer is scored, and supported
    supported = restatus({**stored, "claims": [{**claim, "verdict": "supported", "label3": "supported"}]})
    assert supported["status"] == "scored" and supported["unsupported"] is False
