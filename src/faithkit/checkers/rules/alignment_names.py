"""The names rules of ``checkers.rules.alignment``: a claim that names a plan, a fare or a role the sentence it is
about does not, while that sentence names another.

Two strengths: ``name_conflict`` (any other name: catches swaps, but also fires on Wikipedia claims whose best
sentence refers to their subject by a pronoun or leaves it to a neighbour) and ``sibling_conflict`` (only names
that are alternatives of one kind, ``siblings``), which keeps the swaps and drops most of the references.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from faithkit.checkers.rules.alignment_words import STOPWORDS, stem, words
from faithkit.text.calendar_names import MONTHS, SHORT_NAMES, WEEKDAYS

_NAME = re.compile(r"(?<![\w-])[A-Z][a-zA-Z0-9]*(?:[-'][A-Za-z0-9]+)*")
_NOT_NAMES = frozenset(
    "I A An The This That These Those It If When You We They He She Yes No In On At For And But Or Each Every All "
    "Any To From With By As Your Our Their Its Is Are Can Will Do Does Please Note Also Only Not After Before Once "
    "While During Since Until Unless Then There Here What Which Who How Why Where Some Most Many Both Either "
    "Neither May Settings Help Support Account Accounts Admin Admins Users User "
    "OK AM PM".split())
_NOT_NAME_STEMS = frozenset(stem(w) for w in _NOT_NAMES)


_SENTENCE_START = ".!?:;\"“(\n"


def _starts_sentence(text: str, at: int) -> bool:
    """Whether position ``at`` opens a sentence: nothing but spaces back to the text's start or a stop mark."""
    j = at - 1
    while j >= 0 and text[j].isspace():
        j -= 1
    return j < 0 or text[j] in _SENTENCE_START


@lru_cache(maxsize=8192)
def _case_evidence(source: str) -> tuple[frozenset[str], frozenset[str]]:
    """Per text, once: the capitalised terms it uses mid-sentence, and the words it writes in lower case. The
    passages of an answer are the ``known`` texts of every rule call for every claim, so this is read often."""
    lower = frozenset(re.findall(r"[a-z][a-z'-]*", source))
    mid = frozenset(m.group(0) for m in _NAME.finditer(source) if not _starts_sentence(source, m.start()))
    return mid, lower


def names(text: str, known: Iterable[str] = ()) -> frozenset[str]:
    """Capitalised terms of a text, stemmed and lower-cased. A sentence-initial word counts when it is also
    capitalised mid-sentence in the text or in ``known`` texts, or when none of them uses it in lower case
    ("Saver tickets are non-refundable." with no "saver" anywhere); otherwise it is capitalised by its position.
    Memoized per (text, known texts)."""
    return _names(text, tuple(known))


@lru_cache(maxsize=65536)
def _names(text: str, known: tuple[str, ...]) -> frozenset[str]:
    evidence = [_case_evidence(source) for source in (text, *known)]
    out = set()
    for m in _NAME.finditer(text):
        term = m.group(0)
        if stem(term) in _NOT_NAME_STEMS:
            continue
        if (_starts_sentence(text, m.start()) and not term.isupper()
                and not any(term in mid for mid, _ in evidence)
                and any(term.lower() in lower for _, lower in evidence)):
            continue
        out.add(name_key(term))
    return frozenset(out)


@lru_cache(maxsize=65536)
def name_key(term: str) -> str:
    """What a name is compared by: its stem without hyphens, a short month or weekday spelt out. Why: a name
    written two ways is one name, not a swap: "Ibero-American" / "Iberoamerican", "Wi-Fi" / "WiFi", "Nov" /
    "November" (each once flagged a supported WiCE dev claim as a sibling swap)."""
    key = stem(term.replace("-", ""))
    return SHORT_NAMES.get(key, key)


# roles a help center gives rights to: swapped as often as plan names, and written in lower case
ROLES = frozenset(stem(w) for w in (
    "admin", "admins", "administrator", "owner", "owners", "member", "members", "guest", "guests", "viewer", "editor",
    "manager", "cardholder", "cardholders", "student", "students", "senior", "seniors", "child", "children",
    "adult", "adults", "employee", "contractor", "courier", "driver", "moderator", "agent", "partner", "teen"))


def roles(text: str) -> set[str]:
    return {w for w in words(text) if w in ROLES}


_COREFERENT_START = re.compile(r"^\W*(?:he|she|it|they|his|her|its|their|this|these|those|there|we)\b", re.IGNORECASE)


def name_conflict(claim: str, sentence: str, known: Iterable[str] = ()) -> bool:
    """True when the claim names a term (or a role) the sentence lacks and the sentence names one the claim
    lacks. A sentence that opens with a pronoun ("He joined Video Store Magazine in 1991.") takes its subject
    from a neighbour, so what it does not name proves nothing: no conflict."""
    if _COREFERENT_START.match(sentence):
        return False
    known = tuple(known)
    claim_names = names(claim, known) | roles(claim)
    sentence_names = names(sentence, known) | roles(sentence)
    only_claim = claim_names - sentence_names - spanned_names(claim_names - sentence_names, sentence)
    return bool(only_claim) and bool(sentence_names - claim_names - words(claim))


