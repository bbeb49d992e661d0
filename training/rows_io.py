"""Reading and writing a training-data folder (``train.jsonl.gz`` + ``stats.json``), as every build_run*.py does."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any


def read_rows(folder: Path) -> list[dict]:
    with gzip.open(folder / "train.jsonl.gz", "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def write_rows(folder: Path, rows: list[dict], **extra: Any) -> dict[str, Any]:
    """Write ``rows`` and their stats (row count, positive share, rows per source and label, ``extra``); print
    and return the stats."""
    folder.mkdir(parents=True, exist_ok=True)
    with gzip.open(folder / "train.jsonl.gz", "wt", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    stats = {"train_rows": len(rows), "positive_share": round(sum(r["yb"] for r in rows) / len(rows), 3), **extra,
             "sources": dict(sorted(Counter(f"{r['source']}:{r['yb']}" for r in rows).items()))}
    (folder / "stats.json").write_text(json.dumps(stats, indent=2))
    print(json.dumps(stats, indent=2))
    return stats
