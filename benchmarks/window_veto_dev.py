"""Does the two-sentence-window veto help? Measured on dev data only, veto off vs on, side by side.

    python benchmarks/window_veto_dev.py [--data /work/shared/data] [--synth training/work/data/synth_dev.jsonl]

The veto (NLIChecker(window_veto=0.5), the default) stops a two-sentence window from supporting a claim that one
of its own sentences contradicts. Files: WiCE claim dev (long claims, several chunks per claim), the check-shaped
synthetic dev set held out from the training documents (when built), and the Larkspur-style help-center answers
in benchmarks/accuracy. Scores are computed once (content cache) and re-decided under each setting.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from faithkit.bench import evaluate_scores, load_claims, score_claims
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
    right = sum(("unsupported" if r["unsupported"] else "faithful") == gold[r["id"]] for r in records)
    return right, len(records)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--synth", type=Path, default=ROOT / "training" / "work" / "data" / "synth_dev.jsonl")
    parser.add_argument("--limit", type=int, default=0, help="use only the first N claims of each file")
    args = parser.parse_args()
    files = [args.data / "dev" / "wice_claim_dev.jsonl"] + ([args.synth] if args.synth.exists() else [])
    cache = ContentCache(Path(tempfile.gettempdir()) / "faithkit-veto-bench")
    rows = []
    for veto in (None, 0.5, 0.8):
        checker = NLIChecker(window_veto=veto, cache=cache).load()
        row = {"veto": veto}
        for path in files:
            claims = load_claims(path)
            if args.limit:
                claims = claims[:args.limit]
            result = evaluate_scores(score_claims(checker, claims), threshold=0.5)
            row[path.stem] = f"{result.balanced_accuracy:.1f} [{result.low:.1f}, {result.high:.1f}]"
        right, total = help_center_right(checker)
        row["help_center"] = f"{right}/{total}"
        rows.append(row)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
