"""Strict reply parsing: what is unwrapped, what is refused."""

from __future__ import annotations

import pytest

from faithkit.llm.schemas import JudgeReply, check_judge, check_numbering
from faithkit.llm.structured import ReplyRejected, parse_json_reply, validate_reply


@pytest.mark.parametrize("text", ['{"a": 1}', '```json\n{"a": 1}\n```', "```\n{\"a\": 1}\n```", '  {"a": 1}\n'])
def test_accepted_forms(text):
    assert parse_json_reply(text) == {"a": 1}


@pytest.mark.parametrize("text, reason", [
    ('{"a": 1,}', "not valid JSON"),
    ('{"a": NaN}', "NaN is not valid JSON"),
    ('{"a": 1, "a": 2}', "duplicated key"),
    ('Here: {"a": 1}', "not valid JSON"),
    ('```json\n{"a": 1}\n```\nand more', "not valid JSON"),
    ('{"a": 1}\n{"b": 2}', "not valid JSON"),
    ("   ", "empty"),
])
def test_refused_forms(text, reason):
    with pytest.raises(ReplyRejected, match=reason):
        parse_json_reply(text)


def test_numbering_rules():
    assert check_numbering([1, 2, 3], 3) is None
    assert "expected exactly 3" in check_numbering([1, 2], 3)
    assert "more than once" in check_numbering([1, 1, 2], 3)
    assert "in order" in check_numbering([2, 1, 3], 3)


def test_validate_reply_reports_schema_paths():
    with pytest.raises(ReplyRejected, match="verdicts.0.label"):
        validate_reply('{"verdicts": [{"claim": 1, "label": "YES", "passage": "", "quote": ""}]}', JudgeReply,
                       check_judge(1))
