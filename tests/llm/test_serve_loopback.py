"""`python -m faithkit.commands.serve_loopback BACKEND.json`, the documented way to serve the Larkspur example's
scripted backend (README, examples/llm/), started as a user starts it.

The program lives in ``commands/`` and imports the server from ``llm/loopback.py``, which imports nothing back
(issue 33's import circle); the old ``python -m faithkit.llm.loopback`` says where the program went."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from tests.test_testing_assert import _env

BACKEND = Path(__file__).resolve().parents[2] / "examples" / "llm" / "larkspur_backend.json"


def test_the_program_serves_the_example_backend():
    server = subprocess.Popen([sys.executable, "-m", "faithkit.commands.serve_loopback", str(BACKEND), "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    try:
        assert server.stdout is not None
        base_url = server.stdout.readline().strip()
        assert base_url.startswith("http://127.0.0.1:") and base_url.endswith("/v1"), server.stderr
        request = urllib.request.Request(f"{base_url}/chat/completions", method="POST",
                                         data=json.dumps({"messages": [{"role": "user", "content": "hi"}]}).encode(),
                                         headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(request, timeout=10)
            raise AssertionError("a prompt that is none of faithkit's must be refused")
        except urllib.error.HTTPError as exc:
            assert exc.code == 400 and "unknown prompt kind" in exc.read().decode()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_old_module_path_names_the_program():
    done = subprocess.run([sys.executable, "-m", "faithkit.llm.loopback", str(BACKEND)], capture_output=True,
                          text=True, env=_env(), timeout=60)
    assert done.returncode != 0 and "python -m faithkit.commands.serve_loopback" in done.stderr
