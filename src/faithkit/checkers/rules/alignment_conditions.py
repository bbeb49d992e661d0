"""The conditions rule: a claim that states its sentence's fact without the condition that limits it.

Why (issue 31, item 2): "Bikes travel free." against "Bikes travel free on off-peak services", "There is no
cancellation fee." against "There is no cancellation fee after the first 12 months.", "Members can invite guests
to shared folders." against "... unless an admin has turned guest access off." The claim's words are all in the
sentence, so the model entails it at 0.96-0.99: it reads a shorter claim as a weaker one. A reader does not: the
sentence says the fact holds only under the condition, and the claim says it holds without one.

A condition is a phrase of the sentence led by a word that limits when, for whom or on what the fact holds, taken
from the issue's own list ("within 24 hours of booking", "for members", "only on weekdays", "on orders over $50",
"from June to August") and the subordinators of English grammar ("unless", "if", "once", "as long as",
"provided", "except", "when"). It is dropped when none of its content words is in the claim or in the question
(a yes/no answer leaves the question's condition implicit: "Do Plus members pay on orders over £20?" "No, Plus
members don't pay a delivery fee."). The rule runs only on the sentence a claim is about (``checkers.rules.window_veto``
picks it), and only when the claim restates that sentence: every content word of the claim is in it, so a claim
that says something of its own is left to the model and the other rules.
"""

from __future__ import annotations

import re
from functools import lru_cache

from faithkit.checkers.rules.alignment_words import CLAUSE_JOINT, stem, words
from faithkit.text.number_words import NUMBER_WORDS, number_word_pattern

__all__ = ["condition_conflict", "conditions", "dropped_condition", "moved_first_count"]

# "for" only before whom a fact is for ("for members", "for other admins"): "ready for collection", "for €1" and
# "for 30 days" say what or how long, not for whom. A list of its own, not ``alignment_names.ROLES``: reading
# "for" through those stems made "for" a cue everywhere and cost a faithful claim (help-center food-28, session 16)
_ROLE_WORDS = ("members?", "guests?", "admins?", "administrators?", "owners?", "students?", "seniors?", "children",
               "adults?", "employees?", "customers?", "users?", "cardholders?", "residents?", "visitors?")
_SUBORDINATE = r"unless|if|once|as\s+long\s+as|provided(?:\s+that)?|except|excluding|when|whenever|only"
# "from" only as a span ("from June to August"): "missing items from your order" is a source, not a condition
_PREPOSITION = r"on|at|during|after|before|within|until|till|from(?=[^,;.!?]*\s(?:to|until|till)\s)|over|above|" \
               r"under|below|outside|for(?=\s+(?:\w+\s+)?(?:" + "|".join(_ROLE_WORDS) + r")\b)"
_CUE = re.compile(rf"\b(?:{_SUBORDINATE}|{_PREPOSITION})\b", re.IGNORECASE)
# where a condition phrase ends: the clause's punctuation (not the colon of a time, 8:00, nor a decimal point) or a
# coordinator that starts the next statement; a prepositional phrase also ends at the sentence's verb ("at Tallis
# cash machines | are always free") or at the next cue, a subordinate clause ("unless the room is closed") runs on
_CLAUSE_END = r"[,;!?()]|[.](?!\d)|:(?!\d)|\s(?:and|but|or|so|while|whereas)\s"
_END = {True: re.compile(_CLAUSE_END, re.IGNORECASE),
        False: re.compile(_CLAUSE_END + r"|\s(?:is|are|was|were|can|cannot|must|will|may)\s"
                          rf"|\s(?=(?:{_SUBORDINATE}|{_PREPOSITION})\b)", re.IGNORECASE)}
_SUBORDINATOR = re.compile(r"(?:unless|if|once|as\s+long\s+as|provided|except|excluding|when|whenever)\b",
                           re.IGNORECASE)
# "there" as a place already named ("sign a waiver there"), not the "there" of "there is no fee"
_BACK_REFERENCE = re.compile(r"\bthere\b(?!\s*(?:is|are|was|were|will|'s|has|have)\b)"
                             r"|\b(?:then|in\s+(?:that|this)\s+case|at\s+that\s+point)\b", re.IGNORECASE)
_UNIVERSAL = re.compile(r"\b(?:any|all|every|each|always|anytime)\b", re.IGNORECASE)
_AMOUNT = re.compile(r"^\s*(?:for|at)\s+(?:a\s+|an\s+|just\s+|only\s+)?(?:[$€£¥]\s?\d|\d|free\b)", re.IGNORECASE)


