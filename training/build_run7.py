"""Run-7 training data: run 6's rows, with the shipped model's own probabilities as the target of the old ones.

    PYTHONPATH=src python training/build_run7.py --run6 .carry/nli/data6 --out .carry/nli/data7

Why: run 6 learnt the negated policy wordings it was shown and lost other things on the way (help-center balanced
89.2 against 91.2; `results/run6_outcome.md`), the interference every CPU fine-tune so far has shown. Learning
without forgetting (Li & Hoiem, 2016) is the standard remedy: on the rows that only exist to keep what the model
knew (run 3's), the target is the shipped model's own 3-way distribution instead of the label, so the fine-tune
is pulled back to the incumbent wherever the new rows do not push it. The new rows (``run6_*``) keep their labels.
``finetune.py`` reads the ``teacher`` field. Scored as the model reads pairs in training (raw text, no canonical
input), one thread, about 3 minutes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from faithkit.checkers.nli import NLIChecker

sys.path.insert(0, str(Path(__file__).parent))
from rows_io import read_rows, write_rows  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run6", type=Path, required=True, help="folder with run 6's train.jsonl.gz")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--teacher", default=None, help="teacher model folder (default: the bundled model)")
    args = ap.parse_args(argv)
    rows = read_rows(args.run6)
    checker = NLIChecker(model=args.teacher).load() if args.teacher else NLIChecker().load()
    old = [i for i, r in enumerate(rows) if not r["source"].startswith("run6_")]
    probs = checker.score_pairs([(rows[i]["premise"], rows[i]["hypothesis"]) for i in old])
    for i, p in zip(old, probs):
        rows[i]["teacher"] = [round(float(x), 6) for x in p]
    write_rows(args.out, rows, teacher_rows=len(old))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
