"""A well-formed but wrong judge: SUPPORTED for everything, quoting the passage sentence that shares the most
words with the claim. Its quotes are verbatim, so the quote check alone passes them; the NLI model's second
opinion on each quote (checkers/llm/quote_nli.py) must stop the false claims and count the disagreements."""

from __future__ import annotations

import pytest

from faithkit.checkers.llm.judge import JudgeChecker
from faithkit.checkers.llm.quote_nli import QuoteEntailment
from faithkit.llm.client import RetryPolicy
from faithkit.llm.loopback import LoopbackServer, ScriptedBackend, ScriptedJudge
from faithkit.llm.openai_compat import OpenAICompatClient
from faithkit.llm.structured import StructuredCaller
from faithkit.records import ClaimCheck
from faithkit.text.sentences import split_sentences
from faithkit.text.words import content_words
from tests.larkspur_data import PASSAGES

FALSE = [
    "Team plans are billed weekly and can be cancelled at any time.",
    "The current month is refunded when you cancel a Team plan.",
    "Annual Enterprise contracts can be refunded in full within 30 days of signing.",
    "Single sign-on is available on the Team plan.",
    "Export links expire after 30 days.",
    "Each user on the Team plan gets 5 GB of storage.",
    "The Team plan includes up to 100 users.",
]
TRUE = [
    "Team plans can be cancelled at any time.",
    "Export links expire after 7 days.",
    "Workspace owners can export all data as a ZIP file.",
]


def _best_sentence(claim: str, passages: dict[str, str]) -> tuple[str, str]:
    sentences = [s.text for text in passages.values() for s in split_sentences(text)]
    return "SUPPORTED", max(sentences, key=lambda s: len(content_words(s) & content_words(claim)))


@pytest.fixture(scope="module")
def verdicts():
    with LoopbackServer(ScriptedBackend(ScriptedJudge(decide=_best_sentence))) as server:
        client = OpenAICompatClient("wrong-judge", base_url=server.base_url, retry=RetryPolicy(2, 0.01))
        checker = JudgeChecker(StructuredCaller(client), mode="per-claim", quote_nli=QuoteEntailment("veto"))
        got = checker.check([ClaimCheck(c, PASSAGES) for c in FALSE + TRUE])
    return got, checker.counters


def test_no_false_claim_passes_a_judge_that_supports_everything(verdicts):
    got, counters = verdicts
    passed = [c for c, v in zip(FALSE, got) if v.label == "supported"]
    assert passed == []
    assert counters["judge_quote_disagreements"] >= len(FALSE)
    vetoed = got[0]
    assert vetoed.error == "quote_not_entailing" and vetoed.detail["judge_label"] == "SUPPORTED"
    assert vetoed.detail["quote_nli"]["agrees"] is False


def test_true_claims_the_judge_quotes_well_still_pass(verdicts):
    got, _ = verdicts
    assert [v.label for v in got[len(FALSE) :]] == ["supported"] * len(TRUE)


@pytest.mark.parametrize("checker", ["judge:quote_nli=veto", "judge"])
def test_extract_and_label_verdicts_get_the_same_second_opinion(tmp_path, checker):
    """veto: no false claim passes; the default (flag): the judge's verdicts stand, each disagreement counted
    and shown on its claim."""
    import json

    from faithkit.cli import main
    from faithkit.io.results import read_results

    contexts = [{"id": p.id, "text": p.text} for p in PASSAGES]
    rows = [{"id": f"f{i}", "question": "?", "contexts": contexts, "answer": claim} for i, claim in enumerate(FALSE)]
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    with LoopbackServer(ScriptedBackend(ScriptedJudge(decide=_best_sentence))) as server:
        code = main(
            [
                "check",
                str(log),
                "--out",
                str(tmp_path / "out"),
                "--checker",
                checker,
                "--claims",
                "llm",
                "--judge-mode",
                "extract-and-label",
                "--base-url",
                server.base_url,
                "--model",
                "wrong-judge",
                "--cache",
                "off",
                "--quiet",
                "--no-report",
            ]
        )
    assert code == 0
    run = read_results(tmp_path / "out")
    claims = [c for r in run.records for c in r["claims"]]
    supported = [c["text"] for c in claims if c["verdict"] == "supported"]
    assert run.manifest["summary"]["judge_quote_disagreements"] >= len(FALSE)
    if checker.endswith("veto"):
        assert claims and not supported
    else:
        # the numbers stage still stops the 4 claims with a changed number; the other 3 stand, each flagged
        judged = [c for c in claims if c["stage"] != "numbers"]
        assert len(judged) == 3 and [c["text"] for c in judged] == supported
        assert all(c["detail"]["quote_nli"]["agrees"] is False for c in judged)
