"""Chunk size (answers checked together) against padding waste, speed and memory (issue 16).

    PYTHONPATH=src python benchmarks/chunk_size.py [--answers 1000] [--timed-answers 24] [--chunks 1,8,64,256]

Pairs are deduplicated and sorted by length across all answers of a chunk, then cut into batches of 32: the
bigger the chunk, the closer the lengths in a batch and the less padding the model computes. Part 1 counts,
with the tokenizer only, the padded share of the tokens the model would see for each chunk size on the
synthetic log (``--answers``). Part 2 times `faithkit check --chunk-size N` on a smaller log (bundled model,
fresh subprocess each, in turn) and reads each run's peak RSS, so the memory price of wider batches is seen.
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
sys.path.insert(0, str(ROOT / "src"))
from scaling import measured  # noqa: E402
from synthetic_log import synthetic_log, write_log  # noqa: E402


def padding_share(answers: int, chunk: int, batch: int = 32) -> tuple[float, int]:
    from transformers import AutoTokenizer

    from faithkit.checkers.nli import bundled_model_path
    from faithkit.records import Passage
    from faithkit.text.sentences import split_sentences
    from faithkit.text.windows import all_windows

    tokenizer = AutoTokenizer.from_pretrained(str(bundled_model_path()))
    records = list(synthetic_log(answers))
    real = padded = unique_total = 0
    for begin in range(0, len(records), chunk):
        unique: dict[tuple[str, str], None] = {}
        for record in records[begin : begin + chunk]:
            passages = tuple(Passage(c["id"], c["text"]) for c in record["contexts"])
            windows = all_windows(passages)
            for sentence in split_sentences(str(record["answer"])):
                for window in windows:
                    unique.setdefault((window.text, sentence.text))
        pairs = list(unique)
        lengths = sorted(len(ids) for ids in tokenizer([p for p, _ in pairs], [h for _, h in pairs])["input_ids"])
        for i in range(0, len(lengths), batch):
            part = lengths[i : i + batch]
            real += sum(part)
            padded += max(part) * len(part)
        unique_total += len(pairs)
    return 1 - real / padded, unique_total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=int, default=1000)
    ap.add_argument("--timed-answers", type=int, default=24)
    ap.add_argument("--chunks", default="1,8,64,256")
    ap.add_argument("--backend", choices=["torch", "onnx"], default="onnx")
    args = ap.parse_args(argv)
    chunks = [int(c) for c in args.chunks.split(",")]
    print(f"padding share of the model's tokens, {args.answers} answers, batches of 32")
    for chunk in chunks:
        share, unique = padding_share(args.answers, chunk)
        print(f"  chunk {chunk:5d}: {share:6.1%} padding, {unique} distinct pairs")
    if args.timed_answers <= 0:
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        log = work / "log.jsonl"
        write_log(log, args.timed_answers)
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "FAITHKIT_CACHE_DIR": str(work / "cache")}
        base = [
            sys.executable,
            "-m",
            "faithkit",
            "check",
            str(log),
            "--quiet",
            "--overwrite",
            "--cache",
            "off",
            "--backend",
            args.backend,
        ]
        subprocess.run([*base, "--out", str(work / "warm")], check=True, capture_output=True, env=env)  # export
        print(f"faithkit check, {args.timed_answers} answers, backend {args.backend}, fresh process each")
        first = None
        for chunk in chunks:
            row = measured([*base, "--out", str(work / f"out-{chunk}"), "--chunk-size", str(chunk)], env)
            first = first or row["seconds"]
            pairs = json.loads((work / f"out-{chunk}" / "manifest.json").read_text())["summary"]["checker_counters"][
                "nli_pairs_scored"
            ]
            print(
                f"  chunk {chunk:5d}: {row['seconds']:7.1f} s ({first / row['seconds']:.2f}x chunk {chunks[0]}), "
                f"{pairs} pairs scored, peak {row['peak_mb']:.0f} MB"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
