"""Polarity and name alignment between a claim and the premise sentences that would support it.

Why: a small cross-encoder reads a 2-3 sentence window as a bag of facts. It lets a claim take its words from one
sentence and its polarity or its subject from another: "Phone numbers are not accepted as a sign-in method."
next to "Accounts support sign-in with passkeys" 'entails' "you can sign in with a phone number" at 0.945, and
"Saver tickets can be refunded up to 24 hours before departure" passes through the Flex sentence beside it. The
numbers stage already refuses a window whose numbers differ from the claim's; this module does the same for two
other things a reader checks first:

- **polarity**: a negation in one of the two ("not", "n't", "never", "no", "non-", "cannot", "but not ...")
  whose scope words the other one asserts without a negation. Scope is the rest of the clause after the cue,
  minus words the sentence also has outside it, so "Admins can reset passwords for members, but not for other
  admins." conflicts with "Admins can reset passwords for other admins." and not with "Admins can reset member
  passwords.". Bounds that read as negations ("no more than", "must not exceed") are not cues, and a negation
  inside an "if" clause is held only against a side that speaks of cases too ("If you don't collect it within 72
  hours, ..." states nothing that "you have 72 hours to collect it" denies). A negated amount beside another
  amount of its unit is a correction ("60 minutes, not 90", "PLN 200 instead of PLN 250"): it denies only the
  other amount, which the numbers stage checks (``_corrected_amount``).
- **units**: the claim gives a number in one unit and the sentence the same number in another unit of the same
  kind ("90 hours" against "90 days"); the numbers stage checks the number, not what it counts. A frequency is
  a unit too: "billed weekly" against a sentence that says "billed monthly" (and not weekly); so is a count of
  times: "you can extend it twice" against "You can extend the collection time once" (``times_conflict``).
- **names**: the claim names something (a capitalised term: a plan, a ticket type, a role) that the sentence it is
  about does not, while that sentence names something else the claim does not ("Saver" against a Flex sentence).
  **siblings** is the same rule for names that are alternatives of one kind (listed together, or in the same
  slot: "Saver tickets" / "Flex tickets"), so that a Wikipedia sentence that leaves its subject to a pronoun is
  not a swap (``checkers.rules.alignment_names``).
- **scope**: one side restricts what the other generalises ("valid only on the train printed on the ticket"
  against "valid on any train"); a restriction is not a negation, so the polarity rule cannot see it.
- **anchors**: the same amount of time counted from another event, or before it where the sentence says after
  ("within 14 days of buying" against "within 14 days of the new date being announced"; ``alignment_anchors``).
- **conditions**: the claim restates the sentence without a condition that limits it, one the question does not
  give either ("Bikes travel free." against "Bikes travel free on off-peak services"; ``alignment_conditions``).

All are cheap string rules over one sentence at a time; they only ever *remove* support from a window, never add
it, and each is measured on the help-center dev suite and WiCE dev before it is switched on (MODEL_CARD.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from faithkit.checkers.rules.alignment_anchors import anchor_conflict
from faithkit.checkers.rules.alignment_cases import case_conflict, subject_conflict
from faithkit.checkers.rules.alignment_conditions import condition_conflict, dropped_condition, moved_first_count
from faithkit.checkers.rules.alignment_names import (  # noqa: F401  (re-exported: the rules' public names)
    ROLES,
    name_conflict,
    names,
    roles,
    sibling_conflict,
    siblings,
)
from faithkit.checkers.rules.alignment_units import (  # noqa: F401  (re-exported: the rules' public names)
    frequency_conflict,
    per_mismatch,
    quantities,
    unit_conflict,
)
from faithkit.checkers.rules.alignment_words import (  # noqa: F401
    CLAUSE_JOINT,
    STOPWORDS,
    WORD,
    clause_spans,
    stem,
    words,
)
from faithkit.text.words import DIGIT_NUMBER

DEFAULT_ALIGNMENT = True  # measured on the help-center dev suite before it was switched on (MODEL_CARD.md)
# names (any name) off: -8 points on WiCE dev; anchors on: session 15 (MODEL_CARD.md)
DEFAULT_ALIGNMENT_RULES = "polarity+siblings+scope+units+anchors+conditions"

# phrases that contain a negation word but state a bound or an order, not a negation
_BOUND_PHRASES = re.compile(
    r"\b(?:no|not|never)\s+(?:\w+\s+)?(?:more|less|fewer|later|earlier|longer|shorter|greater|higher|lower|older|"
    r"younger|heavier|bigger|larger|smaller)\s+than\b|\b(?:must|may|can|should|does|do|will)\s+not\s+exceed\b|"
    r"\bnot\s+only\b|\bno\s+matter\b|\bno\s+later\b|\bnot\s+until\b|"
    r"\bat\s+no\s+(?:extra\s+|additional\s+)?(?:charge|cost)\b",
    re.IGNORECASE)
_CUE = re.compile(
    r"\b(?:not|never|no|none|nor|neither|cannot|without)\b|n't\b|\brather\s+than\b|\binstead\s+of\b|"
    r"\bnon-(?=\w+(?:able|ible|al|ive|ent|ant|ed|ing|ary|ic|ful)\b)|\b(?:un|in|im|ir|il)(?=(?:available|"
    r"supported|limited|able|eligible|refundable|allowed|possible|permitted|paid|billed|included)\b)",
    re.IGNORECASE)
_CLAUSE_END = re.compile(r"[,;:.!?()]|\b(?:but|and|while|whereas|although|though|however|unless|so)\b",
                         re.IGNORECASE)
def _without_bounds(text: str) -> str:
    return _BOUND_PHRASES.sub(" ", text)


@lru_cache(maxsize=65536)
def is_negated(text: str) -> bool:
    """Whether the text has a negation cue (bounds such as "no more than" do not count)."""
    return bool(_CUE.search(_without_bounds(text)))


def negation_scopes(text: str, asserted_only: bool = False) -> list[set[str]]:
    """For each negation cue: the content words of its clause after the cue, minus the words the text has
    outside that scope (those are shared context, not what is negated). ``asserted_only`` leaves out the cues
    inside a condition ("If you don't collect it within 72 hours, ...": nothing there is said not to happen)."""
    clean = _without_bounds(text)
    hypothetical = [m.span() for m in _IF_CLAUSE.finditer(clean)] if asserted_only else []
    scopes = []
    for m in _CUE.finditer(clean):
        if any(start <= m.start() < end for start, end in hypothetical):
            continue
        rest = clean[m.end():]
        end = _CLAUSE_END.search(rest)
        scope_text = rest[: end.start()] if end else rest
        if m.group(0).lower() == "non-" or m.group(0).lower() in ("un", "in", "im", "ir", "il"):
            scope_text = rest.split()[0] if rest.split() else ""
        inside = words(scope_text)
        outside = words(clean[: m.start()] + " " + rest[len(scope_text):])
        scope = inside - outside
        if scope:
            scopes.append(scope)
    return scopes


def polarity_conflict(claim: str, sentence: str) -> bool:
    """True when one side negates words that the other side asserts without any negation."""
    claim_negated, sentence_negated = is_negated(claim), is_negated(sentence)
    if claim_negated == sentence_negated:
        return False
    negated, plain = (sentence, claim) if sentence_negated else (claim, sentence)
    if _EXCEPT.search(negated) and _restrictive(plain):  # "not ..., except on Max" says "only on Max"
        return False
    if _complementary_bounds(negated, plain):  # "over 25 kg cannot be sent" says "up to 25 kg can"
        return False
    plain_words = words(plain)
    if len(words(claim) & words(sentence)) < 2:  # not about the same thing: nothing to align
        return False
    # a negation inside an "if" clause is a case, not a statement: only a side that speaks of cases too can
    # state its opposite (issue 30: "If you don't collect it within 72 hours, it's returned to the sender." is
    # not refuted by "you have 72 hours to collect it.")
    scopes = negation_scopes(negated, asserted_only=not _IF.search(plain))
    return any(scope & plain_words for scope in scopes if not _corrected_amount(negated, scope))


def _corrected_amount(text: str, scope: set[str] | frozenset[str]) -> bool:
    """A negation of an amount beside another amount of the same unit is a correction, not a denial of the
    statement: "He can add 60 minutes, not 90." and "Not for 2 nights: in July the minimum stay is 3 nights." state
    60 minutes and 3 nights (the numbers stage checks them); only the alternative amount is negated."""
    if not scope or not all(DIGIT_NUMBER.fullmatch(w) for w in scope):
        return False
    from faithkit.checkers.numbers.extract import quantities  # the rules do not load the numbers stage otherwise

    found = quantities(text)
    negated = [q for q in found if str(q.value).removesuffix(".0") in scope or q.text.split()[0] in scope]
    # "not 90" after "60 minutes" is 90 minutes: a bare number takes the unit of the amount it corrects
    return any(any(o is not q and o.value != q.value and o.unit is not None and q.unit in (None, o.unit)
                   for o in found) for q in negated)


_IF = re.compile(r"\b(?:if|unless)\b", re.IGNORECASE)
_IF_CLAUSE = re.compile(_IF.pattern + r"[^,;:.!?]*", re.IGNORECASE)  # a condition, up to its comma


_EXCEPT = re.compile(r"\b(?:except|apart\s+from|other\s+than)\b", re.IGNORECASE)
_BEYOND = re.compile(r"\b(?:over|above|more\s+than|longer\s+than|heavier\s+than|exceeding|beyond|after)\s+"
                     r"(?:[$€£]\s?)?(\d+(?:[.,]\d+)?)", re.IGNORECASE)
_WITHIN = re.compile(r"\b(?:up\s+to|at\s+most|no\s+more\s+than|under|below|within|less\s+than|maximum(?:\s+of)?|"
                     r"max\.?|until|before)\s+(?:[$€£]\s?)?(\d+(?:[.,]\d+)?)", re.IGNORECASE)


def _complementary_bounds(negated: str, plain: str) -> bool:
    """A negation of what lies beyond a bound ("Parcels over 25 kg cannot be sent") states the bound that the
    other side gives as a limit ("L lockers take parcels up to 25 kg"): the same number, beyond on the negated
    side, within on the plain side. Not a polarity flip (issue 31: the copy of a passage's limit was refuted by
    the sentence that states it from the other side)."""
    beyond = {m.group(1) for m in _BEYOND.finditer(negated)}
    return bool(beyond) and bool(beyond & {m.group(1) for m in _WITHIN.finditer(plain)})
_RESTRICTION_WORDS = r"\b(?:only|exclusively|solely)\b"
_RESTRICTIVE = re.compile(_RESTRICTION_WORDS, re.IGNORECASE)
_NOT_RESTRICTIVE = re.compile(r"\bnot\s+only\b|\bonly\s+(?:just|been)\b", re.IGNORECASE)
_UNIVERSAL = re.compile(r"\b(?:any|every|all|always|whenever|anywhere|anyone|anybody|everyone)\b", re.IGNORECASE)


def _restrictive(text: str) -> bool:
    return bool(_RESTRICTIVE.search(_NOT_RESTRICTIVE.sub(" ", text)))


def scope_conflict(claim: str, sentence: str) -> bool:
    """True when one side restricts what the other side generalises: "valid only on the train printed on the
    ticket" against "valid on any train", "Only Full members can book classes" against "All members can book
    classes". A restriction is not a negation, so the polarity rule cannot see it, and the model reads the shared
    words as agreement. The generalisation must sit in the part of its text that the other side is about:
    "at any time on Sundays" in "Deliveries are made after 8:00 on weekdays and at any time on Sundays." does
    not generalise "On weekdays, deliveries are only made after 8:00."."""
    return ((_restrictive(sentence) and _generalises(claim, sentence) and not _restrictive(claim))
            or (_restrictive(claim) and _generalises(sentence, claim) and not _restrictive(sentence)))


def _generalises(text: str, other: str) -> bool:
    """Whether the part of ``text`` that shares most words with ``other`` has a universal ("any", "all")."""
    parts = [p for p in CLAUSE_JOINT.split(text) if p and p.strip()] or [text]
    other_words = words(other)
    best = max(len(words(p) & other_words) for p in parts)
    return any(_asserted_universal(p) for p in parts if len(words(p) & other_words) == best)


def _asserted_universal(part: str) -> bool:
    """Whether the clause asserts a universal: "valid on any train", not "not allowed anywhere". A negated
    universal says that nothing holds anywhere, which no restriction of the other side contradicts; the polarity
    rule reads negations. Why (issue 31, chosen on dev, confirmed held out, session 44): "Barbecues aren't allowed
    anywhere." was held to generalise against the "only" of its sentence's other clause ("Picnics are allowed only
    on the lawn, and barbecues are not allowed anywhere.") and the faithful answer was flagged."""
    plain = _without_bounds(part)
    return any(not _CUE.search(plain[: m.start()]) for m in _UNIVERSAL.finditer(plain))


