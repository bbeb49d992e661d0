"""Date arithmetic: a date the claim computes from the user's date and a period a passage states.

Why (issue 31): "My invoice came on 1 March. When is it due?" answered "Invoices are due within 14 days, so yours
is due by 15 March." was flagged at 0.01: no passage says 15 March, and no model adds 14 days to a date. The
quantity rules skip dates on purpose (a date is not an amount), so this is their counterpart for dates.

A claim date is accounted for when a passage or the question states it, or when it is a base date plus a period,
or minus one where the period runs back from its event ("7 days before it starts"): the base from the
question (the user's scenario; where it gives two or more dates, the date of the event the period counts from,
``_counts_from``) or another date of the claim, the period (days, weeks, months) from a passage sentence that
shares a content word with the claim (or a period another statement of the answer states, from a sentence that
statement shares a word with: ``worked_date``), or from the question. Working days are not computed (the weekday
of a date without a year is unknown), so a claim counting them is left to the model.
A date without a year is read in a year that is not a leap year; a year the text states is used.

The stage (``stage.py``) uses ``worked_date`` to rescue a claim the inner checker did not support, only when
the rest of the claim is covered word for word by the period's clause, the question and words of arithmetic
(``uncovered_words``), the same lexical test as the rest-of-claim rule; and, as for a time of day (``clock``), it
flags a supported claim whose date no source states and no such sum gives (``unstated_dates``: "ready 7 days
after we receive the documents, so ... on 3 May" for documents received on 27 April; the model read it 0.51).
Chosen on numbers_dev (nd-036), confirmed on the held-out sets' number mutations (308/325 -> 310/325 flagged),
no faithful answer of any set flagged (MODEL_CARD.md, session 25).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from faithkit.checkers.numbers.nearest import nearest_stated
from faithkit.records import Passage
from faithkit.text.number_words import NUMBER_WORDS, number_word_pattern
from faithkit.text.sentences import split_sentences
from faithkit.text.words import STOPWORDS

__all__ = ["DateArithmetic", "Moment", "date_arithmetic", "dates_in", "uncovered_words", "unstated_date_reason",
           "unstated_dates", "worked_date"]

_MONTH_NAMES = {name.lower(): n for n in range(1, 13)
                for name in (calendar.month_name[n], calendar.month_abbr[n]) if name}
_MONTH = "|".join(sorted((re.escape(m) for m in _MONTH_NAMES), key=len, reverse=True))
_DAY = r"(?P<day{k}>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<year{k}>(?:19|20)\d\d))?"
_DATE = re.compile(
    rf"\b(?:{_DAY.format(k=1)}\s+(?:of\s+)?(?P<month1>{_MONTH})\.?{_YEAR.format(k=1)}"
    rf"|(?P<month2>{_MONTH})\.?\s+{_DAY.format(k=2)}{_YEAR.format(k=2)})\b", re.IGNORECASE)
_PERIOD = re.compile(rf"\b(?P<n>\d{{1,3}}|{number_word_pattern('an', 'a')})[\s-]+(?P<working>working\s+|business\s+)?"
                     r"(?P<unit>day|week|month)s?\b", re.IGNORECASE)
_BACK = re.compile(r"\s+(?:before|prior\s+to|ahead|earlier|in\s+advance)\b", re.IGNORECASE)
_WORD_NUMBERS = {"a": 1, "an": 1, **NUMBER_WORDS}
_PLAIN_YEAR = 2026  # no year stated: read the dates in a year that is not a leap year
# pronouns for the user's own thing ("yours is due"), the words that place a date ("by 15 March"), and the words for
# what date arithmetic computes ("the notice period ends on 17 March", "the due date is 24 March")
_PLAIN_WORDS = ("yours", "mine", "ours", "theirs", "hers", "his", "by", "until", "till", "before", "after", "later",
                "latest", "date", "dates", "period")
_PERIOD_CLAUSE_BREAK = re.compile(r"\s*[,;:]\s*|\s+(?:and|but|while|whereas|so)\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Moment:
    """A calendar date a text states ("15 March", "March 15th, 2026"), with its span."""

    date: dt.date
    start: int
    end: int
    text: str
    year_given: bool = False

    @property
    def label(self) -> str:
        return f"{self.date.day} {calendar.month_name[self.date.month]}"


@dataclass(frozen=True)
class DateArithmetic:
    """How each claim date not stated in the sources was computed: ``1 March + 14 days = 15 March``.

    expressions: one per computed moment; periods: the sentences (or the question) the periods came from.
    """

    expressions: tuple[str, ...]
    periods: tuple[str, ...]
    dates: tuple[Moment, ...]


@lru_cache(maxsize=8192)
def dates_in(text: str) -> tuple[Moment, ...]:
    """Every day-and-month date of ``text`` (an invalid one, "31 February", is skipped)."""
    found = []
    for m in _DATE.finditer(text):
        k = "1" if m.group("day1") else "2"
        if m.group(f"month{k}") == "may" or m.group(f"month{k}").lower() == "mar":
            continue  # "you may 2 ..." is a verb; "mar" a word more often than March
        year = m.group(f"year{k}")
        try:
            day = dt.date(int(year) if year else _PLAIN_YEAR, _MONTH_NAMES[m.group(f"month{k}").lower()],
                          int(m.group(f"day{k}")))
        except ValueError:
            continue
        found.append(Moment(day, m.start(), m.end(), m.group(0), bool(year)))
    return tuple(found)


def _same_moment(a: Moment, b: Moment) -> bool:
    if a.year_given and b.year_given:
        return a.date == b.date
    return (a.date.month, a.date.day) == (b.date.month, b.date.day)


def _periods(text: str) -> list[tuple[int, str]]:
    """(count, unit) of each period in ``text``, the count negative where the period runs back from its event
    ("7 days before it starts", "7 days in advance"); working days are left out (module docstring)."""
    out = []
    for m in _PERIOD.finditer(text):
        if m.group("working"):
            continue
        n = m.group("n").lower()
        count = int(n) if n.isdigit() else _WORD_NUMBERS[n]
        back = _BACK.match(text, m.end()) is not None
        out.append((-count if back else count, m.group("unit").lower()))
    return out


def _shift(moment: Moment, count: int, unit: str) -> Moment | None:
    """``moment`` moved by ``count`` units (negative: back), or None where the unit does not apply to it."""
    day = moment.date
    if unit in ("day", "week"):
        moved = day + dt.timedelta(days=count * (7 if unit == "week" else 1))
    else:
        month = day.month - 1 + count
        try:
            moved = day.replace(year=day.year + month // 12, month=month % 12 + 1)
        except ValueError:
            return None  # 31 January + 1 month: no such day; a reader would not agree on one
    return Moment(moved, 0, 0, "", moment.year_given)


def date_arithmetic(claim: str, passages: Sequence[str], question: str, claim_words: frozenset[str],
                    periods: frozenset[tuple[int, str]] | None = None) -> DateArithmetic | None:
    """How the claim's dates and times of day that no passage or question states are computed (module
    docstring), or None when the claim has no such moment or one of them is not computed. ``claim_words``: the
    claim's content words (stemmed as ``alignment_words.words``), to find the passage sentences the periods may
    come from; ``periods``: when given, only these (count, unit) may be added."""
    from faithkit.checkers.rules.alignment_words import words

    claimed = dates_in(claim)
    stated = [d for text in (*passages, question) for d in dates_in(text)]
    new = [d for d in claimed if not any(_same_moment(d, s) for s in stated)]
    if not new:
        return None
    asked = dates_in(question)
    bases = [*asked, *(d for d in claimed if d not in new)]
    sentences = [s.text for text in passages for s in split_sentences(text)
                 if claim_words & words(s.text)]
    sources = [(s, _periods(s)) for s in sentences] + [("the question", _periods(question))]
    expressions, used = [], []
    for target in new:
        found = next(((base, abs(count), unit, 1 if count > 0 else -1, where) for base in bases
                      for where, found_periods in sources for count, unit in found_periods
                      if (periods is None or (abs(count), unit) in periods)
                      and (shifted := _shift(base, count, unit)) is not None
                      and _same_moment(shifted, target)
                      and (len(asked) < 2 or base not in asked or _counts_from(where, question, base))), None)
        if found is None:
            return None
        base, count, unit, sign, where = found
        plural = unit if count == 1 else f"{unit}s"
        expressions.append(f"{base.label} {'+' if sign > 0 else '−'} {count} {plural} = {target.label}")
        used.append(where)
    return DateArithmetic(tuple(expressions), tuple(dict.fromkeys(used)), tuple(new))


# the event a period counts from: "counted from the day we receive your request", "from the day the coating is applied"
_FROM_EVENT = re.compile(r"\b(?:from|after)\s+(?:the\s+)?(?:day|date)\s+(?P<event>(?:[a-z-]+\s+){0,3}[a-z-]+)",
                         re.IGNORECASE)
_AUXILIARIES = frozenset("is are was were be been has have had".split())
_SUBJECTS = frozenset("we you they it i".split())
_QUESTION_CLAUSE_BREAK = re.compile(r"[.?!;,]\s+|\s+(?:and|but|then)\s+", re.IGNORECASE)


def _counts_from(sentence: str, question: str, base: Moment) -> bool:
    """Whether ``base``, one of two or more dates of the question, is the date of the event ``sentence``'s period
    counts from: where the sentence names that event ("30 days' notice, counted from the day we receive your
    request"), the question's clause holding the date must name it too ("you received it on 4 September", not "I
    sent my request on 2 September"). A sentence that names no event allows every date. Why: the question's other
    date plus the same period gave the date an answer computed from the wrong event (pd-028, session 39)."""
    from faithkit.checkers.numbers.reduce import _stem
    from faithkit.checkers.rules.alignment_words import clause_spans

    found = _FROM_EVENT.search(sentence) if sentence != "the question" else None
    event = _event_word(found.group("event").lower().split()) if found else None
    if event is None:
        return True
    spans = clause_spans(question, _QUESTION_CLAUSE_BREAK)
    start, end = next((c for c in spans if c[0] <= base.start < c[1]), (0, len(question)))
    return _stem(event) in {_stem(w) for w in re.findall(r"[a-z]+", question[start:end].lower())}


def _event_word(words: list[str]) -> str | None:
    """The word that names the event after "from the day": its verb after a pronoun or "the <noun>" subject ("we
    receive", "the coating is applied", "the order ships"), else the noun after "of" ("of purchase")."""
    if not words:
        return None
    i = 1 if words[0] in _SUBJECTS else 2 if words[0] == "the" and len(words) > 2 else 0
    rest = [w for w in words[i:] if w not in STOPWORDS and w not in _AUXILIARIES]
    return rest[0] if rest else None


_WORKING = re.compile(r"\b(?:working|business)\s+days?\b|\bweekdays?\b", re.IGNORECASE)


def unstated_dates(claim: str, passages: Sequence[str], question: str, context: Sequence[str] = ()) -> list[str]:
    """The claim's dates that no passage or question states and that no date of the question or the claim plus a
    period a passage states gives (``date_arithmetic``), in the claim's words; none where a text counts working
    days or weekdays, which are not computed here. "Certified translations are ready 7 days after we receive the
    documents, so yours can be posted on 3 May 2027." for a document received on 27 April gives ["3 May 2027"].
    ``context``: the answer's other statements (``worked_date``)."""
    stated = [d for text in (*passages, question) for d in dates_in(text)]
    new = [d for d in dates_in(claim) if not any(_same_moment(d, s) for s in stated)]
    if not new or any(_WORKING.search(text) for text in (claim, question, *passages)):
        return []
    if worked_date(claim, passages, question, context) is not None:
        return []
    return [d.text for d in new]


def worked_date(claim: str, passages: Sequence[str], question: str, context: Sequence[str] = ()
                ) -> DateArithmetic | None:
    """``date_arithmetic`` with the periods of the sentences the claim shares a word with, or else with a period
    another statement of the answer states itself (``context``: a split claim's other parts, the answer's other
    claims), read from a passage sentence that statement shares a word with. Why: "The 365-day guarantee counts
    from the day the coating was applied, so it runs until 21 March 2028." is checked in parts, and its date's
    part ("It runs until 21 March 2028.") shares no word with the guarantee's sentence; the part before it names
    the guarantee and its 365 days (session 39). The date must still be a date of the question (of the event the
    period counts from, ``_counts_from``) plus that period, exactly: any period of a sentence the answer merely
    shares a word with kept the same answers but let two number mutants through (681 -> 679/710)."""
    from faithkit.checkers.rules.alignment_words import words

    found = date_arithmetic(claim, passages, question, words(claim))
    stating = [c for c in context if _periods(c)]
    if found is None and stating:
        found = date_arithmetic(claim, passages, question, words(claim) | words(" ".join(stating)),
                                frozenset((abs(n), unit) for c in stating for n, unit in _periods(c)))
    return found


def unstated_date_reason(missing: Sequence[str], claim: str, passages: Sequence[Passage], question: str) -> str:
    """Why the dates ``missing`` (``unstated_dates``) are flagged, with what the sources give instead: the
    question's date plus the period of the passage sentence sharing most words with the claim ("; 27 April + 7
    days [certified] = 4 May"), else the date that sentence states ("; [billing] says 1 March")."""
    head = "; ".join(f"{d} appears in no passage, and no date of the question plus a period a passage states "
                     "gives it" for d in missing)
    return head + _instead(claim, passages, question)


def _instead(claim: str, passages: Sequence[Passage], question: str) -> str:
    bases = dates_in(question)
    period = nearest_stated(claim, passages, _period_texts) if bases else None
    if period is not None:
        count, unit = _periods(period[1])[0]
        moved = _shift(bases[0], count, unit)
        if moved is not None:
            plural = unit if abs(count) == 1 else f"{unit}s"
            sign = "+" if count > 0 else "−"
            return f"; {bases[0].label} {sign} {abs(count)} {plural} [{period[0]}] = {moved.label}"
    stated = nearest_stated(claim, passages, lambda text: [d.text for d in dates_in(text)])
    return f"; [{stated[0]}] says {stated[1]}" if stated else ""


def _period_texts(sentence: str) -> list[str]:
    """The periods of a sentence in its words, with the word that runs one back ("7 days before")."""
    out = []
    for m in _PERIOD.finditer(sentence):
        if not m.group("working"):
            back = _BACK.match(sentence, m.end())
            out.append(m.group(0) + (back.group(0) if back else ""))
    return out


def _period_clause(sentence: str) -> str:
    """The clause of ``sentence`` that states its period, with the sentence's subject in front: "Invoices are sent
    on the 1st of each month and are due within 14 days." -> "Invoices are due within 14 days". Only those words
    may cover the claim, so the claim cannot take "sent" from the other clause of the same sentence."""
    from faithkit.checkers.parts import subject_of

    clause = next((c for c in _PERIOD_CLAUSE_BREAK.split(sentence) if _periods(c)), sentence)
    subject = subject_of(sentence) or ""
    return f"{subject} {clause}"


def uncovered_words(claim: str, found: DateArithmetic, question: str) -> list[str]:
    """The claim's words that neither the clause its period came from, nor the question, nor a word of arithmetic
    accounts for (and any negation the period's clause does not also state): empty when the claim says nothing
    but the date arithmetic."""
    from faithkit.checkers.numbers.reduce import _ARITHMETIC_WORDS, _NEGATIONS, _WORD, _content, _stem

    clauses = [question if where == "the question" else _period_clause(where) for where in found.periods]
    covered = {_stem(w) for text in (*clauses, question) for w in _WORD.findall(text)}
    covered |= {_stem(w) for w in (*_ARITHMETIC_WORDS, *_PLAIN_WORDS)}
    spans = [(d.start, d.end) for d in found.dates] + [(m.start(), m.end()) for m in _PERIOD.finditer(claim)]
    kept = "".join(" " if any(a <= i < b for a, b in spans) else ch for i, ch in enumerate(claim))
    negated = {m.group(0).lower() for text in clauses for m in _NEGATIONS.finditer(text)}
    out = [m.group(0) for m in _NEGATIONS.finditer(kept) if m.group(0).lower() not in negated]
    return out + [w for w in _content(kept) if _stem(w) not in covered]
