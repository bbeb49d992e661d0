"""A judge that cannot be reached says where and why, keeps what was written, and says how to continue."""

from __future__ import annotations

import json
import socket

from faithkit.cli import main
from faithkit.llm.loopback import LoopbackServer, ScriptedJudge, http_error

PASSAGE = "Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded."
LOG = [
    {"id": f"q{i}", "question": "Refund?", "contexts": [PASSAGE], "answer": f"Team plans are billed monthly {i}."}
    for i in range(8)
]


def write_log(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in LOG))
    return path


def judge(log, out, base_url, *extra):
    return main(
        [
            "check",
            str(log),
            "--out",
            str(out),
            "--checker",
            "judge",
            "--base-url",
            base_url,
            "--model",
            "m",
            "--max-retries",
            "1",
            "--cache",
            "off",
            "--chunk-size",
            "1",
            "--quiet",
            *extra,
        ]
    )


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_unreachable_judge_names_the_url_and_connection_refused(tmp_path, capsys):
    port = closed_port()
    assert judge(write_log(tmp_path), tmp_path / "out", f"http://127.0.0.1:{port}/v1") == 5
    err = capsys.readouterr().err
    assert f"POST http://127.0.0.1:{port}/v1/chat/completions: connection refused" in err
    assert "--resume" in err and f"{tmp_path / 'out'}/results.jsonl" in err


def test_http_500_shows_the_start_of_the_body(tmp_path, capsys):
    with LoopbackServer(lambda body: http_error(500, message="model not loaded: CUDA out of memory")) as server:
        assert judge(write_log(tmp_path), tmp_path / "out", server.base_url) == 5
    err = capsys.readouterr().err
    assert "/chat/completions: HTTP 500: " in err and "model not loaded: CUDA out of memory" in err


def test_records_written_before_the_judge_went_away_are_kept_and_resume_finishes(tmp_path, capsys):
    scripted = ScriptedJudge(default=("SUPPORTED", "Team plans are billed monthly"))
    healthy_calls = 2

    def flaky(body):
        flaky.calls += 1
        return scripted(body) if flaky.calls <= healthy_calls else http_error(503, message="server going down")

    flaky.calls = 0
    log, out = write_log(tmp_path), tmp_path / "out"
    with LoopbackServer(flaky) as server:
        assert judge(log, out, server.base_url) == 5
    err = capsys.readouterr().err
    kept = (out / "results.jsonl").read_text().splitlines()
    assert len(kept) >= healthy_calls and f"{len(kept)} record(s) are kept" in err
    assert [json.loads(line)["id"] for line in kept[:2]] == ["q0", "q1"]
    with LoopbackServer(scripted) as server:
        assert judge(log, out, server.base_url, "--resume") == 0
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [r["id"] for r in records] == [r["id"] for r in LOG]
    assert (out / "manifest.json").exists()
