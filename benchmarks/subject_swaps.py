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

from faithkit.checkers.rules.alignment_cases import _CLAUSES, _VERB, _subject_and_numbers  # noqa: E402


def clauses(sentence: str) -> list[tuple[str, str]]:
    """(subject as written, predicate as written) of each clause with its own subject and a number after its verb."""
    out = []
    for clause in (c.strip(" .") for c in _CLAUSES.split(sentence) if c and c.strip()):
        bound = _subject_and_numbers(clause)
        verb = _VERB.search(clause)
        if bound and bound[1] and verb:
            out.append((clause[: verb.start()].strip(), clause[verb.start():].strip()))
    return out


def _distinct(sentence: str) -> bool:
    found = [_subject_and_numbers(c) for c in _CLAUSES.split(sentence) if c and c.strip()]
    bound = [b for b in found if b and b[1]]
    return len(bound) >= 2 and all(not (a[0] & b[0]) and a[1] != b[1] for a, b in itertools.combinations(bound, 2))


def main() -> int:
    answers = []
    found = sentences(_distinct)
    for sentence, contexts in found:
        for (a_subject, a_predicate), (b_subject, _) in itertools.permutations(clauses(sentence), 2):
            first = f"{a_subject[0].upper()}{a_subject[1:]} {a_predicate}."
            swapped = f"{b_subject[0].upper()}{b_subject[1:]} {a_predicate}."
            answers += [("right", "sentence", re.sub(r"\s+", " ", first), contexts),
                        ("swap", "sentence", re.sub(r"\s+", " ", swapped), contexts)]
    print(f"{len(found)} sentences give numbers to subjects; {len(answers)} one-claim answers")
    right_and_swapped(answers, ("sentence",), "subjects")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
