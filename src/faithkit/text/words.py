"""Content words: the one cheap measure of what a sentence is about, shared by every stage that needs it.

Used to pick the sentence of a window a claim is about (the NLI window veto), to check that a judge's quote or a
decomposed claim shares a word with what it cites (``llm``), and to compare claims in decomposition audits.
Numbers and words of three letters or more count, stopwords do not, and a plural -s is dropped so that
"users" and "user" meet.
"""

from __future__ import annotations

import re

__all__ = ["DIGIT_NUMBER", "IRREGULAR_PLURALS", "STOPWORDS", "content_words"]
# plurals no suffix rule reaches, for the crude stems of the rules ("children" meets "child", "people" "person")
IRREGULAR_PLURALS = {"children": "child", "people": "person", "men": "man", "women": "woman", "teeth": "tooth",
                     "feet": "foot", "mice": "mouse", "geese": "goose", "lives": "life", "wives": "wife"}

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# a number written in digits, as written ("72", "3.90", "1,500"): what the rules compare between texts
DIGIT_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
STOPWORDS = frozenset((
    "the a an and or but of to in on at for by with from as is are was were be been being it its this that "
    "these those you your we our they their he she his her them can may will would should could do does did "
    "not no yes all any each every per if then than so such there here which who whom what when where how "
    "also only have has had into out up about over under after before more most less"
).split())


def content_words(text: str) -> set[str]:
    """Lower-cased words that carry content (numbers, non-stopwords of 3+ letters), plural -s removed."""
    words = (m.group(0).lower() for m in _WORD.finditer(text))
    kept = {w for w in words if w.isdigit() or (len(w) > 2 and w not in STOPWORDS)}
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.isdigit() else w for w in kept}
