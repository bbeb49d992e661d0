"""Load-time checks of the NLI model: a label swap in id2label is refused, whichever two labels are swapped."""

from __future__ import annotations

import json

import pytest

from faithkit.checkers.model_load import ModelLoad
from faithkit.checkers.nli import bundled_model_path
from faithkit.checkers.pairs import PairScorer
from faithkit.errors import ModelLoadError
from tests.extras import needs_torch

# the torch backend: with ONNX Runtime (the default) an edited config.json is refused before any smoke check, as a
# graph exported with other settings (checkers/onnx_graph.py)
pytestmark = needs_torch


def _relabelled(tmp_path, order):
    """The bundled model's files (linked, not copied) with id2label rewritten: the same weights, other names."""
    folder = tmp_path / "relabelled"
    folder.mkdir()
    for path in bundled_model_path().iterdir():
        if path.name != "config.json":
            (folder / path.name).symlink_to(path)
    config = json.loads((bundled_model_path() / "config.json").read_text())
    config["id2label"] = {str(i): name for i, name in enumerate(order)}
    config["label2id"] = {name: i for i, name in enumerate(order)}
    (folder / "config.json").write_text(json.dumps(config))
    return folder


@pytest.mark.parametrize(
    "order",
    [
        ("entailment", "contradiction", "neutral"),  # neutral <-> contradiction: passed the old smoke check
        ("neutral", "entailment", "contradiction"),
        ("contradiction", "neutral", "entailment"),
    ],
)
def test_a_label_swap_is_refused_at_load_time(tmp_path, order):
    with pytest.raises(ModelLoadError, match="smoke check"):
        PairScorer(ModelLoad(_relabelled(tmp_path, order)))


def test_the_true_order_loads(tmp_path):
    scorer = PairScorer(ModelLoad(_relabelled(tmp_path, ("entailment", "neutral", "contradiction"))))
    assert scorer.labels.names == ("entailment", "neutral", "contradiction")
