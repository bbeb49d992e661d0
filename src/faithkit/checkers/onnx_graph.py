"""A model folder's own ONNX graph, ``model.onnx``, whose weights are the folder's ``model.safetensors``.

Why: the bundled models run on ONNX Runtime by default, with no torch installed, and are shipped once. A plain
``torch.onnx.export`` copies every weight into the graph (90 MB in fp32 for a 45 MB fp16 model), so a folder
would carry its weights twice. Here the graph is exported without constant folding, so each initializer keeps
its parameter name (``bert.encoder.layer.0.attention.self.query.weight``), and each is then rewritten as ONNX
*external data* pointing at that tensor's bytes inside ``model.safetensors`` (a safetensors file is an 8-byte
header length, a JSON header, then the raw little-endian tensors), in the file's own dtype, followed by a
``Cast`` to fp32. ONNX Runtime folds the casts at load (graph optimisation), so it computes in fp32 on exactly
the values torch gets from ``from_pretrained(...).float()``: measured max |Δlogit| 8e-7 on the bundled model.

The graph records the weights' identity (``pairs.weights_hash``) and config.json's sha256 in its metadata:
``OnnxPairScorer`` refuses a graph whose weights or config changed since the export (a retrained model with a
stale graph), which also proves at every load that the 45 MB the graph points into are the bytes it was exported
from. Writing a graph needs torch,
transformers and onnx (``faithkit export-onnx FOLDER``, the ``torch`` extra); reading one needs onnxruntime only.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import struct
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from faithkit.errors import MissingDependencyError, ModelLoadError

GRAPH_FILE = "model.onnx"
WEIGHTS_FILE = "model.safetensors"
OPSET = 17
IDENTITY_KEY = "faithkit.weights_identity"
CONFIG_KEY = "faithkit.config_sha256"
PAIR_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
# safetensors dtype name -> (ONNX TensorProto enum name, needs a Cast to FLOAT)
_DTYPES = {"F32": ("FLOAT", False), "F16": ("FLOAT16", True), "BF16": ("BFLOAT16", True)}


def graph_file(folder: str | Path) -> Path | None:
    """The folder's shipped graph, or None when it has none (the cached-export path applies then)."""
    path = Path(folder).expanduser() / GRAPH_FILE
    return path if path.is_file() else None


def graph_hash(path: Path) -> str:
    """sha256 of the graph file: part of the ONNX cache kind, so a re-exported graph never reads stale scores."""
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


def safetensors_layout(path: Path) -> tuple[int, dict[str, dict[str, Any]]]:
    """(byte offset of the data section, header entries by tensor name) of a safetensors file."""
    with path.open("rb") as handle:
        header_length = struct.unpack("<Q", handle.read(8))[0]
        header = json.loads(handle.read(header_length))
    header.pop("__metadata__", None)
    return 8 + header_length, header


def _pointed_initializer(name: str, entry: dict[str, Any], data_start: int) -> tuple[Any, bool]:
    """An initializer holding no bytes, pointing at ``entry``'s tensor inside the weights file."""
    from onnx import TensorProto

    if entry["dtype"] not in _DTYPES:
        raise ModelLoadError(f"{name}: safetensors dtype {entry['dtype']} has no ONNX external-data mapping")
    onnx_type, needs_cast = _DTYPES[entry["dtype"]]
    tensor = TensorProto()
    tensor.name = name + "__stored" if needs_cast else name
    tensor.data_type = getattr(TensorProto, onnx_type)
    tensor.dims.extend(entry["shape"])
    tensor.data_location = TensorProto.EXTERNAL
    start, end = entry["data_offsets"]
    for key, value in (("location", WEIGHTS_FILE), ("offset", str(data_start + start)), ("length", str(end - start))):
        item = tensor.external_data.add()
        item.key, item.value = key, value
    return tensor, needs_cast


def point_weights_at_safetensors(graph: Any, weights: Path) -> int:
    """Rewrite ``graph``'s initializers found in ``weights`` (same name and shape) as external data in it; the
    rest (small constants the exporter made) stay inside the graph. Returns how many were rewritten."""
    from onnx import TensorProto, helper

    data_start, header = safetensors_layout(weights)
    kept, pointed, casts = [], [], []
    for init in graph.graph.initializer:
        entry = header.get(init.name)
        if entry is None or list(entry["shape"]) != list(init.dims):
            kept.append(init)
            continue
        tensor, needs_cast = _pointed_initializer(init.name, entry, data_start)
        pointed.append(tensor)
        if needs_cast:
            casts.append(helper.make_node("Cast", [tensor.name], [init.name], to=TensorProto.FLOAT,
                                          name=f"faithkit_cast/{init.name}"))
    del graph.graph.initializer[:]
    graph.graph.initializer.extend(kept + pointed)
    nodes = list(graph.graph.node)
    del graph.graph.node[:]
    graph.graph.node.extend(casts + nodes)
    return len(pointed)


