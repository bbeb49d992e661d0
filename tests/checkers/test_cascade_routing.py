"""The cascade: NLI decides only confident supports; everything else goes to the (loopback) judge."""

from __future__ import annotations

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.llm.cascade import CascadeChecker
from faithkit.checkers.llm.judge import JudgeChecker
from faithkit.errors import UsageError
from faithkit.llm.client import RetryPolicy
from faithkit.llm.loopback import LoopbackServer, ScriptedJudge
from faithkit.llm.openai_compat import OpenAICompatClient
from faithkit.llm.structured import StructuredCaller
from faithkit.records import ClaimCheck, Passage, Verdict

PASSAGES = (Passage("plans", "The Team plan costs €12 per user per month and includes up to 10 users. "
                             "Single sign-on (SSO) is available only on the Enterprise plan."),)
NLI = {
    "The Team plan costs €12 per user per month.": Verdict("supported", "nli", score=0.995),
    "The Team plan includes up to 10 users and SSO.": Verdict("supported", "nli", score=0.573),
    "The Team plan includes SSO.": Verdict("not_supported", "nli", score=0.003, label3="contradicted"),
    "Team users get fifty gigabytes.": Verdict("error", "nli", error="scripted NLI failure"),
}
JUDGE = ScriptedJudge({
    "The Team plan includes up to 10 users and SSO.": ("CONTRADICTED", "SSO) is available only on the Enterprise"),
    "The Team plan includes SSO.": ("CONTRADICTED", "Single sign-on (SSO) is available only on the Enterprise plan"),
    "Team users get fifty gigabytes.": ("NOT_FOUND", ""),
})


def requests(group: str = "a") -> list[ClaimCheck]:
    return [ClaimCheck(c, PASSAGES, "q", "answer", group) for c in NLI]


def cascade(server: LoopbackServer, mode: str = "batch", route_below: float = 0.98) -> CascadeChecker:
    client = OpenAICompatClient("judge", base_url=server.base_url, retry=RetryPolicy(2, 0.01))
    return CascadeChecker(ScriptedChecker(NLI), JudgeChecker(StructuredCaller(client), mode=mode),
                          route_below=route_below)


def test_only_confident_supports_skip_the_judge():
    with LoopbackServer(JUDGE) as server:
        checker = cascade(server, mode="per-claim")
        verdicts = checker.check(requests())
        assert server.calls == 3
    assert [v.stage for v in verdicts] == ["nli", "judge", "judge", "judge"]
    assert [v.label for v in verdicts] == ["supported", "not_supported", "not_supported", "not_supported"]
    assert verdicts[1].detail["nli"] == {"label": "supported", "score": 0.573, "label3": None}
    assert verdicts[1].label3 == "contradicted" and verdicts[3].label3 == "not_found"
    assert checker.counters == {"cascade_claims": 4, "cascade_decided_by_nli": 1, "cascade_routed_to_judge": 3,
                                "cascade_judge_requests_avoided": 1}
    assert checker.judge.counters["judge_calls"] == 3
    spec = checker.spec()
    assert spec["route_below"] == 0.98 and spec["judge"]["judge_mode"] == "per-claim"


def test_a_lower_routing_bar_sends_fewer_claims():
    with LoopbackServer(JUDGE) as server:
        checker = cascade(server, mode="per-claim", route_below=0.5)
        verdicts = checker.check(requests())
        assert server.calls == 2
    assert [v.stage for v in verdicts] == ["nli", "nli", "judge", "judge"]


def test_batch_mode_saves_whole_calls_when_no_claim_of_an_answer_is_routed():
    confident_only = [ClaimCheck("The Team plan costs €12 per user per month.", PASSAGES, "q", "a", "b")]
    with LoopbackServer(JUDGE) as server:
        checker = cascade(server)
        checker.check(requests("a") + confident_only)
        assert server.calls == 1  # answer a: one batched call; answer b never reaches the judge
    assert checker.counters["cascade_judge_requests_avoided"] == 1


def test_judge_errors_stay_errors_in_the_cascade():
    with LoopbackServer(lambda body: "not json") as server:
        checker = cascade(server)
        verdicts = checker.check(requests())
    assert [v.label for v in verdicts] == ["supported", "error", "error", "error"]


def test_route_below_must_be_a_probability():
    with LoopbackServer(JUDGE) as server, pytest.raises(UsageError):
        cascade(server, route_below=1.5)


@pytest.mark.slow
def test_cascade_built_from_options_runs_with_a_real_nli_model(tmp_path, tiny_nli):
    """The registry's cascade + the real NLIChecker (tiny random weights: nothing reaches 0.98, all go to the judge)."""
    import json

    from faithkit.checkers.registry import build
    from faithkit.pipeline import run_check

    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "a", "question": "q", "contexts": [{"id": "plans", "text": PASSAGES[0].text}],
                               "answer": "The Team plan includes SSO."}) + "\n")
    with LoopbackServer(JUDGE) as server:
        checker = build("cascade", {"model": "judge", "base_url": server.base_url, "judge_mode": "per-claim",
                                    "nli_model": str(tiny_nli), "smoke_check": False, "numbers": False,
                                    "arithmetic": False})
        manifest = run_check(log, tmp_path / "out", checker)
        assert server.calls == 1
    summary = manifest["summary"]
    assert summary["cascade_routed_to_judge"] == 1 and summary["judge_calls"] == 1 and summary["nli_pairs"] >= 1
    assert manifest["checker"]["nli"]["checker"] == "nli" and manifest["checker"]["route_below"] == 0.98
