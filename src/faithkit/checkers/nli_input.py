"""Canonical wording of the texts a cross-encoder reads: one spelling for each negation and each bound.

Why: a small NLI model has seen "cannot" far more often than "can't", and it reads any "not" as a sign of
contradiction. Measured with the bundled model: "Tips cannot be added to orders paid in cash." entails itself at
0.98, but "Tips can't be added ..." only at 0.38 (contradiction 0.62); "Each large bag must not weigh more than
30 kg." *contradicts* "Each large bag can weigh at most 30 kg." at 0.92. Faithful answers are full of such
rewordings, so both sides of every pair are rewritten into one canonical form before the model sees them
(contractions expanded, "no more than" / "must not exceed" / "up to" read as "at most", "rather than" as
", not"). Every rewrite keeps the meaning but one: a mid-sentence "only" is dropped, and the restriction it states
is checked by the scope and exclusivity rules instead (``checkers.rules.alignment``), so what the model misses there
is a restriction a claim adds that neither rule can test. The rewrites apply to the claim and the premise alike, so a
claim that copies its passage still meets it word for word. Only the model's input changes: evidence, alignment
rules and the numbers stage read the original texts, and the cache is keyed on what the model actually scored.

One rewrite depends on the pair: a claim quantity that is the same amount as a quantity of the premise written
another way ("14 days" against "2 weeks", "half an hour" against "30 minutes", "six dollars" against "$6";
``numbers.same_amount``) is read in the premise's wording. The model scored "within 14 days of delivery" against
"within 2 weeks of delivery" as unrelated (0.02), though the numbers stage already counts the amounts as found in
the passage. An amount that differs ("90 hours" against "90 days", "2 days" against "24 hours") is never
rewritten, so no unit or number fault can pass through it. Only what the numbers extractor reads as an amount is
reworded: "one day" and "a day" are not amounts to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from faithkit.checkers.numbers.extract import extract_quantities
from faithkit.checkers.numbers.quantity import TIME_ADJECTIVES, Quantity, dimension, same_amount

NLI_INPUT_VERSION = "canonical-v5"  # v3: an emphatic "do" dropped; v4: filler adverbs (session 31); v5: "only"
# before a participle ("is only offered to")
DEFAULT_CANONICAL_INPUT = True  # help-center dev: paraphrases kept 22 -> 27 of 43, no fault lost (MODEL_CARD.md)

# a number (digits with a currency sign or a percent, or a number word)
_N = (r"(?:(?:[$€£]\s?)?\d[\d,.]*\s*%?|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
      r"fifteen|twenty|thirty|forty|fifty|sixty|hundred)\b)")

# verbs an emphatic "do" stands before ("Members do get 10% off"): a closed list, so "do laundry" is left alone
_EMPHASIZED = ("get have include cover offer need pay charge apply allow accept work require give take let keep "
               "come go run close open provide support count waive return add renew ship deliver refund expire last "
               "stay cost mean make lend sell rent book change help serve").split()


def _third_person(verb: str) -> str:
    """"does cover" -> "covers", "does have" -> "has", "does apply" -> "applies", "does go" -> "goes"."""
    low = verb.lower()
    if low == "have":
        return "has"
    if low.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and low[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


_VERB_FORMS = "|".join(sorted({*_EMPHASIZED, *map(_third_person, _EMPHASIZED)}, key=len, reverse=True))


def _plain_verb(match: re.Match[str]) -> str:
    """An emphatic "do" / "does" dropped, its verb in the form it then takes."""
    return match.group(2) if match.group(1).lower() == "do" else _third_person(match.group(2))


_Replacement = str | Callable[[re.Match[str]], str]  # what ``re.sub`` takes
_REWRITES: tuple[tuple[re.Pattern[str], _Replacement], ...] = tuple((re.compile(p, re.IGNORECASE), r) for p, r in (
    # contractions: the model knows the long forms
    (r"\bcan(?:'|’)t\b|\bcan not\b", "cannot"),
    (r"\bwon(?:'|’)t\b", "will not"),
    (r"\bshan(?:'|’)t\b", "shall not"),
    (r"\b(do|does|did|is|are|was|were|has|have|had|could|should|would|must|need|might)n(?:'|’)t\b", r"\1 not"),
    (r"\b(you|we|they)(?:'|’)re\b", r"\1 are"),
    (r"\b(it|that|there|he|she)(?:'|’)s\b(?=\s+(?:not|a|an|the|no|free|available|only|\w+ed)\b)", r"\1 is"),
    (r"\b(you|we|they|i)(?:'|’)ll\b", r"\1 will"),
    (r"\b(you|we|they|i)(?:'|’)ve\b", r"\1 have"),
    # upper bounds
    (r"\b(must|may|can|should|will)\s+not\s+exceed\s+(?=" + _N + ")", r"\1 be at most "),
    (r"\b(?:does|do)\s+not\s+exceed\s+(?=" + _N + ")", "is at most "),
    (r"\bnot\s+(\w+)\s+more\s+than\s+(?=" + _N + ")", r"\1 at most "),
    (r"\b(?:no|not)\s+more\s+than\s+(?=" + _N + ")", "at most "),
    (r"\bcannot\s+exceed\s+(?=" + _N + ")", "must be at most "),
    (r"\ba\s+maximum\s+of\s+(?=" + _N + ")", "at most "),
    (r"\b(is|are)\s+(?:limited|capped)\s+(?:to|at)\s+(?=" + _N + ")", r"\1 at most "),
    (r"\bup\s+to\s+(?=" + _N + ")", "at most "),
    # lower bounds
    (r"\bnot\s+(\w+)\s+(?:less|fewer)\s+than\s+(?=" + _N + ")", r"\1 at least "),
    (r"\b(?:no|not)\s+(?:less|fewer)\s+than\s+(?=" + _N + ")", "at least "),
    (r"\ba\s+minimum\s+of\s+(?=" + _N + ")", "at least "),
    # contrast: "X rather than Y" says "X, not Y"
    (r"\s*\b(?:rather\s+than|instead\s+of)\b", ", not"),
    (r"\bwhenever\s+you\s+(?:like|want|wish)\b", "at any time"),
    # a restriction inside the sentence ("available only on Max") is checked by the scope and exclusivity rules
    # (checkers.rules.alignment), not by the model: the model reads the claim without it, and so a claim that states
    # the restriction the passage states in other words ("but not on Free") is not lost to one word
    (r"\s+only\b(?=\s+(?:on|available|for|with|in|after|before|be|gives|made|open|given|paid|sold|sent|shown|"
     r"taken|kept|held|run|done|\w+ed)\b)", ""),
    (r"\b(?:do|does|did)\s+not\s+((?:\w+\s+){0,3}\w+)\s+at\s+any\s+time\b", r"never \1"),
    (r"\bat\s+no\s+(?:extra\s+|additional\s+)?(?:charge|cost)\b|\bfor\s+free\b", "free of charge"),
    (r"\bboth\s+(?=\w+(?:\s+\w+){0,3}\s+and\b)", ""),
    # a filler adverb before a verb or an amount ("guests still pay", "it actually costs", "just €7"): the model read
    # "A replacement card still costs €7." as contradicting "A replacement card costs €7." (0.98)
    (r"(?<=\s)(?:still|just|actually|really|simply)\s+(?=(?:do|does|" + _VERB_FORMS + r")\b|[$€£¥₩]|\d)", ""),
    # an emphatic "do": the model reads it as the "do" of a negation ("Members do get 10% off in the shop and the
    # café." entailed at 0.15 by the sentence it copies, "Members get ..." at 0.99)
    (r"\b(do|does)\s+(" + "|".join(_EMPHASIZED) + r")\b", _plain_verb),
))


_DOUBLE_COMMA = r",\s*,"
# one search for "would any rewrite apply?": a text no pattern matches is its own canonical form (each rewrite
# leaves it as it is, so the next sees the same text), and most premise sentences are such texts
_ANY_REWRITE = re.compile("|".join(f"(?:{p.pattern})" for p, _ in _REWRITES) + f"|{_DOUBLE_COMMA}", re.IGNORECASE)


@lru_cache(maxsize=65536)
def canonical(text: str) -> str:
    """``text`` with the rewrites above applied (idempotent: a canonical text is its own canonical form).
    Memoized: a window's text comes back once per claim checked against it."""
    if _ANY_REWRITE.search(text) is None:
        return text
    for pattern, replacement in _REWRITES:
        text = pattern.sub(replacement, text)
    return re.sub(_DOUBLE_COMMA, ",", text)


