"""Run-5 training data: a positive-heavy resample of run 3's rows, for a gentle fine-tune of the shipped model.

    PYTHONPATH=src python training/build_run5.py --run3 .carry/nli/data3 --out .carry/nli/data5

Run 4 (window-local hard negatives, 36% positives) made the shipped model stricter everywhere: faults caught rose,
and so did faithful paraphrases flagged (`results/run4_outcome.md`). Run 5 tries the other side of that trade:
run 3's rewritten positives (paraphrases, merges, trims, second sentences) and SNLI entailments make up more than
half the rows, while the faults the alignment rules cannot see (entity swaps in windows, added facts, partial
support) keep their full share, so the model should learn "other words, same fact" without unlearning the faults.
Long SummEdits rows are left out (slow on CPU, and not shaped like 1-3 sentence windows). Seeded; the quota per
source is the table below, so the same seed gives the same rows.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from rows_io import write_rows  # noqa: E402

# (source, binary label) -> rows to keep; None keeps all of them.
QUOTAS: dict[tuple[str, int], int | None] = {
    ("synth_para", 1): None, ("synth_merge", 1): None, ("synth_trim", 1): None, ("synth_second", 1): None,
    ("synth_copy", 1): 3000, ("snli_esnli_devtest", 1): 3500, ("snli_cad_train", 1): 1500,
    ("factcheck_gpt", 1): None,
    ("synth_entity", 0): None, ("synth_entity_para", 0): None, ("synth_entity_paraphrase", 0): None,
    ("synth_entity_window", 0): None, ("synth_added", 0): None, ("synth_condition", 0): None,
    ("synth_negation", 0): 1500, ("synth_negation_para", 0): None, ("synth_negation_paraphrase", 0): None,
    ("synth_number", 0): 500, ("synth_number_para", 0): None, ("synth_number_paraphrase", 0): None,
    ("synth_number_window", 0): 500, ("synth_partial", 0): 1200, ("synth_elsewhere", 0): 800,
    ("snli_esnli_devtest", 0): 1500, ("snli_cad_train", 0): 800, ("snli_negation", 0): 400,
    ("factcheck_gpt", 0): 600, ("factcheck_gpt_window", 0): 600, ("summedits_window", 0): 400,
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run3", type=Path, required=True, help="folder with run 3's train.jsonl.gz")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=51)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    with gzip.open(args.run3 / "train.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            groups[(row["source"], int(row["yb"]))].append(row)
    rows: list[dict] = []
    for key in sorted(groups):
        if key not in QUOTAS:
            continue
        quota = QUOTAS[key]
        group = groups[key]
        rows.extend(group if quota is None or quota >= len(group) else rng.sample(group, quota))
    rng.shuffle(rows)
    write_rows(args.out, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
