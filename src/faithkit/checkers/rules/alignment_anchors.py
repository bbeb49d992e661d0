"""The anchors rule: a duration counted from another event, or on the other side of it, is another condition.

Why (issue 31): "you can ask for a refund within 14 days of buying your ticket" against "you can ask for a refund
within 14 days of the new date being announced", and "cancelled free of charge up to 24 hours before the booking
starts" against "within 24 hours of booking". The numbers agree, so the numbers stage is satisfied, and the
bundled model entails both at 0.93-0.98: it reads the duration and not the event it is counted from. A reader
checks the reference point first.

An anchored duration is an amount of time followed by a relation word and the event it is counted from:
"14 days of purchase" (after), "2 hours before a class" (before), "7 days from delivery" (after). The claim and
the sentence disagree when they give the same amount of time with

- the opposite relation ("24 hours before the booking starts" / "24 hours of booking"), or
- anchors that share no content word, after a crude stem and a few everyday equivalents ("buying your ticket" /
  "the new date being announced"; "purchase" and "buying" meet).

An anchor led by a pronoun that stands for a thing named elsewhere, or made only of stop words ("before it starts",
"after it"), says nothing to compare, so it never disagrees ("after we collect the equipment" names its event by
its verb: "we" and "you" stand for no thing); neither does an amount of time without an
anchor ("within 14 days").
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from faithkit.checkers.rules.alignment_words import stem, words
from faithkit.text.number_words import NUMBER_WORDS, number_word_pattern

__all__ = ["Anchored", "anchor_conflict", "anchored_durations"]

_NUMBER = r"\d+(?:\.\d+)?|" + number_word_pattern("an", "a")
_UNIT = r"(?:working\s+|business\s+|calendar\s+)?(minute|hour|day|week|month|year)s?"
_RELATION = r"of|after|from|since|following|before|prior\s+to|ahead\s+of|in\s+advance\s+of"
_ANCHORED = re.compile(rf"\b({_NUMBER})[\s-]+{_UNIT}\s+({_RELATION})\s+([^,;:.!?()]*)", re.IGNORECASE)
_ANCHOR_END = re.compile(r"\s(?:and|but|or|so|while|whereas|unless|if|to|for|counts?|is|are|will|can|must)\s",
                         re.IGNORECASE)
_BEFORE = {"before", "prior to", "ahead of", "in advance of"}
_WORD_VALUES = {"a": 1, "an": 1, **NUMBER_WORDS}
# everyday words for one event: the anchors "purchase" and "buying your ticket" name the same moment
_SAME_EVENT = (("purchase", "buy", "bought", "order", "checkout"), ("booking", "book", "reservation", "reserve"),
               ("delivery", "deliver", "arrival", "arrive", "receive", "receipt"),
               ("start", "begin", "beginning", "commence"), ("departure", "depart", "leave", "leaves"),
               ("signing", "sign", "signup", "registration", "register", "join", "joining"),
               ("cancellation", "cancel"), ("sent", "send", "sending", "issued", "issue"))
_EVENT_OF = {stem(w): group[0] for group in _SAME_EVENT for w in group}
# "it" / "they" stand for a thing named elsewhere; "we" / "you" do not: "after we collect the equipment" names its
# event by its verb, as "after collection" does
_PRONOUN_LED = re.compile(r"\s*(?:it|they|he|she|this|that|these|those)\b", re.IGNORECASE)
_PRONOUNS = frozenset("i me my you your we us our they them their it its he him his she her one".split())


class Anchored(NamedTuple):
    """An amount of time and the event it is counted from: (14, "day", "after", {"purchase"})."""

    value: float
    unit: str
    before: bool
    anchor: frozenset[str]


def _value(text: str) -> float:
    low = text.lower()
    return float(_WORD_VALUES[low]) if low in _WORD_VALUES else float(low)


@lru_cache(maxsize=65536)
def anchored_durations(text: str) -> tuple[Anchored, ...]:
    """Every amount of time in ``text`` followed by a relation word and an event (module docstring)."""
    found = []
    for m in _ANCHORED.finditer(text):
        phrase = m.group(4)
        end = _ANCHOR_END.search(f" {phrase} ")
        phrase = f" {phrase} "[: end.start()] if end else phrase
        if _PRONOUN_LED.match(phrase):  # "before it starts": the event is the pronoun's, named elsewhere
            anchor: frozenset[str] = frozenset()
        else:
            anchor = frozenset(_EVENT_OF.get(w, w) for w in words(phrase) if w not in _PRONOUNS and not w.isdigit())
        relation = " ".join(m.group(3).lower().split())
        found.append(Anchored(_value(m.group(1)), m.group(2).lower(), relation in _BEFORE, anchor))
    return tuple(found)


def anchor_conflict(claim: str, sentence: str) -> bool:
    """True when the claim and the sentence give the same amount of time counted from another event or on the
    other side of it (module docstring), and the sentence does not also give the claim's reading."""
    theirs = anchored_durations(sentence)
    if not theirs:
        return False
    for ours in anchored_durations(claim):
        same = [t for t in theirs if (t.value, t.unit) == (ours.value, ours.unit)]
        if not same:
            continue
        if any(t.before == ours.before and (not t.anchor or not ours.anchor or t.anchor & ours.anchor)
               for t in same):
            continue
        return True
    return False
