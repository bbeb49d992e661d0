"""Judge options: strictness, repeats (agreement and flips), same-family warning, quote verification rules."""

from __future__ import annotations

import json

import pytest

from faithkit.checkers.llm.judge import JudgeChecker
from faithkit.errors import UsageError
from faithkit.llm import prompts
from faithkit.llm.client import RetryPolicy
from faithkit.llm.hygiene import model_family, same_family
from faithkit.llm.loopback import LoopbackServer, parse_judge_prompt, prompt_text
from faithkit.llm.openai_compat import OpenAICompatClient
from faithkit.llm.quotes import verify_quote
from faithkit.llm.structured import Decoding, StructuredCaller
from faithkit.records import ClaimCheck, Interaction, Passage

PLANS = Passage("plans", "The Team plan costs €12 per user per month and includes up to 10 users.")
CLAIMS = ["The Team plan costs €12 per user per month.", "Eight users would pay €96 a month."]


def requests():
    return [ClaimCheck(c, (PLANS,), "q", "a", "team-8") for c in CLAIMS]


def judge(server, **kw) -> JudgeChecker:
    client = OpenAICompatClient("m", base_url=server.base_url, retry=RetryPolicy(2, 0.01))
    decoding = kw.pop("decoding", None)
    return JudgeChecker(StructuredCaller(client, None, decoding), **kw)


def mode_dependent(body):
    """Like the lesson's judge: the derived number is NOT_FOUND in a batch, SUPPORTED alone."""
    claims, _ = parse_judge_prompt(prompt_text(body))
    alone = len(claims) == 1
    out = []
    for n, claim in enumerate(claims, 1):
        if "€96" in claim:
            out.append({"claim": n, "label": "SUPPORTED" if alone else "NOT_FOUND", "passage": "plans",
                        "quote": "costs €12 per user per month" if alone else ""})
        else:
            out.append({"claim": n, "label": "SUPPORTED", "passage": "plans", "quote": "costs €12 per user"})
    return json.dumps({"verdicts": out})


def test_repeats_across_modes_report_agreement_and_flips():
    with LoopbackServer(mode_dependent) as server:
        checker = judge(server, repeats=2, repeat_modes=["batch", "per-claim"])
        verdicts = checker.check(requests())
        assert server.calls == 3  # one batch call + two per-claim calls
    assert verdicts[0].detail["repeats"] == {"labels": ["supported", "supported"], "label3": ["supported"] * 2,
                                             "agreement": 1.0, "flipped": False}
    flipped = verdicts[1].detail["repeats"]
    assert flipped["labels"] == ["not_supported", "supported"] and flipped["flipped"] is True
    assert verdicts[1].label == "not_supported"  # no strict majority for supported: fail closed
    assert checker.counters["repeat_claims"] == 2 and checker.counters["repeat_flipped"] == 1
    assert checker.spec()["repeats"] == 2


def test_sampled_repeats_use_successive_seeds():
    with LoopbackServer(mode_dependent) as server:
        checker = judge(server, repeats=3, decoding=Decoding(temperature=0.7, seed=10))
        checker.check(requests())
        assert [r["seed"] for r in server.requests] == [10, 11, 12]
        assert all(r["temperature"] == 0.7 for r in server.requests)


def test_greedy_repeats_are_refused():
    with LoopbackServer([]) as server, pytest.raises(UsageError, match="needs sampling"):
        judge(server, repeats=2)


def test_strict_mode_changes_the_definition_and_the_prompt_version():
    with LoopbackServer(mode_dependent) as server:
        checker = judge(server, strict=True)
        checker.check(requests())
        text = prompt_text(server.requests[0])
    assert "only if the passages explicitly state it" in text and "arithmetic on stated numbers counts" not in text
    assert checker.spec()["prompt_version"] == prompts.JUDGE_STRICT_VERSION != prompts.JUDGE_VERSION


@pytest.mark.parametrize("judge_model, generator, same", [
    ("gpt-4o-mini", "openai/gpt-4.1", True),
    ("claude-haiku-4-5", "claude-3-5-sonnet-20241022", True),
    ("Qwen/Qwen3-4B-Instruct-2507", "qwen2.5:7b", True),
    ("meta-llama/Llama-3.1-8B-Instruct", "gpt-4o", False),
    ("mistral-small", "mixtral-8x7b", True),
    ("gemma-2-9b", None, False),
])
def test_same_family_detection(judge_model, generator, same):
    assert same_family(judge_model, generator) is same


def test_same_family_warning_per_interaction():
    with LoopbackServer([]) as server:
        client = OpenAICompatClient("gpt-4o-mini", base_url=server.base_url)
        checker = JudgeChecker(StructuredCaller(client))
    mine = Interaction("a", "q", (PLANS,), "x", metadata={"generator_model": "gpt-4o"})
    other = Interaction("b", "q", (PLANS,), "x", metadata={"generator_model": "claude-sonnet-4"})
    assert checker.warnings_for(mine) == ["judge_same_family"]
    assert checker.warnings_for(other) == [] and model_family("claude-sonnet-4") == "anthropic"


@pytest.mark.parametrize("quote, verified, reason", [
    ("costs €12 per user per month", True, None),
    ('"The Team plan costs €12 per user per month."', True, None),  # wrapping quotes and final period
    ("costs  €12\n per user", True, None),  # whitespace differs
    ("costs €12 per seat per month", False, "not_in_passages"),
    ("the team plan costs €12", False, "not_in_passages"),  # verbatim means case too
    ("", False, "missing"),
    ("includes up to 10", False, "unrelated"),  # real text, but it shares no content word with the claim
])
def test_quote_rules(quote, verified, reason):
    check = verify_quote(quote, (PLANS,), "The Team plan costs €12 per user per month.")
    assert (check.verified, check.reason) == (verified, reason)
    if verified:
        assert PLANS.text[check.evidence.start:check.evidence.end] == check.evidence.text
