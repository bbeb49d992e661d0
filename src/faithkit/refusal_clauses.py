"""When a sentence that matches a refusal pattern is really a refusal: it declines, and says nothing else.

A refusal pattern matching somewhere in a sentence used to make the whole sentence a refusal, so a factual
claim sharing the sentence was never checked: "The current month is fully refunded, and I can't find any
exceptions in the help center." was a ``refusal``; "There's no information about fees, which are waived."
dropped its claim that fees are waived. The rule now: the sentence is cut into clauses (at , ; : and dashes);
the clause holding the match may have only filler before the match (``Unfortunately,``, ``I'm sorry but``),
and what follows the match in that clause is what is declined (its object). Every other clause must be filler,
another refusal, or a continuation of the declined object (``or about fees``, ``including the pricing page``).
A clause with content of its own (``which are waived``, ``the current month is fully refunded``) makes the
sentence a claim, and the checker judges it. When in doubt, a sentence is checked, never hidden.

A *referral* ("please contact the pharmacy", "you may want to ask a pharmacist for advice") is part of declining:
it sends the user elsewhere and says nothing about the product. It counts as filler next to a refusal (in the
sentence, or as a sentence of its own in an answer that declines), never on its own: "Contact support to cancel."
states how to cancel and is checked. A referral names whom to ask in at most five words, with no digit, address or
purpose clause ("to cancel", "within 30 days", "support@...", "555-0100" are claims).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from faithkit.text.words import STOPWORDS

_CLAUSE_BREAK = re.compile(r"\s*(?:[,;:()]|\s[—–-]\s|[—–])\s*")
_CONTINUATION = re.compile(
    r"^(?:and |or |nor )?(?:about|regarding|on|for|of|in|within|including|such as|like|whether|if|how|what|"
    r"when|where|why|who|which (?:article|page|doc|passage|source)s?|either|neither|nor|or|let alone|"
    r"especially|particularly|specifically)\b",
    re.IGNORECASE,
)
FILLER = STOPWORDS | frozenset(
    "sorry unfortunately however afraid apologies apologize apologise thanks thank please hello hello hi hey "
    "sure okay ok well hmm actually really honestly currently sadly regret i'm im i've ive i'd id me my mine "
    "don't doesn't can't cannot couldn't won't wouldn't isn't aren't wasn't unable able help center centre docs "
    "documentation article articles source sources context passage passages information details detail info "
    "knowledge base available provided given specific specifics anything something nothing question "
    "questions answer know sure certain find found see mention mentioned say says said able there's that's "
    "it's here's".split()
)
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


_BE = r"(?:is|are|was|were|isn't|aren't|wasn't|weren't|is not|are not|was not|were not|'s)"
_ENDS_WITH_BE = re.compile(rf"\b{_BE}\s*$", re.IGNORECASE)
_STARTS_WITH_BE = re.compile(rf"^(?:{_BE}|not)\b", re.IGNORECASE)
_LEADING_JOIN = re.compile(r"^\s*(?:but|and|so|however)\b,?\s*", re.IGNORECASE)
_JOINS = re.compile(r"\b(?:and|but|so|because|while|whereas|although|though|then)\b|\d", re.IGNORECASE)


_REFERRAL = re.compile(
    r"^(?:(?:so|but|and|then|instead)\s+)?"
    r"(?:please\s+|kindly\s+|(?:you|we)\s+(?:can|could|may|might|should|would)\s+(?:(?:want|like|need|try)\s+to\s+)?|"
    r"(?:I|we)(?:'d|\s+would)?\s+(?:recommend|suggest)(?:\s+that)?(?:\s+you)?\s+|(?:it's|it\s+is)\s+best\s+to\s+|"
    r"(?:your\s+)?best\s+(?:bet|option)\s+is\s+to\s+|try\s+)?"
    r"(?:contact(?:ing)?|reach(?:ing)?\s+out\s+to|get(?:ting)?\s+in\s+touch\s+with|call(?:ing)?|ask(?:ing)?|"
    r"speak(?:ing)?\s+(?:to|with)|talk(?:ing)?\s+(?:to|with)|check(?:ing)?\s+with|consult(?:ing)?)\s+"
    r"(?P<whom>[^,;:]+?)"
    r"(?:\s+(?:for|about)\s+(?:more\s+|further\s+|any\s+)?(?:help|details|information|info|assistance|advice|"
    r"support|guidance|clarification|questions)|\s+directly|\s+(?:about|on)\s+(?:this|that|it))?"
    r"(?:\s+(?:when|before|while|next time)\s+you\s+(?:book|call|visit|come in|order|buy|sign up|check in)"
    r"(?:\s+(?:an?|the|your)\s+[a-z]+)?)?$",
    re.IGNORECASE,
)
_NOT_WHOM = frozenset("to if within before after by when because so unless until which that whether how".split())


def is_referral(text: str) -> bool:
    """Whether ``text`` only sends the user elsewhere ("Please contact the pharmacy."): see the module docstring."""
    found = _REFERRAL.match(text.strip(" .!?\"'"))
    if found is None:
        return False
    whom = found.group("whom").split()
    return (len(whom) <= 5 and not any(ch.isdigit() or ch == "@" for ch in found.group("whom"))
            and not _NOT_WHOM.intersection(w.lower() for w in whom))


def _topic_of_refusal(prefix: str, matched: str) -> bool:
    """``Number porting`` in "Number porting isn't something these articles explain": a short subject joined to
    the refusal by "is" / "isn't" (in the prefix or at the start of the match), with no second clause in it."""
    prefix = _LEADING_JOIN.sub("", prefix)  # "but personal training isn't mentioned": the join opens the clause
    if len(prefix.split()) > 6 or _JOINS.search(prefix):
        return False
    return bool(_ENDS_WITH_BE.search(prefix) or _STARTS_WITH_BE.match(matched))


def _contentless(text: str) -> bool:
    """No word that could carry a factual claim: only filler, pronouns and stopwords, and no digits."""
    for word in _WORD.findall(text.lower()):
        if any(ch.isdigit() for ch in word) or (word not in FILLER and len(word) > 2):
            return False
    return True


def declines_only(sentence: str, match_span: Callable[[str], tuple[int, int] | None]) -> bool:
    """True when ``sentence`` declines and makes no other claim. ``match_span(text)`` gives the span of a
    refusal pattern's match in ``text`` (or None)."""
    pieces, cursor = [], 0
    for brk in _CLAUSE_BREAK.finditer(sentence):
        pieces.append(sentence[cursor : brk.start()])
        cursor = brk.end()
    pieces.append(sentence[cursor:])
    declined = False
    for clause in (p.strip(" .!?\"'") for p in pieces):
        if not clause:
            continue
        span = match_span(clause)
        if span is not None:
            prefix = clause[: span[0]]
            if not (_contentless(prefix) or _topic_of_refusal(prefix, clause[span[0] : span[1]])):
                return False  # "Refunds take 5 days and I can't find ..." : a claim before the refusal
            declined = True
            continue
        if _contentless(clause) or (declined and _CONTINUATION.match(clause)) or is_referral(clause):
            continue
        return False
    return declined