def export_pair_model(model: Any, target: str | Path, input_names: Sequence[str] | None = None,
                      fold_constants: bool = True) -> None:
    """torch.onnx.export of a pair classifier with dynamic batch and sequence axes. ``fold_constants=False``
    keeps each weight a named initializer (what ``point_weights_at_safetensors`` needs). The inputs follow
    forward()'s parameter order, whatever order a tokenizer lists them in."""
    import torch

    names = [n for n in inspect.signature(model.forward).parameters if n in (input_names or PAIR_INPUTS)]
    # a padded row in the sample: traced with an all-ones mask, the graph would drop the padding mask
    sample = {name: torch.ones((2, 8), dtype=torch.long) for name in names}
    if "attention_mask" in sample:
        sample["attention_mask"][1, 5:] = 0
    if "token_type_ids" in sample:
        sample["token_type_ids"][:, 4:] = 1
    axes: dict[str, dict[int, str]] = {name: {0: "batch", 1: "sequence"} for name in names}
    axes["logits"] = {0: "batch"}
    with torch.inference_mode(), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the tracer's notes on shapes it treats as constant
        torch.onnx.export(model, (), str(target), kwargs=sample, input_names=names, output_names=["logits"],
                          dynamic_axes=axes, opset_version=OPSET, dynamo=False, do_constant_folding=fold_constants)


def write_graph(folder: str | Path) -> Path:
    """Export the folder's sequence-classification model to ``folder/model.onnx`` over its own weights file."""
    folder = Path(folder).expanduser()
    weights = folder / WEIGHTS_FILE
    if not weights.is_file():
        raise ModelLoadError(f"{folder}: export-onnx needs a single {WEIGHTS_FILE} (sharded or .bin weights: "
                             "save the model with save_pretrained(..., safe_serialization=True) first)")
    try:
        import onnx
        from transformers import AutoModelForSequenceClassification
    except ImportError as exc:
        raise MissingDependencyError("writing an ONNX graph needs torch, transformers and onnx: "
                                     "pip install 'faithkit[torch]'") from exc
    from faithkit.checkers.pairs import weights_hash

    model = AutoModelForSequenceClassification.from_pretrained(str(folder)).float().eval()
    with tempfile.TemporaryDirectory() as scratch:
        raw = Path(scratch) / "raw.onnx"
        export_pair_model(model, raw, fold_constants=False)
        graph = onnx.load(str(raw))
    if point_weights_at_safetensors(graph, weights) == 0:
        raise ModelLoadError(f"{folder}: no exported weight matched a tensor of {WEIGHTS_FILE} by name and shape")
    for key, value in ((IDENTITY_KEY, weights_hash(folder)), (CONFIG_KEY, config_hash(folder))):
        entry = graph.metadata_props.add()
        entry.key, entry.value = key, value
    handle, tmp = tempfile.mkstemp(suffix=".onnx", dir=folder)
    os.close(handle)
    try:
        onnx.save(graph, tmp)  # no tensor bytes left inside: the file is the graph alone (~180 KB)
        os.chmod(tmp, 0o644)  # mkstemp's 0600 would hide a shipped file from other users
        os.replace(tmp, folder / GRAPH_FILE)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return folder / GRAPH_FILE


def config_hash(folder: Path) -> str:
    return "sha256:" + hashlib.sha256((folder / "config.json").read_bytes()).hexdigest()


def check_graph_sources(session: Any, path: Path, identity: str) -> None:
    """ModelLoadError unless the graph was exported from the weights and config.json the folder holds now (a
    retrained model, or a config edited to other layers or labels, with a stale graph)."""
    meta = session.get_modelmeta().custom_metadata_map
    recorded = meta.get(IDENTITY_KEY)
    if recorded != identity:
        raise ModelLoadError(
            f"{path} was exported from weights {recorded or '(not recorded)'}, but the folder's weights are "
            f"{identity}: rebuild it with `faithkit export-onnx {path.parent}` (needs the torch extra)"
        )
    if meta.get(CONFIG_KEY) != config_hash(path.parent):
        raise ModelLoadError(f"{path.parent}/config.json changed since {path.name} was exported: rebuild it with "
                             f"`faithkit export-onnx {path.parent}` (needs the torch extra)")


def check_graph_outputs(session: Any, path: Path, labels: int, source: str) -> None:
    """ModelLoadError ("could not load NLI model", as torch's size-mismatch error reads) when the graph's logits
    have another width than the labels config.json names."""
    width = session.get_outputs()[0].shape[-1]
    if isinstance(width, int) and width != labels:
        raise ModelLoadError(f"could not load NLI model {source!r}: its graph {path.name} has {width} outputs, "
                             f"config.json names {labels} labels")