_CONTRAST = re.compile(r",?\s*\b(?:but|while|whereas|although|though)\b|;", re.IGNORECASE)  # a new statement
_ONLY_SCOPE = re.compile(_RESTRICTION_WORDS + r"([^.;:!?]*)", re.IGNORECASE)  # what the restriction names


def exclusivity_conflict(claim: str, sentence: str, known: Iterable[str] = ()) -> bool:
    """True when the sentence reserves something for a name ("SSO is available only on the Enterprise plan.") and
    the claim gives that thing to a sibling of it ("The Team plan includes up to 10 users and SSO."). Checked
    against every passage sentence, not only the one a claim is most about: the claim here shares most of its
    words with the Team sentence, and the one word it shares with the SSO sentence is the one that is wrong.

    What is restricted is read in the clause that holds the restriction, and what it is reserved for runs to the
    next contrast ("but", "while", ";"), not past it; a list ("only between German, English and French") is kept
    whole. Why (issue 31, chosen on benchmarks/clauses_dev, session 44): "A Lap Card ... costs MUR 7,500 ..., but it
    can only be used from Monday to Thursday and cannot be shared with another driver." reserved the card for
    drivers against "Birthday parties cost MUR 1,200 per child." because the claim shared "costs MUR" with the
    sentence's first clause; "... pay TT$80 for any cut on weekdays only, but the full women's or men's price on
    Saturdays" reserved the cut for Saturdays and women. Both faithful answers were flagged."""
    text = _NOT_RESTRICTIVE.sub(" ", sentence)
    m = _ONLY_SCOPE.search(text)
    if not m:
        return False
    known = tuple(known)
    start = next((a for a, b in clause_spans(text) if a <= m.start() <= b), 0)
    reserved = _CONTRAST.split(m.group(1), maxsplit=1)[0]
    reserved_for = names(reserved, known) | roles(reserved)
    before = text[start: m.start()]
    if not reserved_for or not (words(before) & words(claim)):
        return False
    claim_names = names(claim, known) | roles(claim)
    if claim_names & reserved_for:
        return False
    others = claim_names - names(before, known) - roles(before)
    texts = (claim, sentence, *known)
    return any(siblings(a, b, texts) for a in others for b in reserved_for)


