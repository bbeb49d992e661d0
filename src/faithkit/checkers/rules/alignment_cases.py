"""The cases rule: a number a sentence gives to one case is not the claim's when the claim names another case.

"Consultations cost $65 for dogs and cats and $45 for rabbits and other small pets." gives $65 to dogs and cats.
"Dogs & cats: $45" and "Consultations for dogs and cats cost $45." both state the rabbits' price for dogs and cats;
the model supported them (0.91-0.96), and the binding rule (``alignment.binding_conflict``) did not see it, as it
binds numbers to names and roles ("Plus", "guests") while these cases are common nouns.

Here a sentence is cut into parts at its conjunctions, a part with no number joining the one before it ("dogs" +
"cats"); a part's case is the words after "for" or "on" that follow its number ("$65 for dogs and cats" -> dog,
cat), less the words every case has ("for European languages" / "for Asian languages": european / asian). The
claim's number conflicts when no part holding that number shares a word with the claim, while a part
whose case shares a word with the claim holds another number of the same kind (money, a duration, a rate). A claim
naming both cases ("$65 for dogs and $45 for rabbits") shares a word with each holder and never conflicts.

The same holds for clauses that each have their own subject (``subject_conflict``, session 32): "Undergraduates can
borrow up to 15 items at a time; postgraduates and staff can borrow up to 40." gives 15 to undergraduates, and the
model supported "Staff can borrow up to 15 items at a time." (on the bundled sets' passages it supported 24 of 24
such swaps, `benchmarks/subject_swaps.py`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from faithkit.checkers.rules.alignment_units import quantities
from faithkit.checkers.rules.alignment_words import CLAUSE_JOINT, words

# parts are cut at CLAUSE_JOINT, whose comma between digits is a thousands separator ("CA$1,600 for a cello")
_NUMBER = re.compile(r"[$€£¥]?\d")
_CASE = re.compile(r"\b(?:for|on)\s+(.*)$", re.IGNORECASE)

Quantity = tuple[str, str, str]


@lru_cache(maxsize=4096)
def case_parts(sentence: str) -> tuple[tuple[frozenset[Quantity], frozenset[str]], ...]:
    """(quantities, case words) of each part of ``sentence`` that states a number with a "for"/"on" case."""
    merged: list[str] = []
    for part in (p for p in CLAUSE_JOINT.split(sentence) if p and p.strip()):
        if merged and not _NUMBER.search(part):
            merged[-1] += " " + part
        else:
            merged.append(part)
    out = []
    for part in merged:
        found = _NUMBER.search(part)
        case = _CASE.search(part, found.end()) if found else None
        held = quantities(part)
        if case is not None and held:
            out.append((held, frozenset(words(case.group(1)))))
    common = frozenset.intersection(*(case for _, case in out)) if len(out) > 1 else frozenset()
    return tuple((held, case - common) for held, case in out)  # "languages" in every case tells none apart


def case_conflict(claim: str, sentence: str) -> bool:
    """True when the sentence gives the claim's number to another case than the claim's (module docstring)."""
    parts = case_parts(sentence)
    if len(parts) < 2:
        return False
    said, stated = words(claim), quantities(claim)
    for quantity in stated:
        holders = [case for held, case in parts if quantity in held]
        if not holders or any(said & case for case in holders):
            continue
        mine = [held for held, case in parts if said & case]
        # the claim's case holds another number the claim does not also state: a swap, not a list of both cases
        # ("THB 9,000 for up to 4 people plus THB 1,800 for the fifth person" states both)
        if any(q[1:] == quantity[1:] and q[0] != quantity[0] and q not in stated for held in mine for q in held):
            return True
    return False


# clauses that each have their own subject: "Undergraduates can borrow up to 15 items at a time; postgraduates and
# staff can borrow up to 40." (session 32)
_CLAUSES = re.compile(r";\s*|,\s*(?:while|whereas|but|though|although)\s+|\s+(?:while|whereas)\s+", re.IGNORECASE)
_VERB = re.compile(r"\b(?:can|cannot|can't|may|must|will|won't|should|get|gets|pay|pays|cost|costs|are|is|have|has|"
                   r"receive|receives|borrow|borrows|take|takes|need|needs|keep|keeps)\b", re.IGNORECASE)
_DIGITS = re.compile(r"\d[\d,]*(?:\.\d+)?")


class SubjectClause(NamedTuple):
    """A clause with its own subject: the subject and predicate as written, the subject's words and the numbers
    after its verb."""

    subject: str
    predicate: str
    words: frozenset[str]
    numbers: frozenset[str]


@lru_cache(maxsize=4096)
def subject_clauses(text: str) -> tuple[SubjectClause, ...]:
    """Each clause of ``text`` (cut at ``_CLAUSES``) with its own subject: words before its first verb, no digit.
    Memoized: the alignment rules read the same passage sentence for every claim of an answer."""
    out = []
    for clause in (c.strip(" .") for c in _CLAUSES.split(text) if c and c.strip()):
        verb = _VERB.search(clause)
        if verb is None or verb.start() == 0 or _DIGITS.search(clause, 0, verb.start()):
            continue
        subject = frozenset(words(clause[: verb.start()]))
        if subject:
            numbers = frozenset(n.replace(",", "") for n in _DIGITS.findall(clause, verb.end()))
            out.append(SubjectClause(clause[: verb.start()].strip(), clause[verb.start():].strip(), subject, numbers))
    return tuple(out)


def subject_conflict(claim: str, sentence: str) -> bool:
    """True when the sentence's clauses each have their own subject, the clause holding the claim's number is
    another subject's, and a clause whose subject names every word of the claim's subject holds another number:
    "Staff can borrow up to 15 items at a time." against "Undergraduates can borrow up to 15 items at a time;
    postgraduates and staff can borrow up to 40." A number in a subject ("children under 12 get in free") binds
    nothing."""
    bound = [(c.words, c.numbers) for c in subject_clauses(sentence)]
    if len(bound) < 2:
        return False
    for mine in subject_clauses(claim):  # each of the claim's own clauses with its own subject
        subject = mine.words
        for number in mine.numbers:
            holders = [s for s, held in bound if number in held]
            if not holders or any(subject & s for s in holders):
                continue
            if any(subject <= s and held and number not in held for s, held in bound):
                return True
    return False
