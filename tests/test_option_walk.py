"""One checker option's walk from the command line to the model stays short (issue 33's done-when line).

The issue counted 38 files and 27 climbs for ``--threshold`` before the checkers were regrouped, and asked for at
most half the files. ``benchmarks/option_walk.py`` runs ``faithkit check`` on a one-line log under a profiler and
lists every faithkit file whose functions receive the option (its value, a spec string naming it, or an object
holding one); this test fails when a change makes a newcomer follow the option through more places again.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from option_walk import walk  # noqa: E402

ISSUE_FILES = 38
ISSUE_CLIMBS = 27


def test_the_threshold_passes_through_at_most_half_the_files_it_did() -> None:
    files, climbs, calls = walk()
    assert calls > 0 and "faithkit/checkers/nli.py" in files, files  # the walk reached the model's checker
    assert len(files) <= ISSUE_FILES // 2, files
    assert climbs < ISSUE_CLIMBS // 2, (climbs, files)