def canonical_pairs(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    out = []
    for premise, claim in pairs:
        premise = canonical(premise)
        out.append((premise, in_premise_wording(canonical(claim), premise)))
    return out


_REWORDABLE_KINDS = ("number", "word")
_NOT_REWORDED = (None, "count", "times")  # a count noun is a word of the claim ("8 seats" is not "8 users")
# "2 working days" is not 48 hours, though the extractor reads both as an amount of time (the qualifiers it skips)
_QUALIFIED = re.compile(r"\b(?:" + "|".join(sorted(TIME_ADJECTIVES)) + r")\b", re.IGNORECASE)


@lru_cache(maxsize=65536)
def _quantities(text: str) -> tuple[Quantity, ...]:
    """The rewordable quantities of a text: an amount of money, time, data or a percentage, not a range end, a
    multiplier, an ordinal or an adjective ("14-day"). Memoized: a window's text comes back once per claim."""
    return tuple(q for q in extract_quantities(text)
                 if dimension(q.unit) not in _NOT_REWORDED and q.kind in _REWORDABLE_KINDS and "-" not in q.text
                 and not _QUALIFIED.search(q.text) and text[q.end:q.end + 1] not in ("'", "’"))


def in_premise_wording(claim: str, premise: str) -> str:
    """``claim`` with each quantity that is the same amount as one of ``premise``'s, written another way, replaced
    by the premise's wording of it (module docstring)."""
    claim_quantities = _quantities(claim)
    if not claim_quantities:
        return claim
    premise_quantities = _quantities(premise)
    worded = {p.text.lower() for p in premise_quantities}
    for q in reversed(claim_quantities):  # from the end, so earlier spans stay where they are
        if q.text.lower() in worded:  # the premise says it the claim's way too
            continue
        match = next((p for p in premise_quantities
                      if dimension(p.unit) == dimension(q.unit) and same_amount(q, p)), None)
        if match is not None:
            claim = claim[:q.start] + match.text + claim[q.end:]
    return claim
