"""What the inner checker still has to judge once the numbers of a claim are verified.

Two ways, tried in this order by the stage (``stage.py``):

``reduced_claim``: the claim restated for one unit of the user's quantities ("Eight users would pay €96 a
    month." -> "Each user would pay €12 a month."), which restates a passage sentence, so a model can entail
    it while still judging every other word of the claim. It exists only for purely multiplicative derivations
    with a user-supplied operand, and a model does not always entail it: "The Team plan costs €12 per user per
    month, so each user would pay €12 a month." reads as a tautology and the bundled model calls it neutral.

``rest_of_claim``: the claim without the clauses that carry its derived numbers ("The Team plan costs €12 per
    user per month, so your 8 users would pay €96 a month." -> "The Team plan costs €12 per user per month.").
    A clause may be taken out only when it says nothing but the arithmetic: each of its content words is a
    word of the sentences its operands were read from, a unit of an operand, or a word of arithmetic ("pay",
    "total", "more", ...), and it holds no negation. "so your 8 users would pay €96 a month and get SSO" keeps
    "get SSO" for the inner checker; "so your 8 admins would pay €96" is not taken out ("admin" is in no operand
    sentence), nor is "so your 8 users would not pay €96". What is left goes to the inner checker; when nothing is
    left (the whole claim is arithmetic over its operands' sentences), the lexical check is the verdict.
    Coverage also counts: every word of the user's question, the period nouns of an adverb the sentence uses ("paid
    monthly" covers "each month"), the words of saving when an operand sentence states a discount ("one third off"
    covers "save"), a negation the operand sentence states too ("free of charge" in both), and a tiny list of words for
    one thing (``_SAME_THING``: a purchase, a payment, what you spend). A clause that is only an expression the claim
    writes out ("(4 × £2.50)") is taken out whole: the stage has already checked it gives the claim's number
    (``written``). ``premises=True`` also takes out a leading phrase that only names an operand ("With the 20%
    student discount, …"; the stage's third way).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

from faithkit.checkers.numbers.algebra import BASE_TIME_UNIT, SCALAR, TIMES
from faithkit.checkers.numbers.analysis import NumberReport
from faithkit.checkers.numbers.derivation import unit_and_value
from faithkit.checkers.numbers.extract import quantities, rate_of
from faithkit.checkers.numbers.justify import DISCOUNT, RELATION_CUES
from faithkit.checkers.numbers.quantity import dimension, number_text, same_amount
from faithkit.checkers.numbers.scan import _STOP
from faithkit.checkers.numbers.written import is_expression
from faithkit.text.words import IRREGULAR_PLURALS

__all__ = ["RestOfClaim", "reduced_claim", "rest_of_claim"]

_DETERMINER = re.compile(r"\b(?:your|our|their|the|these|those|all)\s+$", re.IGNORECASE)


def reduced_claim(claim: str, report: NumberReport) -> str | None:
    """The claim restated for one unit of the user's quantities, so the inner checker can judge everything
    except the arithmetic: "Eight users would pay €96 a month." -> "Each user would pay €12 a month.".

    Each user-supplied operand the claim states (a given, or a claim number that is also in a passage) is set to
    one unit ("each user"; a duration to 1 day or 1 month, its base unit: "two years" -> "1 month"), and each derived
    number is replaced by its expression evaluated on those 1s, written in the claim's style
    (currency sign and unit kept). This is only possible for purely multiplicative derivations (× and ÷) with at
    least one user-supplied operand; anything else (sums, differences, derivations justified only by a cue)
    returns None, and the stage does not rescue the claim. Returning None is the safe side: the claim keeps
    the inner checker's verdict.
    """
    if not report.derivations:
        return None
    edits: dict[tuple[int, int], str] = {}
    for d in report.derivations:
        if any(op in ("+", "−") for op in d.ops):
            return None
        scaled = [o.user_supplied and (o.dim in SCALAR or o.dim in TIMES) for o in d.operands]
        if not any(scaled) or any(o.unit.per == "time_d" for o in d.operands):
            return None  # a day is not the unit a per-minute or per-hour rate is stated in
        values = [1.0 if flag else o.value for o, flag in zip(d.operands, scaled)]  # 1 user, 1 day, 1 month
        new = d.evaluate(values)
        if new is None or new <= 0:
            return None
        t = d.target
        base = unit_and_value(claim, t)[1]
        new_raw = new * t.value / base if base else new
        edits[(t.num_start, t.num_end)] = number_text(new_raw, t.decimals or None)
        for o, flag in zip(d.operands, scaled):
            q = o.claim_quantity
            if q is None or not flag:
                continue
            word = claim[q.num_start:q.num_end]
            if o.dim in TIMES:
                one = "1" if word[:1].isdigit() else ("One" if word[:1].isupper() else "one")
            else:  # "each user" is how help-center passages state per-unit facts; measured to read better
                one = "Each" if q.num_start == 0 or word[:1].isupper() else "each"
            determiner = _DETERMINER.search(claim, 0, q.num_start) if one.lower() == "each" else None
            edits[(determiner.start() if determiner else q.num_start, q.num_end)] = (
                one.capitalize() if determiner and determiner.start() == 0 else one)
            if q.unit_start is None or q.unit_end is None or not q.unit:
                continue
            noun = claim[q.unit_start:q.unit_end]
            if o.dim in TIMES:
                edits[(q.unit_start, q.unit_end)] = BASE_TIME_UNIT[o.dim]
            elif o.dim == "count" and noun.lower() != q.unit and noun.lower().startswith(q.unit):
                edits[(q.unit_start, q.unit_end)] = noun[: len(q.unit)]
    out = claim
    for (start, end), text in sorted(edits.items(), reverse=True):
        out = out[:start] + text + out[end:]
    return out


# ------------------------------------------------------------------------------------------ rest of claim

# "first" names where what the arithmetic counts starts ("$432 for the first 12 months", "its first due date is
# 24 March"): no passage has to state it (chosen on shapes_dev sd-005, confirmed on clauses_holdout; session 43)
_ARITHMETIC_WORDS = frozenset("""
pay pays paying paid cost costs costing total totals come comes coming amount amounts amounting work works
make makes add adds adding added sum bring brings get gets getting give gives have has having need needs
spend spends spending charge charges charged bill bills billed billing use uses using mean means equal equals
overall exactly altogether combined together worth run runs into end ends ending up come that's you'll
fee fees price prices rate allow allows let lets first
""".split())
_PERIOD_WORDS = {"second": ("second",), "minute": ("minute",), "hour": ("hour", "hourly"), "day": ("day", "daily"),
                 "week": ("week", "weekly"), "month": ("month", "monthly"), "year": ("year", "yearly", "annually")}
_NEGATIONS = re.compile(r"\b(?:not|no|never|none|nothing|without|except|cannot|neither|nor|free)\b|n't\b",
                        re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"\s*(?:,(?!\d{3})|[;:()])\s*|\s+[—–]\s+|"  # "$2,160" is one number, not a break
                           r"\s+(?=(?:so|and|which|while|but|therefore|thus|meaning|giving|making|bringing|"
                           r"for a total)\b)", re.IGNORECASE)
_LEADING_LINK = re.compile(r"^(?:(?:so|and|which|while|but|therefore|thus|meaning|that|is|with)\b\s*)+",
                           re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
_ADVERB_PERIOD = {"hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month", "yearly": "year",
                  "annually": "year", "annual": "year"}  # "paid monthly" covers "each month"
_STEMMERS = threading.local()  # a Snowball stemmer keeps the word it works on: one per thread
_SAVING_WORDS = ("save", "saves", "saving", "savings", "discount", "discounted", "off", "cheaper", "less",
                 "reduced", "reduction", "take", "takes", "taking", "knock", "knocks", "leave", "leaves", "leaving")
# One thing, several everyday words, for the coverage test only: the amount a card payment is ("a €200
# purchase", "spend €200", "card payments"). Kept tiny on purpose: every entry widens what the test accepts.
_SAME_THING = {"purchas": "payment", "spend": "payment", "spent": "payment", "transact": "payment"}
_PREMISE = re.compile(r"^(?:with|at|on|for|between|from|after|including)\b", re.IGNORECASE)


def _negation(word: str) -> str:
    low = word.lower()
    return "not" if low in ("n't", "cannot") else low


def _same(stem: str) -> str:
    return _SAME_THING.get(stem, stem)


def _premise(claim: str, span: tuple[int, int], used: set[int], report: NumberReport) -> bool:
    """A leading phrase that only names an operand of the arithmetic, as used: "With the 20% student
    discount, Full costs £28", "At 10 cent a minute, a 30-minute call costs €3", "Between the two of you, …".
    It is taken out with the arithmetic (and its words tested like the arithmetic's), since a model cannot
    entail a prepositional phrase on its own. Only the first clause, only a preposition, only when a number in
    it is a claim number the derivation uses."""
    if span[0] != 0 or not _PREMISE.match(claim[span[0]:span[1]]):
        return False
    return any(id(n.quantity) in used and span[0] <= n.quantity.num_start < span[1] for n in report.numbers)


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    """The word's Snowball (Porter 2) stem, for coverage only: "users" ~ "user", "billing" ~ "bill", and a
    noun meets its verb ("activation" ~ "activated", so "15 days from activation" is covered by "activated on
    20 January"). Irregular plurals first ("for 4 people" is covered by "per person"); a possessive is its noun.
    Session 31 replaced a hand-written suffix list (plural, "-ing", "-ed", a final "e") that missed derived
    forms; MODEL_CARD.md has what it changed."""
    w = word.lower().replace("’", "'").removesuffix("'s")
    if w in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[w]
    stemmer = getattr(_STEMMERS, "english", None)
    if stemmer is None:
        stemmer = _STEMMERS.english = snowballstemmer.stemmer("english")
    return stemmer.stemWord(w)


_CONTRACTED = re.compile(r"^(?P<word>[A-Za-z]+)['’](?:d|ll|re|ve|s|m)$", re.IGNORECASE)


def _stopword(word: str) -> bool:
    """A stopword, or a stopword contracted with one ("you'd", "it's", "we'll": you would, it is, we will)."""
    low = word.lower()
    contracted = _CONTRACTED.match(low)
    return low in _STOP or (contracted is not None and contracted.group("word") in _STOP)


def _content(text: str) -> list[str]:
    """Content words: three letters or more, or a two-letter abbreviation ("UK", "US", "EU", "ID")."""
    return [w for w in _WORD.findall(text) if (len(w) > 2 or len(w) == 2 and w.isupper()) and not _stopword(w)]


@dataclass(frozen=True)
class RestOfClaim:
    """The claim without its derived clauses (module docstring).

    text: what is left for the inner checker, as a sentence ("" when nothing but arithmetic was said).
    removed: the clauses taken out. uncovered: words of a removed clause that no operand sentence, unit or
        word of arithmetic accounts for, or a negation; when there are any, the claim cannot be rescued this way.
    """

    text: str
    removed: tuple[str, ...]
    uncovered: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.uncovered


def _clauses(claim: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for m in _CLAUSE_BREAK.finditer(claim):
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(claim):
        spans.append((start, len(claim)))
    return spans


def rest_of_claim(claim: str, report: NumberReport, question: str = "", premises: bool = False
                  ) -> RestOfClaim | None:
    """The rest-of-claim test for a claim whose numbers are all accounted for (module docstring); None when the
    report derives nothing. ``question``: its words cover the clause too: the user's own wording ("paying
    yearly", "as a member", "for 4 people") repeated around the arithmetic adds no fact to check (on the
    project's dev answers 2 of 43 worked numbers were flagged for it alone; the blind sets confirmed the
    change it came with). ``premises``: also take out a leading
    phrase that only names an operand ("With the 20% student discount, …"; ``_premise``), for when the inner
    checker cannot judge that phrase on its own."""
    question_words = {_same(_stem(w)) for w in _WORD.findall(question)}
    if not report.derivations and not report.derived:  # a total the claim adds up in writing has no derivation
        return None
    used = {id(o.claim_quantity) for d in report.derivations for o in d.operands if o.claim_quantity}
    # an operand the question states is the user's scenario even where a passage also has it by chance ("Split
    # between the five of you" beside "up to 5 people"): its clause is word-tested, not sent to the model
    asked = quantities(question) if question else []
    marked = [n.quantity for n in report.numbers
              if n.status in ("derived", "given") or id(n.quantity) in used and (
                  n.status == "in_question" or any(same_amount(n.quantity, q) for q in asked))]
    stated = {id(n.quantity) for n in report.numbers}
    phrases = [o.claim_quantity for d in report.derivations for o in d.operands  # "over a year" (pool.py)
               if o.claim_quantity is not None and id(o.claim_quantity) not in stated]
    marked += phrases
    # a sentence with a negation lends no words to a clause without it: "costs €12 … and does not include SSO"
    # must not cover "SSO"; it does lend them to a clause with the same negation ("… bags free of charge")
    contexts = list(dict.fromkeys(o.context for d in report.derivations for o in d.operands
                                  if "passage" in o.origins))
    lending = [w.lower() for c in contexts if not _NEGATIONS.search(c) for w in _WORD.findall(c)]
    covered = {_stem(w) for w in lending}
    covered |= {_stem(w) for w in _ARITHMETIC_WORDS}
    covered |= {_stem(p) for w in lending for p in _PERIOD_WORDS.get(_ADVERB_PERIOD.get(w, ""), ())}
    if any(DISCOUNT.search(o.context) and not o.complement for d in report.derivations for o in d.operands
           if o.dim == "%" and "passage" in o.origins):
        covered |= {_stem(w) for w in _SAVING_WORDS}  # "gives one third off": what it takes off is a saving
    for d in report.derivations:
        covered |= {_stem(w) for op in d.ops for cue in RELATION_CUES[op] for w in _WORD.findall(cue)}
        covered |= {_stem(w) for o in d.operands if "passage" in o.origins for w in _WORD.findall(o.quantity.text)}
        covered |= {"more", "less", "fewer", "than"} if any(op in ("+", "−") for op in d.ops) else set()
        periods = {o.period_unit for o in d.operands} | {rate_of(claim, d.target).period}
        covered |= {_stem(w) for p in periods if p for w in _PERIOD_WORDS[p]}
    if not report.derivations:  # a written total (``analysis._shown_totals``): its operands' own units
        covered |= {_stem(w) for n in report.numbers for w in _WORD.findall(n.quantity.text)}
    covered = {_same(w) for w in covered} | question_words
    spans = _clauses(claim)
    expressions = [s for s in spans if is_expression(claim[s[0]:s[1]])]  # "(4 × £2.50)": checked by ``written``
    removed_spans = [s for s in spans if any(s[0] <= q.num_start < s[1] for q in marked)
                     or premises and _premise(claim, s, used, report) or s in expressions]
    removed, uncovered = [], []
    for start, end in removed_spans:
        clause = claim[start:end]
        removed.append(clause)
        if (start, end) in expressions:
            continue  # numbers and operators only, and the stage has checked that they give the claim's number
        numbers = [(q.start, q.end) if n.status == "derived" or dimension(q.unit) in TIMES
                   else (q.num_start, q.num_end) for n in report.numbers for q in (n.quantity,)]
        numbers += [(q.start, q.end) for q in phrases]
        words = [m for m in _WORD.finditer(clause)
                 if not any(a <= start + m.start() < b for a, b in numbers)]
        negations = {_negation(m.group(0)) for m in _NEGATIONS.finditer(clause)}
        agreeing = [c for c in contexts if negations and negations <= {_negation(m.group(0))
                                                                     for m in _NEGATIONS.finditer(c)}]
        uncovered += [m.group(0) for m in _NEGATIONS.finditer(clause) if not agreeing]
        lent = {_same(_stem(w)) for c in agreeing for w in _WORD.findall(c)}
        uncovered += [w for w in _content(" ".join(m.group(0) for m in words))
                      if _same(_stem(w)) not in covered | lent]
    text = claim
    for n in range(len(spans) - 1, -1, -1):
        if spans[n] in removed_spans:
            cut_from = spans[n - 1][1] if n > 0 else spans[n][0]
            cut_to = spans[n][1] if n > 0 or len(spans) == 1 else spans[n + 1][0]
            text = text[:cut_from] + text[cut_to:]
    text = _LEADING_LINK.sub("", _balanced(text).strip()).strip(" ,;:.—–")
    text = text[0].upper() + text[1:] + "." if _content(text) else ""
    return RestOfClaim(text, tuple(removed), tuple(dict.fromkeys(uncovered)))


def _balanced(text: str) -> str:
    """``text`` without the brackets a cut left unmatched: "The one-time extension) before it goes back to the
    sender." was sent to the model as the rest of a claim whose "(72 hours plus 24)" had been taken out."""
    open_at: list[int] = []
    unmatched: set[int] = set()
    for i, ch in enumerate(text):
        if ch == "(":
            open_at.append(i)
        elif ch == ")":
            if open_at:
                open_at.pop()
            else:
                unmatched.add(i)
    unmatched.update(open_at)
    return "".join(ch for i, ch in enumerate(text) if i not in unmatched)
