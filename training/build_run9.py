"""Run-9 training data: run 3's rows with runs 6 and 8's targeted rows, for a CPU run from the base.

    PYTHONPATH=src python training/build_run9.py --run3 .carry/nli/data3 --out .carry/nli/data9

Why: runs 4-8 fine-tuned the shipped model on narrow, targeted sets and each traded one set of failures for
another (forgetting, or a shortcut learnt from the targeted rows; `results/run*_outcome.md`). Run 3, the prepared
run from the base on the paraphrase data, never ran, for want of a device. Run 9 is the CPU-sized version of it:
the model is trained once from the base encoder on a sample of run 3's rows (every source but the slow
`summedits_long`, in its run-3 share) together with run 6's mixed-polarity document rows and run 8's two-clause
policy rows, all with hard labels (no teacher targets: the shipped model's probabilities would carry its errors
into a model that starts without them). Seeded: the same seed gives the same rows.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from build_run6 import mixed_rows  # noqa: E402
from build_run8 import two_clause_rows  # noqa: E402
from rows_io import read_rows, write_rows  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run3", type=Path, required=True, help="folder with run 3's train.jsonl.gz")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=91)
    ap.add_argument("--run3-rows", type=int, default=44000)
    ap.add_argument("--mixed-premises", type=int, default=1600)
    ap.add_argument("--policy-premises", type=int, default=1500, help="two-clause policy premises (4 rows each)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    run3 = [r for r in read_rows(args.run3) if r["source"] != "summedits_long"]
    premises = sorted({r["premise"] for r in run3
                       if r["source"].startswith("synth_") and re.search(r"[.!?]\s+[A-Z]", r["premise"])})
    rows = rng.sample(run3, min(args.run3_rows, len(run3)))
    rows += mixed_rows(rng.sample(premises, min(args.mixed_premises, len(premises))), 1, rng)
    rows += two_clause_rows(args.policy_premises, rng)
    rng.shuffle(rows)
    write_rows(args.out, rows, seed=args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
