"""What window pruning (``nli:prune_windows=S``) costs in verdicts and saves in forward passes. Dev data only.

    PYTHONPATH=src python benchmarks/window_prune_dev.py [--shares 0,0.25,0.5,0.75] [--data /work/shared/data]

For each share, the default checker stack (`faithkit check --checker nli:prune_windows=S`: numbers stage, veto,
alignment) decides the help-center dev suite (benchmarks/helpcenter), the Larkspur-style acceptance answers
(benchmarks/accuracy), shapes_dev and the answer sets under benchmarks/shapes_*/ and benchmarks/*_holdout/ (answers
in the shapes assistants write; only whether each verdict flips is printed, never which) and WiCE claim dev, and
each verdict is compared with the same stack reading every window. Printed per file: the share of claim-window
pairs the model read, the verdicts that flip, and how far the score of claims supported without pruning moves
(pruning can only lower a best score, by skipping its window), and how many claims' scores fall by more than 0.05
(what a threshold sweep below the run's threshold would see). Scores come from faithkit's content cache, so a
second run takes seconds; the first scores every pair once."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from faithkit.bench import load_claims, score_claims
from faithkit.cache import ContentCache
from faithkit.checkers.registry import build_checker
from faithkit.io.log import read_log
from faithkit.pipeline import CheckOptions, check_chunk

ROOT = Path(__file__).resolve().parent.parent
LOGS = {"helpcenter": ROOT / "benchmarks" / "helpcenter" / "interactions.jsonl",
        "larkspur_answers": ROOT / "benchmarks" / "accuracy" / "larkspur_answers.jsonl"}


def counters(checker: Any) -> dict[str, int]:
    """The NLI model's counters, under however many wrappers (parts, numbers stage) the default stack has."""
    node = checker
    while "nli_pairs" not in getattr(node, "counters", {}):
        node = node.inner
    return node.counters


def log_verdicts(checker: Any, log: Path) -> tuple[list[tuple[bool, float]], float]:
    """(supported, score) per claim of a log, and the share of pairs the model read."""
    before = dict(counters(checker))
    records = check_chunk(list(read_log(log)), checker, CheckOptions())
    out = [(c.verdict == "supported", float(c.score or 0.0)) for r in records for c in (r.claims or [])]
    return out, read_share(before, counters(checker))


def read_share(before: dict[str, int], after: dict[str, int]) -> float:
    pairs = after["nli_pairs"] - before["nli_pairs"]
    return 1.0 - (after["nli_pairs_pruned"] - before["nli_pairs_pruned"]) / pairs if pairs else 1.0


def bench_verdicts(checker: Any, path: Path) -> tuple[list[tuple[bool, float]], float]:
    before = dict(counters(checker))
    scores = score_claims(checker, load_claims(path))
    node = checker
    while getattr(node, "threshold", None) is None:
        node = node.inner
    threshold = node.threshold
    return [(bool(s >= threshold), float(s)) for s in scores.scores], read_share(before, counters(checker))


def compare(base: list[tuple[bool, float]], pruned: list[tuple[bool, float]]) -> str:
    flips = sum(a[0] != b[0] for a, b in zip(base, pruned))
    moved = [abs(a[1] - b[1]) for a, b in zip(base, pruned) if a[0]]
    lowered = sum(a[1] - b[1] > 0.05 for a, b in zip(base, pruned))
    return (f"flips {flips:3d}/{len(base)}   supported-score max change {max(moved, default=0.0):.4f}   "
            f"scores lowered > 0.05: {lowered}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shares", default="0,0.25,0.5,0.75")
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--recheck", action=argparse.BooleanOptionalAction, default=True,
                        help="prune_recheck: re-read every window of a claim left not supported (default on)")
    parser.add_argument("--first", default="default",
                        help="prune_first: the share of the first, closest reading ('off': none; default: the "
                             "checker's default)")
    parser.add_argument("--files", help="comma-separated names to run (helpcenter, larkspur_answers, shapes_dev, "
                                        "wice_claim_dev); default all")
    args = parser.parse_args()
    cache = ContentCache(None, "use")
    files: dict[str, Any] = dict(LOGS)
    shapes = args.data / "dev" / "shapes_dev.jsonl"
    if shapes.is_file():
        files["shapes_dev"] = shapes
    wice = args.data / "dev" / "wice_claim_dev.jsonl"
    if wice.is_file():
        files["wice_claim_dev"] = wice
    for pattern in ("shapes_*/shapes_*.jsonl", "*_holdout/*_holdout.jsonl"):  # labels only: no failure is read
        for held in sorted((ROOT / "benchmarks").glob(pattern)):
            files[held.stem] = held
    if args.files:
        files = {name: path for name, path in files.items() if name in args.files.split(",")}
    shares = [None] + [float(s) for s in args.shares.split(",")]
    results: dict[str, dict[Any, tuple[list[tuple[bool, float]], float]]] = {name: {} for name in files}
    for share in shares:
        first = {} if args.first == "default" else {"prune_first": args.first}
        checker = build_checker("nli", cache=cache, prune_windows=share, prune_recheck=args.recheck, **first)
        checker.load()
        for name, path in files.items():
            run = bench_verdicts if path.suffix == ".jsonl" and name == "wice_claim_dev" else log_verdicts
            results[name][share] = run(checker, path)
    for name in files:
        base = results[name][None][0]
        print(f"{name}: {len(base)} claims")
        for share in shares[1:]:
            verdicts, read = results[name][share]
            print(f"  prune_windows={share:<5} prune_first={args.first:<7}  pairs read {100 * read:5.1f}%   "
                  f"{compare(base, verdicts)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
