"""Score run-4 candidates on dev by the rule in results/run4_rule.md (help-center suite + synth_dev, then WiCE dev).

    PYTHONPATH=src python training/score_run4.py --candidate .carry/nli/run4/step-2076 \
        --synth .carry/nli/data3/synth_dev.jsonl --out training/results/run4_dev.json [--wice]

For each model (the shipped one and the candidate): the help-center dev suite through the real pipeline (default
stack: numbers stage, veto, alignment) at each threshold of a coarse grid (NLI scores cached, so each extra
threshold costs only the pipeline), and run 3's synth_dev with the model alone (one scoring, every threshold).
The shared threshold maximises the mean of the two balanced accuracies. ``--wice`` then scores WiCE dev (model
alone, as train.py's dev_eval) for the candidate at its threshold. Nothing here reads test data.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks" / "helpcenter"))

GRID = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)


def helpcenter(model: str | None, threshold: float, cache: Path, out: Path) -> dict:
    import run as helpcenter_run  # benchmarks/helpcenter/run.py

    argv = ["--threshold", str(threshold), "--cache", str(cache), "--json", str(out), "--no-misses"]
    if model:
        argv += ["--model", model]
    helpcenter_run.main(argv)
    figures = json.loads(out.read_text())
    detect, alarms = figures["fault_detection"]["rate"], figures["faithful_false_alarms"]["rate"]
    return {"fault_detection": detect, "false_alarms": alarms, "balanced": (detect + 1 - alarms) / 2}


def model_alone_scores(model: str | None, path: Path, cache_dir: Path):
    import faithkit.bench as bench
    from faithkit.cache import ContentCache
    from faithkit.checkers.nli import NLIChecker

    checker = NLIChecker(model=model, window_veto=None, alignment=False, smoke_check=False,
                         cache=ContentCache(cache_dir, "use"))
    return bench.score_claims(checker, bench.load_claims(path))


def main(argv: list[str] | None = None) -> int:
    import faithkit.bench as bench

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--candidate", required=True)
    ap.add_argument("--synth", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--work", type=Path, default=Path("/tmp/run4-score"))
    ap.add_argument("--wice", action="store_true", help="also score WiCE dev for the candidate")
    ap.add_argument("--wice-only", type=Path, metavar="OUT",
                    help="only score WiCE dev for the candidate, at every grid threshold, into OUT (runs beside the "
                         "rest: the threshold is picked afterwards from the grid)")
    ap.add_argument("--shared", type=Path, default=Path("/work/shared/data"))
    args = ap.parse_args(argv)
    import torch

    torch.set_num_threads(1)
    args.work.mkdir(parents=True, exist_ok=True)
    if args.wice_only:
        wice = model_alone_scores(args.candidate, args.shared / "dev/wice_claim_dev.jsonl",
                                  args.work / "cache-candidate-wice")
        args.wice_only.write_text(json.dumps(
            {str(g): 100 * bench.balanced_accuracy(wice.labels, wice.scores >= g) for g in GRID}, indent=2))
        print(args.wice_only.read_text())
        return 0
    report = json.loads(args.out.read_text()) if args.out.is_file() else {}
    for name, model in (("incumbent", None), ("candidate", args.candidate)):
        if name in report:
            continue
        while model and not (Path(model) / "config.json").is_file():  # the training run may still be writing it
            time.sleep(20)
        synth = model_alone_scores(model, args.synth, args.work / f"cache-{name}")
        rows = {}
        for t in GRID:
            hc = helpcenter(model, t, args.work / f"cache-{name}", args.work / f"hc-{name}-{t}.json")
            sd = bench.balanced_accuracy(synth.labels, synth.scores >= t)
            rows[str(t)] = {"helpcenter": hc, "synth_dev": sd, "mean": (hc["balanced"] + sd) / 2}
            print(name, t, json.dumps(rows[str(t)]), flush=True)
        best = max(rows, key=lambda t: rows[t]["mean"])
        report[name] = {"model": model or "bundled", "grid": rows, "threshold": float(best),
                        "mean_at_threshold": rows[best]["mean"], "mean_at_0.5": rows["0.5"]["mean"]}
        args.out.write_text(json.dumps(report, indent=2))
    if args.wice and "wice_dev" not in report.get("candidate", {}):
        t = report["candidate"]["threshold"]
        wice = model_alone_scores(args.candidate, args.shared / "dev/wice_claim_dev.jsonl",
                                  args.work / "cache-candidate")
        report["candidate"]["wice_dev"] = {
            "at_threshold": 100 * bench.balanced_accuracy(wice.labels, wice.scores >= t),
            "at_0.5": 100 * bench.balanced_accuracy(wice.labels, wice.scores >= 0.5),
            "by_threshold": {str(g): 100 * bench.balanced_accuracy(wice.labels, wice.scores >= g) for g in GRID}}
        args.out.write_text(json.dumps(report, indent=2))
    print(json.dumps({k: {kk: vv for kk, vv in v.items() if kk != "grid"} for k, v in report.items()}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
