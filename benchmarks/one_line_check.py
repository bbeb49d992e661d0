"""A one-line `faithkit check` as a CI job on every commit runs it: wall time, peak memory, install size (issue 34).

    python benchmarks/one_line_check.py [--python /path/to/venv/bin/python] [--rounds 5]

Runs `faithkit check` on one line of the Larkspur example (the default checker, the report written) from the given
interpreter's environment, each round a fresh process: cold (``--cache off``: the models load and score) and warm
(``--cache use`` on a cache the first round filled: nothing to score, the models never load). Peak memory is the
child's ``ru_maxrss``, read in a fresh wrapper per run. Prints the median and the range of each, which heavy
modules the run imported, and the size of the interpreter's environment (``site-packages``, pip included).
Targets from issue 34: at most 2.5 s and 400 MB with the default install (`pip install -e .`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LARKSPUR = ROOT / "examples" / "larkspur" / "interactions.jsonl"
HEAVY = ("torch", "transformers", "sentence_transformers", "matplotlib", "scipy", "onnxruntime")

WRAPPER = """
import json, resource, runpy, subprocess, sys, time
started = time.perf_counter()
code = subprocess.call(sys.argv[2:])
seconds = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(json.dumps({"code": code, "seconds": seconds, "peak_mb": peak}))
"""

PROBE = """
import sys
from faithkit.cli import main
code = main(sys.argv[1:])
heavy = [m for m in {heavy!r} if m in sys.modules]
print("HEAVY=" + ",".join(heavy), file=sys.stderr)
raise SystemExit(code)
"""


def one_run(python: str, log: Path, out: Path, cache: str, cache_dir: Path) -> dict:
    env = {**os.environ, "FAITHKIT_CACHE_DIR": str(cache_dir)}
    env.pop("PYTHONPATH", None)  # the interpreter's own install, as a user has it
    command = [python, "-m", "faithkit", "check", str(log), "--out", str(out), "--overwrite", "--quiet",
               "--cache", cache]
    result = subprocess.run([sys.executable, "-c", WRAPPER, "run", *command], env=env, capture_output=True,
                            text=True, check=True)
    row = json.loads(result.stdout.strip().splitlines()[-1])
    if row["code"] != 0:
        raise SystemExit(f"faithkit check failed ({row['code']})")
    return row


def heavy_modules(python: str, log: Path, out: Path, cache_dir: Path) -> str:
    env = {**os.environ, "FAITHKIT_CACHE_DIR": str(cache_dir)}
    env.pop("PYTHONPATH", None)
    result = subprocess.run([python, "-c", PROBE.format(heavy=HEAVY), "check", str(log), "--out", str(out),
                             "--overwrite", "--quiet", "--cache", "off"], env=env, capture_output=True, text=True)
    lines = [line for line in result.stderr.splitlines() if line.startswith("HEAVY=")]
    return lines[-1].removeprefix("HEAVY=") if lines else "?"


def environment_mb(python: str) -> float:
    prefix = subprocess.run([python, "-c", "import sys; print(sys.prefix)"], capture_output=True, text=True,
                            check=True).stdout.strip()
    total = sum(p.stat().st_size for p in Path(prefix).rglob("*") if p.is_file() and not p.is_symlink())
    return total / 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable, help="the environment's interpreter")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        log = work / "one.jsonl"
        log.write_text(LARKSPUR.read_text(encoding="utf-8").splitlines()[1] + "\n", encoding="utf-8")
        rows: dict[str, list[dict]] = {"cold (--cache off)": [], "warm (--cache use, filled)": []}
        one_run(args.python, log, work / "fill", "use", work / "cache")  # fills the warm cache
        for _ in range(args.rounds):
            rows["cold (--cache off)"].append(one_run(args.python, log, work / "a", "off", work / "cache"))
            rows["warm (--cache use, filled)"].append(one_run(args.python, log, work / "b", "use", work / "cache"))
        print(f"interpreter: {args.python}; {args.rounds} rounds, one line of {LARKSPUR.name}")
        for name, runs in rows.items():
            seconds = [r["seconds"] for r in runs]
            peaks = [r["peak_mb"] for r in runs]
            print(f"  {name:28s} wall median {statistics.median(seconds):5.2f} s (range {min(seconds):.2f}-"
                  f"{max(seconds):.2f}), peak memory median {statistics.median(peaks):5.0f} MB (max {max(peaks):.0f})")
        print(f"  heavy modules a cold run imports: {heavy_modules(args.python, log, work / 'c', work / 'cache')}")
        print(f"  environment size: {environment_mb(args.python):.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
