"""A decorative pictograph before a supported sentence, through `faithkit check`: does the sentence stay supported?

    PYTHONPATH=src python benchmarks/line_marks.py [--claims 40]

Assistants open lines with emoji ("✅ Fuel is included.", "👉 ...", "💡 ...", "⚠️ ..."). The mark states nothing the
words do not, so a faithful sentence must keep its verdict with it, and a fault must stay flagged. As in
``discourse_openers.py``: the help-center suite's first ``--claims`` faithful claims the default checker supports
on their own and as many faults it flags on their own, each checked again with every mark in front. A mark that
says "not" ("❌") reverses the words and is not measured here: it stays in the checked text. Nothing here was
chosen from these claims: the marks are the usual ones.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from discourse_openers import SuiteClaims, check  # noqa: E402

MARKS = ("✅", "👉", "💡", "⚠️", "📌", "🔹", "✔️", "⭐")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=40)
    args = parser.parse_args(argv)
    suite = SuiteClaims()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        kept, caught = suite.kept_and_caught(work, args.claims)
        marked = [suite.record(f"{k}|{row['id']}", row, f"{mark} {row['claim']}")
                  for k, mark in enumerate(MARKS) for row in kept + caught]
        verdicts = check(marked, work, "marks")
    print(f"{len(kept)} faithful help-center claims supported and {len(caught)} faults flagged on their own; "
          "with a mark in front:")
    print(f"{'mark':6s} {'still supported':>16s} {'still flagged':>14s}")
    totals = [0, 0]
    for k, mark in enumerate(MARKS):
        still = sum(verdicts[f"{k}|{row['id']}"] for row in kept)
        flagged = sum(not verdicts[f"{k}|{row['id']}"] for row in caught)
        totals = [totals[0] + still, totals[1] + flagged]
        print(f"{mark:6s} {still:>10d}/{len(kept):<5d} {flagged:>8d}/{len(caught)}")
    print(f"{'all':6s} {totals[0]:>10d}/{len(kept) * len(MARKS):<5d} {totals[1]:>8d}/{len(caught) * len(MARKS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
