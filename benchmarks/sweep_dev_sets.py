"""Convert a public dev set into a `faithkit sweep` labeled file (and optionally run the sweep).

    .venv/bin/python benchmarks/sweep_dev_sets.py wice --out runs/dev/wice_labeled.jsonl
    faithkit sweep runs/dev/wice_labeled.jsonl --out runs/dev/sweep-wice --checker nli --checker similarity

wice      shared/data/dev/wice_claim_dev.jsonl: 349 claims, each with 1-5 evidence chunks (rows sharing `group`).
          One labeled row per claim, its chunks as the passages (faithkit windows each chunk and keeps the best
          window, the per-group MAX the data README asks for); case = WiCE's label3 (supported,
          partially_supported, not_supported), so detection is reported separately for partial support.
snli-cad  shared/data/dev/snli_cad_dev.tsv: 1,000 premise/hypothesis pairs; entailment -> supported, neutral and
          contradiction -> not_supported, case = the gold label. Use --limit for a quick run.

dev/ is for choosing thresholds, never for training; test/ is not touched here. The converted files are
written outside the repository by default: WiCE and SNLI text are CC BY-SA, so do not commit large copies.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import defaultdict
from pathlib import Path

DATA = Path("/work/shared/data/dev")


def wice_rows(path: Path) -> list[dict]:
    groups: dict[str, list[dict]] = defaultdict(list)
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                row = json.loads(line)
                groups[row["group"]].append(row)
    out = []
    for group, rows in groups.items():
        labels = {(r["label"], r["label3"], r["claim"]) for r in rows}
        if len(labels) != 1:
            raise ValueError(f"{group}: rows disagree on claim or label: {labels}")
        label, label3, claim = labels.pop()
        out.append(
            {
                "id": group,
                "claim": claim,
                "contexts": [{"id": r["id"], "text": r["doc"]} for r in rows],
                "label": "supported" if label == 1 else "not_supported",
                "case": label3,
            }
        )
    return out


def snli_cad_rows(path: Path) -> list[dict]:
    out = []
    with path.open(encoding="utf-8", newline="") as handle:
        for number, row in enumerate(csv.DictReader(handle, delimiter="\t"), 1):
            gold = row["gold_label"]
            if gold not in ("entailment", "neutral", "contradiction"):
                raise ValueError(f"line {number + 1}: unknown gold_label {gold!r}")
            out.append(
                {
                    "id": f"snli-cad-dev-{number}",
                    "claim": row["sentence2"],
                    "contexts": [row["sentence1"]],
                    "label": "supported" if gold == "entailment" else "not_supported",
                    "case": gold,
                }
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dataset", choices=["wice", "snli-cad"])
    parser.add_argument("--out", required=True, help="labeled JSONL to write")
    parser.add_argument("--limit", type=int, help="keep the first N rows (a quick run)")
    parser.add_argument("--data", type=Path, default=DATA, help="the dev folder (default /work/shared/data/dev)")
    args = parser.parse_args(argv)
    rows = (
        wice_rows(args.data / "wice_claim_dev.jsonl")
        if args.dataset == "wice"
        else snli_cad_rows(args.data / "snli_cad_dev.tsv")
    )
    if args.limit:
        rows = rows[: args.limit]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    counts = defaultdict(int)
    for row in rows:
        counts[(row["label"], row["case"])] += 1
    print(
        f"wrote {len(rows)} labeled claims to {out}: "
        + ", ".join(f"{label}/{case} {n}" for (label, case), n in sorted(counts.items())),
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