@lru_cache(maxsize=65536)
def conditions(sentence: str) -> tuple[str, ...]:
    """The condition phrases of a sentence, each from its cue to the end of its clause part: "on off-peak
    services", "unless an admin has turned guest access off". A price ("for €1", "at $5") is what something
    costs, not when it holds, and a phrase with a universal ("on all Northline services", "at any time") widens
    rather than limits: neither is a condition. Memoized: every claim is held to the same passage sentences."""
    found = []
    for m in _CUE.finditer(sentence):
        end = _END[bool(_SUBORDINATOR.match(m.group(0)))].search(sentence, m.end())
        phrase = sentence[m.start(): end.start() if end else len(sentence)]
        if _AMOUNT.match(phrase) or _UNIVERSAL.search(phrase) or not words(phrase[m.end() - m.start():]):
            continue
        found.append(phrase.strip())
    return tuple(found)


def dropped_condition(claim: str, sentence: str, question: str = "") -> str | None:
    """The condition of ``sentence`` that the claim drops (module docstring), or None.

    Only the parts of the sentence the claim is about count ("Version history is kept for 30 days on Plus and 180
    days on Business." holds "on Plus" for the Plus part only): a condition is dropped when every part the claim
    speaks of (``_parts_about``) has one of which the claim and the question say less than half. A claim that
    points back to its condition ("there", "then", "in that case") carries it by reference and is never held to
    it; a claim with a content word of its own is not a restatement and is left to the other rules."""
    if _BACK_REFERENCE.search(claim):
        return None
    claim_words = frozenset(w for w in words(claim) if not w.endswith("n't"))
    if not claim_words or not claim_words <= words(sentence):
        return None
    said = claim_words | words(question)
    parts = [p for p in CLAUSE_JOINT.split(sentence) if p and words(p)] or [sentence]
    about = _parts_about(parts, claim_words)
    dropped = None
    for part in about:
        missing = next((c for c in conditions(part) if _said_share(c, said) < 0.5), None)
        if missing is None:
            return None  # a part the claim is about keeps every condition it has
        dropped = dropped or missing
    return dropped


def _parts_about(parts: list[str], claim_words: frozenset[str]) -> list[str]:
    """The parts the claim speaks of: those it shares a word of their own with (a word no other part has: "180"
    and "Business" in "... 30 days on Plus and 180 days on Business"), else those it shares the most words with."""
    own = [words(p) - frozenset().union(*(words(q) for q in parts if q is not p)) for p in parts]
    touched = [p for p, mine in zip(parts, own) if mine & claim_words]
    if touched:
        return touched
    shared = [len(words(p) & claim_words) for p in parts]
    return [p for p, count in zip(parts, shared) if count == max(shared)]


def _said_share(phrase: str, said: frozenset[str]) -> float:
    cue = _CUE.match(phrase)
    inside = words(phrase[cue.end():] if cue else phrase)
    return len(inside & said) / len(inside) if inside else 1.0


def condition_conflict(claim: str, sentence: str, question: str = "") -> bool:
    return dropped_condition(claim, sentence, question) is not None or moved_first_count(claim, sentence) is not None


_FIRST_N = re.compile(rf"\bfirst\s+(?P<n>\d+|{number_word_pattern()})\s+"
                      r"(?P<things>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,2})", re.IGNORECASE)
_NOT_THING = frozenset("in of for on at to from per each every a an the are is be was were and or with without "
                       "that which who you your their our its cost costs get gets pay pays can will".split())


def _first_counts(text: str) -> list[tuple[float, frozenset[str], str]]:
    """What "the first N <things>" of ``text`` count: (N, the stems of the words naming the things, up to the
    first word that does not): "for their first 3 hours in Room B" -> (3, {"hour"}), "the first 2 guard
    call-outs" -> (2, {"guard", "call-out"})."""
    out = []
    for m in _FIRST_N.finditer(text):
        n = m.group("n").lower()
        value = float(n) if n.isdigit() else float(NUMBER_WORDS[n])
        things = []
        for word in m.group("things").split():
            if word.lower() in _NOT_THING:
                break
            things.append(word)
        if things:
            out.append((value, frozenset(stem(w) for w in things), f"first {m.group('n')} {' '.join(things)}"))
    return out


def moved_first_count(claim: str, sentence: str) -> tuple[str, str] | None:
    """(the sentence's "first N", the claim's) when the claim counts "the first N" of a thing the sentence counts
    with another N and never with the claim's: "New bands get their first 4 hours at ₴200 per hour" against
    "New bands pay ₴200 per hour for their first 3 hours". The introductory price or free allowance is the same
    words with the number changed, which the model reads as support (0.84); the numbers stage accepts the 4 as the
    user's own "4-hour session"."""
    mine = _first_counts(claim)
    if not mine:
        return None
    theirs = _first_counts(sentence)
    for count, things, written in mine:
        same = [(n, said) for n, t, said in theirs if t & things]
        if same and all(n != count for n, _ in same):
            return same[0][1], written
    return None
