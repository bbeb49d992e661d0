"""The content-addressed cache: an unchanged rerun makes no HTTP call; anything that can change a reply misses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.cache import ContentCache, PairScoreCache, content_key
from faithkit.checkers.llm.judge import JudgeChecker
from faithkit.claims.llm import LLMClaims
from faithkit.errors import UsageError
from faithkit.io.results import read_results
from faithkit.llm import prompts
from faithkit.llm.client import RetryPolicy
from faithkit.llm.loopback import LoopbackServer, ScriptedBackend, ScriptedJudge
from faithkit.llm.openai_compat import OpenAICompatClient
from faithkit.llm.structured import Decoding, StructuredCaller
from faithkit.pipeline import CheckOptions, run_check

PASSAGE = "The Team plan costs €12 per user per month and includes up to 10 users."
LOG = [
    {"id": "a", "question": "Price?", "contexts": [{"id": "plans", "text": PASSAGE}],
     "answer": "The Team plan costs €12 per user per month. It includes up to 10 users."},
    {"id": "b", "question": "SSO?", "contexts": [{"id": "plans", "text": PASSAGE}],
     "answer": "The Team plan includes SSO."},
]
JUDGE = ScriptedJudge(decide=lambda claim, passages: (
    ("SUPPORTED", "costs €12 per user per month") if "€12" in claim
    else ("SUPPORTED", "includes up to 10 users") if "10 users" in claim else ("NOT_FOUND", "")))


@pytest.fixture
def server():
    with LoopbackServer(ScriptedBackend(JUDGE)) as srv:
        yield srv


def write_log(tmp_path: Path) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in LOG))
    return path


def check(tmp_path: Path, server: LoopbackServer, out: str, *, model: str = "judge-a", mode: str = "use",
          decoding: Decoding | None = None, key_env: str | None = None) -> dict:
    client = OpenAICompatClient(model, base_url=server.base_url, api_key_env=key_env, retry=RetryPolicy(2, 0.01))
    cache = ContentCache(tmp_path / "cache", mode)
    judge = JudgeChecker(StructuredCaller(client, cache, decoding))
    claims = LLMClaims(StructuredCaller(client, cache, decoding))
    return run_check(write_log(tmp_path), tmp_path / out, judge, CheckOptions(claims=claims))


def test_second_run_of_the_same_log_makes_zero_http_calls(tmp_path, server):
    first = check(tmp_path, server, "run1")
    calls = server.calls
    assert calls == 4 and first["summary"]["cache_hits"] == 0  # 2 decompositions + 2 judge calls
    second = check(tmp_path, server, "run2")
    assert server.calls == calls
    summary = second["summary"]
    assert summary["judge_calls"] == 0 and summary["decompose_calls"] == 0 and summary["cache_hits"] == 4
    assert read_results(tmp_path / "run1").records == read_results(tmp_path / "run2").records
    assert summary["claims_supported"] == 2 and summary["claims"] == 3


def test_model_name_prompt_version_and_decoding_each_miss(tmp_path, server, monkeypatch):
    check(tmp_path, server, "base")
    before = server.calls
    check(tmp_path, server, "other-model", model="judge-b")
    assert server.calls == before + 4
    before = server.calls
    check(tmp_path, server, "seeded", decoding=Decoding(seed=7))
    assert server.calls == before + 4
    before = server.calls
    check(tmp_path, server, "max-tokens", decoding=Decoding(max_tokens=300))
    assert server.calls == before + 4
    before = server.calls
    monkeypatch.setattr(prompts, "JUDGE_VERSION", "judge-v999")
    summary = check(tmp_path, server, "new-prompt")["summary"]
    # only the judge's prompt version changed: the judge calls miss, the decompositions still hit (the run's own
    # counters say which kind of call missed)
    assert summary["judge_calls"] == 2 and summary["decompose_calls"] == 0
    assert server.calls >= before + 2


def test_sampled_calls_are_never_cached(tmp_path, server):
    sampled = Decoding(temperature=0.7)
    check(tmp_path, server, "s1", decoding=sampled)
    before = server.calls
    check(tmp_path, server, "s2", decoding=sampled)
    assert server.calls == before + 4
    assert ContentCache(tmp_path / "cache").count() == 0
    before = server.calls
    check(tmp_path, server, "seeded1", decoding=Decoding(temperature=0.7, seed=1))
    check(tmp_path, server, "seeded2", decoding=Decoding(temperature=0.7, seed=1))
    assert server.calls == before + 4  # temperature > 0 with a seed is reproducible, so it is cached


def test_refresh_calls_again_and_off_stores_nothing(tmp_path, server):
    check(tmp_path, server, "r0")
    before = server.calls
    check(tmp_path, server, "r1", mode="refresh")
    assert server.calls == before + 4
    before = server.calls
    check(tmp_path / "fresh", server, "o1", mode="off")
    check(tmp_path / "fresh", server, "o2", mode="off")
    assert server.calls == before + 8
    assert not (tmp_path / "fresh" / "cache").exists()


def test_the_api_key_is_sent_but_never_stored(tmp_path, server, monkeypatch):
    secret = "sk-test-do-not-store-123456"
    monkeypatch.setenv("FAITHKIT_TEST_KEY", secret)
    manifest = check(tmp_path, server, "keyed", key_env="FAITHKIT_TEST_KEY")
    assert server.headers[0]["authorization"] == f"Bearer {secret}"
    assert secret.encode() not in (tmp_path / "cache" / "cache.sqlite").read_bytes()
    assert secret not in json.dumps(manifest)
    assert secret not in (tmp_path / "keyed" / "results.jsonl").read_text()


def test_invalid_replies_are_not_cached(tmp_path):
    with LoopbackServer(lambda body: "not json") as srv:
        client = OpenAICompatClient("m", base_url=srv.base_url, retry=RetryPolicy(2, 0.01))
        caller = StructuredCaller(client, ContentCache(tmp_path / "c"), max_repairs=1)
        from faithkit.llm.schemas import JudgeReply

        outcome = caller.call([{"role": "user", "content": "x"}], JudgeReply, "v1")
        assert outcome.value is None and outcome.raw == "not json" and outcome.calls == 2
        assert caller.cache.count() == 0


def test_keys_are_canonical():
    assert content_key({"b": 1, "a": [1, "é"]}) == content_key({"a": [1, "é"], "b": 1})
    assert content_key({"a": 1}) != content_key({"a": 1.5})
    with pytest.raises(ValueError):
        content_key({"a": float("nan")})


def test_pair_score_cache_is_keyed_on_the_model_identity(tmp_path):
    cache = ContentCache(tmp_path)
    nli_a = PairScoreCache(cache, {"weights_sha256": "aaa", "max_length": 512})
    nli_b = PairScoreCache(cache, {"weights_sha256": "bbb", "max_length": 512})
    pairs = [("premise one", "claim"), ("premise two", "claim")]
    assert nli_a.get_many(pairs) == [None, None]
    nli_a.put_many(pairs, [[0.9, 0.05, 0.05], [0.1, 0.8, 0.1]])
    assert nli_a.get_many(pairs) == [[0.9, 0.05, 0.05], [0.1, 0.8, 0.1]]
    assert nli_b.get_many(pairs) == [None, None]
    assert ContentCache(tmp_path).count("pair-score") == 2  # persisted on disk
    with pytest.raises(UsageError):
        PairScoreCache(cache, {})


def test_unknown_cache_mode_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError):
        ContentCache(tmp_path, "sometimes")
