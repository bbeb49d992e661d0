"""Default `faithkit check` speed, this tree against an earlier commit, side by side in one run (issue 11).

    PYTHONPATH=src python benchmarks/default_checker_speed.py [--base f901187] [--rounds 2] [--domain rail]

Runs `faithkit check` on the help-center dev suite (`benchmarks/helpcenter/interactions.jsonl`, optionally one
domain of it) with the default checker and no cache, once per round from each source tree, interleaved (base,
this, base, this...) so that the machine's load hits both alike. The base tree is a `git worktree` of ``--base``
made in a temporary folder. Each run is a subprocess with one torch thread (``OMP_NUM_THREADS=1``) and its own
empty cache; the figure is answers per second and distinct NLI pairs per second of the whole command (model load
included, as a user sees it), and the ratio this / base of the medians. Same input, same bundled model.
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

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "benchmarks" / "helpcenter" / "interactions.jsonl"


def one_run(src: Path, log: Path, work: Path) -> dict:
    out = work / f"out-{time.monotonic_ns()}"
    env = {**os.environ, "PYTHONPATH": str(src), "OMP_NUM_THREADS": "1", "FAITHKIT_CACHE_DIR": str(work / "cache"),
           "OMP_WAIT_POLICY": "PASSIVE"}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "faithkit", "check", str(log), "--out", str(out), "--cache", "off",
                    "--quiet"], env=env, check=True, capture_output=True, cwd=src.parent)
    seconds = time.perf_counter() - started
    manifest = json.loads((out / "manifest.json").read_text())
    counters = manifest["summary"].get("checker_counters", {})
    pairs = counters.get("nli_pairs_unique") or counters.get("nli_pairs_scored") or 0
    return {"seconds": seconds, "answers": manifest["summary"]["answers"], "pairs": pairs,
            "unsupported_rate": manifest["summary"].get("unsupported_answer_rate")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="f901187", help="the commit to compare against")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--domain", help="only this domain's interactions (rail, bank_card, ...)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        log = SUITE
        if args.domain:
            log = work / "suite.jsonl"
            lines = [line for line in SUITE.read_text(encoding="utf-8").splitlines()
                     if json.loads(line).get("metadata", {}).get("domain") == args.domain]
            if not lines:
                raise SystemExit(f"no interactions of domain {args.domain!r}")
            log.write_text("\n".join(lines) + "\n", encoding="utf-8")
        base_tree = work / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base_tree), args.base],
                       check=True, capture_output=True)
        try:
            trees = {"base": base_tree / "src", "this": ROOT / "src"}
            runs: dict[str, list[dict]] = {name: [] for name in trees}
            for round_no in range(args.rounds):
                for name, src in trees.items():
                    result = one_run(src, log, work)
                    runs[name].append(result)
                    print(f"round {round_no + 1} {name}: {result['seconds']:.1f} s, {result['answers']} answers, "
                          f"{result['pairs']} pairs, unsupported-answer rate {result['unsupported_rate']}",
                          flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_tree)],
                           capture_output=True)
    median = {name: statistics.median(r["seconds"] for r in rs) for name, rs in runs.items()}
    answers = runs["this"][0]["answers"]
    pair_rate = {name: statistics.median(r["pairs"] / r["seconds"] for r in rs) for name, rs in runs.items()}
    print(f"answers/s: base {answers / median['base']:.2f}, this {answers / median['this']:.2f}; "
          f"speed this/base = {median['base'] / median['this']:.2f}")
    print(f"distinct NLI pairs/s: base {pair_rate['base']:.1f}, this {pair_rate['this']:.1f} "
          f"(this/base {pair_rate['this'] / pair_rate['base']:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
