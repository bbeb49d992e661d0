"""Trace exports: retrieval joined to the generation it fed, or an error record that says why not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.errors import InputFormatError
from faithkit.io import read
from faithkit.io.formats.traces.otlp import any_value, hex_id
from faithkit.io.log import LineError
from faithkit.records import Interaction

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "formats"


def span(trace, sid, kind, start, end, parent=None, **attributes):
    return {
        "context.trace_id": trace,
        "context.span_id": sid,
        "parent_id": parent,
        "span_kind": kind,
        "name": attributes.pop("name", kind.lower()),
        "start_time": start,
        "end_time": end,
        **{f"attributes.{k}": v for k, v in attributes.items()},
    }


def write(tmp_path, rows, name="spans.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_phoenix_errors_fixture_gives_a_reason_per_bad_trace():
    items = list(read(FIXTURES / "openinference_errors.jsonl"))
    good, bad = items[:9], items[9:]
    assert all(isinstance(i, Interaction) for i in good)
    assert [type(i) for i in bad] == [LineError] * 3
    assert "documents without content (ids only: billing)" in bad[0].reason
    assert "no generation (LLM) span" in bad[1].reason
    assert "cannot tell which answer used which documents" in bad[2].reason
    assert [i.line for i in items] == list(range(1, 13))


def test_the_query_rewrite_call_before_retrieval_is_not_the_answer():
    first = next(iter(read(FIXTURES / "openinference.jsonl")))
    assert first.answer.startswith("You can cancel your Team plan")
    assert first.metadata["retriever_span_ids"] and first.metadata["generation_span_id"]


def test_nested_list_documents_form_and_messages(tmp_path):
    """Phoenix's dataframe form: attributes.retrieval.documents as a list of flat {"document.content"} dicts."""
    rows = [
        span("t1", "root", "CHAIN", 0, 10, **{"input.value": "How long is the refund window?"}),
        span(
            "t1",
            "r",
            "RETRIEVER",
            1,
            2,
            "root",
            **{
                "retrieval.documents": [
                    {"document.id": "d1", "document.content": "Refunds within 14 days."},
                    {"document.id": "d2", "document.content": "Team plans bill monthly."},
                ]
            },
        ),
        span(
            "t1",
            "g",
            "LLM",
            3,
            4,
            "root",
            **{
                "llm.input_messages": [
                    {"message.role": "system", "message.content": "Refunds within 14 days. Team plans bill monthly."}
                ],
                "llm.output_messages": [{"message.role": "assistant", "message.content": "14 days."}],
            },
        ),
    ]
    (item,) = read(write(tmp_path, rows))
    assert item.question == "How long is the refund window?"
    assert [(p.id, p.text) for p in item.contexts] == [
        ("d1", "Refunds within 14 days."),
        ("d2", "Team plans bill monthly."),
    ]
    assert item.answer == "14 days."


def test_two_answers_with_their_own_retrievers_are_two_records(tmp_path):
    rows = [
        span("t", "a", "CHAIN", 0, 20),
        span("t", "r1", "RETRIEVER", 1, 2, "a", **{"retrieval.documents.0.document.content": "Alpha is red."}),
        span("t", "g1", "LLM", 3, 4, "a", **{"input.value": "Context: Alpha is red.", "output.value": "Red."}),
        span("t", "r2", "RETRIEVER", 5, 6, "a", **{"retrieval.documents.0.document.content": "Beta is blue."}),
        span("t", "g2", "LLM", 7, 8, "a", **{"input.value": "Context: Beta is blue.", "output.value": "Blue."}),
    ]
    first, second = read(write(tmp_path, rows))
    assert (first.id, [p.text for p in first.contexts], first.answer) == ("t/g1", ["Alpha is red."], "Red.")
    assert (second.id, [p.text for p in second.contexts], second.answer) == ("t/g2", ["Beta is blue."], "Blue.")


def test_a_retriever_that_ran_after_the_generation_did_not_feed_it(tmp_path):
    rows = [
        span("t", "g", "LLM", 1, 2, **{"output.value": "x"}),
        span("t", "r", "RETRIEVER", 3, 4, **{"retrieval.documents.0.document.content": "late"}),
    ]
    (item,) = read(write(tmp_path, rows))
    assert isinstance(item, LineError) and "was fed by a retriever span" in item.reason


def test_no_retriever_and_no_output_are_errors(tmp_path):
    rows = [
        span("t1", "g", "LLM", 1, 2, **{"output.value": "x"}),
        span("t2", "r", "RETRIEVER", 1, 2, **{"retrieval.documents.0.document.content": "c"}),
        span("t2", "g", "LLM", 3, 4),
    ]
    first, second = read(write(tmp_path, rows))
    assert "no retriever span" in first.reason
    assert "has no output text" in second.reason


