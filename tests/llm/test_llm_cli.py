"""`faithkit check --checker judge --claims llm`, `faithkit omissions` end to end against the loopback server."""

from __future__ import annotations

import json

import pytest

from faithkit.cli import main
from faithkit.io.results import read_results
from faithkit.llm.loopback import LoopbackServer, ScriptedBackend, ScriptedJudge

BILLING = ("Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded. "
           "Annual Enterprise contracts can be refunded in full within 14 days of signing; after that they are "
           "not refundable.")
LOG = [
    {"id": "cancel-A", "question": "Do we get this month back?", "contexts": [{"id": "billing", "text": BILLING}],
     "answer": "You can cancel your Team plan at any time, but the current month is not refunded.",
     "metadata": {"generator_model": "gpt-4o-mini"}},
    {"id": "refund", "question": "Can we get a refund on our annual Enterprise contract?",
     "contexts": [{"id": "billing", "text": BILLING}], "answer": "Yes, annual Enterprise contracts can be refunded."},
    {"id": "refusal", "question": "SAML?", "contexts": [{"id": "billing", "text": BILLING}],
     "answer": "I can't find that in the help center."},
]
DECOMPOSE = {"You can cancel your Team plan at any time, but the current month is not refunded.": [
    "You can cancel your Team plan at any time.", "The current month is not refunded when you cancel."]}
JUDGE = ScriptedJudge({
    "You can cancel your Team plan at any time.": ("SUPPORTED", "can be cancelled at any time"),
    "The current month is not refunded when you cancel.": ("SUPPORTED", "the current month is not refunded"),
    "Yes, annual Enterprise contracts can be refunded.": ("SUPPORTED", "Annual Enterprise contracts can be refunded"),
})
OMISSIONS = {"Can we get a refund on our annual Enterprise contract?": [
    ("Only within 14 days of signing.", "within 14 days of signing"), ("Invented condition.", "not in any passage")]}


@pytest.fixture
def backend():
    return ScriptedBackend(JUDGE, DECOMPOSE, OMISSIONS)


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in LOG))
    return path


def check(log, out, server, *extra):
    return main(["check", str(log), "--out", str(out), "--checker", "judge", "--claims", "llm", "--base-url",
                 server.base_url, "--model", "qwen-judge", "--cache-dir", str(out.parent / "cache"), "--quiet",
                 "--overwrite", *extra])


def test_check_with_judge_and_llm_claims_then_a_cached_rerun(tmp_path, log, backend):
    with LoopbackServer(backend) as server:
        assert check(log, tmp_path / "run", server) == 0
        calls = server.calls
        assert backend.counts["decompose"] == 2 and backend.counts["judge"] == 2
        assert check(log, tmp_path / "rerun", server) == 0
        assert server.calls == calls  # unchanged log: no model call at all
    run = read_results(tmp_path / "run")
    summary, spec = run.manifest["summary"], run.manifest["checker"]
    assert summary["scored"] == 2 and summary["refusals"] == 1 and summary["claims"] == 3
    assert summary["claims_supported"] == 3 and summary["judge_calls"] == 2 and summary["judge_errors"] == 0
    assert summary["unverified_quotes"] == 0 and summary["cache_hits"] == 0
    assert json.dumps(spec).count('"judge_mode": "batch"') == 1 and '"prompt_version": "judge-v1"' in json.dumps(spec)
    assert run.manifest["claims"]["prompt_version"] == "decompose-v1"
    claim = run.records_by_id()["cancel-A"]["claims"][1]
    assert claim["stage"] == "judge" and claim["label3"] == "supported"
    assert claim["evidence"]["text"] == "the current month is not refunded"
    assert BILLING[claim["evidence"]["start"]:claim["evidence"]["end"]] == claim["evidence"]["text"]
    rerun = read_results(tmp_path / "rerun").manifest["summary"]
    assert rerun["cache_hits"] == 4 and rerun["judge_calls"] == 0


def test_extract_and_label_makes_one_call_per_answer(tmp_path, log, backend):
    with LoopbackServer(backend) as server:
        assert check(log, tmp_path / "run", server, "--judge-mode", "extract-and-label", "--cache", "off") == 0
        assert backend.counts == {"judge": 0, "decompose": 0, "extract-and-label": 2, "omissions": 0}
    run = read_results(tmp_path / "run")
    assert run.manifest["summary"]["judge_calls"] == 2 and run.manifest["summary"]["claims_supported"] == 3
    assert run.manifest["checker"]["judge_mode"] == "extract-and-label"


@pytest.mark.parametrize("extra, message", [
    (["--judge-mode", "extract-and-label", "--claims", "sentences"], "use it with --claims llm"),
    (["--repeats", "3"], "--repeats N needs sampling"),
    (["--api-key-env", "FAITHKIT_SURELY_UNSET_VAR", "--base-url", "https://llm.example.com/v1"], "is not set"),
])
def test_usage_errors_exit_2(tmp_path, log, capsys, extra, message):
    code = main(["check", str(log), "--out", str(tmp_path / "x"), "--checker", "judge", "--claims", "llm",
                 "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--quiet", *extra])
    assert code == 2 and message in capsys.readouterr().err


def test_omissions_review_file_with_verified_quotes(tmp_path, log, backend, capsys):
    out = tmp_path / "review.jsonl"
    with LoopbackServer(backend) as server:
        code = main(["omissions", str(log), "--out", str(out), "--model", "m", "--base-url", server.base_url,
                     "--cache", "off"])
    assert code == 0
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in records] == ["cancel-A", "refund", "refusal"]
    refund = records[1]["missing"]
    assert [m["quote_verified"] for m in refund] == [True, False]
    assert refund[0]["evidence"]["text"] == "within 14 days of signing"
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["flagged"] == 2 and summary["omission_quotes_unverified"] == 1 and summary["errors"] == 0


def test_anthropic_provider_without_the_extra_exits_4(tmp_path, log, capsys):
    try:
        import anthropic  # noqa: F401
    except ImportError:
        pass
    else:
        pytest.skip("the anthropic extra is installed here")
    code = main(["check", str(log), "--out", str(tmp_path / "x"), "--checker", "judge", "--model", "claude-haiku-4-5",
                 "--provider", "anthropic", "--quiet"])
    assert code == 4 and "faithkit[anthropic]" in capsys.readouterr().err


def test_same_family_judge_warns_on_the_answer(tmp_path, log, backend):
    with LoopbackServer(backend) as server:
        code = main(["check", str(log), "--out", str(tmp_path / "run"), "--checker", "judge", "--base-url",
                     server.base_url, "--model", "gpt-4o", "--cache", "off", "--quiet"])
    assert code == 0
    records = read_results(tmp_path / "run").records_by_id()
    assert records["cancel-A"]["warnings"] == ["judge_same_family"]  # generated by gpt-4o-mini
    assert records["refund"]["warnings"] == []  # no generator_model in its metadata
