"""torch vs ONNX Runtime (fp32, and dynamic int8 for the record) on the bundled model, side by side (issue 16).

    PYTHONPATH=src python benchmarks/backends.py [--pairs 500] [--rounds 2]

The pairs are the claim x window pairs (1-2 sentence windows) of the help-center dev suite
(benchmarks/helpcenter), deduplicated, the first ``--pairs``. Each variant is a fresh subprocess with one
thread that loads its model and times only the scoring; variants run in turn each round. Parity against torch
fp32: max |delta p| over the three columns and verdict flips at the 0.5 threshold. int8 is ONNX Runtime's
dynamic quantization of the same export; faithkit does not ship it unless its flips are 0 (they are not).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "benchmarks" / "helpcenter" / "interactions.jsonl"
VARIANTS = ("torch fp32", "onnx fp32", "onnx int8 (dynamic)")


def suite_pairs(count: int) -> list[tuple[str, str]]:
    sys.path.insert(0, str(ROOT / "src"))
    from faithkit.io.log import read_log
    from faithkit.text.sentences import split_sentences
    from faithkit.text.windows import all_windows

    seen: dict[tuple[str, str], None] = {}
    for item in read_log(SUITE):
        if not getattr(item, "contexts", None):
            continue
        windows = all_windows(item.contexts, 2)
        for sentence in split_sentences(item.answer):
            for window in windows:
                seen.setdefault((window.text, sentence.text))
        if len(seen) >= count:
            break
    return list(seen)[:count]


def worker(variant: str, count: int, out: Path) -> None:
    from bundled_scorer import bundled_scorer

    scorer = bundled_scorer("torch" if variant.startswith("torch") else "onnx")
    if "int8" in variant:
        import onnxruntime as ort
        from onnxruntime.quantization import QuantType, quantize_dynamic

        from faithkit.checkers.onnx_backend import session_options

        target = out.with_suffix(".int8.onnx")
        quantize_dynamic(str(scorer.onnx_path), str(target), weight_type=QuantType.QInt8)
        scorer.session = ort.InferenceSession(str(target), session_options(1), providers=["CPUExecutionProvider"])
    pairs = suite_pairs(count)
    started = time.perf_counter()
    probs = scorer.score(pairs).probs
    seconds = time.perf_counter() - started
    np.save(out, probs)
    print(json.dumps({"seconds": seconds, "pairs": len(pairs)}))


def main(argv: list[str] | None = None) -> int:
    if argv is None and len(sys.argv) == 5 and sys.argv[1] == "--worker":
        worker(sys.argv[2], int(sys.argv[3]), Path(sys.argv[4]))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args(argv)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "OMP_NUM_THREADS": "1", "FAITHKIT_THREADS": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        env["FAITHKIT_ONNX_DIR"] = str(Path(tmp) / "onnx")
        subprocess.run(
            [sys.executable, __file__, "--worker", "onnx fp32", "2", str(Path(tmp) / "warm.npy")],
            check=True,
            capture_output=True,
            env=env,
        )  # the export, once, untimed
        seconds: dict[str, list[float]] = {v: [] for v in VARIANTS}
        probs: dict[str, np.ndarray] = {}
        for _ in range(args.rounds):
            for variant in VARIANTS:
                out = Path(tmp) / f"{variant.split()[1]}.npy"
                done = subprocess.run(
                    [sys.executable, __file__, "--worker", variant, str(args.pairs), str(out)],
                    check=True,
                    capture_output=True,
                    text=True,
                    env=env,
                )
                row = json.loads(done.stdout.strip().splitlines()[-1])
                seconds[variant].append(row["seconds"])
                probs[variant] = np.load(out)
        base = probs[VARIANTS[0]]
        torch_s = statistics.median(seconds[VARIANTS[0]])
        print(f"{len(base)} help-center pairs, bundled model, 1 thread, {args.rounds} round(s)")
        print(f"{'variant':22s} {'pairs/s':>8s} {'x torch':>8s} {'max |dp|':>10s} {'flips@0.5':>10s}")
        for variant in VARIANTS:
            s = statistics.median(seconds[variant])
            delta = float(np.abs(probs[variant] - base).max())
            flips = int(((probs[variant][:, 0] >= 0.5) != (base[:, 0] >= 0.5)).sum())
            print(f"{variant:22s} {len(base) / s:8.1f} {torch_s / s:8.2f} {delta:10.2e} {flips:10d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
