"""A claim whose subject is "It" / "They", read by the alignment rules with the name that pronoun stands for.

Why: answer sentences lean on the sentence before them. Larkspur's team-8 answer says "The Team plan costs €12
per user per month, …. It includes up to 10 users and SSO." The exclusivity rule knows that "SSO is available
only on the Enterprise plan" reserves SSO for Enterprise, but "It includes … SSO" names no plan, so there was
nothing to compare and the claim stayed supported (0.98). Read as "It (Team) includes up to 10 users and SSO.",
the claim gives SSO to a sibling of Enterprise and the rule removes its support.

What is resolved, and why so little:

- only a leading "It" / "They" (after an optional "Yes," / "No,"), and not the "it" of "It is not possible to …"
  or "It takes …", which stands for nothing;
- only to a name (a capitalised term, ``alignment_names.names``) in the subject of the answer sentence just
  before the claim, or of the question when the claim opens the answer: a name before any comma or preposition
  ("The Team plan costs …" gives Team; "On Free, guest access costs €2." gives nothing);
- only for the alignment rules: the model reads the claim as written (its cached scores stay valid); a claim the
  answer does not contain word for word (an LLM decomposer's rewording) is left as it is.

The rules only ever remove support, so a wrong antecedent can cost a faithful claim its support (a false alarm)
but never pass a wrong one. Measured: 4 of the help-center suite's 323 claims are resolved ("They (ID) also have
to sign a waiver there." is one wrong antecedent) and no verdict changes there or on WiCE dev; on the quick start,
team-8's SSO sentence is flagged.
"""

from __future__ import annotations

import re
from functools import lru_cache

from faithkit.checkers.rules.alignment_names import _NAME, names
from faithkit.checkers.rules.alignment_words import stem
from faithkit.text.sentences import split_sentences

_PREPOSITION = re.compile(r"\b(?:on|in|for|with|at|from|to|by|of|about|under|over|after|before|during|than)\b",
                          re.IGNORECASE)
_PRONOUN_SUBJECT = re.compile(r"^(\s*(?:(?:yes|no)\s*,\s*)?)(it|they)\b(?!\s*\()", re.IGNORECASE)
# "It is not possible to …", "It's free to …", "It takes 3 days …", "It depends …": "it" stands for nothing
EXPLETIVE_IT = re.compile(r"\s*(?:(?:is|was|'s|’s)\s+(?:not\s+)?(?:\w+\s+)?\w+\s+(?:to|that|if|whether)\b"
                           r"|(?:takes|took|depends|seems|looks|appears)\b)", re.IGNORECASE)


def with_subject(claim: str, answer: str = "", question: str = "", known: tuple[str, ...] = ()) -> str:
    """``claim`` with the name its pronoun subject stands for written after the pronoun ("It (Team) includes
    …"), or ``claim`` itself when it has no such subject or no antecedent name is found (module docstring)."""
    match = _PRONOUN_SUBJECT.match(claim)
    if match is None or (match.group(2).lower() == "it" and EXPLETIVE_IT.match(claim, match.end())):
        return claim
    name = _antecedent_name(claim, answer, question, known)
    if name is None:
        return claim
    return f"{claim[:match.end()]} ({name}){claim[match.end():]}"


@lru_cache(maxsize=4096)
def _antecedent_name(claim: str, answer: str, question: str, known: tuple[str, ...]) -> str | None:
    before = _sentence_before(claim, answer)
    if before is None:
        return None
    source = before or question
    found = names(source, known)
    for m in _NAME.finditer(source):
        lead = source[:m.start()]
        if "," in lead or _PREPOSITION.search(lead):
            return None  # past the subject: "On Free, guest access costs €2." names no subject
        if stem(m.group(0)) in found:
            return m.group(0)
    return None


def _sentence_before(claim: str, answer: str) -> str | None:
    """The answer sentence before the one ``claim`` is ("" for the first), None when ``claim`` is not found."""
    at = answer.find(claim.strip())
    if at < 0:
        return None
    previous = ""
    for sentence in split_sentences(answer):
        if sentence.end > at:
            return previous
        previous = sentence.text
    return None
