"""Time and peak memory of `faithkit check` from 100 to 100,000 answers (issue 16).

    PYTHONPATH=src python benchmarks/scaling.py [--sizes 100,1000] [--checker similarity]
    PYTHONPATH=src python benchmarks/scaling.py --sizes 100,1000,10000,100000 --checker similarity   # hours: no

One fresh subprocess per size on the synthetic log (benchmarks/synthetic_log.py; the first N answers of a
bigger log are the smaller log), ``--cache off``; wall time and the child's peak RSS (``ru_maxrss`` of the
finished child, via ``resource.getrusage(RUSAGE_CHILDREN)`` read in a fresh wrapper per size). Prints seconds,
answers/s, peak MB and the ratios to the smallest size: time should grow with the answers (seconds per answer
flat) and peak memory should stay flat (the log is streamed in chunks). The default checker is the bundled NLI
model; ``--checker similarity`` is the embedding baseline (faster, same pipeline), and ``--checker
nli --cached`` runs each size twice and reports the fully cached rerun (the pipeline without the model).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic_log import write_log  # noqa: E402

MEASURE = """
import resource, subprocess, sys, time, json
started = time.perf_counter()
subprocess.run(sys.argv[1:], check=True, capture_output=True)
peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"seconds": time.perf_counter() - started, "peak_mb": peak_kb / 1024}))
"""


def measured(command: list[str], env: dict[str, str]) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, *command], check=True, capture_output=True, text=True, env=env, cwd=ROOT
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def tiny_model(folder: Path) -> Path:
    """A tiny random-init BERT pair classifier with the bundled model's tokenizer: the pipeline's cost with a
    forward pass that costs little (what grows with the log is then faithkit's own work)."""
    import shutil

    from transformers import BertConfig, BertForSequenceClassification

    sys.path.insert(0, str(ROOT / "src"))
    from faithkit.checkers.nli import bundled_model_path

    labels = {0: "entailment", 1: "neutral", 2: "contradiction"}
    config = BertConfig(
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        num_labels=3,
        id2label=labels,
        label2id={v: k for k, v in labels.items()},
    )
    BertForSequenceClassification(config).save_pretrained(folder)
    for name in ("tokenizer.json", "tokenizer_config.json", "vocab.txt", "special_tokens_map.json"):
        shutil.copy(bundled_model_path() / name, folder / name)
    return folder


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,1000")
    ap.add_argument("--checker", default="nli")
    ap.add_argument("--cached", action="store_true", help="time the fully cached rerun of each size")
    ap.add_argument("--backend", choices=["torch", "onnx"], default="torch")
    ap.add_argument(
        "--tiny-model",
        action="store_true",
        help="nli with a tiny random model (smoke check off): the pipeline's own scaling",
    )
    ap.add_argument("--report", action="store_true", help="also write report.html (its build reads every record)")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "FAITHKIT_CACHE_DIR": str(work / "cache")}
        rows = []
        for size in sizes:
            log = work / f"log-{size}.jsonl"
            write_log(log, size)
            command = [
                sys.executable,
                "-m",
                "faithkit",
                "check",
                str(log),
                "--out",
                str(work / f"out-{size}"),
                "--quiet",
                "--overwrite",
                "--checker",
                args.checker,
                "--cache",
                "use" if args.cached else "off",
            ]
            if args.checker.startswith("nli"):
                command += ["--backend", args.backend]
            if not args.report:
                command.append("--no-report")
            if args.tiny_model:
                model = work / "tiny" if (work / "tiny").is_dir() else tiny_model(work / "tiny")
                command += ["--model", str(model), "--checker", "nli:smoke_check=false"]
            if args.cached:
                measured(command, env)  # fills the cache; the rerun below is what is reported
            result = measured(command, env)
            rows.append((size, result))
            print(f"  {size} answers: {result['seconds']:.1f} s, peak {result['peak_mb']:.0f} MB", flush=True)
    first_size, first = rows[0]
    what = (
        f"{args.checker}{' (tiny random model)' if args.tiny_model else ''}{' (cached rerun)' if args.cached else ''}"
    )
    print(f"checker {what}, fresh process per size, --cache {'use' if args.cached else 'off'}")
    print(
        f"{'answers':>8s} {'s':>9s} {'answers/s':>10s} {'s/answer vs first':>18s} {'peak MB':>8s} "
        f"{'peak vs first':>14s}"
    )
    for size, row in rows:
        per = (row["seconds"] / size) / (first["seconds"] / first_size)
        print(
            f"{size:8d} {row['seconds']:9.1f} {size / row['seconds']:10.1f} {per:18.2f} {row['peak_mb']:8.0f} "
            f"{row['peak_mb'] / first['peak_mb']:14.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
