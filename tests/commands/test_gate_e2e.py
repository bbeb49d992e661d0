"""What a CI job does: `faithkit check` on a fixed log, then `faithkit gate` against a committed baseline, acting
on the exit code. The commands run through ``faithkit.cli.main``, the function the console script calls, with
the job's working folder and arguments, in this process: seven subprocesses would re-import torch and reload the
model seven times (most of this test's 48 s). `test_cli_check.py` keeps a real ``python -m faithkit`` subprocess
covered, and `test_gate_workflow.py` runs the workflow's own shell steps."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import NamedTuple

import pytest

from faithkit.cli import main
from tests.extras import needs_similarity

BILLING = ("Team plans are billed monthly and can be cancelled at any time. The current month is not refunded. "
           "Annual Enterprise contracts can be refunded in full within 14 days of signing.")
SSO = "Single sign-on (SSO) is available on the Enterprise plan only. The Team plan includes up to 10 users."
EXPORT = "Workspace owners can export all data as a ZIP file from Settings. Export links expire after 7 days."

FAITHFUL = {
    "cancel": ("Can I cancel?", BILLING, "Team plans are billed monthly and can be cancelled at any time."),
    "sso": ("Does Team have SSO?", SSO, "Single sign-on is available on the Enterprise plan only."),
    "export": ("Can I export data?", EXPORT, "Workspace owners can export all data as a ZIP file from Settings."),
    "users": ("How many users on Team?", SSO, "The Team plan includes up to 10 users."),
    "links": ("How long do export links last?", EXPORT, "Export links expire after 7 days."),
    "refund": ("Refund for Enterprise?", BILLING,
               "Annual Enterprise contracts can be refunded in full within 14 days of signing."),
    "unknown": ("Do you have a mobile app?", EXPORT, "I can't find that in the help center."),
}


def write_log(path: Path, answers: dict[str, tuple[str, str, str]]) -> Path:
    with path.open("w", encoding="utf-8") as handle:
        for answer_id, (question, passage, answer) in answers.items():
            # one passage per help-center sentence: the similarity baseline compares whole passages
            sentences = [s.strip().rstrip(".") + "." for s in passage.split(". ") if s.strip()]
            contexts = [{"id": f"kb{n}", "text": sentence} for n, sentence in enumerate(sentences)]
            handle.write(json.dumps({"id": answer_id, "question": question, "contexts": contexts,
                                     "answer": answer}) + "\n")
    return path


class Done(NamedTuple):
    """What a CI step sees of a command: its exit code and its output."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def faithkit_cli(monkeypatch, capsys):
    """Run one faithkit command line as a CI step would: in ``cwd``, no step summary, output captured."""
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)

    def run(*args: str, cwd: Path) -> Done:
        monkeypatch.chdir(cwd)
        capsys.readouterr()
        code = main(list(args))
        out, err = capsys.readouterr()
        return Done(code, out, err)

    return run


@pytest.mark.slow
@needs_similarity
def test_check_then_gate_as_a_ci_job(tmp_path, faithkit_cli):
    old_log = write_log(tmp_path / "old.jsonl", FAITHFUL)
    broken = dict(FAITHFUL, links=("How long do export links last?", EXPORT,
                                   "Our office cafeteria serves fresh sushi every Friday afternoon."))
    new_log = write_log(tmp_path / "new.jsonl", broken)

    # the committed baseline: a `faithkit check` output folder from an earlier run
    done = faithkit_cli("check", str(old_log), "--out", "baseline", "--checker", "similarity", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    # CI, same prompt: rerun the fixed log; nothing changed, so the gate passes
    done = faithkit_cli("check", str(old_log), "--out", "run-same", "--checker", "similarity", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    gate = faithkit_cli("gate", "baseline", "run-same", "--max-unsupported-rate", "0", cwd=tmp_path)
    assert gate.returncode == 0, gate.stdout + gate.stderr
    assert "p = 1.0000" in gate.stdout and "Gate: PASS" in gate.stdout
    assert "refusals                       1" in gate.stdout  # the refusal is counted apart, not scored

    # CI after a prompt change that breaks one answer: the ceiling catches it, exit 1, with the claim shown
    done = faithkit_cli("check", str(new_log), "--out", "run-new", "--checker", "similarity", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    gate = faithkit_cli("gate", "baseline", "run-new", "--max-unsupported-rate", "0", "--junit", "gate.xml",
                        "--update-baseline", cwd=tmp_path)
    assert gate.returncode == 1, gate.stdout + gate.stderr
    assert "broken (supported -> unsupported): 1" in gate.stdout
    assert "Our office cafeteria serves fresh sushi every Friday afternoon." in gate.stdout
    assert "baseline not updated" in gate.stdout
    failing = [c for c in ET.parse(tmp_path / "gate.xml").getroot().iter("testcase") if c.find("failure") is not None]
    assert [c.get("name") for c in failing] == ["links", "regression gate"]

    # a comparison alone is not a verdict: exit 0 even though an answer broke
    assert faithkit_cli("compare", "baseline", "run-new", cwd=tmp_path).returncode == 0
    # and a gate against a folder that is not a results folder is a usage error
    assert faithkit_cli("gate", "baseline", "nowhere", cwd=tmp_path).returncode == 2
