"""A weight soup: the weighted mean of two or more models of one architecture, saved in fp16 like the shipped one.

    PYTHONPATH=src python training/soup.py --out DIR MODEL_A:0.5 MODEL_B:0.5

Why: averaging the weights of fine-tunes of one pretrained model often keeps what each learned, at no inference
cost (session 7's soups, `results/soup_rule.md`; session 9's, `results/soup9_rule.md`). The mean is taken in fp32;
config and tokenizer files come from the first model, so the label order is the first model's (every model
averaged must share it: checked).
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import torch
from safetensors.torch import load_file, save_file

COPIED = ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt")


def parse_part(text: str) -> tuple[Path, float]:
    folder, _, weight = text.rpartition(":")
    return Path(folder), float(weight)


def soup(parts: list[tuple[Path, float]], out: Path) -> None:
    total = sum(w for _, w in parts)
    labels = {json.dumps(json.loads((p / "config.json").read_text())["id2label"], sort_keys=True) for p, _ in parts}
    if len(labels) != 1:
        raise SystemExit(f"the models disagree on their label order: {sorted(labels)}")
    mean: dict[str, torch.Tensor] = {}
    shapes: dict[str, tuple[int, ...]] | None = None
    for folder, weight in parts:
        tensors = {k: v for k, v in load_file(folder / "model.safetensors").items() if not k.endswith("position_ids")}
        own = {k: tuple(v.shape) for k, v in tensors.items()}
        if shapes is not None and own != shapes:
            raise SystemExit(f"{folder} does not have the tensors of {parts[0][0]}")
        shapes = own
        for name, tensor in tensors.items():
            term = tensor.float() * (weight / total)
            mean[name] = mean[name] + term if name in mean else term
    out.mkdir(parents=True, exist_ok=True)
    save_file({k: v.half().contiguous() for k, v in mean.items()}, out / "model.safetensors", metadata={"format": "pt"})
    first = parts[0][0]
    for name in COPIED:
        if (first / name).is_file():
            shutil.copy(first / name, out / name)
    config = json.loads((out / "config.json").read_text())
    config["dtype" if "dtype" in config else "torch_dtype"] = "float16"  # transformers 5 / 4 spelling
    config["faithkit_soup"] = [[str(p), w / total] for p, w in parts]
    (out / "config.json").write_text(json.dumps(config, indent=2) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("parts", nargs="+", help="MODEL_FOLDER:WEIGHT")
    args = ap.parse_args(argv)
    soup([parse_part(p) for p in args.parts], args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
