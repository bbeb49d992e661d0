"""Follow-on clauses: "X within 14 days of signing; after that they are not refundable", read on its own.

Why: help-center policies state a time limit and what happens after it in one sentence, the second clause leaning
on the first for its subject ("they") and its time ("after that"). A small cross-encoder cannot resolve either,
and reads the sentence as a bag of words with both polarities in it. Measured with the bundled model:

- "Annual Enterprise contracts are not refundable after 14 days." against the Larkspur sentence "Annual
  Enterprise contracts can be refunded in full within 14 days of signing; after that they are not refundable."
  entails at 0.14 (contradiction 0.86); against "After 14 days of signing, Annual Enterprise contracts are not
  refundable." at 0.94. Resolving only "they" is not enough: "After that, Annual Enterprise contracts are not
  refundable." contradicts the claim at 0.98 (the claim's "14 days" meets nothing).
- The reverse fault "Yes, personal training packs can still be refunded after 7 days." passed at 0.71 through a
  three-sentence window, because its sentence alone contradicts it at only 0.76 (under the 0.8 veto), and the
  polarity rule cannot see the "not" (the same word, "refunded", is asserted in the first clause).

So such a clause becomes a premise window of its own: its *evidence* is the exact slice of the passage ("after
that they are not refundable."), and what the model and the alignment rules *read* is the clause with its
antecedents put back ("After 7 days of purchase, personal training packs are not refundable."). Only this one
shape is rewritten, in one sentence: a first clause that ends in a time limit ("within N days [of X]") and a
second that opens with "after that" / "after this" / "thereafter" / "after which"; a leading "they" / "it" takes
the first clause's subject. Anything else is left alone (a follow-on in the next sentence is not read).
"""

from __future__ import annotations

import re

from faithkit.checkers.numbers.extract import quantities
from faithkit.checkers.numbers.quantity import dimension
from faithkit.records import Passage, Window
from faithkit.text.sentences import split_sentences

__all__ = ["follow_on_windows", "read_on_its_own"]

# a first clause ending in a time limit: "... within 14 days of signing" (the limit closes the clause); the
# duration itself is found by the numbers stage's extractor, so "forty-eight hours" and "2 working days" count
_LIMIT_CUE = re.compile(r"\b(?:within|in\s+the\s+first|for\s+the\s+first|during\s+the\s+first|up\s+to)\s+",
                        re.IGNORECASE)
_LIMIT_TAIL = re.compile(r"(?:\s+(?:of|from|after)(?:\s+[\w-]+){1,3})?\s*$", re.IGNORECASE)
# the join and the anaphor that opens the second clause
_FOLLOW = re.compile(r"(?:;\s*|,\s*(?:and|but)?\s*)(?P<anaphor>after\s+that|after\s+this|thereafter|after\s+which)"
                     r"\s*,?\s+(?P<rest>\S.*)$", re.IGNORECASE | re.DOTALL)
_SUBJECT = re.compile(r"^(?P<subject>[A-Z][\w'-]*(?:\s+[\w'-]+){0,5}?)\s+(?:can|cannot|may|must|will|are|is|have|has|"
                      r"get|gets|need|needs|should)\b")
_PRONOUN = re.compile(r"^(?:they|it)\s+(?=\w)", re.IGNORECASE)


def _lower_first(subject: str) -> str:
    """"Personal training packs" -> "personal training packs"; a name ("Annual Enterprise", "Larkspur") keeps its
    capital when its second word is capitalised or it is one capitalised word the caller cannot judge (kept)."""
    words = subject.split()
    if len(words) > 1 and words[1][:1].islower() and (len(words[0]) == 1 or words[0][1:].islower()):
        return subject[:1].lower() + subject[1:]
    return subject


_PERSONAL = frozenset("i you we he she they it this that".split())


def _agrees(pronoun: str, subject: str) -> bool:
    """"they" stands for a plural subject, "it" for a singular one; a personal subject ("You can change your
    booking ...; after that it is final") is not what the pronoun stands for, so nothing is resolved."""
    words = subject.lower().split()
    if words[0] in _PERSONAL:
        return False
    plural = words[-1].endswith("s") and not words[-1].endswith("ss")
    return plural if pronoun.lower() == "they" else not plural


def _time_limit(clause: str) -> str | None:
    """"14 days of signing" when ``clause`` ends in "within 14 days of signing": a duration right after a limit cue,
    with at most a short "of / from / after ..." tail before the clause ends; else None."""
    for q in quantities(clause):
        if dimension(q.unit) not in ("time_d", "time_m", "time_w"):
            continue
        cue = _LIMIT_CUE.search(clause, max(0, q.start - 30), q.start)
        if cue is None or cue.end() != q.start:
            continue
        tail = _LIMIT_TAIL.match(clause, q.end)
        if tail is not None:
            return clause[q.start:tail.end()].rstrip()
    return None


def read_on_its_own(sentence: str) -> tuple[int, str] | None:
    """For a sentence of the shape above: (offset of the anaphor in ``sentence``, the second clause read on its
    own); None for any other sentence."""
    follow = _FOLLOW.search(sentence)
    if follow is None:
        return None
    first = sentence[: follow.start()]
    limit = _time_limit(first)
    if limit is None:
        return None
    rest = follow.group("rest").strip()
    pronoun = _PRONOUN.match(rest)
    if pronoun:
        subject = _SUBJECT.match(first.strip())
        if subject is None or not _agrees(pronoun.group(0).strip(), subject.group("subject")):
            return None
        rest = _PRONOUN.sub(_lower_first(subject.group("subject")) + " ", rest, count=1)
    return follow.start("anaphor"), f"After {limit}, {rest}"


def follow_on_windows(passages: tuple[Passage, ...] | list[Passage]) -> list[Window]:
    """One window per follow-on clause of every passage: the clause's exact slice as evidence, and what it says on
    its own as ``reads`` (the model's and the rules' text)."""
    out = []
    for passage in passages:
        for sentence in split_sentences(passage.text):
            found = read_on_its_own(sentence.text)
            if found is not None:
                offset, reads = found
                start = sentence.start + offset
                out.append(Window(passage.id, passage.text[start:sentence.end], start, sentence.end, reads))
    return out
