"""Whole records read back on an unchanged rerun (issue 34): identical results, nothing stale.

Runs the real `faithkit check` (bundled default checker) in-process on the Larkspur example, each test with a
cache folder of its own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.cache import ContentCache
from faithkit.cli import main
from faithkit.records import AnswerResult, ClaimResult, Interaction, Passage

ROOT = Path(__file__).resolve().parents[1]
LARKSPUR = ROOT / "examples" / "larkspur" / "interactions.jsonl"


def _run(log: Path, out: Path, cache: Path, *flags: str) -> tuple[list[dict], dict]:
    code = main(["check", str(log), "--out", str(out), "--cache-dir", str(cache), "--quiet", "--no-report", *flags])
    assert code in (0, 1)
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    return records, json.loads((out / "manifest.json").read_text())["summary"]


def test_an_unchanged_rerun_reads_every_record_back_identical(tmp_path: Path) -> None:
    first, cold = _run(LARKSPUR, tmp_path / "a", tmp_path / "cache")
    again, warm = _run(LARKSPUR, tmp_path / "b", tmp_path / "cache")
    assert cold["records_from_cache"] == 0 and warm["records_from_cache"] == len(first)
    assert again == first
    # what the records say is the same; the checker's work counters say the rerun did none
    work = {"records_from_cache", "checker_counters", *cold["checker_counters"]}
    assert {k: v for k, v in warm.items() if k not in work} == {k: v for k, v in cold.items() if k not in work}
    assert warm["checker_counters"].get("nli_pairs_scored", 0) == 0 < cold["checker_counters"]["nli_pairs_scored"]


def test_a_changed_line_is_checked_again_and_only_it(tmp_path: Path) -> None:
    _run(LARKSPUR, tmp_path / "a", tmp_path / "cache")
    rows = [json.loads(line) for line in LARKSPUR.read_text().splitlines()]
    rows[0]["answer"] = rows[0]["answer"] + " Refunds are paid in gold bars."
    changed = tmp_path / "changed.jsonl"
    changed.write_text("".join(json.dumps(r) + "\n" for r in rows))
    records, summary = _run(changed, tmp_path / "b", tmp_path / "cache")
    assert summary["records_from_cache"] == len(rows) - 1
    assert any("gold bars" in c["text"] and c["verdict"] == "not_supported" for c in records[0]["claims"])


@pytest.mark.parametrize("flags", [("--cache", "off"), ("--cache", "refresh"), ("--threshold", "0.46")])
def test_no_record_is_read_back_across_settings_or_without_the_cache(tmp_path: Path, flags: tuple[str, ...]) -> None:
    _run(LARKSPUR, tmp_path / "a", tmp_path / "cache")
    _, summary = _run(LARKSPUR, tmp_path / "b", tmp_path / "cache", *flags)
    assert summary["records_from_cache"] == 0


def test_other_code_reads_no_record_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import faithkit.record_cache as record_cache

    _run(LARKSPUR, tmp_path / "a", tmp_path / "cache")
    monkeypatch.setattr(record_cache, "code_fingerprint", lambda: "an edited rule")
    _, summary = _run(LARKSPUR, tmp_path / "b", tmp_path / "cache")
    assert summary["records_from_cache"] == 0


def test_an_outcome_with_an_error_is_never_kept(tmp_path: Path) -> None:
    from faithkit.record_cache import RecordCache

    cache = RecordCache(ContentCache(tmp_path / "cache", "use"), {"run": "x"})
    items = [Interaction(f"q{n}", "", (Passage("p", "Text."),), "Answer.", line=n + 1) for n in range(3)]
    failed_claim = ClaimResult("Answer.", (0, 7), "error", "judge", error="timeout")
    records = [AnswerResult("q0", 1, "error", error="checking failed"),
               AnswerResult("q1", 2, "scored", claims=(failed_claim,)),
               AnswerResult("q2", 3, "no_claims")]
    cache.store(items, records)
    moved = [Interaction(i.id, i.question, i.contexts, i.answer, line=i.line + 10) for i in items]
    found = cache.lookup(moved)
    assert found[:2] == [None, None]
    assert found[2] is not None and found[2].status == "no_claims" and found[2].line == 13  # the current line