def spanned_names(claim_names: Iterable[str], sentence: str) -> set[str]:
    """The claim's weekday and month names that a span of the sentence covers: "Tuesday" against "From Monday to
    Wednesday", "July" against "from June to August", "Friday" against "on weekdays". Why: the name is inside
    what the sentence says, not a sibling swapped for it (a faithful "Tuesday before 12:00 is within the weekday
    morning offer" had been flagged as naming a sibling of Monday)."""
    calendar_names = [n for n in claim_names if n in WEEKDAYS or n in MONTHS]
    if not calendar_names:
        return set()
    from faithkit.checkers.numbers.calendar import calendar_of  # the rules do not load the numbers stage otherwise

    covered = calendar_of(sentence)
    return {n for n in calendar_names
            if (n in WEEKDAYS and covered.days is not None and WEEKDAYS.index(n) in covered.days)
            or (n in MONTHS and covered.months is not None and MONTHS.index(n) + 1 in covered.months)}


_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*|[^\sA-Za-z0-9]")
_LIST_JOINTS = frozenset({",", "and", "or", "/", "&"})


@lru_cache(maxsize=8192)
def _text_index(text: str) -> tuple[dict[str, tuple[frozenset[str], frozenset[str]]], tuple[tuple[str, str], ...]]:
    """Per text, once: each stemmed token's neighbour words (left, right) and the pairs it lists side by side
    ("Lite, Core and Max" -> (lite, core), (core, max)). Passages repeat across the claims of an answer and
    across answers, so this is what keeps the sibling test cheap on long documents."""
    toks = _TOKEN.findall(text)
    stems = [name_key(t) for t in toks]
    left: dict[str, set[str]] = {}
    right: dict[str, set[str]] = {}
    for i, term in enumerate(stems):
        if i:
            left.setdefault(term, set()).add(toks[i - 1].lower())
        if i + 1 < len(toks):
            right.setdefault(term, set()).add(toks[i + 1].lower())
    slots = {t: (frozenset(left.get(t, ())), frozenset(right.get(t, ()))) for t in set(stems)}
    return slots, _list_links(toks, stems)


def _list_links(toks: list[str], stems: list[str]) -> tuple[tuple[str, str], ...]:
    """Pairs of neighbours joined by a list joint ("Saver, Flex and Anytime" -> (saver, flex), (flex, anytime)).
    Commas count alone too: on WiCE dev, dropping comma-only links ("Blackville, New Brunswick") lost more right
    verdicts than it saved (66.9 -> 66.5)."""
    return tuple((stems[i], stems[i + 2]) for i in range(len(toks) - 2)
                 if toks[i + 1].lower() in _LIST_JOINTS and toks[i][:1].isalnum() and toks[i + 2][:1].isalnum())


def _slots(term: str, texts: Iterable[str]) -> tuple[set[str], set[str]]:
    """The words just before and just after each occurrence of a (stemmed) term in the texts."""
    left: set[str] = set()
    right: set[str] = set()
    for text in texts:
        found = _text_index(text)[0].get(term)
        if found:
            left |= found[0]
            right |= found[1]
    return left, right


def _listed_together(a: str, b: str, texts: Iterable[str]) -> bool:
    """Whether a text lists the two terms side by side ("Lite, Core and Max", "Plus or Business"), directly or
    through other members of the same list."""
    links: dict[str, set[str]] = {}
    for text in texts:
        for x, y in _text_index(text)[1]:
            links.setdefault(x, set()).add(y)
            links.setdefault(y, set()).add(x)
    seen, todo = {a}, [a]
    while todo:
        for nxt in links.get(todo.pop(), ()):
            if nxt == b:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def siblings(a: str, b: str, texts: Sequence[str]) -> bool:
    """Whether two names are alternatives of one kind, so that saying one where the passage says the other is a
    swap and not a reference left implicit: both are roles, or a text lists them together, or they fill the same
    slot (the same content word right before or after them: "Saver tickets" / "Flex tickets", "Core includes" /
    "Max includes"). Why: a claim about "Smith" checked against "He married Jane in 1990." names what the
    sentence leaves to a pronoun or a neighbour (Wikipedia claims do this all the time), while "Saver" against a
    Flex sentence swaps one fare for another; only the second is a fault."""
    if a in ROLES and b in ROLES:
        return True
    if _listed_together(a, b, texts):
        return True
    a_left, a_right = _slots(a, texts)
    b_left, b_right = _slots(b, texts)
    shared = (a_left & b_left) | (a_right & b_right)
    return any(w[:1].isalnum() and w not in STOPWORDS for w in shared)


def sibling_conflict(claim: str, sentence: str, known: Iterable[str] = ()) -> bool:
    """``name_conflict`` restricted to swaps between siblings (``siblings``): the claim names a term the sentence
    lacks, the sentence names one the claim lacks, and the two are alternatives of one kind."""
    if _COREFERENT_START.match(sentence):
        return False
    known = tuple(known)
    claim_names = names(claim, known) | roles(claim)
    sentence_names = names(sentence, known) | roles(sentence)
    only_claim = claim_names - sentence_names
    only_claim -= spanned_names(only_claim, sentence)
    only_sentence = sentence_names - claim_names - words(claim)
    if not only_claim or not only_sentence:
        return False
    texts = (claim, sentence, *known)
    if any(siblings(a, b, texts) for a in claim_names for b in claim_names if a < b):
        return False  # a comparison ("Max costs €20 a month more than Lite") names siblings on purpose
    return any(siblings(a, b, texts) for a in only_claim for b in only_sentence)
