"""Numbers given to two subjects in clauses of one sentence, swapped: does `faithkit check` catch the swap?

    PYTHONPATH=src python benchmarks/subject_swaps.py

A passage sentence such as "Undergraduates can borrow up to 15 items at a time; postgraduates and staff can borrow up
to 40." gives each clause's number to that clause's subject (``rules.alignment_cases.subject_conflict``). Here every
sentence of the bundled sets' passages whose clauses (cut at ";", "while", "whereas", ", but") each have their own
subject and numbers after their verb yields, for each ordered pair of its clauses, two one-claim answers over the
same passages: the first clause as written (right) and the first clause's predicate given to the second clause's
subject (swap: "Postgraduates and staff can borrow up to 15 items at a time."). Prints how many right claims are
supported and how many swaps are flagged. The sentences are found by the rule's own reading, not chosen; the rule
was chosen on one development answer (shapes_holdout sh-041), none of these.
"""

from __future__ import annotations

import itertools
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "src"))
from case_swaps import right_and_swapped, sentences  # noqa: E402

from faithkit.checkers.rules.alignment_cases import subject_clauses  # noqa: E402


def _distinct(sentence: str) -> bool:
    bound = [c for c in subject_clauses(sentence) if c.numbers]
    return len(bound) >= 2 and all(not (a.words & b.words) and a.numbers != b.numbers
                                   for a, b in itertools.combinations(bound, 2))


def main() -> int:
    answers = []
    found = sentences(_distinct)
    for sentence, contexts in found:
        for a, b in itertools.permutations([c for c in subject_clauses(sentence) if c.numbers], 2):
            first = f"{a.subject[0].upper()}{a.subject[1:]} {a.predicate}."
            swapped = f"{b.subject[0].upper()}{b.subject[1:]} {a.predicate}."
            answers += [("right", "sentence", re.sub(r"\s+", " ", first), contexts),
                        ("swap", "sentence", re.sub(r"\s+", " ", swapped), contexts)]
    print(f"{len(found)} sentences give numbers to subjects; {len(answers)} one-claim answers")
    right_and_swapped(answers, ("sentence",), "subjects")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
