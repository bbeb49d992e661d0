"""How fast each input format is read: the Larkspur interactions repeated to N records, written as JSONL, a
JSON array, CSV and Parquet, then streamed through ``faithkit.io.read`` (parsing and validation included).

    PYTHONPATH=src python benchmarks/input_formats_speed.py [N]

Session 4 (2 shared, busy CPU cores, 18,000 records, two runs): JSONL 0.23-0.46 s, JSON 0.42-0.66 s, CSV
0.29-0.45 s, Parquet 0.28-0.33 s. Reading
is never the slow part of a check: the bundled NLI model scores about a hundred answers a second at best.
"""

from __future__ import annotations

import csv
import json
import sys
import tempfile
import time
from pathlib import Path

from faithkit.io import read

ROOT = Path(__file__).resolve().parent.parent


def write_all(rows: list[dict], folder: Path) -> list[Path]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    (folder / "log.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (folder / "log.json").write_text(json.dumps(rows))
    with (folder / "log.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "question", "contexts", "answer"])
        for r in rows:
            writer.writerow([r["id"], r["question"], json.dumps(r["contexts"]), r["answer"]])
    pq.write_table(pa.Table.from_pylist(rows), folder / "log.parquet")
    return [folder / n for n in ("log.jsonl", "log.json", "log.csv", "log.parquet")]


def main(records: int = 18_000) -> None:
    base = [json.loads(line) for line in (ROOT / "examples/larkspur/interactions.jsonl").read_text().splitlines()]
    rows = [{**r, "id": f"{r['id']}-{i}"} for i in range(records // len(base) + 1) for r in base][:records]
    with tempfile.TemporaryDirectory() as tmp:
        for path in write_all(rows, Path(tmp)):
            started = time.perf_counter()
            count = sum(1 for _ in read(path))
            seconds = time.perf_counter() - started
            print(f"{path.suffix[1:]:8} {count} records in {seconds:.2f} s ({count / seconds:,.0f} records/s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 18_000)
