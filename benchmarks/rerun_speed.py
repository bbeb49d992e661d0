"""Cold run vs unchanged cached rerun vs one-answer-changed rerun of `faithkit check` (issue 16).

    PYTHONPATH=src python benchmarks/rerun_speed.py [--answers 40] [--rounds 2] [--seed 16]

Each round: a cold run into an empty cache (the model loads, every pair is scored), then the unchanged log
again with ``--cache use`` (every pair a hit: the model is never loaded and torch never imported), then the
log with one answer changed (only that answer's new pairs are scored, the model loads once for them). Fresh
subprocesses timed whole, the three in turn each round; prints the medians, the pairs each scored, and the
ratios cold / rerun.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic_log import synthetic_log  # noqa: E402


def check(log: Path, out: Path, cache: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "FAITHKIT_CACHE_DIR": str(cache)}
    started = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "faithkit",
            "check",
            str(log),
            "--out",
            str(out),
            "--cache",
            "use",
            "--quiet",
            "--overwrite",
        ],
        env=env,
        check=True,
        capture_output=True,
        cwd=ROOT,
    )
    seconds = time.perf_counter() - started
    counters = json.loads((out / "manifest.json").read_text())["summary"]["checker_counters"]
    return {"seconds": seconds, "scored": counters["nli_pairs_scored"], "hits": counters["nli_cache_hits"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=16)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        records = list(synthetic_log(args.answers, args.seed))
        log, changed = work / "log.jsonl", work / "changed.jsonl"
        log.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        edited = dict(records[len(records) // 2])
        edited["answer"] = (
            str(edited["answer"]) + " Invoices are emailed to the workspace owner on the first day of each month."
        )
        changed.write_text(
            "".join(json.dumps(edited if r["id"] == edited["id"] else r) + "\n" for r in records), encoding="utf-8"
        )
        runs: dict[str, list[dict]] = {"cold": [], "unchanged rerun": [], "one answer changed": []}
        for round_ in range(args.rounds):
            cache = work / f"cache-{round_}"
            shutil.rmtree(cache, ignore_errors=True)
            runs["cold"].append(check(log, work / "cold", cache))
            runs["unchanged rerun"].append(check(log, work / "warm", cache))
            runs["one answer changed"].append(check(changed, work / "changed", cache))
        cold = statistics.median(r["seconds"] for r in runs["cold"])
        print(f"{args.answers} answers, {args.rounds} round(s), default checker, fresh process per run")
        print(f"{'run':22s} {'s':>8s} {'pairs scored':>13s} {'cache hits':>11s} {'cold / this':>12s}")
        for name, rows in runs.items():
            seconds = statistics.median(r["seconds"] for r in rows)
            print(f"{name:22s} {seconds:8.2f} {rows[-1]['scored']:13d} {rows[-1]['hits']:11d} {cold / seconds:12.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
