"""Columnar inputs: a Parquet file (pyarrow) and a Hugging Face ``datasets`` folder from ``save_to_disk``.

Both are read in record batches, so memory follows the batch size, not the file; list columns arrive as
Python lists and go through the same row parser as JSONL. ``datasets.load_from_disk`` is used when
``datasets`` is installed (it knows every layout it writes); otherwise the folder's Arrow files are read with
pyarrow directly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path

from faithkit.errors import InputFormatError, MissingDependencyError
from faithkit.io.formats.rows import plain, rows_to_items
from faithkit.io.log import LineError
from faithkit.records import Interaction

BATCH_ROWS = 1024


def _pyarrow():
    try:
        import pyarrow  # noqa: F401
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise MissingDependencyError("reading Parquet needs pyarrow: pip install 'faithkit[formats]'") from exc
    return pq


def parquet_rows(path: Path) -> Iterator[dict]:
    pq = _pyarrow()
    try:
        source = pq.ParquetFile(path)
    except Exception as exc:  # pyarrow raises ArrowInvalid / OSError for a file that is not Parquet
        raise InputFormatError(f"{path}: not a readable Parquet file ({exc})") from exc
    for batch in source.iter_batches(batch_size=BATCH_ROWS):
        for row in batch.to_pylist():
            yield {k: plain(v) for k, v in row.items()}


def read_parquet(path: Path, *, contexts_separator: str | None = None,
                 fields: Mapping[str, str] | None = None) -> Iterator[Interaction | LineError]:
    yield from rows_to_items(enumerate(parquet_rows(path), 1), separator=contexts_separator, fields=fields)


def dataset_rows(path: Path, split: str | None = None) -> Iterator[dict]:
    """Rows of a ``save_to_disk`` folder: a Dataset, or one split of a DatasetDict (the only one, or ``split``)."""
    try:
        import datasets
    except ImportError:
        yield from _arrow_folder_rows(path)
        return
    loaded = datasets.load_from_disk(str(path))
    if isinstance(loaded, datasets.DatasetDict):
        names = list(loaded)
        if split is None and len(names) != 1:
            raise InputFormatError(
                f"{path}: a DatasetDict with splits {names}: pass the split's folder ({path / names[0]})"
            )
        loaded = loaded[split or names[0]]
    for batch in loaded.iter(batch_size=BATCH_ROWS):
        columns = list(batch)
        for index in range(len(batch[columns[0]]) if columns else 0):
            yield {name: plain(batch[name][index]) for name in columns}


def _arrow_folder_rows(path: Path) -> Iterator[dict]:
    import pyarrow as pa

    _pyarrow()
    state = path / "state.json"
    files = (
        [f["filename"] for f in json.loads(state.read_text())["_data_files"]]
        if state.exists()
        else sorted(p.name for p in path.glob("*.arrow"))
    )
    if not files:
        raise InputFormatError(f"{path}: no Arrow files in the dataset folder")
    for name in files:
        with pa.memory_map(str(path / name)) as source:
            for batch in pa.ipc.open_stream(source):
                for row in batch.to_pylist():
                    yield {k: plain(v) for k, v in row.items()}


def read_dataset(path: Path, *, contexts_separator: str | None = None,
                 fields: Mapping[str, str] | None = None) -> Iterator[Interaction | LineError]:
    yield from rows_to_items(enumerate(dataset_rows(path), 1), separator=contexts_separator, fields=fields)
