"""Does the window veto help, and which threshold do the dev sets share? Dev data only, side by side.

    python benchmarks/window_veto_dev.py [--data /work/shared/data] [--synth training/work/data/synth_dev.jsonl]

The veto (NLIChecker(window_veto=0.8), the default) stops a multi-sentence window from supporting a claim that
the one of its sentences the claim is about contradicts. Files: WiCE claim dev (long claims, several chunks per
claim), the check-shaped synthetic dev set held out from the training documents (build it with
``training/build_data.py``), and the Larkspur-style help-center answers in benchmarks/accuracy. Scores are
computed once (content cache) and re-decided under each setting, with the checker's default windows (1-3
sentences) unless ``--window-sentences`` says otherwise.

It also applies the training rule to the model alone (no veto): the one threshold that maximises the mean
balanced accuracy of WiCE dev, synth_dev and SNLI-CAD dev (entailment vs not). The bundled model's head has its
dev threshold folded in, so 0.5 is that threshold for 1-2 sentence windows; this shows whether wider windows move
it.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import numpy as np

from faithkit.bench import (
    DEFAULT_GRID,
    NLI_LABELS,
    ClaimScores,
    balanced_accuracy,
    evaluate_scores,
    load_claims,
    load_nli,
    score_claims,
)
from faithkit.cache import ContentCache
from faithkit.checkers.nli import NLIChecker
from faithkit.io.log import read_log
from faithkit.pipeline import CheckOptions, check_chunk

ROOT = Path(__file__).resolve().parent.parent
HELP_CENTER = ROOT / "benchmarks" / "accuracy" / "larkspur_answers.jsonl"


def help_center_right(checker: NLIChecker) -> tuple[int, int]:
    items = list(read_log(HELP_CENTER))
    records = check_chunk(items, checker, CheckOptions())
    gold = {i.id: i.metadata["gold"] for i in items}
    right = sum(("unsupported" if r.unsupported else "faithful") == gold[r.id] for r in records)
    return right, len(records)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--synth", type=Path, default=ROOT / "training" / "work" / "data" / "synth_dev.jsonl")
    parser.add_argument("--limit", type=int, default=0, help="use only the first N claims of each file")
    parser.add_argument("--window-sentences", type=int, default=None, help="windows of 1..N sentences")
    parser.add_argument("--vetoes", default="off,0.5,0.8", help="veto settings to compare (off = no veto)")
    args = parser.parse_args()
    windows = {} if args.window_sentences is None else {"window_sentences": args.window_sentences}
    files = [args.data / "dev" / "wice_claim_dev.jsonl"] + ([args.synth] if args.synth.exists() else [])
    cache = ContentCache(Path(tempfile.gettempdir()) / "faithkit-veto-bench")
    rows = []
    plain: dict[str, ClaimScores] = {}
    for veto in (None if v == "off" else float(v) for v in args.vetoes.split(",")):
        checker = NLIChecker(window_veto=veto, cache=cache, **windows).load()
        row = {"veto": veto, "windows": checker.spec()["windows"]}
        for path in files:
            claims = load_claims(path)
            if args.limit:
                claims = claims[:args.limit]
            scores = score_claims(checker, claims)
            if veto is None:
                plain[path.stem] = scores
            result = evaluate_scores(scores, threshold=0.5)
            row[path.stem] = f"{result.balanced_accuracy:.1f} [{result.low:.1f}, {result.high:.1f}]"
        right, total = help_center_right(checker)
        row["help_center"] = f"{right}/{total}"
        rows.append(row)
        print(json.dumps(row), flush=True)
    if plain:
        snli = load_nli(args.data / "dev" / "snli_cad_dev.tsv")
        probs = np.asarray(NLIChecker(window_veto=None, cache=cache, **windows).load().score_pairs(
            [(p.premise, p.hypothesis) for p in snli]))
        gold = np.array([NLI_LABELS.index(p.gold) for p in snli])
        plain["snli_cad_dev"] = ClaimScores((gold == 0).astype(int), probs[:, 0], len(snli), 0, 1.0)
        means = [np.mean([balanced_accuracy(s.labels, s.scores >= t) for s in plain.values()]) for t in DEFAULT_GRID]
        best = float(DEFAULT_GRID[int(np.argmax(means))])
        at = {name: round(100 * balanced_accuracy(s.labels, s.scores >= best), 2) for name, s in plain.items()}
        at_half = {name: round(100 * balanced_accuracy(s.labels, s.scores >= 0.5), 2) for name, s in plain.items()}
        summary = {"shared_threshold": best, "at_it": at, "at_0.5": at_half, "mean_at_it": round(100 * max(means), 2),
                   "mean_at_0.5": round(float(np.mean(list(at_half.values()))), 2)}
        print(json.dumps({"training rule, model alone": summary}), flush=True)


if __name__ == "__main__":
    main()
