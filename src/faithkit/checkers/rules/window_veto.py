"""The window veto: which premise windows may support a claim. Used by every pair classifier (``pairs``).

A window of several adjacent sentences may not support a claim when the one of its sentences that the claim is
about (the one sharing most of the claim's content words; the first on a tie) contradicts the claim on its own
(contradiction >= ``veto``).

Why: joined sentences let a small model borrow a word from a neighbour sentence ("...the current month is not
refunded. Annual contracts can be refunded in full" 'entails' "the current month is refunded"), the failure that
also makes windows stop at passage borders. Only the sentence the claim is about may veto: NLI heads call
off-topic pairs contradictions, and those must not sink a supported claim. The default (0.8) was chosen on dev
(benchmarks/window_veto_dev.py); see the bundled model's card. A head without a contradiction output (a binary
detector) never vetoes: its contradiction column is zero.

Kept in one small module so a change to the decision (e.g. a hook deciding per claim) stays local.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from faithkit.checkers.nli_options import DEFAULT_WINDOW_VETO
from faithkit.checkers.rules.alignment import ALIGNMENT_RULES, clauses, exclusivity_conflict, not_aligned
from faithkit.records import Passage, Window
from faithkit.text.words import DIGIT_NUMBER, content_words

__all__ = ["ABOUT_SHARE", "DEFAULT_WINDOW_VETO", "Removal", "UsableWindows", "content_words", "usable_windows"]

ABOUT_SHARE = 0.75  # chosen on the help-center dev suite (0.75 / 0.6 / 0.5 / 0.4; MODEL_CARD.md)


class Removal(NamedTuple):
    """Why one window may not support the claim: ``by`` "veto" (``sentence``, the one-sentence window of the
    sentence the window is about, contradicts the claim on its own) or "alignment" (``sentence`` disagrees with
    ``clause`` of the claim, ``checkers.rules.alignment``). The verdict names it when the window is one the model
    liked (issue 31: every verdict says what decided it)."""

    by: str
    sentence: int
    clause: str | None = None


class UsableWindows(NamedTuple):
    """Which windows may support a claim, and why none may when a rule decided that.

    mask: a boolean mask over the windows (see ``usable_windows``).
    disagreeing: the index of the one-sentence window whose sentence disagrees with the claim when that
        disagreement removed every window, else None: the sentence a reader should be shown as the reason ("SSO is
        available only on the Enterprise plan." for "It includes up to 10 users and SSO."), where the window the
        model liked best would show the sentence the claim copied its other words from.
    removed: why each window that may not support the claim may not (``Removal``); every window when a sentence
        disagrees (``disagreeing``); None when no rule ran.
    """

    mask: np.ndarray
    disagreeing: int | None = None
    removed: dict[int, Removal] | None = None


def usable_windows(claim: str, windows: list[Window], probs: np.ndarray, veto: float | None,
                   alignment: bool = False, passages: Sequence[Passage] = (),
                   rules: Sequence[str] = ALIGNMENT_RULES, question: str = "") -> UsableWindows:
    """Where the veto (module docstring) forbids a window to support ``claim`` (False in ``mask``), or, with
    ``alignment``, where a sentence the claim is about disagrees with it in polarity, names or units
    (``checkers.rules.alignment``; this also applies to one-sentence windows). ``probs`` has one row per window,
    columns (entailment, neutral, contradiction); ``veto`` None turns the veto off; ``question`` may give a
    condition the claim leaves out (the conditions rule)."""
    usable = np.ones(len(windows), bool)
    if veto is None and not alignment:
        return UsableWindows(usable)
    shortest_from: dict[tuple[str, int], int] = {}  # the one-sentence window starting at an offset
    for i, w in enumerate(windows):
        key = (w.passage_id, w.start)
        if key not in shortest_from or w.end < windows[shortest_from[key]].end:
            shortest_from[key] = i
    singles: dict[str, list[int]] = {}  # passage id -> its one-sentence windows, by start offset
    for (passage_id, _), i in sorted(shortest_from.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        singles.setdefault(passage_id, []).append(i)
    starts = {pid: [windows[j].start for j in js] for pid, js in singles.items()}
    claim_words = content_words(claim)
    sentence_words = {j: content_words(windows[j].premise) for js in singles.values() for j in js}  # once each
    for js in singles.values():  # "It does not cover dental treatment." is about the plan the sentence before names
        for before, j in zip(js, js[1:]):
            sentence_words[j] = sentence_words[j] | _antecedent_words(windows[j].premise, windows[before].premise)
    overlap = {j: len(claim_words & sentence_words[j]) for j in sentence_words}
    context = RuleContext(tuple(p.text for p in passages), question)
    parts = [(c, content_words(c)) for c in clauses(claim)] if alignment else []
    misaligned: dict[tuple[int, int], bool] = {}
    read_as = _read_as(windows, sentence_words, speaks_of_after(claim)) if alignment else {}
    found = _disagrees_anywhere(parts, sentence_words, read_as, context, misaligned, rules) if alignment else None
    if found is not None:
        usable[:] = False
        return UsableWindows(usable, found.sentence, {i: found for i in range(len(windows))})
    removed: dict[int, Removal] = {}
    for i, w in enumerate(windows):
        single = shortest_from[(w.passage_id, w.start)] == i
        js, offsets = singles[w.passage_id], starts[w.passage_id]
        inside = [i] if single else [j for j in js[bisect_left(offsets, w.start):bisect_left(offsets, w.end)]
                                     if windows[j].end <= w.end]
        if alignment and (found := _misaligned(parts, inside, read_as, sentence_words, context, misaligned,
                                                rules)) is not None:
            usable[i] = False
            removed[i] = found
            continue
        if single or len(inside) < 2 or veto is None:
            continue
        about = max(inside, key=lambda j: (overlap[j], -windows[j].start))
        if probs[about, 2] >= veto and not _leans_on_window(claim, about, inside, windows):
            usable[i] = False
            removed[i] = Removal("veto", about)
    return UsableWindows(usable, None, removed)


# a sentence that takes its time limit or its case from the sentence before it: "If you don't collect it in time,
# it is returned to the sender." (in time = within the 72 hours the sentence before gives), "After that, storage
# costs CHF 5 per day."
_LEANS_BACK = re.compile(
    r"^\W*(?:after\s+(?:that|this)|otherwise|if\s+not|from\s+then\s+on|beyond\s+that)\b"
    r"|\b(?:in\s+time|by\s+then|until\s+then|before\s+then|at\s+that\s+(?:time|point)"
    r"|(?:this|that)\s+(?:time|period|deadline|date))\b", re.IGNORECASE)


def leans_back(sentence: str) -> bool:
    """Whether ``sentence`` reads a time limit or a case from the sentence before it ("in time", "after that").

    Why (issue 31): the veto reads the sentence a claim is about alone, and such a sentence alone says something
    else: "If you don't collect it in time, it is returned to the sender." contradicts (0.85) "If you don't collect
    it within 72 hours, it's returned to the sender.", which the window joining it to "... you have 72 hours to
    collect it." entails (0.59). When the sentence it leans on is in the window, the window is the sentence's
    meaning, and the veto does not apply (the alignment rules still read every sentence) so long as the two
    sentences write every number of the claim: the model reads "within 24 hours" as entailed too (0.81) by a window
    that goes on to "You can extend the collection time once, by 24 hours"."""
    return bool(_LEANS_BACK.search(sentence))


def _leans_on_window(claim: str, about: int, inside: list[int], windows: list[Window]) -> bool:
    """Whether the sentence a window is about leans on the sentence before it, which is in the window too, and
    the two write every number of the claim (``leans_back``)."""
    k = inside.index(about)
    if k == 0 or not leans_back(windows[about].premise):
        return False
    return _numbers_of(claim) <= _numbers_of(windows[inside[k - 1]].premise) | _numbers_of(windows[about].premise)


def _numbers_of(text: str) -> set[str]:
    """The numbers written in digits in ``text``, as written ("72", "3.90")."""
    return set(DIGIT_NUMBER.findall(text))


_PRONOUN_OPENING = re.compile(r"^\W*(it|they)\b(?!\s*\()", re.IGNORECASE)


def _antecedent_words(sentence: str, before: str) -> set[str]:
    """The content words of the subject of ``before`` when ``sentence`` opens with "It" / "They" (the subject it
    stands for), else nothing. Why (issue 31): "The Care Plan covers dental treatment." shares three of its five
    content words with "It does not cover dental treatment." and was not "about" it for the polarity rule; read
    with "Pawsley Care Plan" it shares five."""
    from faithkit.checkers.parts import subject_of
    from faithkit.checkers.rules.claim_subject import EXPLETIVE_IT

    opening = _PRONOUN_OPENING.match(sentence)
    if opening is None or (opening.group(1).lower() == "it" and EXPLETIVE_IT.match(sentence, opening.end())):
        return set()  # "It is not possible to ...", "It takes 3 days": the "it" stands for nothing
    subject = subject_of(before)
    return content_words(subject) if subject else set()


_AFTER = re.compile(r"\b(?:after|beyond|past|later\s+than|thereafter|once|no\s+longer|any\s+more|anymore)\b",
                    re.IGNORECASE)


def speaks_of_after(claim: str) -> bool:
    """Whether a claim is about what happens after some time ("not refundable after 14 days", "can still be
    refunded after 7 days"): only then does a follow-on clause ("after that ...") speak to it."""
    return bool(_AFTER.search(claim))


def _read_as(windows: list[Window], sentence_words: dict[int, set[str]],
             after: bool) -> dict[int, tuple[str, ...]]:
    """For each one-sentence window, the texts the rules read for it: its premise, and, for a claim about what
    happens after a time (``after``), the premise of every follow-on clause inside it (``checkers.rules.follow_on``), so
    that "...within 7 days of purchase; after that they are not refundable." is also read as "After 7 days of
    purchase, personal training packs are not refundable." (the "not" whose scope the first clause hides). A claim
    about the time before ("can be refunded within 7 days") is not held against the "after" clause."""
    read_as = {j: (windows[j].premise,) for j in sentence_words}
    if not after:
        return read_as
    for k in (k for k in sentence_words if windows[k].reads is not None):
        clause = windows[k]
        for j in sentence_words:
            w = windows[j]
            if (j != k and w.reads is None and w.passage_id == clause.passage_id and w.start <= clause.start
                    and w.end == clause.end):
                read_as[j] += (clause.reads,)
    return read_as


class RuleContext(NamedTuple):
    """What the rules read besides the claim and the sentence: every passage's text (the names rules find a name's
    siblings there) and the question (it may give the condition a claim leaves out)."""

    passages: tuple[str, ...]
    question: str


def _conflict(clause: str, texts: tuple[str, ...], context: RuleContext, rules: Sequence[str]) -> bool:
    return any(not_aligned(clause, text, context.passages, rules, context.question) for text in texts)


def _disagrees_anywhere(parts: list[tuple[str, set[str]]], sentence_words: dict[int, set[str]],
                        read_as: dict[int, tuple[str, ...]], context: RuleContext,
                        memo: dict[tuple[int, int], bool], rules: Sequence[str]) -> Removal | None:
    """Where the first passage sentence that disagrees with a clause of the claim stands (its one-sentence window),
    with that clause, wherever it stands, when it is plainly about that clause (it has at least ``ABOUT_SHARE`` of
    the clause's content words, and at least 3) or reserves what the clause claims for a sibling (scope); None when
    no sentence does.

    Why: the window rule above only looks inside each window, so a claim can still be "supported" by a window
    that leaves out the one sentence that refutes it. "Bikes travel free on off-peak services and do not need to
    be booked." passed on "Folding bicycles do not need a booking at any time." alone, while the sentence before
    it says "Bikes travel free on off-peak services but must be booked in advance."; "Only Full members can book
    classes." passed on
    "Classes can be booked up to 7 days in advance" while "Off-Peak members can book classes only within their
    access hours" stands beside it. A sentence that shares most of the claim's words and disagrees with it is a
    reader's first objection, so it removes every window. The share was chosen on the help-center dev suite
    (MODEL_CARD.md): lower shares start to reach sentences that merely share a topic.

    Evidence first (issue 31): only a sentence that is *most* about the clause (no other passage sentence shares
    more of its content words) may disagree. "Encore Plus: no booking fees" shares three words with "Tickets ...
    are refunded in full ..., including the booking fee" and four with the sentence that says it ("Encore Plus
    members pay no booking fees"); the refund sentence used to remove every window, the supporting one included.
    """
    for k, (clause, clause_words) in enumerate(parts):
        need = max(3.0, ABOUT_SHARE * len(clause_words))
        most = max((len(clause_words & w) for w in sentence_words.values()), default=0)
        for j, words_j in sentence_words.items():
            if "scope" in rules and exclusivity_conflict(clause, read_as[j][0], context.passages):
                return Removal("alignment", j, clause)
            if len(clause_words & words_j) < max(need, most):
                continue
            if (k, j) not in memo:
                memo[(k, j)] = _conflict(clause, read_as[j], context, rules)
            if memo[(k, j)]:
                return Removal("alignment", j, clause)
    return None


def _misaligned(parts: list[tuple[str, set[str]]], inside: list[int], read_as: dict[int, tuple[str, ...]],
                sentence_words: dict[int, set[str]], context: RuleContext, memo: dict[tuple[int, int], bool],
                rules: Sequence[str] = ALIGNMENT_RULES) -> Removal | None:
    """The clause of the claim that disagrees with the window sentence it is about (checkers/rules/alignment), and
    that sentence; None when every clause aligns.

    Every sentence tied for "most about the clause" must align: a tie is common when a name differs ("Saver
    tickets are valid on any train" shares as many words with the Saver and with the Anytime sentence).
    """
    for k, (clause, clause_words) in enumerate(parts):
        shared = {j: len(clause_words & sentence_words[j]) for j in inside}
        best = max(shared.values())
        for j in (j for j in inside if shared[j] == best):
            if (k, j) not in memo:
                memo[(k, j)] = _conflict(clause, read_as[j], context, rules)
            if memo[(k, j)]:
                return Removal("alignment", j, clause)
    return None
