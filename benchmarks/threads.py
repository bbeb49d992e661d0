"""Thread settings for the forward pass on this (shared, loaded) machine, side by side (issue 16).

    PYTHONPATH=src python benchmarks/threads.py [--pairs 500] [--rounds 2]

Each variant is a fresh subprocess that loads the bundled model, then times only the scoring of the same short
claim x window pairs (from benchmarks/synthetic_log.py). Variants, in turn each round: torch 1 thread, torch 2
threads (OpenMP's default active waiting), torch 2 threads with OMP_WAIT_POLICY=PASSIVE, ONNX Runtime 1 and 2
threads (spinning off). Prints the median pairs/s and the ratio to torch with 1 thread. faithkit's default
(``faithkit.threads.DEFAULT_THREADS``) was chosen from this table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic_log import synthetic_log  # noqa: E402

VARIANTS = [
    ("torch, 1 thread", "torch", {"OMP_NUM_THREADS": "1"}),
    ("torch, 2 threads (active wait)", "torch", {"OMP_NUM_THREADS": "2", "OMP_WAIT_POLICY": "ACTIVE"}),
    ("torch, 2 threads, PASSIVE", "torch", {"OMP_NUM_THREADS": "2", "OMP_WAIT_POLICY": "PASSIVE"}),
    ("onnx, 1 thread", "onnx", {"OMP_NUM_THREADS": "1", "FAITHKIT_THREADS": "1"}),
    ("onnx, 2 threads", "onnx", {"OMP_NUM_THREADS": "2", "FAITHKIT_THREADS": "2"}),
]


def short_pairs(count: int) -> list[tuple[str, str]]:
    sys.path.insert(0, str(ROOT / "src"))
    from faithkit.text.sentences import split_sentences

    pairs: list[tuple[str, str]] = []
    for record in synthetic_log(count):
        claims = [s.text for s in split_sentences(str(record["answer"]))]
        for context in record["contexts"]:
            pairs += [(s.text, claim) for s in split_sentences(context["text"]) for claim in claims]
        if len(pairs) >= count:
            return pairs[:count]
    return pairs


def worker(backend: str, count: int) -> None:
    from bundled_scorer import bundled_scorer

    scorer = bundled_scorer(backend)
    if backend == "torch":
        import torch

        torch.set_num_threads(int(os.environ["OMP_NUM_THREADS"]))
    pairs = short_pairs(count)
    started = time.perf_counter()
    scorer.score(pairs)
    print(json.dumps({"seconds": time.perf_counter() - started, "pairs": len(pairs)}))


def main(argv: list[str] | None = None) -> int:
    if argv is None and len(sys.argv) == 4 and sys.argv[1] == "--worker":
        worker(sys.argv[2], int(sys.argv[3]))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args(argv)
    # the ONNX export is made once, untimed, before the rounds (as a user's first run does)
    subprocess.run(
        [sys.executable, __file__, "--worker", "onnx", "2"],
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    rates: dict[str, list[float]] = {name: [] for name, _, _ in VARIANTS}
    for _ in range(args.rounds):
        for name, backend, env in VARIANTS:
            done = subprocess.run(
                [sys.executable, __file__, "--worker", backend, str(args.pairs)],
                check=True,
                capture_output=True,
                text=True,
                env={**os.environ, "PYTHONPATH": str(ROOT / "src"), **env},
            )
            row = json.loads(done.stdout.strip().splitlines()[-1])
            rates[name].append(row["pairs"] / row["seconds"])
    base = statistics.median(rates[VARIANTS[0][0]])
    print(f"{args.pairs} short pairs, bundled model, {args.rounds} round(s), {os.cpu_count()} CPUs (shared)")
    print(f"{'variant':34s} {'pairs/s':>8s} {'x torch 1 thread':>17s}")
    for name, values in rates.items():
        rate = statistics.median(values)
        print(f"{name:34s} {rate:8.1f} {rate / base:17.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
