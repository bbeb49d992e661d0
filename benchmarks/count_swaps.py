"""A count of times swapped ("once" for "twice"): does `faithkit check` catch the swap and keep the sentence?

    PYTHONPATH=src python benchmarks/count_swaps.py

A passage sentence such as "You can extend the collection time once, by 24 hours, for €1 in the app." limits how
often something may happen. Here every sentence of the bundled sets' passages (the help-center suite, the shapes,
numbers and refusals sets under ``benchmarks/``; not shapes_dev, whose parcel lockers the rule was found on) that
says how many times (``rules.alignment_units.times_counts``: "once", "twice", "four times") yields one-claim
answers over the same passages: the sentence as written, the sentence after "Yes, ", and both with its first
count swapped (once <-> twice, thrice -> twice, N times -> N+1 times, written the same way). Prints how many right
claims are supported and how many swaps are flagged. The sentences are found by the rule's own reading, not chosen;
nothing was tuned on them. The sentences are read with this tree's rule; the checks run on the faithkit that
``PYTHONPATH`` names, so ``PYTHONPATH=/tmp/before/src`` (a ``git worktree`` of an older commit) reads the same
answers with the older checker.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "src"))
from case_swaps import right_and_swapped, sentences  # noqa: E402

from faithkit.checkers.rules.alignment_units import times_counts  # noqa: E402

_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
_COUNT = re.compile(r"\b(once|twice|thrice|(\d+|" + "|".join(_WORDS) + r")\s+times)\b", re.IGNORECASE)


def swapped(sentence: str) -> str | None:
    """The sentence with its first count of times changed: once <-> twice, thrice -> twice, N -> N+1 times."""
    m = _COUNT.search(sentence)
    if m is None:
        return None
    word = m.group(1).lower()
    if word in ("once", "twice", "thrice"):
        new = {"once": "twice", "twice": "once", "thrice": "twice"}[word]
    elif m.group(2).isdigit():
        new = f"{int(m.group(2)) + 1} times"
    else:
        n = _WORDS.index(m.group(2).lower())
        new = f"{_WORDS[n + 1] if n + 1 < len(_WORDS) else n + 1} times"
    if m.group(1)[0].isupper():
        new = new.capitalize()
    return sentence[:m.start()] + new + sentence[m.end():]


def main() -> int:
    answers = []
    found = sentences(lambda text: bool(times_counts(text)) and swapped(text) is not None)
    for sentence, contexts in found:
        swap = swapped(sentence)
        assert swap is not None
        answers += [("right", "sentence", sentence, contexts),
                    ("right", "yes", "Yes, " + sentence[0].lower() + sentence[1:], contexts),
                    ("swap", "sentence", swap, contexts),
                    ("swap", "yes", "Yes, " + swap[0].lower() + swap[1:], contexts)]
    print(f"{len(found)} sentences say how many times; {len(answers)} one-claim answers")
    records, kinds, verdicts = right_and_swapped(answers, ("sentence", "yes"), "counts")
    for key, (kind, form) in kinds.items():
        if (kind == "right") != verdicts[key]:
            print(f"  {'missed' if kind == 'swap' else 'flagged'} ({form}): {records[int(key)]['answer']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
