"""Omission review: a review file, with failures as records, never a metric."""

from __future__ import annotations

from faithkit.io.log import LineError
from faithkit.llm.client import RetryPolicy
from faithkit.llm.loopback import LoopbackServer
from faithkit.llm.openai_compat import OpenAICompatClient
from faithkit.llm.structured import StructuredCaller
from faithkit.omissions import OmissionReviewer
from faithkit.records import Interaction, Passage

BILLING = Passage("billing", "Annual Enterprise contracts can be refunded in full within 14 days of signing; after "
                             "that they are not refundable.")
ANSWER = Interaction("refund", "Can we get a refund on our annual Enterprise contract?", (BILLING,),
                     "Yes, annual Enterprise contracts can be refunded in full.")


def reviewer(server) -> OmissionReviewer:
    client = OpenAICompatClient("m", base_url=server.base_url, retry=RetryPolicy(2, 0.01))
    return OmissionReviewer(StructuredCaller(client, max_repairs=1))


def test_invalid_replies_become_error_records_with_the_raw_reply():
    with LoopbackServer(['["a bare list"]', '{"missing": [{"condition": "x"}]}']) as server:
        [record] = reviewer(server).review_all([ANSWER])
    assert record["status"] == "error" and record["raw"] == '{"missing": [{"condition": "x"}]}'
    assert "missing.0.passage" in record["error"]


def test_every_log_item_gets_a_record_and_empty_inputs_need_no_call():
    no_passages = Interaction("empty", "q", (), "Some answer.")
    bad_line = LineError(3, "line-3", "not JSON")
    reply = ('{"missing": [{"condition": "Only within 14 days of signing.", "passage": "billing", '
             '"quote": "within 14 days of signing"}]}')
    with LoopbackServer([reply]) as server:
        rev = reviewer(server)
        records = rev.review_all([ANSWER, no_passages, bad_line])
        assert server.calls == 1
    assert [r["status"] for r in records] == ["reviewed", "skipped", "error"]
    assert records[0]["missing"][0]["quote_verified"] is True
    assert rev.counters["omissions_flagged"] == 1 and rev.counters["omission_calls"] == 1
