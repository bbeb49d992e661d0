"""The bundled NLI model: loads through NLIChecker, reads its label order by name, and passes golden pairs;
`faithkit bench` runs it end to end on a tiny hand-made file."""

from __future__ import annotations

import json

import pytest

from faithkit.checkers.nli import NLIChecker, bundled_model_path
from faithkit.checkers.nli_options import DEFAULT_NLI_THRESHOLD

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def checker():
    if not (bundled_model_path() / "model.safetensors").is_file():
        pytest.skip("bundled model weights not present")
    return NLIChecker().load()


def test_bundled_model_files_and_labels(checker):
    folder = bundled_model_path()
    config = json.loads((folder / "config.json").read_text())
    assert config["id2label"] == {"0": "entailment", "1": "neutral", "2": "contradiction"}
    assert (folder / "MODEL_CARD.md").is_file() and (folder / "tokenizer.json").is_file()
    assert (folder / "model.safetensors").stat().st_size < 100 * 2**20
    assert checker.spec()["labels"] == ["entailment", "neutral", "contradiction"]


def test_golden_pairs(checker):
    probs = checker.score_pairs([
        ("The Team plan includes up to 10 users.", "The Team plan includes up to 10 users."),
        ("The Team plan includes up to 10 users.", "The Team plan includes up to 12 users."),
        ("A man is playing a guitar on stage.", "A man is not playing a guitar."),
        ("Each user on the Team plan gets 50 GB of storage, pooled across the workspace.",
         "Exports are encrypted with AES-256."),
    ])
    assert probs.shape == (4, 3)
    assert probs[0, 0] > 0.9
    assert probs[1, 0] < 0.1 and probs[1, 2] > 0.5
    assert probs[2, 0] < 0.1 and probs[2, 2] > 0.5
    assert probs[3, 0] < 0.1


def test_bench_cli_with_the_bundled_model(tmp_path, checker):
    from faithkit.cli import main

    export = "Export links expire after 7 days. Owners can export data."
    rows = [
        {"doc": export, "claim": "Export links expire after 7 days.", "label": 1},
        {"doc": export, "claim": "Export links never expire.", "label": 0},
        {"doc": "Storage is pooled across the workspace.", "claim": "Exports are encrypted with AES-256.", "label": 0},
        {"doc": "The plan costs 12 euros. It includes 10 users.", "claim": "The plan costs 12 euros.", "label": 1},
    ]
    data = tmp_path / "tiny.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "r.json"
    assert main(["bench", str(data), "--out", str(out)]) == 0
    result = json.loads(out.read_text())["datasets"]["tiny"]
    assert result["n"] == 4 and result["balanced_accuracy"] == 100.0 and result["threshold"] == DEFAULT_NLI_THRESHOLD


def test_bench_reuses_cached_scores_across_settings_and_records_them(tmp_path, checker):
    """--cache use: the second run (veto off) re-decides the stored scores instead of running the model; the
    settings that differ are in the written checker spec."""
    from faithkit.cli import main

    doc = ("Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded. "
           "Annual Enterprise contracts can be refunded in full within 14 days of signing.")
    rows = [{"doc": doc, "claim": "Team plans can be cancelled at any time.", "label": 1},
            {"doc": doc, "claim": "The current month is refunded.", "label": 0}]
    data = tmp_path / "billing.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    cache = tmp_path / "cache"
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    common = ["--cache", "use", "--cache-dir", str(cache), "--window-sentences", "2"]
    assert main(["bench", str(data), "--out", str(first), *common]) == 0
    assert main(["bench", str(data), "--out", str(second), "--no-window-veto", *common]) == 0
    a, b = json.loads(first.read_text()), json.loads(second.read_text())
    assert a["checker"]["window_veto"] == 0.8 and b["checker"]["window_veto"] is None
    assert a["checker"]["window_sentences"] == b["checker"]["window_sentences"] == 2
    assert a["checker"]["cache"] is not None
    # 2 claims x 3 windows (2 sentences + the pair): scored by the model once, then read back
    assert a["counters"]["nli_pairs_scored"] == 6 and a["counters"]["nli_cache_hits"] == 0
    assert b["counters"]["nli_pairs_scored"] == 0 and b["counters"]["nli_cache_hits"] == 6


def test_bench_reports_truncated_pairs(tmp_path, checker, capsys):
    """A window longer than the model's limit is truncated by the tokenizer: bench says so and counts it."""
    from faithkit.cli import main

    long_sentence = "The export includes " + ", ".join(f"field number {i}" for i in range(300)) + "."
    rows = [{"doc": long_sentence, "claim": "The export includes field number 1.", "label": 1},
            {"doc": "Exports are zipped.", "claim": "Exports are encrypted.", "label": 0}]
    data = tmp_path / "long.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "r.json"
    assert main(["bench", str(data), "--out", str(out)]) == 0
    assert json.loads(out.read_text())["counters"]["truncated_pairs"] == 1
    assert "1 (window, claim) pairs were longer than the model's limit" in capsys.readouterr().err
