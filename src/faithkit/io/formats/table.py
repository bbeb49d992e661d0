"""CSV and TSV tables: a header row naming the fields (faithkit, Ragas, DeepEval names), one record per row.

List cells (``contexts``, ``retrieved_contexts``, ``retrieval_context``) may hold a JSON list, a Python list
repr (what ``pandas.DataFrame.to_csv`` writes for Ragas' ``EvaluationDataset.to_csv``), or text joined by
``--contexts-separator`` (DeepEval's CSV joins with ``|``). Rows are streamed with the standard ``csv`` module,
so quoted cells with newlines and commas are read correctly; the record number is the data row (1 = first row
after the header).
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

from faithkit.errors import InputFormatError
from faithkit.io.formats.rows import rows_to_items
from faithkit.io.log import LineError
from faithkit.records import Interaction


def read_table(
    path: Path, *, delimiter: str = ",", contexts_separator: str | None = None,
    fields: Mapping[str, str] | None = None,
) -> Iterator[Interaction | LineError]:
    csv.field_size_limit(min(sys.maxsize, 1 << 31))  # long passages are normal in a RAG log
    with path.open(encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle, delimiter=delimiter)
        if not reader.fieldnames:
            raise InputFormatError(f"{path}: empty table (no header row)")
        reader.fieldnames = [name.strip() for name in reader.fieldnames]
        try:
            rows = ((number, row) for number, row in enumerate(reader, 1))
            yield from rows_to_items(rows, separator=contexts_separator, text_cells=True, fields=fields)
        except csv.Error as exc:
            raise InputFormatError(
                f"{path}: unreadable {'TSV' if delimiter == chr(9) else 'CSV'} near data row {reader.line_num}: {exc}"
            ) from exc
        except UnicodeDecodeError as exc:
            raise InputFormatError(f"{path}: not valid UTF-8 (byte {exc.start})") from exc
