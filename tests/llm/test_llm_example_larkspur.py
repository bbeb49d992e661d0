"""The Larkspur LLM example gives its documented numbers (scripted judge + scripted NLI scores)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "llm" / "run_larkspur.py"


def test_larkspur_cascade_saves_judge_calls(tmp_path):
    spec = importlib.util.spec_from_file_location("run_larkspur", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    rows = {(r.mode, r.checker): r for r in module.run("scripted", 0.98, tmp_path)}
    assert all(r.claims == 21 and r.scored == 8 and r.judge_errors == 0 for r in rows.values())
    assert all(r.unsupported_answers == 3 for r in rows.values())  # cancel-B, team-8, export-aes
    assert rows[("per-claim", "judge")].judge_calls == 21 and rows[("per-claim", "cascade")].judge_calls == 10
    assert rows[("batch", "judge")].judge_calls == 8 and rows[("batch", "cascade")].judge_calls == 5
    assert rows[("batch", "cascade")].to_judge == 10
