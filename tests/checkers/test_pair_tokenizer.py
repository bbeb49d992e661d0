"""The tokenizers-only pair tokenizer of the ONNX path (checkers/pair_tokenizer.py) gives transformers' encodings:
ids, token types and masks, with and without truncation, on the bundled model and the tiny test models."""

from __future__ import annotations

import pytest

from faithkit.checkers.nli import bundled_model_path
from faithkit.checkers.pair_batches import PairBatches
from faithkit.checkers.pair_tokenizer import PairTokenizer, load_pair_tokenizer
from tests.extras import needs_transformers

PAIRS = [
    ("Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded.",
     "You can't get this month's fee back."),
    ("Ünïcode, émojis 🙂 and  double  spaces; CamelCase and e-mail@example.com.", "Ça coûte €12/user."),
    ("A short one.", ""),
    (" ".join(["Refunds are issued within 14 days of purchase."] * 60), "Refunds take 14 days."),  # over 512 tokens
]


def _encodings(tokenizer, **kwargs) -> dict[str, list[list[int]]]:
    encoded = tokenizer([p for p, _ in PAIRS], [h for _, h in PAIRS], **kwargs)
    return {name: [list(row) for row in encoded[name]] for name in ("input_ids", "token_type_ids", "attention_mask")
            if name in encoded}


def _folders(tiny_nli, detector_models):
    return {"bundled": bundled_model_path(), "tiny-bert": tiny_nli, "roberta": detector_models["roberta/nli3"],
            "deberta-v2": detector_models["deberta-v2/nli3"]}


@needs_transformers  # the reference
@pytest.mark.parametrize("name", ["bundled", "tiny-bert", "roberta", "deberta-v2"])
def test_pair_tokenizer_matches_transformers(name, tiny_nli, detector_models) -> None:
    from transformers import AutoTokenizer

    folder = _folders(tiny_nli, detector_models)[name]
    reference, mine = AutoTokenizer.from_pretrained(str(folder)), PairTokenizer(folder)
    for kwargs in ({"truncation": False}, {"truncation": "longest_first", "max_length": 64}):
        expected, got = _encodings(reference, **kwargs), _encodings(mine, **kwargs)
        for feature, rows in expected.items():
            assert got[feature] == rows, (name, kwargs, feature)
    assert mine.pad_token_id == reference.pad_token_id
    assert mine.pad_token_type_id == (getattr(reference, "pad_token_type_id", 0) or 0)


def test_truncation_is_per_call_not_left_on() -> None:
    tokenizer = PairTokenizer(bundled_model_path())
    tokenizer(["a b c d e f g h"], ["x"], truncation=True, max_length=6)
    assert len(tokenizer(["a b c d e f g h"], ["x"])["input_ids"][0]) == 12  # the file's own 256 cut is off too
    long = tokenizer([PAIRS[3][0]], [PAIRS[3][1]])["input_ids"][0]
    assert len(long) > 512


@needs_transformers  # the reference
def test_pair_batches_flags_and_cuts_the_same_pairs() -> None:
    from transformers import AutoTokenizer

    folder = bundled_model_path()
    reference = PairBatches(AutoTokenizer.from_pretrained(str(folder)), PAIRS, 512)
    mine = PairBatches(load_pair_tokenizer(folder), PAIRS, 512)
    assert mine.truncated.tolist() == reference.truncated.tolist() == [False, False, False, True]
    assert mine.lengths == reference.lengths
    for (idx_a, a), (idx_b, b) in zip(reference.batches(2), mine.batches(2)):
        assert idx_a.tolist() == idx_b.tolist()
        for feature in a:
            assert (a[feature] == b[feature]).all()


def test_an_onnx_scorer_with_its_export_imports_neither_torch_nor_transformers(tmp_path, monkeypatch) -> None:
    pytest.importorskip("onnxruntime")
    import os
    import subprocess
    import sys

    from faithkit.checkers.model_load import ModelLoad
    from faithkit.checkers.onnx_backend import OnnxPairScorer

    monkeypatch.setenv("FAITHKIT_ONNX_DIR", str(tmp_path / "onnx"))
    OnnxPairScorer(ModelLoad(bundled_model_path()))  # the first use exports (torch needed once)
    code = ("import sys; from faithkit.checkers.nli import bundled_model_path; "
            "from faithkit.checkers.model_load import ModelLoad; "
            "from faithkit.checkers.onnx_backend import OnnxPairScorer; "
            "p = OnnxPairScorer(ModelLoad(bundled_model_path()))"
            ".score([('Plans can be cancelled.', 'Plans can be cancelled.')]); "
            "print(round(float(p.probs[0, 0]), 2), 'transformers' in sys.modules, 'torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "FAITHKIT_ONNX_DIR": str(tmp_path / "onnx")})
    entail, transformers_loaded, torch_loaded = out.stdout.split()
    assert float(entail) > 0.9
    assert (transformers_loaded, torch_loaded) == ("False", "False")
