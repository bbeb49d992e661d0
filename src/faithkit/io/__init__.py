"""Input logs, results files and caches.

``faithkit.io.read(path, format=None)`` reads any supported input format (see ``faithkit.io.formats``); it is
resolved lazily so importing ``faithkit.io`` loads no reader.
"""

from __future__ import annotations

from typing import Any


def read(path: Any, format: str | None = None, **options: Any) -> Any:
    """Stream the records of an input file or dataset folder: see ``faithkit.io.formats.read``."""
    from faithkit.io.formats import read as read_any

    return read_any(path, format, **options)
