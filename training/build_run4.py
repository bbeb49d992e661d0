"""Run-4 training data: run 3's rows (a sample) plus the window-local hard negatives of hard_negatives.py.

    PYTHONPATH=src python training/build_run4.py --data /work/shared/data --run3 .carry/nli/data3 \
        --out .carry/nli/data4

Run 4 fine-tunes the shipped model (not the base), so it needs fewer rows: the new rows teach the faults the
shipped model misses, and a sample of run 3's rows keeps what it already gets right. Documents held out as dev by
build_data.py stay out (their run-4 rows go to run4_dev.jsonl, for a sanity check only). Seeded.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from build_data import is_dev_doc, read_jsonl  # noqa: E402
from hard_negatives import window_pairs  # noqa: E402

from faithkit.text.sentences import split_sentences  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    ap.add_argument("--run3", type=Path, required=True, help="folder with run 3's train.jsonl.gz")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--per-doc", type=int, default=3)
    ap.add_argument("--run3-rows", type=int, default=26000, help="rows sampled from run 3's training set")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    train = args.data / "train"
    docs = sorted({r["doc"] for name in ("factcheck_gpt_stance.jsonl", "summedits_5domains.jsonl",
                                         "halueval_qa.jsonl") for r in read_jsonl(train / name)})
    new, dev = [], []
    for doc in docs:
        sents = [s.text for s in split_sentences(doc)]
        sents = [s for s in sents if 4 <= len(s.split()) <= 50]
        rows = window_pairs(sents, rng, args.seed, args.per_doc)
        (dev if is_dev_doc(doc) else new).extend(rows)
    with gzip.open(args.run3 / "train.jsonl.gz", "rt", encoding="utf-8") as fh:
        old = [json.loads(line) for line in fh]
    rows = new + rng.sample(old, min(args.run3_rows, len(old)))
    rng.shuffle(rows)
    args.out.mkdir(parents=True, exist_ok=True)
    with gzip.open(args.out / "train.jsonl.gz", "wt", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    with (args.out / "run4_dev.jsonl").open("w", encoding="utf-8") as fh:
        for i, r in enumerate(dev):
            fh.write(json.dumps({"id": f"run4-{i}", "doc": r["premise"], "claim": r["hypothesis"],
                                 "label": r["yb"], "source": r["source"]}, ensure_ascii=False) + "\n")
    stats = {"train_rows": len(rows), "new_rows": len(new), "dev_rows": len(dev),
             "new_sources": dict(Counter(r["source"] for r in new)),
             "positive_share": round(sum(r["yb"] for r in rows) / len(rows), 3)}
    (args.out / "stats.json").write_text(json.dumps(stats, indent=2))
    print(json.dumps(stats, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
