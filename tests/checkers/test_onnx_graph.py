"""A model folder's own ``model.onnx`` over its ``model.safetensors`` (issue 34): the bundled models run from it with
no export and no torch, a stale graph is refused, and `faithkit export-onnx` writes one for any local model."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from faithkit.checkers.model_load import ModelLoad
from faithkit.checkers.nli import bundled_model_path
from faithkit.checkers.onnx_backend import OnnxPairScorer
from faithkit.checkers.onnx_graph import GRAPH_FILE, WEIGHTS_FILE, safetensors_layout
from faithkit.cli import main
from faithkit.errors import ModelLoadError
from tests.extras import needs_torch

BUNDLED_SECOND = bundled_model_path().parent / "faithkit-nli-minilm-second-opinion"
PAIRS = [("The Team plan costs 12 euros per seat.", "The Team plan costs 12 euros."),
         ("Refunds take 14 days.", "Refunds are not issued.")]


@pytest.fixture(autouse=True)
def _empty_export_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("FAITHKIT_ONNX_DIR", str(tmp_path / "exports"))
    return tmp_path / "exports"


@pytest.mark.parametrize("folder", [bundled_model_path(), BUNDLED_SECOND], ids=["first", "second-opinion"])
def test_each_bundled_model_runs_from_its_own_graph_with_no_export(folder, tmp_path):
    graph = folder / GRAPH_FILE
    assert graph.stat().st_size < 1_000_000  # the graph alone: the 45 MB of weights stay in model.safetensors
    scorer = OnnxPairScorer(ModelLoad(folder))  # the smoke check runs: an obvious entailment and contradiction pass
    assert scorer.onnx_path == graph
    assert not (tmp_path / "exports").exists()  # nothing exported, nothing needed torch
    probs = scorer.score(PAIRS).probs
    assert probs[0, 0] > 0.5 and np.allclose(probs.sum(axis=1), 1.0)


def _copy(folder: Path, tmp_path: Path) -> Path:
    target = tmp_path / "model"
    shutil.copytree(folder, target)
    return target


def test_a_graph_over_other_weights_is_refused(tmp_path):
    folder = _copy(bundled_model_path(), tmp_path)
    data_start, header = safetensors_layout(folder / WEIGHTS_FILE)
    start, _ = header["classifier.bias"]["data_offsets"]
    with (folder / WEIGHTS_FILE).open("r+b") as handle:  # one weight changed, as a retrained model would be
        handle.seek(data_start + start)
        byte = handle.read(1)
        handle.seek(data_start + start)
        handle.write(bytes([byte[0] ^ 0x01]))
    with pytest.raises(ModelLoadError, match="exported from weights .* export-onnx"):
        OnnxPairScorer(ModelLoad(folder))


def test_a_graph_whose_config_changed_is_refused(tmp_path):
    folder = _copy(bundled_model_path(), tmp_path)
    config = json.loads((folder / "config.json").read_text())
    config["num_hidden_layers"] = 5  # the graph still computes 12 layers: its scores would not be this config's
    (folder / "config.json").write_text(json.dumps(config))
    with pytest.raises(ModelLoadError, match="config.json changed"):
        OnnxPairScorer(ModelLoad(folder))


@needs_torch
def test_export_onnx_writes_a_graph_that_matches_torch(tiny_nli, tmp_path, capsys):
    from faithkit.checkers.pairs import PairScorer

    folder = _copy(tiny_nli, tmp_path)
    assert main(["export-onnx", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "wrote" in out and "max |Δp| against torch" in out
    assert (folder / GRAPH_FILE).stat().st_size < 200_000  # no weights inside the graph
    pairs = PAIRS * 3
    exported = OnnxPairScorer(ModelLoad(folder, smoke_check=False))
    assert exported.onnx_path == folder / GRAPH_FILE and not (tmp_path / "exports").exists()
    reference = PairScorer(ModelLoad(folder, smoke_check=False)).score(pairs).probs
    assert np.abs(exported.score(pairs).probs - reference).max() < 1e-4


def test_export_onnx_on_a_folder_without_safetensors_says_what_to_do(tmp_path, capsys):
    folder = tmp_path / "model"
    folder.mkdir()
    (folder / "config.json").write_text("{}")
    assert main(["export-onnx", str(folder)]) == 2
    assert "model.safetensors" in capsys.readouterr().err
