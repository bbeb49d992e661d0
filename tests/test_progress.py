"""faithkit.progress: a heartbeat line without a terminal, nothing with --quiet, chunked checks that never
split an answer and give the same verdicts as one call."""

from __future__ import annotations

import io

from faithkit.checkers.fake import ScriptedChecker
from faithkit.progress import Progress, active, check_with_progress
from faithkit.records import ClaimCheck, Passage
from tests.extras import needs_similarity


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_without_a_terminal_one_line_every_heartbeat():
    stream, clock = io.StringIO(), FakeClock()
    progress = Progress(100, "answer", desc="check", stream=stream, clock=clock)
    assert progress.bar is None  # StringIO is no terminal
    clock.now = 10
    progress.update(10, 40)
    assert stream.getvalue() == ""
    clock.now = 31
    progress.update(20, 60)
    line = stream.getvalue().strip()
    assert line.startswith("progress check: 30/100 answers, ") and "claims/s" in line and "ETA" in line
    clock.now = 40
    progress.update(10)
    assert stream.getvalue().count("\n") == 1  # not again before another 30 s


def test_quiet_prints_nothing_and_checks_in_one_call():
    stream, clock = io.StringIO(), FakeClock()
    quiet = Progress(None, quiet=True, stream=stream, clock=clock)
    checker = ScriptedChecker(default="supported")
    requests = [ClaimCheck(f"claim {i}.", (Passage("p", "text"),), group=f"a{i}") for i in range(600)]
    with active(quiet):
        clock.now = 100
        check_with_progress(checker, requests, chunk=100)
    assert stream.getvalue() == "" and len(checker.calls) == 1


def test_chunks_keep_groups_together_and_verdicts_unchanged():
    requests = [ClaimCheck(f"claim {i}.", (Passage("p", "text"),), group=f"answer-{i // 3}") for i in range(10)]
    script = {"claim 4.": "not_supported", "claim 7.": "error"}
    alone = ScriptedChecker(dict(script), default="supported").check(requests)
    checker = ScriptedChecker(dict(script), default="supported")
    stream, clock = io.StringIO(), FakeClock()
    progress = Progress(None, "claim", stream=stream, clock=clock, heartbeat=0.0)
    with active(progress):
        verdicts = check_with_progress(checker, requests, chunk=4)
    assert verdicts == alone
    sizes = [len(call) for call in checker.calls]
    assert sizes == [6, 4]  # 4 claims would cut answer-1 in half: the chunk grows to its end
    assert progress.done == 10 and progress.total == 10
    assert stream.getvalue().splitlines()[-1].startswith("progress 10/10 claims")
    assert check_with_progress(ScriptedChecker(default="supported"), requests) == [
        v for v in ScriptedChecker(default="supported").check(requests)
    ]  # no active display: one plain call


def test_on_a_terminal_a_tqdm_bar_counts_answers_and_claims():
    import os
    import pty

    master, slave = pty.openpty()
    with os.fdopen(slave, "w") as stream:
        progress = Progress(9, "answer", desc="check", stream=stream)
        assert progress.bar is not None
        progress.update(4, 12)
        assert progress.bar.n == 4 and "claims/s" in progress.bar.postfix
        progress.close()
        assert progress.bar is None
    os.close(master)
    quiet = Progress(9, quiet=True, stream=io.StringIO())
    assert quiet.bar is None


@needs_similarity
def test_a_resumed_check_counts_the_lines_left(tmp_path, monkeypatch):
    """After a crash, the bar's total is what remains to check, and it reaches it."""
    from pathlib import Path

    import faithkit.progress as progress_module
    from faithkit.cli import main

    log = Path(__file__).resolve().parents[1] / "examples" / "larkspur" / "interactions.jsonl"
    out = tmp_path / "out"
    base = ["check", str(log), "--out", str(out), "--checker", "similarity", "--cache-dir", str(tmp_path / "c"),
            "--no-report"]
    assert main([*base, "--quiet"]) == 0
    results = out / "results.jsonl"
    results.write_text("".join(results.read_text().splitlines(keepends=True)[:4]))  # a run killed after 4
    seen: list[Progress] = []

    class Recording(Progress):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            seen.append(self)

    monkeypatch.setattr(progress_module, "Progress", Recording)
    assert main([*base, "--resume"]) == 0
    assert [(p.total, p.done) for p in seen] == [(5, 5)]
