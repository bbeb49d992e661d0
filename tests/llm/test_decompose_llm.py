"""The LLM decomposer (claims linked to their answer sentences) and decompose-audit."""

from __future__ import annotations

import json

from faithkit.claims.base import ClaimError
from faithkit.claims.llm import LLMClaims
from faithkit.cli import main
from faithkit.llm.audit import audit, audit_answer
from faithkit.llm.client import RetryPolicy
from faithkit.llm.loopback import LoopbackServer, ScriptedBackend
from faithkit.llm.openai_compat import OpenAICompatClient
from faithkit.llm.structured import StructuredCaller
from faithkit.records import Interaction, Passage

ANSWER = ("The Team plan costs €12 per user per month, so your 8 users would pay €96 a month. "
          "It includes up to 10 users and SSO.")
DECOMPOSE = {
    "The Team plan costs €12 per user per month, so your 8 users would pay €96 a month.":
        ["The Team plan costs €12 per user per month.", "Eight users would pay €96 a month."],
    "It includes up to 10 users and SSO.": ["The Team plan includes up to 10 users.", "The Team plan includes SSO."],
    "Yes.": [],
}


def interaction(answer: str = ANSWER, id_: str = "team-8") -> Interaction:
    return Interaction(id_, "What will the Team plan cost?", (Passage("plans", "..."),), answer)


def extractor(server: LoopbackServer, repairs: int = 2) -> LLMClaims:
    client = OpenAICompatClient("m", base_url=server.base_url, retry=RetryPolicy(2, 0.01))
    return LLMClaims(StructuredCaller(client, max_repairs=repairs))


def test_claims_are_atomic_and_linked_to_their_sentence_span():
    with LoopbackServer(ScriptedBackend(decompose=DECOMPOSE)) as server:
        [claims] = extractor(server).extract([interaction()])
        prompt = server.requests[0]["messages"][-1]["content"]
    assert [c.text for c in claims] == [
        "The Team plan costs €12 per user per month.", "Eight users would pay €96 a month.",
        "The Team plan includes up to 10 users.", "The Team plan includes SSO."]
    assert all(c.source == "llm" for c in claims)
    first, second = ANSWER.split(" It includes")
    assert (claims[0].start, claims[0].end) == (0, len(first))
    assert ANSWER[claims[3].start:claims[3].end] == "It includes up to 10 users and SSO."
    assert "1. The Team plan costs" in prompt and "2. It includes up to 10 users and SSO." in prompt


def test_particle_only_answers_need_no_call_and_have_no_claims():
    with LoopbackServer([]) as server:
        assert extractor(server).extract([interaction("Yes.")]) == [[]]
        assert server.calls == 0


def test_sentence_numbers_out_of_range_are_repaired_or_fail_closed():
    bad = json.dumps({"claims": [{"sentence": 3, "claim": "The Team plan includes SSO."}]})
    none = json.dumps({"claims": []})
    good = json.dumps({"claims": [{"sentence": 2, "claim": "The Team plan includes SSO."}]})
    with LoopbackServer([bad, good, none, none, none]) as server:
        ext = extractor(server)
        [claims] = ext.extract([interaction()])
        assert [c.text for c in claims] == ["The Team plan includes SSO."]
        assert "names sentence 3" in server.requests[1]["messages"][-1]["content"]
        [failed] = ext.extract([interaction()])
    assert isinstance(failed, ClaimError) and failed.raw == none and "at least one claim" in failed.reason
    assert ext.counters["decompose_errors"] == 1


def test_audit_counts_missed_merged_and_invented():
    person = ["The Team plan costs €12 per user per month.", "The Team plan includes up to 10 users.",
              "The Team plan includes SSO.", "The storage is pooled across the workspace."]
    model = ["The Team plan costs €12 per user per month.", "The Team plan includes up to 10 users and SSO.",
             "Exports are encrypted with AES-256."]
    result = audit_answer("team-8", person, model)
    assert result.missed == ["The storage is pooled across the workspace."]
    assert result.merged == [{"model": "The Team plan includes up to 10 users and SSO.",
                              "person": ["The Team plan includes up to 10 users.", "The Team plan includes SSO."]}]
    assert result.invented == ["Exports are encrypted with AES-256."]
    report = audit({"team-8": person, "other": ["x"]}, {"team-8": model})
    assert report.totals()["missed"] == 1 and report.totals()["answers_without_model_claims"] == ["other"]


def test_decompose_audit_command_runs_the_decomposer_on_a_log(tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "team-8", "question": "Cost?", "contexts": ["..."], "answer": ANSWER}) + "\n")
    person = tmp_path / "person.jsonl"
    person.write_text(json.dumps({"id": "team-8", "claims": [
        "The Team plan costs €12 per user per month.", "8 users would pay €96 a month.",
        "The Team plan includes up to 10 users.", "The Team plan includes SSO."]}) + "\n")
    with LoopbackServer(ScriptedBackend(decompose=DECOMPOSE)) as server:
        code = main(["decompose-audit", str(person), "--log", str(log), "--model", "m", "--base-url",
                     server.base_url, "--cache", "off", "--out", str(tmp_path / "audit.json")])
    assert code == 0
    totals = json.loads((tmp_path / "audit.json").read_text())["totals"]
    assert (totals["missed"], totals["merged"], totals["invented"]) == (0, 0, 0)
    assert "missed 0, merged 0, invented 0" in capsys.readouterr().out


def test_decompose_audit_reads_model_claims_from_a_results_folder(tmp_path, capsys):
    folder = tmp_path / "run"
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps({"results_format": 1, "claims": {"claims": "llm"}}))
    record = {"id": "team-8", "status": "scored", "claims": [
        {"text": "The Team plan costs €12 per user per month."},
        {"text": "The Team plan includes up to 10 users and SSO."}]}
    (folder / "results.jsonl").write_text(json.dumps(record) + "\n")
    person = tmp_path / "person.jsonl"
    person.write_text(json.dumps({"id": "team-8", "claims": [
        "The Team plan costs €12 per user per month.", "The Team plan includes up to 10 users.",
        "The Team plan includes SSO.", "Each user gets 50 GB of storage."]}) + "\n")
    assert main(["decompose-audit", str(person), "--results", str(folder)]) == 0
    assert "missed 1, merged 1, invented 0" in capsys.readouterr().out


def test_decompose_audit_rejects_a_malformed_person_file(tmp_path, capsys):
    person = tmp_path / "person.jsonl"
    person.write_text('{"id": "x", "claims": "not a list"}\n')
    assert main(["decompose-audit", str(person), "--results", str(tmp_path)]) == 2
    assert "line 1" in capsys.readouterr().err


def test_a_claim_sharing_no_word_with_its_sentence_is_reasked():
    placeholder = json.dumps({"claims": [{"sentence": 1, "claim": "<one fact>"}]})
    good = json.dumps({"claims": [{"sentence": 1, "claim": "The Team plan includes SSO."}]})
    with LoopbackServer([placeholder, good]) as server:
        [claims] = extractor(server).extract([interaction("It includes SSO.")])
        assert "shares no word with answer sentence 1" in server.requests[1]["messages"][-1]["content"]
    assert [c.text for c in claims] == ["The Team plan includes SSO."]
