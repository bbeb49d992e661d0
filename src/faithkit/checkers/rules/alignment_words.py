"""The word level shared by the alignment rules: content words and a crude stem (no model, no dictionary).

Why a module of its own: the polarity, unit and name rules (``alignment``, ``alignment_names``) must agree on
what a word is, or a rule would compare "refundable" in one text with "refund" in the other and miss.
"""

from __future__ import annotations

import re
from functools import lru_cache

from faithkit.text.words import IRREGULAR_PLURALS

STOPWORDS = frozenset(
    "a an the and or but if of to in on at by for with from as is are was were be been being it its this that these "
    "those you your we our they their them he she his her can could will would may might do does did not no than "
    "then so such also only all any each every per yes there here have has had must should shall which who whom "
    "what when where how about into onto over under up down out off via just very more most less least".split())

WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|\d+(?:[.,]\d+)?")
# where a sentence joins clauses: a comma (not the one of a digit group, "9,000"), a semicolon, "and", "or", "but",
# "while", "whereas". One pattern for the rules that read a sentence clause by clause (the scope rule's
# generalisation, the siblings rule's cases, the conditions rule's conditions), so they agree on what a clause is.
CLAUSE_JOINT = re.compile(r",(?!\d{3}\b)\s*(?:and\s+|or\s+|but\s+)?|;\s*|\s+(?:and|or|but|while|whereas)\s+",
                          re.IGNORECASE)


def clause_spans(text: str, joint: re.Pattern[str] = CLAUSE_JOINT) -> list[tuple[int, int]]:
    """(start, end) of each clause of ``text``, cut at ``joint``: for rules that need where a clause sits, not
    only its words (the label-line rule's clauses, the date rules' question clauses)."""
    spans, start = [], 0
    for found in joint.finditer(text):
        spans.append((start, found.start()))
        start = found.end()
    return [*spans, (start, len(text))]


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A crude stem so that "refundable", "refunded" and "refunds" meet ("refund"); good enough for overlap.
    Memoized: the rules stem the same passage words for every claim (73,000 calls on a 40-answer log)."""
    w = word.lower()
    if w.endswith("'s"):  # a possessive is its noun: "Team GB's" names GB (not "gb'", a name the claim never has)
        w = w[:-2]
    w = w.strip("'-")
    if w in IRREGULAR_PLURALS:  # "children" meets "child": a plural no suffix rule reaches
        return IRREGULAR_PLURALS[w]
    for suffix in ("ability", "ibility", "able", "ible", "ings", "ing", "ied", "ies", "ed", "es", "s"):
        if len(w) > len(suffix) + 2 and w.endswith(suffix):
            w = w[: -len(suffix)] + ("y" if suffix in ("ied", "ies") else "")
            if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":  # "transferred" -> "transfer"
                w = w[:-1]
            return w
    return w


@lru_cache(maxsize=65536)
def words(text: str) -> frozenset[str]:
    """Stemmed content words (hyphenated words split: "sign-in" -> sign). Memoized and frozen: every rule reads
    the words of the same passage sentences for every claim."""
    out = set()
    for token in WORD.findall(text):
        for part in token.split("-"):
            if part and part.lower() not in STOPWORDS and part.lower() != "non":
                out.add(stem(part))
    return frozenset(out)