_DIGIT = re.compile(r"[$€£¥]?\d")


def _before_first_number(sentence: str) -> str:
    found = _DIGIT.search(sentence)
    return sentence[: found.start()] if found else ""


def binding_conflict(claim: str, sentence: str, known: Iterable[str] = ()) -> bool:
    """True when the sentence gives the claim's number to a sibling of the claim's name and another number of
    the same kind to the claim's name: "Plus keeps old versions for 180 days." against "Version history is kept
    for 30 days on Plus and 180 days on Business." Both names and both numbers are in the sentence, so neither the
    numbers stage nor the names rule sees the swap; the sentence's parts ("30 days on Plus" / "180 days on
    Business") say which number belongs to which name. A role (``alignment_names.ROLES``) binds a number as a name
    does, and the names before the sentence's first number are its subject, shared by every part, unless a later
    part names a sibling of one in its place ("The Daily plan costs TND 12 per week and the Weekend plan costs TND 5
    per week": each part names its own plan; session 39). Issue 31's cases:
    "Meeting rooms cost €25 per hour for guests." against "Meeting rooms cost €25 per hour for members and €40 per
    hour for guests." gives the members' price to guests; "Sending a parcel from an M locker costs €3.90." against
    "Sending a parcel costs €3.90 from an S locker, €4.90 from an M locker ..." gives M the S price."""
    known = tuple(known)
    texts = (claim, sentence, *known)
    parts = [p for p in CLAUSE_JOINT.split(sentence) if p and p.strip()]
    claim_quantities = quantities(claim)
    if not claim_quantities or len(parts) < 2:
        return False
    subject = _before_first_number(sentence)
    later = set().union(*(names(p, known) | roles(p) for p in parts[1:]))
    shared = {n for n in names(subject, known) | roles(subject)
              if not any(m != n and siblings(n, m, texts) for m in later)}
    claim_names = (names(claim, known) | roles(claim)) - shared
    if not claim_names:
        return False
    bound = [((names(p, known) | roles(p)) - shared, quantities(p)) for p in parts]
    for quantity in claim_quantities:
        holders = [ns for ns, qs in bound if quantity in qs]
        if not holders or any(claim_names & ns for ns in holders):
            continue
        others = set().union(*holders) - claim_names
        mine = [qs for ns, qs in bound if claim_names & ns]
        differs = any(q[1:] == quantity[1:] and q[0] != quantity[0] for qs in mine for q in qs)
        if others and differs and any(siblings(a, b, texts) for a in claim_names for b in others):
            return True
    return False


