"""ONNX Runtime backend for any Hugging Face sequence-classification pair scorer: the default for the bundled models.

A folder that ships its own ``model.onnx`` (the bundled models; ``faithkit export-onnx FOLDER`` writes one for
any local model) runs from it with no torch installed: the graph points into the folder's ``model.safetensors``
(``checkers.onnx_graph``) and is refused if those weights changed since the export. Any other model is exported
once with ``torch.onnx.export`` (dynamic batch and sequence axes) to
``<cache dir>/onnx/<weights hash>.onnx`` and reused by every later run: the file name is the weights hash (plus
the exporter's opset), so a retrained model never meets a stale export. Tokenising, length-sorted batches,
truncation flags and label roles are ``PairScorer``'s; only the forward pass runs in ONNX Runtime, fp32, with
the thread policy of ``faithkit.threads`` and spinning off (a busy machine's other load does not fight idle
spinning threads). Measured parity with torch: tests/checkers/test_onnx_backend.py, benchmarks/backends.py.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from faithkit.checkers.model_load import ModelLoad
from faithkit.checkers.onnx_graph import (
    GRAPH_FILE,
    OPSET,
    PAIR_INPUTS,
    check_graph_outputs,
    check_graph_sources,
    export_pair_model,
    graph_file,
)
from faithkit.checkers.pairs import PairScorer, PairScores
from faithkit.errors import MissingDependencyError, ModelLoadError


def onnx_dir() -> Path:
    """Where exports live: ``$FAITHKIT_ONNX_DIR``, else ``onnx/`` in the faithkit cache folder."""
    if os.environ.get("FAITHKIT_ONNX_DIR"):
        return Path(os.environ["FAITHKIT_ONNX_DIR"])
    from faithkit.cache import default_cache_dir

    return default_cache_dir() / "onnx"


def export_path(identity: str, source: str | Path | None = None) -> Path:
    """The cached export of the weights ``identity``; for a local folder also keyed on its config and tokenizer
    files (a config with fewer layers or other labels over the same weights computes something else)."""
    folder = Path(source).expanduser() if source is not None else None
    files = ""
    if folder is not None and folder.is_dir():
        from faithkit.checkers.model_files import model_files_hash

        files = "-" + model_files_hash(folder).split(":")[-1][:16]
    return onnx_dir() / f"{identity.replace(':', '-')}{files}-opset{OPSET}.onnx"


def export_model(model: Any, input_names: Sequence[str], target: Path) -> Path:
    """Export ``model`` (eval mode) to ``target`` atomically (a crash never leaves half a file there)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, tmp = tempfile.mkstemp(suffix=".onnx", dir=target.parent)
    os.close(handle)
    try:
        export_pair_model(model, tmp, input_names)
        os.replace(tmp, target)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return target


def session_options(threads: int | None = None) -> Any:
    import onnxruntime as ort

    from faithkit.threads import resolved_threads

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads or resolved_threads()
    options.inter_op_num_threads = 1
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    return options


def _model_files(load: ModelLoad, entailment_label: str | None) -> Any:
    """The identity of a local model folder read from its files (None for a hub id or a pinned revision)."""
    if load.revision is not None or not Path(load.model).expanduser().is_dir():
        return None
    from faithkit.checkers.model_identity import ModelFiles

    return ModelFiles(load.model, load.max_length, entailment_label)


