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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from discourse_openers import SuiteClaims  # noqa: E402

MARKS = ("✅", "👉", "💡", "⚠️", "📌", "🔹", "✔️", "⭐")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=40)
    args = parser.parse_args(argv)
    SuiteClaims().variant_table([(mark, lambda row, m=mark: f"{m} {row['claim']}") for mark in MARKS], args.claims,
                                "a mark in front", "mark", 6)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