def test_langfuse_ids_only_documents_are_an_error(tmp_path):
    path = tmp_path / "obs.json"
    path.write_text(
        json.dumps(
            {
                "data": [
                    {
                        "id": "r",
                        "traceId": "t",
                        "type": "RETRIEVER",
                        "name": "retrieve",
                        "startTime": "2026-01-01T00:00:00Z",
                        "endTime": "2026-01-01T00:00:01Z",
                        "output": [{"id": "doc-7"}],
                    },
                    {
                        "id": "g",
                        "traceId": "t",
                        "type": "GENERATION",
                        "name": "answer",
                        "startTime": "2026-01-01T00:00:02Z",
                        "endTime": "2026-01-01T00:00:03Z",
                        "input": "q",
                        "output": "a",
                    },
                ]
            }
        )
    )
    (item,) = read(path)
    assert isinstance(item, LineError) and "ids only: doc-7" in item.reason


def test_otlp_any_values_and_ids():
    assert any_value({"arrayValue": {"values": [{"stringValue": "a"}, {"intValue": "3"}]}}) == ["a", 3]
    assert any_value({"kvlistValue": {"values": [{"key": "k", "value": {"boolValue": True}}]}}) == {"k": True}
    assert hex_id("AAECAwQFBgc=") == "0001020304050607"  # protobuf JSON (base64) -> hex
    assert hex_id("0001020304050607") == "0001020304050607"


def test_genai_ids_only_retrieval_is_an_error(tmp_path):
    def attr(key, value):
        return {"key": key, "value": {"stringValue": value}}

    spans = [
        {
            "traceId": "a" * 32,
            "spanId": "b" * 16,
            "name": "retrieval",
            "startTimeUnixNano": "1",
            "endTimeUnixNano": "2",
            "attributes": [
                attr("gen_ai.operation.name", "retrieval"),
                attr("gen_ai.retrieval.documents", '[{"id": "doc_123", "score": 0.9}]'),
            ],
        },
        {
            "traceId": "a" * 32,
            "spanId": "c" * 16,
            "name": "chat",
            "startTimeUnixNano": "3",
            "endTimeUnixNano": "4",
            "attributes": [attr("gen_ai.operation.name", "chat"), attr("gen_ai.completion", "An answer.")],
        },
    ]
    path = tmp_path / "otlp.json"
    path.write_text(json.dumps({"resourceSpans": [{"scopeSpans": [{"spans": spans}]}]}))
    (item,) = read(path)
    assert isinstance(item, LineError) and "ids only: doc_123" in item.reason


def test_a_file_with_no_span_ids_is_refused(tmp_path):
    path = write(tmp_path, [{"context.trace_id": None, "span_kind": "LLM"}] * 2)
    with pytest.raises(InputFormatError, match="no span carries a trace id"):
        list(read(path, "openinference"))


def test_a_span_row_without_ids_is_an_error_record_not_dropped(tmp_path):
    rows = [
        span("t", "r", "RETRIEVER", 1, 2, **{"retrieval.documents.0.document.content": "Alpha is red."}),
        {"name": "orphan", "span_kind": "LLM"},
        span("t", "g", "LLM", 3, 4, **{"output.value": "Red."}),
    ]
    good, orphan = read(write(tmp_path, rows))
    assert isinstance(good, Interaction) and good.answer == "Red."
    assert isinstance(orphan, LineError) and orphan.line == 2 and "span row 2 has no trace id" in orphan.reason


def test_nested_span_json_form_is_detected_and_read(tmp_path):
    """Spans as nested JSON objects (context: {trace_id, span_id}, attributes: {retrieval: {documents: ...}})."""

    def nested(sid, kind, start, end, attributes, parent=None):
        return {
            "name": kind.lower(),
            "context": {"trace_id": "t9", "span_id": sid},
            "parent_id": parent,
            "start_time": start,
            "end_time": end,
            "attributes": {"openinference": {"span": {"kind": kind}}, **attributes},
        }

    rows = [
        nested(
            "r",
            "RETRIEVER",
            "2026-01-01T00:00:01Z",
            "2026-01-01T00:00:02Z",
            {"retrieval": {"documents": [{"document": {"id": "d", "content": "Gamma is green."}}]}},
        ),
        nested(
            "g",
            "LLM",
            "2026-01-01T00:00:03Z",
            "2026-01-01T00:00:04Z",
            {"llm": {"output_messages": [{"message": {"role": "assistant", "content": "Green."}}]}},
        ),
    ]
    path = tmp_path / "spans.json"
    path.write_text(json.dumps(rows))
    (item,) = read(path)
    assert item.source_format == "openinference" and item.answer == "Green."
    assert [(p.id, p.text) for p in item.contexts] == [("d", "Gamma is green.")]