class OnnxPairScorer(PairScorer):
    """``PairScorer`` whose forward pass runs in ONNX Runtime on a cached export of the same weights."""

    def __init__(self, load: ModelLoad, entailment_label: str | None = None):
        try:
            import onnxruntime as ort
        except ImportError as exc:
            raise MissingDependencyError("backend=onnx needs onnxruntime: pip install onnxruntime") from exc
        if load.device != "cpu":
            raise ModelLoadError("backend=onnx runs on the CPU; use backend=torch for device=" + load.device)
        from faithkit.checkers.model_files import require_model_folder
        from faithkit.model_source import check_model_source

        # a missing folder: say so, not "torch"
        check_model_source(str(load.model), load.revision, "NLI model", hub=False)
        require_model_folder(load.model, "NLI model")
        files = _model_files(load, entailment_label)
        shipped = None if files is None else graph_file(files.folder)
        if shipped is not None:  # the folder's own graph over its own weights (onnx_graph): no torch at all
            self._tokenizer_only(files, load.batch_size)
            self.onnx_path = shipped
        elif files is not None and export_path(files.identity, files.folder).is_file():
            self._tokenizer_only(files, load.batch_size)  # the export exists: no torch weights to load
            self.onnx_path = export_path(files.identity, files.folder)
        else:
            self._export(load, entailment_label)
            self.onnx_path = export_path(str(self.identity), self.source if self.is_local else None)
        try:
            self.session = ort.InferenceSession(
                str(self.onnx_path), session_options(), providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # onnxruntime raises its own Fail/InvalidGraph types
            fix = "delete it to re-export" if shipped is None else "rebuild it with `faithkit export-onnx FOLDER`"
            raise ModelLoadError(f"cannot open the ONNX graph {self.onnx_path}: {exc}; {fix}") from exc
        if shipped is not None:
            check_graph_sources(self.session, shipped, self.identity)
        check_graph_outputs(self.session, self.onnx_path, len(self.labels.names), self.source)
        self.input_names = [i.name for i in self.session.get_inputs()]
        self.model = None  # the torch weights are not needed any more
        if load.smoke_check:
            self._smoke_check()

    def _export(self, load: ModelLoad, entailment_label: str | None) -> None:
        """Load the model with torch and export it to the cache folder (a folder with no model.onnx, a hub id)."""
        try:
            import torch  # noqa: F401
        except ImportError as exc:
            raise MissingDependencyError(
                f"{load.model} has no {GRAPH_FILE} and no cached ONNX export; exporting one needs torch: "
                f"pip install 'faithkit[torch]' (or write it once with `faithkit export-onnx FOLDER` where torch "
                "is installed, and ship the folder)"
            ) from exc
        super().__init__(replace(load, smoke_check=False), entailment_label=entailment_label)
        names = [n for n in self.tokenizer.model_input_names if n in PAIR_INPUTS]
        target = export_path(str(self.identity), self.source if self.is_local else None)
        if not target.is_file():
            export_model(self.model, names, target)

    def _tokenizer_only(self, files: Any, batch_size: int) -> None:
        """PairScorer's attributes from the folder's files and its tokenizer (what the ONNX path needs)."""
        from faithkit.checkers.pair_tokenizer import load_pair_tokenizer

        self.source, self.revision, self.batch_size, self.device, self.is_local = (
            str(files.folder),
            None,
            batch_size,
            "cpu",
            True,
        )
        self.tokenizer = load_pair_tokenizer(files.folder)  # no transformers import (pair_tokenizer)
        self.entailment_label = files.entailment_label
        self.labels, self.max_length, self.identity = files.labels, files.max_length, files.identity

    def score(self, pairs: Sequence[tuple[str, str]]) -> PairScores:
        if not pairs:
            return PairScores(np.zeros((0, 3)), np.zeros(0, dtype=bool))
        from faithkit.checkers.pair_batches import PairBatches

        encoded = PairBatches(self.tokenizer, pairs, self.max_length, self.encode)
        out = np.zeros((len(pairs), 3))
        truncated = encoded.truncated
        for idx, arrays in encoded.batches(self.batch_size):
            feeds = {name: arrays[name] for name in self.input_names}
            logits = self.session.run(["logits"], feeds)[0].astype(np.float64)
            logits -= logits.max(axis=1, keepdims=True)
            probs = np.exp(logits)
            probs /= probs.sum(axis=1, keepdims=True)
            out[idx] = self._to_columns(probs)
        return PairScores(out, truncated)
