"""Runs the report tests read: the Larkspur example checked by the bundled model, and a run whose log is full of
markup and script (checked by the scripted checker through the real pipeline)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LARKSPUR_LOG = ROOT / "examples" / "larkspur" / "interactions.jsonl"

PAYLOADS = (
    '<script>window.__pwned = 1; document.title = "pwned";</script>',
    '"><img src=x onerror="window.__pwned = 2; document.title = \'pwned\'">',
    "</textarea><textarea>",
    "</script><script>window.__pwned = 3;</script>",
    '<a href="javascript:window.__pwned = 4">click me</a>',
)
HOSTILE_ID = 'x"><img src=x onerror="window.__pwned = 5">'
HOSTILE_PASSAGE_ID = "<script>window.__pwned = 6;</script>"


@pytest.fixture(scope="session")
def larkspur_run(tmp_path_factory) -> Path:
    """`faithkit check examples/larkspur/interactions.jsonl`, as the README runs it (report.html included)."""
    from faithkit.cli import main

    out = tmp_path_factory.mktemp("larkspur") / "run"
    assert main(["check", str(LARKSPUR_LOG), "--out", str(out), "--quiet", "--cache", "off"]) == 0
    return out


def hostile_log(folder: Path) -> Path:
    """A log whose ids, passages, passage ids, questions and answers carry every payload."""
    rows = []
    for i, payload in enumerate(PAYLOADS):
        rows.append(
            {
                "id": f"hostile-{i}{payload}",
                "question": payload,
                "contexts": [{"id": f"doc-{i}{payload}", "text": f"The passage says {payload} and ends."}],
                "answer": f"First claim {payload} here. Second claim here.",
            }
        )
    rows.append(
        {
            "id": HOSTILE_ID,
            "question": "q",
            "contexts": [{"id": HOSTILE_PASSAGE_ID, "text": PAYLOADS[0]}],
            "answer": "A judged claim. " + PAYLOADS[1],
            "metadata": {"user": PAYLOADS[1], PAYLOADS[4]: PAYLOADS[2]},
        }
    )
    path = folder / "hostile.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows) + "not json " + PAYLOADS[3] + "\n")
    return path


@pytest.fixture(scope="session")
def hostile_run(tmp_path_factory) -> Path:
    """The hostile log through `run_check` with a scripted checker whose failed judge reply is a payload too."""
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.pipeline import run_check
    from faithkit.records import Verdict
    from faithkit.report.html_report import build_report

    folder = tmp_path_factory.mktemp("hostile")
    log = hostile_log(folder)
    failed = Verdict("error", "judge", error="judge reply invalid " + PAYLOADS[2], raw=PAYLOADS[3] + PAYLOADS[4])
    checker = ScriptedChecker({"A judged claim.": failed}, default="supported")
    out = folder / "run"
    run_check(log, out, checker)
    build_report(out)
    return out


def edited_baseline(run: Path, base: Path) -> Path:
    """A copy of ``run`` as a baseline in which team-8 was faithful and cancel-A was not: comparing ``run`` with it
    gives one newly broken answer (team-8), one newly fixed (cancel-A) and one answer only in the baseline."""
    shutil.copytree(run, base)
    lines = [json.loads(line) for line in (base / "results.jsonl").read_text().splitlines()]
    for record in lines:
        if record["id"] == "team-8":
            record["unsupported"], record["faithfulness"] = False, 1.0
            for claim in record["claims"]:
                claim["verdict"] = "supported"
        if record["id"] == "cancel-A":
            record["unsupported"], record["faithfulness"] = True, 0.0
            record["claims"][0]["verdict"] = "not_supported"
    gone = next(dict(r) for r in lines if r["id"] == "sso")
    lines.append({**gone, "id": "gone", "line": len(lines) + 1})  # in the baseline only
    (base / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    return base