_STATEMENT_JOINT = re.compile(r",\s+(?:and|but|while|whereas)\s+|;\s+|\s+whereas\s+")  # between two statements


def clauses(claim: str) -> list[str]:
    """A claim joining two statements ("Anytime tickets are valid on any train, and Flex tickets can be
    refunded") as its clauses, each checked against the sentence it is about; short tails stay attached."""
    parts = [p.strip() for p in _STATEMENT_JOINT.split(claim) if p.strip()]
    if len(parts) < 2 or any(len(words(p)) < 3 for p in parts):
        return [claim]
    return parts


ALIGNMENT_RULES = ("polarity", "names", "siblings", "scope", "units", "anchors", "conditions")


def parse_rules(text: str | Sequence[str]) -> tuple[str, ...]:
    """``"polarity,units"`` -> ``("polarity", "units")``; an unknown rule is a ValueError naming the known ones."""
    items = [t.strip() for t in (re.split(r"[,+]", text) if isinstance(text, str) else text) if t.strip()]
    unknown = [t for t in items if t not in ALIGNMENT_RULES]
    if unknown:
        raise ValueError(f"unknown alignment rule(s) {', '.join(unknown)}; known: {', '.join(ALIGNMENT_RULES)}")
    return tuple(r for r in ALIGNMENT_RULES if r in items)


