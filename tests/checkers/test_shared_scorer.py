"""One loaded scorer per model and settings for the whole process (issue 34: `mutate`, `bench`, `sweep` and the
pytest plugin build several checkers over the same model; each used to open the model again)."""

from __future__ import annotations

import json
import shutil

from faithkit.checkers.backends import forget_shared_scorers, shared_scorer
from faithkit.checkers.nli import NLIChecker, bundled_model_path


def test_checkers_over_the_same_model_share_one_scorer():
    forget_shared_scorers()
    first = NLIChecker(second_opinion=None)
    second = NLIChecker(second_opinion=None, threshold=0.7)  # a decision option: the scorer is the same
    assert first.scorer is second.scorer
    other_batches = NLIChecker(second_opinion=None, batch_size=8)  # a scoring option: its own scorer
    assert other_batches.scorer is not first.scorer
    assert other_batches.scorer.batch_size == 8


def test_a_folder_rewritten_in_place_is_loaded_again(tmp_path):
    folder = tmp_path / "model"
    shutil.copytree(bundled_model_path(), folder)
    options = {"revision": None, "batch_size": 32, "max_length": None, "device": "cpu", "smoke_check": False,
               "entailment_label": None}
    before = shared_scorer("onnx", folder, options)
    assert shared_scorer("onnx", folder, options) is before
    tokenizer = json.loads((folder / "tokenizer_config.json").read_text())
    tokenizer["model_max_length"] = 256  # what a score depends on changed: never reuse the old scorer
    (folder / "tokenizer_config.json").write_text(json.dumps(tokenizer))
    after = shared_scorer("onnx", folder, options)
    assert after is not before and after.max_length == 256
