"""What a CI job does: `faithkit check` on a fixed log, then `faithkit gate` against a committed baseline, acting
on the exit code. Both commands run as subprocesses, exactly as a workflow calls them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import faithkit

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


def faithkit_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    src = str(Path(faithkit.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]))
    env.pop("GITHUB_STEP_SUMMARY", None)
    return subprocess.run([sys.executable, "-m", "faithkit", *args], cwd=cwd, capture_output=True, text=True,
                          env=env, timeout=600)


@pytest.mark.slow
def test_check_then_gate_as_a_ci_job(tmp_path):
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
