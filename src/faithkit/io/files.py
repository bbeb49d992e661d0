"""File helpers every writing command shares: atomic writes, the GitHub step summary, the baseline swap.

They live here, not in a command, so `gate`, `compare`, `mutate`, `sweep` and the results writer use the same
guarantees: a reader sees the old file or the new one, never half of one; a folder is swapped in whole.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from faithkit.errors import UsageError


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temp file in the same folder and ``os.replace`` (atomic on POSIX)."""
    target = Path(path)
    if target.is_dir():
        raise UsageError(f"{target} is a folder, expected a file path")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def to_json(data: Any) -> str:
    """The JSON text faithkit writes for reports (indented, UTF-8 kept, unknown objects as strings)."""
    return json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n"


def append_step_summary(markdown: str) -> bool:
    """Append to ``$GITHUB_STEP_SUMMARY`` when it is set (GitHub Actions); True when something was written.

    A summary that cannot be written is a warning, not a failure: the gate's exit code is what CI acts on."""
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if not summary:
        return False
    try:
        with open(summary, "a", encoding="utf-8") as handle:
            handle.write(markdown if markdown.endswith("\n") else markdown + "\n")
    except OSError as exc:
        print(f"faithkit: warning: could not append to $GITHUB_STEP_SUMMARY ({summary}): {exc}", file=sys.stderr)
        return False
    return True


def replace_baseline(base_dir: Path, new_dir: Path) -> None:
    """Swap a full copy of ``new_dir`` in as ``base_dir``: copy to a sibling temp folder, then two renames, so
    readers see the old baseline or the new one, never a mix; the old one is restored if the swap fails."""
    parent = base_dir.resolve().parent
    staging = Path(tempfile.mkdtemp(prefix=f".{base_dir.name}.new-", dir=parent))
    retired = parent / f".{base_dir.name}.old-{staging.name.rsplit('-', 1)[-1]}"
    try:
        shutil.copytree(new_dir, staging, dirs_exist_ok=True)
        base_dir.rename(retired)
        try:
            staging.rename(base_dir)
        except OSError:
            retired.rename(base_dir)
            raise
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(retired, ignore_errors=True)


def check_output_dir(path: str | os.PathLike[str]) -> Path:
    """``path`` as a Path when it can be an output folder (absent, or a folder); UsageError when it is a file.
    Cheap, so commands call it before they load a model."""
    out = Path(path)
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} is a file, expected an output folder")
    return out


def update_baseline(base_dir: Path, new_dir: Path, outcome: str, *, force: bool = False) -> str:
    """`gate --update-baseline`: swap ``new_dir`` in as the baseline when the gate passed (or ``force``), and
    say what was done. The same folder twice is left alone; a failed or inconclusive gate keeps the old one."""
    if base_dir.resolve() == new_dir.resolve():
        return "baseline not updated: BASE_DIR and NEW_DIR are the same folder"
    if outcome == "pass" or force:
        replace_baseline(base_dir, new_dir)
        note = "" if outcome == "pass" else f" (forced, although the gate said {outcome})"
        return f"baseline updated: {base_dir} now holds a copy of {new_dir}{note}"
    return f"baseline not updated: the gate said {outcome} (use --force to replace it anyway)"
