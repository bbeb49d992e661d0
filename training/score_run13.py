"""Run 13: score one candidate (or the incumbent) by ``results/run13_rule.md`` and summarise.

    PYTHONPATH=.carry/head/src python training/score_run13.py --candidate .carry/nli/run13/step-1458 \
        --name final --suites hc,wice,shapes --thresholds 0.45,0.6,0.3,0.8
    python training/score_run13.py --summary            # table of every scored (candidate, T)

The code scored is the committed snapshot under ``.carry/head`` (``git archive HEAD src benchmarks examples``), so
incumbent and candidates see the same checker while ``src/`` is being edited. The first threshold reads every pair
with the model; the later ones re-decide cached scores (``.carry/cache``). Figures land in
``.carry/nli/run13_score/NAME/``. Nothing here reads ``/work/shared/data/test/``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HEAD = Path(".carry/head")
SCORE = Path(".carry/nli/run13_score")
CACHE = Path(".carry/cache")
DEV = Path("/work/shared/data/dev")
PY = Path(".venv/bin/python")


def env() -> dict[str, str]:
    e = dict(os.environ, PYTHONPATH=str((HEAD / "src").resolve()), OMP_WAIT_POLICY="PASSIVE", OMP_NUM_THREADS="1")
    return e


def run(cmd: list[str], log: Path) -> float:
    began = time.time()
    with log.open("w") as fh:
        subprocess.run(["nice", "-n", "19", *cmd], stdout=fh, stderr=subprocess.STDOUT, env=env(), check=False)
    return round(time.time() - began, 1)


def score(candidate: str, name: str, suites: list[str], thresholds: list[str]) -> None:
    out = SCORE / name
    out.mkdir(parents=True, exist_ok=True)
    times = {}
    for t in thresholds:
        if "hc" in suites:
            times[f"hc_{t}"] = run([str(PY), str(HEAD / "benchmarks/helpcenter/run.py"), "--model", candidate,
                                    "--opt", "second_opinion=off", "--threshold", t, "--cache", str(CACHE),
                                    "--threads", "1", "--json", str(out / f"hc_{t}.json")], out / f"hc_{t}.log")
    for t in thresholds:
        if "wice" in suites:
            times[f"wice_{t}"] = run([str(PY), "-m", "faithkit", "bench", str(DEV / "wice_claim_dev.jsonl"),
                                      "--checker", f"nli:model={candidate},second_opinion=off,threshold={t}",
                                      "--cache", "use", "--cache-dir", str(CACHE), "--quiet",
                                      "--out", str(out / f"wice_{t}.json")], out / f"wice_{t}.log")
    for t in thresholds[:1]:
        if "shapes" in suites:
            times[f"shapes_{t}"] = run([str(PY), str(HEAD / "benchmarks/shapes_dev.py"), "--data",
                                        str(DEV / "shapes_dev.jsonl"), "--json", str(out / f"shapes_{t}.json"), "--",
                                        "--checker", f"nli:model={candidate},second_opinion=off,threshold={t}",
                                        "--cache-dir", str(CACHE)], out / f"shapes_{t}.log")
    (out / "times.json").write_text(json.dumps(times, indent=1))
    print(json.dumps(times))


def wice_figure(path: Path) -> str:
    d = json.loads(path.read_text())["datasets"]["wice_claim_dev"]
    return f"{d['balanced_accuracy']:.1f} [{d['low']:.1f}, {d['high']:.1f}]"


def summary() -> None:
    print("| candidate | T | faults caught | faithful flagged | balanced | weakest type | eligible | WiCE dev |")
    print("|---|---|---|---|---|---|---|---|")
    for folder in sorted(p for p in SCORE.iterdir() if p.is_dir()):
        for hc in sorted(folder.glob("hc_*.json")):
            t = hc.stem.split("_", 1)[1]
            d = json.loads(hc.read_text())
            f, a, h = d["fault_detection"], d["faithful_false_alarms"], d["headline"]
            bal = 100 * (f["k"] / f["n"] + 1 - a["k"] / a["n"]) / 2
            weakest = h["weakest_fault_type"]
            wk = d["by_case"][weakest]
            wlog = folder / f"wice_{t}.json"
            wice = wice_figure(wlog) if wlog.exists() else "not run"
            print(f"| {folder.name} | {t} | {f['k']}/{f['n']} | {a['k']}/{a['n']} | {bal:.1f} | "
                  f"{weakest} {wk['k']}/{wk['n']} | {'yes' if h['met'] else 'no'} | {wice} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--candidate")
    ap.add_argument("--name")
    ap.add_argument("--suites", default="hc,wice,shapes")
    ap.add_argument("--thresholds", default="0.45,0.6,0.3,0.8")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args(argv)
    if args.summary:
        summary()
        return 0
    score(args.candidate, args.name, args.suites.split(","), args.thresholds.split(","))
    return 0


if __name__ == "__main__":
    sys.exit(main())
