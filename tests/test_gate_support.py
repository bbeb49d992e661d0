"""Builders for real results folders (results.jsonl + manifest.json) used by the compare / gate / junit tests.

They write exactly what docs/results-format.md describes, so the code under test reads them with the real
``read_results``. The lesson's worked example (200 questions, 31 -> 20 unsupported, 18 fixed, 7 broken) is
``lesson_runs``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from faithkit.io.results import read_results

CHECKER = {"checker": "nli", "model": "faithkit-bundled", "revision_or_hash": "abc123", "threshold": 0.5}


def claim(text: str, verdict: str, *, score: float | None = 0.9, passage: str = "p0",
          evidence: str | None = "The Team plan costs €12 per user per month.", truncated: bool = False,
          error: str | None = None) -> dict[str, Any]:
    return {
        "text": text, "span": [0, len(text)], "verdict": verdict, "score": score,
        "evidence": None if evidence is None else {"passage_id": passage, "text": evidence, "start": 0,
                                                   "end": len(evidence)},
        "stage": "nli", "probs": None, "label3": None, "truncated": truncated, "error": error, "raw": None,
        "detail": {},
    }


def record(answer_id: str, state: str, line: int = 1, *, truncated: bool = False,
           claim_error: bool = False) -> dict[str, Any]:
    """One results line in the given state: supported / unsupported / refusal / no_claims / error."""
    base = {"id": answer_id, "line": line, "status": state, "faithfulness": None, "unsupported": None,
            "claims": [], "error": None, "refusal": None, "warnings": [], "source_format": "faithkit"}
    if state in ("supported", "unsupported"):
        claims = [claim("The Team plan costs €12 per user per month.", "supported", truncated=truncated)]
        if state == "unsupported":
            claims.append(claim(f"Cancelling refunds the current month ({answer_id}).", "not_supported",
                                score=0.02, evidence="The current month is not refunded."))
        if claim_error:
            claims.append(claim("The judge could not decide this.", "error", score=None, evidence=None,
                                error="judge reply was not valid JSON"))
        supported = sum(c["verdict"] == "supported" for c in claims)
        base.update(status="scored", claims=claims, faithfulness=supported / len(claims),
                    unsupported=supported < len(claims))
    elif state == "refusal":
        base["refusal"] = "can't find"
    elif state == "error":
        base["error"] = "malformed line"
    return base


def manifest(**changes: Any) -> dict[str, Any]:
    out = {
        "results_format": 1, "faithkit_version": "0.1.0", "command": ["faithkit", "check"],
        "input": {"path": "log.jsonl", "sha256": "0" * 64, "lines": 0},
        "checker": dict(CHECKER), "claims": {"splitter": "sentences"}, "refusal_patterns": ["can't find"],
        "packages": {"python": "3.11.7"}, "started_at": "2026-11-29T00:00:00Z",
        "finished_at": "2026-11-29T00:01:00Z", "complete": True, "summary": {},
    }
    out.update(changes)
    return out


def write_run(folder: Path, states: dict[str, str] | list[dict[str, Any]], **manifest_changes: Any) -> Path:
    """Write a results folder from ``{id: state}`` (or ready-made records) and return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    records = (states if isinstance(states, list)
               else [record(i, s, n) for n, (i, s) in enumerate(states.items(), 1)])
    with (folder / "results.jsonl").open("w", encoding="utf-8") as handle:
        for rec in records:
            handle.write(json.dumps(rec, ensure_ascii=False) + "\n")
    (folder / "manifest.json").write_text(json.dumps(manifest(**manifest_changes), indent=2), encoding="utf-8")
    return folder


def lesson_states() -> tuple[dict[str, str], dict[str, str]]:
    """200 questions: base 31 unsupported; new fixes q000-q017, keeps q018-q030 unsupported, breaks q031-q037."""
    ids = [f"q{i:03d}" for i in range(200)]
    base = {i: ("unsupported" if n < 31 else "supported") for n, i in enumerate(ids)}
    new = {i: ("unsupported" if 18 <= n < 38 else "supported") for n, i in enumerate(ids)}
    return base, new


def lesson_runs(tmp_path: Path, **new_manifest_changes: Any) -> tuple[Path, Path]:
    base, new = lesson_states()
    return write_run(tmp_path / "base", base), write_run(tmp_path / "new", new, **new_manifest_changes)


def test_builders_write_folders_the_real_reader_accepts(tmp_path):
    base_dir, new_dir = lesson_runs(tmp_path)
    base, new = read_results(base_dir), read_results(new_dir)
    assert len(base.records) == len(new.records) == 200
    assert sum(r["unsupported"] for r in base.records) == 31
    assert sum(r["unsupported"] for r in new.records) == 20
