"""A real, scripted OpenAI-compatible HTTP server on 127.0.0.1, for tests, examples and docs.

Not a mock: it listens on a real socket (port 0 picks a free one) and speaks the chat-completions wire format,
so the whole client stack (openai SDK, timeouts, retries, status codes) runs exactly as it would against vLLM
or llama.cpp. What it answers is scripted:

* a list: one item per request, in order (a ``str`` is the assistant's message content; a ``Scripted`` gives
  full control: HTTP status, raw body, delay, headers). When the list runs out the server answers HTTP 500
  ``script exhausted``, so an unexpected extra call is loud.
* a callable ``(request_json) -> Scripted | str``: for "500 forever" or answers computed from the prompt
  (``ScriptedJudge`` below reads faithkit's judge prompt and answers from a table).

Every request body is kept in ``requests`` so a test can count calls and inspect prompts. As a program:
``python -m faithkit.commands.serve_loopback BACKEND.json`` (its flags live in ``commands/``, which imports
this module; this module imports nothing from ``commands/``, so the two make no import circle).

    with LoopbackServer(['{"verdicts": []}']) as server:
        client = OpenAICompatClient("fake-model", base_url=server.base_url)
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Scripted:
    """One scripted HTTP response.

    content: the assistant message (wrapped into a chat.completion object); ignored when ``body`` is set.
    body: the raw response body, sent as is (``b""`` for an empty body).
    status: HTTP status; delay: seconds to wait before answering (to trigger client timeouts).
    trickle: seconds between 8-byte pieces of the body (each read succeeds, the whole takes long).
    """

    content: str | None = None
    status: int = 200
    body: bytes | None = None
    delay: float = 0.0
    headers: Mapping[str, str] = field(default_factory=dict)
    finish_reason: str = "stop"
    trickle: float = 0.0  # seconds between 8-byte pieces of the body (a server that never trips a read timeout)


Step = Scripted | str
Script = Sequence[Step] | Callable[[dict[str, Any]], Step]


def reply(content: str) -> Scripted:
    return Scripted(content=content)


def http_error(status: int, retry_after: float | None = None, message: str = "scripted error") -> Scripted:
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else {}
    body = json.dumps({"error": {"message": message, "type": "scripted", "code": status}}).encode()
    return Scripted(status=status, body=body, headers=headers)


def empty_body() -> Scripted:
    return Scripted(body=b"")


def slow(seconds: float, then: Step = "{}") -> Scripted:
    step = then if isinstance(then, Scripted) else Scripted(content=then)
    return Scripted(step.content, step.status, step.body, seconds, step.headers, step.finish_reason)


def completion(content: str, model: str, finish_reason: str = "stop") -> dict[str, Any]:
    return {
        "id": "chatcmpl-loopback",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                     "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
    }


class LoopbackServer:
    """Scripted OpenAI-compatible server in a background thread. Use as a context manager.

    base_url: ``http://127.0.0.1:PORT/v1``; requests: every JSON body received, in order (``headers``: their
    HTTP headers, lower-cased names); calls: how many.
    """

    def __init__(self, script: Script, port: int = 0):
        self._script = script
        self.port = port
        self._position = 0
        self._lock = threading.Lock()
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def calls(self) -> int:
        return len(self.requests)

    @property
    def base_url(self) -> str:
        if self._server is None:
            raise RuntimeError("the loopback server is not running")
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def _next(self, body: dict[str, Any], headers: dict[str, str]) -> Scripted:
        with self._lock:
            self.requests.append(body)
            self.headers.append(headers)
            if callable(self._script):
                step = self._script(body)
            elif self._position < len(self._script):
                step = self._script[self._position]
                self._position += 1
            else:
                step = http_error(500, message="script exhausted")
        return step if isinstance(step, Scripted) else Scripted(content=step)

    def start(self) -> LoopbackServer:
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # keep test output clean
                return

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    body = {"_unparseable": raw.decode("utf-8", "replace")}
                step = owner._next(body, {k.lower(): v for k, v in self.headers.items()})
                if step.delay:
                    time.sleep(step.delay)
                if step.body is not None:
                    payload = step.body
                else:
                    model = str(body.get("model", "loopback"))
                    payload = json.dumps(completion(step.content or "", model, step.finish_reason)).encode()
                try:
                    self.send_response(step.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    for name, value in step.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    if step.trickle:
                        for begin in range(0, len(payload), 8):
                            self.wfile.write(payload[begin:begin + 8])
                            self.wfile.flush()
                            time.sleep(step.trickle)
                    else:
                        self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout): nothing to answer

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02},
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> LoopbackServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --- scripted judges that read faithkit's own prompts -------------------------------------------------------

_PASSAGE = re.compile(r'<passage id="([^"]*)">\n(.*?)\n</passage>', re.DOTALL)
_CLAIMS = re.compile(r"\nClaims:\n(.*?)\n\nReply with", re.DOTALL)
_NUMBERED = re.compile(r"^(\d+)\. (.*)$", re.MULTILINE)


def prompt_text(body: dict[str, Any]) -> str:
    """The first user message of a chat request (faithkit's prompts put everything there)."""
    for message in body.get("messages", []):
        if message.get("role") == "user":
            return str(message.get("content", ""))
    return ""


def parse_judge_prompt(text: str) -> tuple[list[str], dict[str, str]]:
    """(claims in order, {passage id: text}) from a faithkit judge prompt."""
    passages = {m.group(1): m.group(2) for m in _PASSAGE.finditer(text)}
    block = _CLAIMS.search(text)
    claims = [m.group(2) for m in _NUMBERED.finditer(block.group(1))] if block else []
    return claims, passages


Decision = tuple[str, str]  # (label, quote)


class ScriptedJudge:
    """A deterministic judge: answers faithkit's judge prompt from ``decide(claim, passages) -> (label, quote)``.

    With ``table`` (claim text → (label, quote)) it looks claims up; an unknown claim gets ``default``.
    The passage id reported is the first passage containing the quote (or "" when none does), like a careful
    model. ``calls`` counts the judge prompts it answered.
    """

    def __init__(self, table: Mapping[str, Decision] | None = None,
                 decide: Callable[[str, dict[str, str]], Decision] | None = None,
                 default: Decision = ("NOT_FOUND", "")):
        self.table = dict(table or {})
        self.decide = decide
        self.default = default
        self.calls = 0

    def verdict(self, claim: str, passages: dict[str, str]) -> Decision:
        if self.decide is not None:
            return self.decide(claim, passages)
        return self.table.get(claim, self.default)

    def __call__(self, body: dict[str, Any]) -> Scripted:
        claims, passages = parse_judge_prompt(prompt_text(body))
        self.calls += 1
        verdicts = []
        for number, claim in enumerate(claims, 1):
            label, quote = self.verdict(claim, passages)
            source = next((pid for pid, text in passages.items() if quote and quote in text), "")
            verdicts.append({"claim": number, "label": label, "passage": source, "quote": quote})
        return Scripted(content=json.dumps({"verdicts": verdicts}))


_SENTENCES = re.compile(r"\n<answer>\n(.*?)\n</answer>", re.DOTALL)


def parse_answer_sentences(text: str) -> list[str]:
    """The numbered answer sentences of a faithkit decompose / extract-and-label prompt."""
    block = _SENTENCES.search(text)
    return [m.group(2) for m in _NUMBERED.finditer(block.group(1))] if block else []


class ScriptedBackend:
    """Answers every faithkit prompt kind deterministically, for examples and end-to-end tests.

    decompose: answer sentence → its claims (default: the sentence itself is the one claim).
    judge: a ``ScriptedJudge`` (also used, claim by claim, for extract-and-label prompts).
    omissions: question → list of (condition, quote) pairs (default: nothing missing).
    ``counts`` tallies requests per prompt kind.
    """

    def __init__(self, judge: ScriptedJudge | None = None, decompose: Mapping[str, Sequence[str]] | None = None,
                 omissions: Mapping[str, Sequence[tuple[str, str]]] | None = None):
        self.judge = judge or ScriptedJudge()
        self.decompose = dict(decompose or {})
        self.omissions = dict(omissions or {})
        self.counts: dict[str, int] = {"judge": 0, "decompose": 0, "extract-and-label": 0, "omissions": 0}

    def claims_of(self, sentence: str) -> list[str]:
        return list(self.decompose.get(sentence, [sentence]))

    def __call__(self, body: dict[str, Any]) -> Scripted:
        text = prompt_text(body)
        if text.startswith("Label each numbered claim"):
            self.counts["judge"] += 1
            return self.judge(body)
        passages = {m.group(1): m.group(2) for m in _PASSAGE.finditer(text)}
        if text.startswith("Break the answer into atomic claims"):
            self.counts["decompose"] += 1
            claims = [{"sentence": n, "claim": c} for n, s in enumerate(parse_answer_sentences(text), 1)
                      for c in self.claims_of(s)]
            return Scripted(content=json.dumps({"claims": claims}))
        if text.startswith("You check whether an answer is faithful"):
            self.counts["extract-and-label"] += 1
            items = []
            for n, sentence in enumerate(parse_answer_sentences(text), 1):
                for claim in self.claims_of(sentence):
                    label, quote = self.judge.verdict(claim, passages)
                    source = next((pid for pid, t in passages.items() if quote and quote in t), "")
                    items.append({"sentence": n, "claim": claim, "label": label, "passage": source, "quote": quote})
            return Scripted(content=json.dumps({"claims": items}))
        if text.startswith("A support answer may be misleading"):
            self.counts["omissions"] += 1
            question = re.search(r"\nQuestion: (.*)\n", text)
            found = self.omissions.get(question.group(1) if question else "", [])
            missing = [{"condition": c, "passage": next((p for p, t in passages.items() if q in t), ""), "quote": q}
                       for c, q in found]
            return Scripted(content=json.dumps({"missing": missing}))
        return http_error(400, message="loopback: unknown prompt kind")


def backend_from_json(data: Mapping[str, Any]) -> ScriptedBackend:
    """A ScriptedBackend from JSON: ``{"decompose": {sentence: [claims]}, "judge": {claim: [label, quote]},
    "omissions": {question: [[condition, quote]]}}`` (every key optional)."""
    judge = ScriptedJudge({claim: (pair[0], pair[1]) for claim, pair in data.get("judge", {}).items()})
    omissions = {q: [(c, quote) for c, quote in items] for q, items in data.get("omissions", {}).items()}
    return ScriptedBackend(judge, data.get("decompose", {}), omissions)


if __name__ == "__main__":  # the old way to start it: say where the program is now, import nothing from it
    raise SystemExit("serve a scripted backend with: python -m faithkit.commands.serve_loopback BACKEND.json "
                     "[--port N]")
