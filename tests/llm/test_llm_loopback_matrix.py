"""The failure matrix of the LLM layer against a real loopback OpenAI-compatible server.

Each scripted reply has one exact expected outcome: accepted, retried (HTTP), repaired (re-asked with the
validation error), or an ``error`` / ``unverified_quote`` verdict. None may ever come out supported.
"""

from __future__ import annotations

import json

import pytest

from faithkit.checkers.llm.judge import JudgeChecker
from faithkit.errors import BackendError
from faithkit.llm.client import RetryPolicy
from faithkit.llm.loopback import LoopbackServer, Scripted, empty_body, http_error, slow
from faithkit.llm.openai_compat import OpenAICompatClient
from faithkit.llm.structured import StructuredCaller
from faithkit.records import ClaimCheck, Passage

PASSAGES = (
    Passage("plans", "The Team plan costs €12 per user per month and includes up to 10 users. "
                     "Single sign-on (SSO) is available only on the Enterprise plan."),
    Passage("billing", "Team plans are billed monthly and can be cancelled at any time, but the current month is "
                       "not refunded."),
)
CLAIMS = ["The Team plan costs €12 per user per month.", "The Team plan includes SSO."]
GOOD = {"verdicts": [
    {"claim": 1, "label": "SUPPORTED", "passage": "plans", "quote": "The Team plan costs €12 per user per month"},
    {"claim": 2, "label": "CONTRADICTED", "passage": "plans",
     "quote": "Single sign-on (SSO) is available only on the Enterprise plan."},
]}
GOOD_TEXT = json.dumps(GOOD)
FAST = RetryPolicy(attempts=3, base_delay=0.01, max_delay=0.05)


def requests() -> list[ClaimCheck]:
    return [ClaimCheck(c, PASSAGES, "What does the Team plan include?", "answer", "a1") for c in CLAIMS]


def judge_for(server: LoopbackServer, timeout: float = 5.0, max_repairs: int = 2) -> JudgeChecker:
    client = OpenAICompatClient("judge-model", base_url=server.base_url, timeout=timeout, retry=FAST)
    return JudgeChecker(StructuredCaller(client, None, max_repairs=max_repairs, max_consecutive_failures=100))


def run(script, **kw):
    with LoopbackServer(script) as server:
        judge = judge_for(server, **kw)
        verdicts = judge.check(requests())
        return verdicts, judge.counters, server


def assert_good(verdicts) -> None:
    assert [v.label for v in verdicts] == ["supported", "not_supported"]
    assert [v.label3 for v in verdicts] == ["supported", "contradicted"]
    assert verdicts[0].evidence.passage_id == "plans"
    assert PASSAGES[0].text[verdicts[0].evidence.start:verdicts[0].evidence.end] == verdicts[0].evidence.text


def test_good_json_is_accepted_in_one_call():
    verdicts, counters, server = run([GOOD_TEXT])
    assert_good(verdicts)
    assert server.calls == 1 and counters["judge_calls"] == 1 and counters["judge_repairs"] == 0
    sent = server.requests[0]
    assert sent["model"] == "judge-model" and sent["temperature"] == 0.0
    assert sent["response_format"]["type"] == "json_schema"
    assert "verdicts" in sent["response_format"]["json_schema"]["schema"]["properties"]


def test_json_in_a_code_fence_is_unwrapped_without_a_reask():
    verdicts, counters, server = run(["```json\n" + GOOD_TEXT + "\n```"])
    assert_good(verdicts)
    assert server.calls == 1 and counters["judge_repairs"] == 0


def test_trailing_comma_is_reasked_with_the_error_then_repaired():
    bad = GOOD_TEXT[:-2] + ",]}"
    verdicts, counters, server = run([bad, GOOD_TEXT])
    assert_good(verdicts)
    assert server.calls == 2 and counters["judge_repairs"] == 1
    second = server.requests[1]["messages"]
    assert second[-2] == {"role": "assistant", "content": bad}
    assert "not valid JSON" in second[-1]["content"]


def test_trailing_comma_forever_fails_closed_with_the_raw_reply():
    bad = GOOD_TEXT[:-2] + ",]}"
    verdicts, counters, server = run([bad, bad, bad])
    assert server.calls == 3  # first ask + 2 repairs, then stop
    assert [v.label for v in verdicts] == ["error", "error"]
    assert all(v.raw == bad and v.error.startswith("invalid_output") for v in verdicts)
    assert counters["judge_errors"] == 2


def test_wrong_count_is_never_accepted():
    one = json.dumps({"verdicts": GOOD["verdicts"][:1]})
    verdicts, counters, server = run([one, one, one])
    assert [v.label for v in verdicts] == ["error", "error"]
    assert "expected exactly 2 verdict(s)" in verdicts[0].error
    assert server.calls == 3


def test_extra_verdict_is_never_accepted():
    three = json.dumps({"verdicts": GOOD["verdicts"] + [dict(GOOD["verdicts"][0], claim=3)]})
    verdicts, _, server = run([three, GOOD_TEXT])
    assert_good(verdicts)
    assert server.calls == 2
    assert "expected exactly 2" in server.requests[1]["messages"][-1]["content"]


def test_duplicated_claim_number_is_reasked():
    dup = json.dumps({"verdicts": [GOOD["verdicts"][0], dict(GOOD["verdicts"][1], claim=1)]})
    verdicts, _, server = run([dup, GOOD_TEXT])
    assert_good(verdicts)
    assert "appear more than once" in server.requests[1]["messages"][-1]["content"]


