"""``faithkit export-onnx FOLDER``: write a model folder's own ``model.onnx`` over its ``model.safetensors``."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "export-onnx",
        help="write FOLDER/model.onnx so the model runs on ONNX Runtime with no torch installed",
        description=(
            "Export a local sequence-classification model folder (a fine-tuned NLI head or support detector) to "
            "FOLDER/model.onnx. The graph holds no weights: it points into FOLDER/model.safetensors and records "
            "that file's identity, so the folder ships its weights once and a retrained model with a stale graph "
            "is refused at load. Needs torch, transformers and onnx (pip install 'faithkit[torch]'); running the "
            "exported folder needs neither."
        ),
    )
    parser.add_argument("folder", help="model folder with config.json, tokenizer files and model.safetensors")
    parser.add_argument("--no-check", action="store_true",
                        help="skip comparing the graph's scores with torch's on a few pairs after export")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from faithkit.checkers.onnx_graph import write_graph

    path = write_graph(args.folder)
    print(f"wrote {path} ({path.stat().st_size / 1024:.0f} KB; weights stay in model.safetensors)")
    if not args.no_check:
        from faithkit.checkers.onnx_parity import torch_parity

        worst = torch_parity(args.folder)
        print(f"max |Δp| against torch on the parity pairs: {worst:.2e}")
    return 0