def conflict_kind(claim: str, sentence: str, known: Iterable[str] = (),
                  rules: Sequence[str] = ALIGNMENT_RULES, question: str = "") -> str | None:
    """Which rule finds the sentence disagreeing with the claim, in words for a reason ("polarity: one negates
    what the other asserts"), or None: what ``not_aligned`` decides, named."""
    dropped = dropped_condition(claim, sentence, question) if "conditions" in rules else None
    moved = moved_first_count(claim, sentence) if "conditions" in rules and dropped is None else None
    per = per_mismatch(claim, sentence) if "units" in rules else None
    checks = (("polarity", "polarity: one of them negates what the other asserts",
               lambda: polarity_conflict(claim, sentence)),
              ("names", "names: it is about another name", lambda: name_conflict(claim, sentence, known)),
              ("siblings", "names: the claim names a sibling of what the sentence names",
               lambda: "names" not in rules and sibling_conflict(claim, sentence, known)),
              ("siblings", "binding: the sentence gives this number to another case",
               lambda: binding_conflict(claim, sentence, known) or case_conflict(claim, sentence)
               or subject_conflict(claim, sentence)),
              ("scope", "scope: one of them restricts what the other generalises",
               lambda: scope_conflict(claim, sentence)),
              ("units", f"units: {per}" if per else "units: the same number in another unit or period",
               lambda: unit_conflict(claim, sentence)),
              ("anchors", "anchors: the same time counted from another event",
               lambda: anchor_conflict(claim, sentence)),
              ("conditions", f"conditions: the sentence holds it only \"{dropped}\"; the claim drops that",
               lambda: dropped is not None),
              ("conditions", f"conditions: the sentence holds it for the {moved[0]}; the claim says the {moved[1]}"
               if moved else "", lambda: moved is not None))
    return next((words_ for rule, words_, fires in checks if rule in rules and fires()), None)


def not_aligned(claim: str, sentence: str, known: Iterable[str] = (),
                rules: Sequence[str] = ALIGNMENT_RULES, question: str = "") -> bool:
    """The window rule: a sentence that the claim is about may not support it when their polarity, their
    names or the units of a shared number disagree (see the module docstring); ``rules`` picks which apply;
    ``question`` is the user's question, which may give a condition the claim leaves out."""
    return (("polarity" in rules and polarity_conflict(claim, sentence))
            or ("names" in rules and name_conflict(claim, sentence, known))
            or ("siblings" in rules and "names" not in rules and sibling_conflict(claim, sentence, known))
            or ("siblings" in rules and (binding_conflict(claim, sentence, known) or case_conflict(claim, sentence)
                                         or subject_conflict(claim, sentence)))
            or ("scope" in rules and scope_conflict(claim, sentence))
            or ("units" in rules and unit_conflict(claim, sentence))
            or ("anchors" in rules and anchor_conflict(claim, sentence))
            or ("conditions" in rules and condition_conflict(claim, sentence, question)))
