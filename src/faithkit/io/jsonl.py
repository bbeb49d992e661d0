"""The one JSONL reader: (line number, parsed object) for every non-blank line of a file.

Every JSONL input faithkit reads (labeled claims, bench files, mutants, labels, person claims, results) goes
through ``read_jsonl``, so a bad line is reported the same way everywhere: ``InputFormatError`` with the file,
the 1-based line number and the JSON parser's reason. Interaction logs are the exception: they are read as
bytes in ``io/log.py`` because a bad line there becomes an ``error`` record instead of stopping the run.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from faithkit.errors import InputFormatError, UsageError


class JSONLineError(InputFormatError):
    """A line of a JSONL file is not JSON; ``line`` is 1-based, ``msg`` is the parser's reason."""

    def __init__(self, path: Path, line: int, msg: str):
        super().__init__(f"{path}: not valid JSON ({msg})", line)
        self.path = path
        self.msg = msg


def iter_jsonl(path: str | os.PathLike[str]) -> Iterator[tuple[int, Any]]:
    """Yield ``(line number, object)`` for each non-blank line; UsageError when the file is missing,
    JSONLineError on the first line that is not JSON."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                yield number, json.loads(line)
            except json.JSONDecodeError as exc:
                raise JSONLineError(path, number, exc.msg) from exc


def read_jsonl(path: str | os.PathLike[str]) -> list[tuple[int, Any]]:
    """All of ``iter_jsonl(path)`` as a list."""
    return list(iter_jsonl(path))