@pytest.mark.parametrize("reply", [
    json.dumps({"verdicts": [dict(v, label=v["label"].lower()) for v in GOOD["verdicts"]]}),  # unknown label
    json.dumps({"verdicts": [dict(v, claim=str(v["claim"])) for v in GOOD["verdicts"]]}),  # "1" is not 1
    json.dumps({"verdicts": [dict(v, confidence=0.9) for v in GOOD["verdicts"]]}),  # extra field
    "Sure! Here are the verdicts: " + GOOD_TEXT,  # prose around the JSON
    "",  # empty message
    '{"verdicts": [], "verdicts": []}',  # duplicated key
])
def test_malformed_replies_end_as_errors_never_supported(reply):
    verdicts, counters, server = run([reply] * 3)
    assert [v.label for v in verdicts] == ["error", "error"]
    assert server.calls == 3 and counters["judge_errors"] == 2


def test_fabricated_quote_is_unverified_not_supported():
    fake = json.dumps({"verdicts": [
        {"claim": 1, "label": "SUPPORTED", "passage": "plans", "quote": "Team costs €12 per user monthly"},
        {"claim": 2, "label": "SUPPORTED", "passage": "plans", "quote": "The Team plan includes SSO."},
    ]})
    verdicts, counters, server = run([fake])
    assert server.calls == 1
    assert [v.label for v in verdicts] == ["not_supported", "not_supported"]
    assert all(v.error == "unverified_quote" and v.label3 is None and v.raw == fake for v in verdicts)
    assert verdicts[0].detail["quote_problem"] == "not_in_passages"
    assert counters["unverified_quotes"] == 2


def test_quote_whitespace_is_normalised_but_words_must_match():
    spaced = json.dumps({"verdicts": [
        dict(GOOD["verdicts"][0], quote="The  Team plan\ncosts €12 per user per month."),
        GOOD["verdicts"][1],
    ]})
    verdicts, _, _ = run([spaced])
    assert_good(verdicts)


def test_429_then_success_is_retried_over_http():
    verdicts, counters, server = run([http_error(429, retry_after=0.01), GOOD_TEXT])
    assert_good(verdicts)
    assert server.calls == 2 and counters["judge_calls"] == 1 and counters["judge_backend_errors"] == 0


def test_500_forever_gives_error_verdicts_after_bounded_retries():
    verdicts, counters, server = run(lambda body: http_error(500))
    assert server.calls == FAST.attempts  # bounded: never an endless loop
    assert [v.label for v in verdicts] == ["error", "error"]
    assert all(v.error.startswith("backend_error") and "after 3 attempts" in v.error for v in verdicts)
    assert counters["judge_backend_errors"] == 1 and counters["judge_calls"] == 0


def test_timeout_then_success_is_retried():
    # a generous timeout for the good reply: a loaded CI machine must not turn the retry into a second timeout
    verdicts, _, server = run([slow(4.0, GOOD_TEXT), GOOD_TEXT], timeout=1.5)
    assert_good(verdicts)
    assert server.calls == 2


def test_timeout_forever_is_an_error():
    verdicts, _, server = run(lambda body: slow(0.6, GOOD_TEXT), timeout=0.1)
    assert [v.label for v in verdicts] == ["error", "error"]
    assert server.calls == FAST.attempts


def test_empty_body_then_success_is_retried():
    verdicts, _, server = run([empty_body(), GOOD_TEXT])
    assert_good(verdicts)
    assert server.calls == 2


def test_empty_body_forever_is_an_error():
    verdicts, _, server = run(lambda body: empty_body())
    assert [v.label for v in verdicts] == ["error", "error"]
    assert "unreadable response body" in verdicts[0].error


def test_no_choices_is_retried_then_error():
    verdicts, _, server = run(lambda body: Scripted(body=b'{"choices": []}'))
    assert [v.label for v in verdicts] == ["error", "error"]
    assert server.calls == FAST.attempts


def test_non_retryable_status_stops_the_run():
    with LoopbackServer([http_error(401, message="bad key")]) as server:
        judge = judge_for(server)
        with pytest.raises(BackendError, match="HTTP 401"):
            judge.check(requests())
        assert server.calls == 1


def test_server_rejecting_json_schema_is_asked_again_without_it():
    rejected = http_error(400, message="response_format json_schema is not supported")
    verdicts, _, server = run([rejected, GOOD_TEXT])
    assert_good(verdicts)
    assert "response_format" in server.requests[0] and "response_format" not in server.requests[1]


def test_dead_server_stops_the_run_after_consecutive_failures():
    with LoopbackServer(lambda body: http_error(503)) as server:
        client = OpenAICompatClient("m", base_url=server.base_url, retry=FAST)
        judge = JudgeChecker(StructuredCaller(client, None, max_consecutive_failures=2), mode="per-claim",
                             concurrency=1)
        with pytest.raises(BackendError, match="in a row"):
            judge.check(requests())


def test_per_claim_mode_makes_one_call_per_claim_and_records_the_mode():
    def answer(body):
        claim = body["messages"][-1]["content"].split("Claims:\n1. ")[1].split("\n")[0]
        item = GOOD["verdicts"][CLAIMS.index(claim)]
        return json.dumps({"verdicts": [dict(item, claim=1)]})

    with LoopbackServer(answer) as server:
        client = OpenAICompatClient("m", base_url=server.base_url, retry=FAST)
        judge = JudgeChecker(StructuredCaller(client, None), mode="per-claim")
        verdicts = judge.check(requests())
        assert server.calls == 2
    assert_good(verdicts)
    assert judge.spec()["judge_mode"] == "per-claim" and verdicts[0].detail["mode"] == "per-claim"


def test_a_local_base_url_works_with_no_key_set(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with LoopbackServer([GOOD_TEXT]) as server:
        verdicts = judge_for(server).check(requests())
        assert server.headers[0]["authorization"] == "Bearer no-key"
    assert_good(verdicts)
