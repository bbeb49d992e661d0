"""faithkit bench on tiny hand-made files whose answers are known, with a scripted (real, deterministic) checker."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from faithkit.bench import (
    bench_file,
    choose_threshold,
    claim_sentences,
    format_table,
    load_claims,
    load_nli,
    score_claims,
)
from faithkit.errors import BackendError, InputFormatError, UsageError
from faithkit.records import ClaimCheck, Evidence, Passage, Verdict
from faithkit.text.windows import all_windows


class CopyChecker:
    """Scores a claim 1.0 when some window contains it word for word (case-insensitive), else 0.0.
    Records every request so tests can see what bench asked for."""

    name = "copy"
    threshold = 0.5

    def __init__(self):
        self.requests: list[ClaimCheck] = []

    def spec(self):
        return {"checker": self.name}

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        self.requests.extend(requests)
        out = []
        for req in requests:
            claim = req.claim.lower().rstrip(".")
            hit = any(claim in w.text.lower() for w in all_windows(req.passages))
            out.append(Verdict("supported" if hit else "not_supported", self.name, score=float(hit)))
        return out


class ErrorChecker(CopyChecker):
    def check(self, requests):
        return [Verdict("error", self.name, error="backend down") for _ in requests]


class ShortChecker(CopyChecker):
    def check(self, requests):
        return super().check(requests)[:-1]


class TableNLI(CopyChecker):
    """score_pairs from a lookup: hypothesis text -> (entailment, neutral, contradiction)."""

    def __init__(self, table):
        super().__init__()
        self.table = table

    def score_pairs(self, pairs):
        return np.array([self.table[h] for _, h in pairs])


DOC = "The Team plan costs 12 euros per user. It includes up to 10 users. SSO is Enterprise only."


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def small_file(tmp_path):
    rows = [
        {"id": "a", "doc": DOC, "claim": "The Team plan costs 12 euros per user.", "label": 1},
        # two sentences, both copied (one from each of two windows): supported, min over sentences = 1
        {"id": "b", "doc": DOC, "claim": "It includes up to 10 users. SSO is Enterprise only.", "label": 1},
        # two sentences, one wrong: the weakest sentence decides -> 0 (caught)
        {"id": "c", "doc": DOC, "claim": "It includes up to 10 users. SSO is free.", "label": 0},
        # a negative that is a copy: the checker is fooled -> false pass
        {"id": "d", "doc": DOC, "claim": "SSO is Enterprise only.", "label": 0},
        # grouped: the claim is supported by its second chunk only; max over the group -> 1
        {"id": "e1", "group": "e", "doc": "Nothing relevant here.", "claim": "Exports are ZIP files.", "label": 1},
        {"id": "e2", "group": "e", "doc": "Exports are ZIP files. Links expire.", "claim": "Exports are ZIP files.",
         "label": 1},
    ]
    return write_jsonl(tmp_path / "small.jsonl", rows)


def test_grouped_rows_become_one_claim(small_file):
    claims = load_claims(small_file)
    assert [c.id for c in claims] == ["a", "b", "c", "d", "e"]
    assert claims[-1].docs == ("Nothing relevant here.", "Exports are ZIP files. Links expire.")


def test_scores_follow_min_over_sentences_and_max_over_group(small_file):
    checker = CopyChecker()
    scores = score_claims(checker, load_claims(small_file))
    assert scores.scores.tolist() == [1.0, 1.0, 0.0, 1.0, 1.0]
    assert scores.labels.tolist() == [1, 1, 0, 0, 1]
    # every claim sentence was checked against the whole doc as one passage
    assert len(checker.requests) == 1 + 2 + 2 + 1 + 2
    assert all(len(r.passages) == 1 for r in checker.requests)


def test_balanced_accuracy_and_pair_count_are_exact(small_file):
    result = bench_file(CopyChecker(), small_file, threshold=0.5)
    # label 1: 3/3 recalled; label 0: 1/2 -> (100 + 50) / 2
    assert result.balanced_accuracy == 75.0
    assert result.n == 5 and result.n_supported == 3 and result.errors == 0
    assert result.low <= 75.0 <= result.high
    doc_windows = len(all_windows((Passage("d", DOC),)))
    assert doc_windows == 6  # 3 sentences + 2 pairs + 1 triple
    assert result.pairs_per_second > 0 and result.seconds >= 0


def test_threshold_is_applied(small_file):
    assert bench_file(CopyChecker(), small_file, threshold=1.0).balanced_accuracy == 75.0
    # nobody reaches a score above 1: everything "not supported" -> 50
    assert bench_file(CopyChecker(), small_file, threshold=1.01 - 0.005).balanced_accuracy == 50.0


def test_error_verdicts_count_as_not_supported_and_are_counted(small_file):
    result = bench_file(ErrorChecker(), small_file, threshold=0.5)
    assert result.errors == 8 and result.balanced_accuracy == 50.0


def test_a_checker_that_drops_verdicts_is_refused(small_file):
    with pytest.raises(BackendError, match="returned 7 verdicts for 8"):
        bench_file(ShortChecker(), small_file, threshold=0.5)


def test_answer_particles_are_not_claim_sentences():
    assert claim_sentences("Yes. The plan costs 12 euros.") == ["The plan costs 12 euros."]
    assert claim_sentences("Yes.") == ["Yes."]


def test_bad_files_are_input_errors(tmp_path):
    with pytest.raises(InputFormatError, match="lacks label"):
        load_claims(write_jsonl(tmp_path / "x.jsonl", [{"doc": "d", "claim": "c"}]))
    with pytest.raises(InputFormatError, match="mixes labels"):
        load_claims(write_jsonl(tmp_path / "y.jsonl", [{"group": "g", "doc": "d", "claim": "c", "label": 1},
                                                      {"group": "g", "doc": "e", "claim": "c", "label": 0}]))
    with pytest.raises(InputFormatError, match="expected 0 or 1"):
        load_claims(write_jsonl(tmp_path / "z.jsonl", [{"doc": "d", "claim": "c", "label": "yes"}]))
    with pytest.raises(UsageError, match="expected a .jsonl"):
        bench_file(CopyChecker(), tmp_path / "w.csv", 0.5)


def test_three_way_file_gives_accuracy3_and_binary(tmp_path):
    tsv = tmp_path / "nli.tsv"
    tsv.write_text("sentence1\tsentence2\tgold_label\n"
                   "p\tA\tentailment\np\tB\tneutral\np\tC\tcontradiction\np\tD\tcontradiction\np\tE\t-\n")
    assert len(load_nli(tsv)) == 4  # "-" (no consensus) skipped
    table = {"A": (0.8, 0.1, 0.1), "B": (0.6, 0.3, 0.1), "C": (0.1, 0.2, 0.7), "D": (0.2, 0.5, 0.3)}
    result = bench_file(TableNLI(table), tsv, threshold=0.5)
    assert result.accuracy3 == 50.0  # A and C right
    # binary: entailment recall 1/1, not-entailment recall 2/3 (B passes at 0.6)
    assert result.balanced_accuracy == pytest.approx(100 * (1 + 2 / 3) / 2, abs=0.01)
    with pytest.raises(UsageError, match="no score_pairs"):
        bench_file(CopyChecker(), tsv, threshold=0.5)


def test_choose_threshold_finds_the_separating_point():
    labels = np.array([0, 0, 1, 1])
    scores = np.array([0.1, 0.3, 0.35, 0.9])
    t = choose_threshold(labels, scores)
    assert 0.3 < t <= 0.35


def test_table_lists_every_dataset(small_file):
    text = format_table({"small": bench_file(CopyChecker(), small_file, 0.5)})
    assert "small" in text and "75.0" in text


def test_cli_bench_writes_the_documented_json(tmp_path, small_file, monkeypatch):
    import faithkit.checkers.registry as registry
    from faithkit.cli import main

    monkeypatch.setattr(registry, "build", lambda *a, **k: CopyChecker())
    out = tmp_path / "result.json"
    assert main(["bench", str(small_file), "--out", str(out), "--threshold", "0.5"]) == 0
    data = json.loads(out.read_text())
    row = data["datasets"]["small"]
    assert {"n", "balanced_accuracy", "low", "high", "threshold", "pairs_per_second", "seconds"} <= set(row)
    assert row["balanced_accuracy"] == 75.0 and row["n"] == 5 and data["threshold"] == 0.5


def test_cli_bench_refuses_missing_files(tmp_path):
    from faithkit.cli import main

    assert main(["bench", str(tmp_path / "nope.jsonl"), "--out", str(tmp_path / "r.json")]) == 2


class EvidenceCopyChecker(CopyChecker):
    """CopyChecker that also names the window it found the claim in (the evidence a row shows)."""

    def check(self, requests):
        out = []
        for verdict, req in zip(super().check(requests), requests, strict=True):
            claim = req.claim.lower().rstrip(".")
            found = next((w for w in all_windows(req.passages) if claim in w.text.lower()), None)
            out.append(Verdict(verdict.label, verdict.stage, score=verdict.score,
                               evidence=Evidence(found.passage_id, found.text) if found else None))
        return out


def test_cli_bench_writes_one_row_per_claim_for_each_checker(tmp_path, small_file, monkeypatch):
    """--claims-out: each claim's score, decision and the evidence of its best chunk, per checker, so two
    settings can be compared claim by claim (the grouped claim e names its second chunk, where it was found)."""
    import faithkit.checkers.registry as registry
    from faithkit.cli import main

    monkeypatch.setattr(registry, "build", lambda *a, **k: EvidenceCopyChecker())
    rows_out = tmp_path / "claims.jsonl"
    assert main(["bench", str(small_file), "--out", str(tmp_path / "r.json"), "--threshold", "0.5",
                 "--checker", "nli", "--checker", "nli:alignment=false", "--claims-out", str(rows_out)]) == 0
    rows = [json.loads(line) for line in rows_out.read_text().splitlines()]
    assert [(r["checker"], r["id"]) for r in rows] == [
        (c, i) for c in ("nli", "nli:alignment=false") for i in ("a", "b", "c", "d", "e")]
    by_id = {r["id"]: r for r in rows if r["checker"] == "nli"}
    assert [by_id[i]["right"] for i in "abcde"] == [True, True, True, False, True]  # d: a copy labelled 0
    assert by_id["d"]["supported"] and by_id["d"]["label"] == 0 and by_id["d"]["score"] == 1.0
    assert by_id["e"]["evidence"] == "Exports are ZIP files." and by_id["e"]["file"] == "small"
    assert by_id["c"]["evidence"] is None  # its weakest sentence ("SSO is free.") was found nowhere


def test_a_claim_row_says_when_its_score_is_an_error_not_the_model(small_file):
    rows: list[dict] = []
    bench_file(ErrorChecker(), small_file, threshold=0.5, rows=rows)
    assert [r["errors"] for r in rows] == [1, 2, 2, 1, 2]  # one per claim sentence and chunk, each scored 0
    assert all(r["score"] == 0.0 and not r["supported"] for r in rows)
    rows = []
    bench_file(CopyChecker(), small_file, threshold=0.5, rows=rows)
    assert all(r["errors"] == 0 for r in rows)
