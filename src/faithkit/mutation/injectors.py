"""Fault injectors: small, rule-based edits that turn a faithful claim into an unfaithful one.

They serve two masters, which is why they live in one place:

* the mutation suite (test the tester, Move 6 of the Larkspur lesson): mutants of person-checked faithful claims
  measure how many faults of each type a checker catches;
* the training set of the bundled NLI model (``training/``): the same edits make the hard negatives that teach
  the model to notice a swapped number or a dropped "not".

Each injector takes a claim and an :class:`InjectorContext` and returns the mutated claim, or ``None`` when the
claim has nothing the injector can change (no number, no negation site, ...). ``None`` is a real answer, not an
error: a suite counts how many claims each injector applies to. Every injector is deterministic given
``ctx.seed`` (choices use ``random.Random`` seeded from the seed, the injector name and the claim, so the same
claim mutates the same way in every run and on every machine, independent of call order).

The edits are surface rules, not language understanding: a mutant is a *candidate* fault. Most are real faults,
but some are not (doubling a number the passage never states, for instance), so a suite that reports detection
rates should have its mutants reviewed by a person (the lesson found 24 real faults among 26 mutants).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from faithkit.records import Passage

__all__ = [
    "INJECTORS",
    "InjectorContext",
    "add_unsupported_fact",
    "drop_condition",
    "flip_negation",
    "swap_entity",
    "swap_number",
]


@dataclass(frozen=True)
class InjectorContext:
    """What an injector may read besides the claim.

    passages: the passages the claim is checked against; injectors take replacement numbers and names from
        them, which makes harder faults (a real number from the wrong sentence) than arbitrary ones.
    entity_pairs: explicit swaps such as ``("Team", "Enterprise")``, tried in both directions before any
        name is guessed from the passages.
    seed: makes every choice reproducible; change it to draw a different mutant of the same claim.
    """

    passages: tuple[Passage, ...] = ()
    entity_pairs: tuple[tuple[str, str], ...] = ()
    seed: int = 0


def _rng(ctx: InjectorContext, injector: str, claim: str) -> random.Random:
    """A generator that depends only on (seed, injector, claim): str seeds are hashed with SHA-512 by
    ``random.Random``, unlike ``hash()``, which is salted per process."""
    return random.Random(f"{ctx.seed}\x1f{injector}\x1f{claim}")


def _tidy(text: str) -> str:
    """Repair the spacing an edit leaves behind (double spaces, space before punctuation, dangling comma)."""
    text = re.sub(r"\s{2,}", " ", text)
    text = re.sub(r"\s+([.,;:!?])", r"\1", text)
    text = re.sub(r",([.;:!?])", r"\1", text)
    return text.strip()


def _passage_text(ctx: InjectorContext) -> str:
    return "\n".join(p.text for p in ctx.passages)


# --------------------------------------------------------------------------------------------- numbers

_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\w])|(?<![\w.])(\d+)(?=[a-zA-Z%])")
_WORD_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
    "fifty": 50, "sixty": 60, "ninety": 90, "hundred": 100,
}
_WORD_NUMBER = re.compile(r"\b(" + "|".join(_WORD_NUMBERS) + r")\b", re.IGNORECASE)
_NUMBER_WORDS = {v: k for k, v in _WORD_NUMBERS.items()}


def _numbers_in(text: str) -> list[tuple[int, int, str]]:
    """(start, end, digits) of every numeral in ``text``; a numeral glued to a unit ("50GB") counts too."""
    out = []
    for m in _NUMBER.finditer(text):
        start, end = m.span()
        out.append((start, end, m.group(0)))
    return out


def _as_number(token: str) -> float:
    return float(token.replace(",", ""))


def _format_like(value: float, template: str) -> str:
    """Write ``value`` the way ``template`` was written (decimals kept, thousands separators kept)."""
    decimals = len(template.split(".")[1]) if "." in template else 0
    text = f"{value:,.{decimals}f}" if "," in template else f"{value:.{decimals}f}"
    return text


def _changed_number(token: str, rng: random.Random, source_numbers: list[str]) -> str:
    """A different value for ``token``: half the time a number the passages state (the realistic fault of
    quoting the wrong row), otherwise a simple transformation (years move by a few, others double or halve)."""
    value = _as_number(token)
    others = sorted({n for n in source_numbers if _as_number(n) != value})
    if others and rng.random() < 0.5:
        return rng.choice(others)
    if "." not in token and 1900 <= value <= 2100:
        return str(int(value) + rng.choice([-3, -2, -1, 1, 2, 3]))
    if value == 0:
        return _format_like(1, token)
    factor = rng.choice([2, 3]) if value < 2 or rng.random() < 0.7 else 0.5
    new = value * factor
    if "." not in token and new != int(new):
        new = value + 1
    return _format_like(new, token)


def swap_number(claim: str, ctx: InjectorContext) -> str | None:
    """Replace one number (digits, or a word such as "fifty") with a different value.

    The number to change is drawn among all numbers in the claim; the new value is, half the time, another
    number that the passages state, else a doubled / tripled / halved value (years move by 1-3).
    """
    rng = _rng(ctx, "swap_number", claim)
    numerals = _numbers_in(claim)
    if numerals:
        start, end, token = rng.choice(numerals)
        digits = re.match(r"[\d,.]+", token).group(0)
        sources = [n[2] for n in _numbers_in(_passage_text(ctx)) if re.fullmatch(r"[\d,]+(\.\d+)?", n[2])]
        new = _changed_number(digits, rng, sources)
        return claim[:start] + new + token[len(digits):] + claim[end:]
    words = list(_WORD_NUMBER.finditer(claim))
    if not words:
        return None
    m = rng.choice(words)
    value = _WORD_NUMBERS[m.group(1).lower()]
    choices = [w for v, w in _NUMBER_WORDS.items() if v != value and v in (value * 2, value * 3, value + 1,
                                                                             max(value // 2, 1))]
    new = rng.choice(choices) if choices else str(value * 2)
    if m.group(1)[0].isupper():
        new = new.capitalize()
    return claim[: m.start()] + new + claim[m.end():]


# --------------------------------------------------------------------------------------------- negation

_REMOVE_NEGATION: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bcannot\b"), "can"),
    (re.compile(r"\bCannot\b"), "Can"),
    (re.compile(r"\bcan't\b"), "can"),
    (re.compile(r"\bwon't\b"), "will"),
    (re.compile(r"\b(is|are|was|were|does|do|did|has|have|had|should|would|could|must)n't\b"), r"\1"),
    (re.compile(r"\b(is|are|was|were|does|do|did|has|have|had|can|will|should|would|could|must|may|might)"
                r" not\b"), r"\1"),
    (re.compile(r"\bnever\b"), "always"),
    (re.compile(r"\bno longer\b"), "still"),
]
_AUXILIARIES = ("is", "are", "was", "were", "can", "will", "should", "must", "may", "could", "would", "has",
                "have", "does", "do", "did")
_ADD_NEGATION = re.compile(r"\b(" + "|".join(_AUXILIARIES) + r")\b(?!\s+not\b|n't)")
_MODAL_NEGATION = {"can": "cannot"}


def flip_negation(claim: str, ctx: InjectorContext) -> str | None:
    """Remove the claim's first negation ("is not refunded" -> "is refunded", "cannot" -> "can", "never" ->
    "always"), or, when it has none, negate its first auxiliary verb ("can" -> "cannot", "is" -> "is not").

    Returns None when the claim has neither a negation nor an auxiliary (e.g. "Export links expire after 7
    days.": negating a bare verb needs its base form, which a rule cannot get right reliably).
    """
    del ctx  # the edit depends on the claim alone; the signature is shared by every injector
    first: tuple[int, re.Match[str], str] | None = None
    for pattern, replacement in _REMOVE_NEGATION:
        m = pattern.search(claim)
        if m and (first is None or m.start() < first[0]):
            first = (m.start(), m, replacement)
    if first is not None:
        _, m, replacement = first
        return _tidy(claim[: m.start()] + m.expand(replacement) + claim[m.end():])
    m = _ADD_NEGATION.search(claim)
    if not m:
        return None
    word = m.group(1)
    negated = _MODAL_NEGATION.get(word, f"{word} not")
    return claim[: m.start()] + negated + claim[m.end():]


# --------------------------------------------------------------------------------------------- entities

_CAP_RUN = re.compile(r"\b[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*)*")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;\n]\s*|[\"“(]\s*)$")
_UNIT_BEFORE = re.compile(r"\d\s*$")
_STOP_CAPS = {"I", "A", "An", "The", "This", "That", "These", "Those", "It", "If", "When", "You", "We", "They",
              "He", "She", "Yes", "No", "In", "On", "At", "For", "And", "But", "Or", "Each", "Every", "All"}


def _entity_runs(text: str) -> list[tuple[int, int, str, bool]]:
    """(start, end, term, sentence_initial) for every run of capitalised words; a run right after a number
    is a unit ("50 GB"), not a name, and is skipped."""
    out = []
    for m in _CAP_RUN.finditer(text):
        if _UNIT_BEFORE.search(text[: m.start()]):
            continue
        initial = bool(_SENTENCE_START.search(text[: m.start()]))
        out.append((m.start(), m.end(), m.group(0), initial))
    return out


def _name_in_run(term: str, initial: bool, mid_tokens: set[str]) -> str:
    """The name inside a capitalised run: leading function words dropped, and a sentence-initial word dropped
    when it is capitalised only by its position ("Annual Enterprise" at a sentence start -> "Enterprise"),
    unless that word also appears capitalised mid-sentence."""
    tokens = list(re.finditer(r"\S+", term))
    first = True
    while tokens:
        word = tokens[0].group(0)
        positional = initial and first and word not in mid_tokens and not word.isupper()
        if word not in _STOP_CAPS and not positional:
            break
        tokens.pop(0)
        first = False
    return term[tokens[0].start():] if tokens else ""


def _passage_entities(ctx: InjectorContext) -> Counter[str]:
    """Names and terms in the passages, counted: capitalised runs, minus words capitalised only because
    they start a sentence."""
    text = _passage_text(ctx)
    runs = _entity_runs(text)
    mid_tokens = {tok for _, _, term, initial in runs if not initial for tok in term.split()}
    counts: Counter[str] = Counter()
    for _, _, term, initial in runs:
        name = _name_in_run(term, initial, mid_tokens)
        if name:
            counts[name] += 1
    return counts


def _style(term: str) -> str:
    return "upper" if term.replace(" ", "").isupper() else "title"


def _fix_article(before: str, new: str) -> str:
    """Repair "a"/"an" right before the replaced name ("a Team" -> "an Enterprise")."""
    m = re.search(r"\b([Aa])(n?)\s+$", before)
    if not m:
        return before
    article = m.group(1) + ("n" if new[:1].lower() in "aeiou" else "")
    return before[: m.start()] + article + before[m.start() + len(m.group(1)) + len(m.group(2)):]


def swap_entity(claim: str, ctx: InjectorContext) -> str | None:
    """Replace a name or term with another one.

    ``ctx.entity_pairs`` are tried first, in both directions (every occurrence of the chosen name is
    replaced). Otherwise the replacement is a capitalised term from the passages, written in the same style
    (acronym for acronym) and absent from the claim, preferring the most frequent one (the passages' central
    names, e.g. the other plan). Returns None when no pair applies and the passages offer no other name.
    """
    rng = _rng(ctx, "swap_entity", claim)
    applicable = []
    for a, b in ctx.entity_pairs:
        for old, new in ((a, b), (b, a)):
            if re.search(rf"\b{re.escape(old)}\b", claim) and not re.search(rf"\b{re.escape(new)}\b", claim):
                applicable.append((old, new))
    if applicable:
        old, new = rng.choice(applicable)
        return _replace_all(claim, old, new)

    known = _passage_entities(ctx)
    if not known:
        return None
    runs = _entity_runs(claim)
    mid_tokens = set(known) | {tok for name in known for tok in name.split()}
    candidates = []
    for _, _, term, initial in runs:
        name = _name_in_run(term, initial, mid_tokens)
        if not name or (initial and name not in known and not any(tok in mid_tokens for tok in name.split())):
            continue
        replacements = [
            (count, other) for other, count in known.items()
            if other != name and _style(other) == _style(name) and other not in claim and name not in other
            and other not in name
        ]
        if replacements:
            candidates.append((name, replacements))
    if not candidates:
        return None
    name, replacements = rng.choice(candidates)
    top = max(count for count, _ in replacements)
    new = rng.choice(sorted(other for count, other in replacements if count == top))
    return _replace_all(claim, name, new)


def _replace_all(claim: str, old: str, new: str) -> str:
    out, cursor = [], 0
    for m in re.finditer(rf"\b{re.escape(old)}\b", claim):
        out.append(_fix_article(claim[cursor: m.start()], new))
        out.append(new)
        cursor = m.end()
    out.append(claim[cursor:])
    return "".join(out)


# --------------------------------------------------------------------------------------------- conditions

_TIME_UNITS = r"(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|business days?)"
_CONDITIONS = [
    re.compile(rf",?\s+within\s+(?:the\s+first\s+)?[\w-]+\s+{_TIME_UNITS}(?:\s+of\s+[\w-]+)?", re.IGNORECASE),
    re.compile(r",?\s+only\s+(?:on|in|for|if|when|to|with|after|before)\s+[^,.;:!?]+", re.IGNORECASE),
    re.compile(rf",?\s+after\s+(?:\d[\w,.]*\s+{_TIME_UNITS}|the\s+[^,.;:!?]+|an?\s+[^,.;:!?]+|[a-z]+ing\b[^,.;:!?]*)",
               re.IGNORECASE),
    re.compile(r"\bup\s+to\s+(?=[\d€$£])", re.IGNORECASE),
    re.compile(r",?\s+for\s+[^,.;:!?]+?\s+only\b", re.IGNORECASE),
    re.compile(r",?\s+(?:if|unless|provided that|as long as|except)\s+[^,.;:!?]+", re.IGNORECASE),
    re.compile(rf",?\s+(?:before|until)\s+(?:\d[\w,.]*\s+{_TIME_UNITS}|the\s+[^,.;:!?]+)", re.IGNORECASE),
]


def drop_condition(claim: str, ctx: InjectorContext) -> str | None:
    """Remove one condition, limit or exception: "within 14 days (of signing)", "only on the Enterprise
    plan", "after 7 days", "up to" before a number, "for ... only", and "if / unless / except ..." clauses.

    The result is usually still *true-sounding* and often literally entailed; what it loses is the limit
    that matters (Move 4: dropped conditions). Returns None when no such clause is found.
    """
    rng = _rng(ctx, "drop_condition", claim)
    spans = []
    for pattern in _CONDITIONS:
        spans.extend(m.span() for m in pattern.finditer(claim) if m.end() > m.start())
    if not spans:
        return None
    start, end = rng.choice(sorted(spans))
    out = _tidy(claim[:start] + " " + claim[end:])
    if not re.search(r"\w", out) or out == claim.strip():
        return None
    return out[0].upper() + out[1:] if claim[:1].isupper() else out


# --------------------------------------------------------------------------------------------- added facts

_UNSUPPORTED_FACTS = (
    "at no extra cost",
    "and this also applies to the free plan",
    "and the change takes effect immediately",
    "with 24/7 phone support included",
    "in every region",
    "and the data is encrypted with AES-256",
    "as confirmed by an independent audit",
    "since the 2019 update",
    "and the limit can be raised on request",
    "for all customers worldwide",
)


def add_unsupported_fact(claim: str, ctx: InjectorContext) -> str | None:
    """Append a plausible clause that no passage states ("..., at no extra cost.").

    The clause is drawn from a small built-in list, skipping any whose text the passages contain (then it
    would be supported). Returns None for a claim with no words or when every clause is in the passages.
    """
    stripped = claim.strip()
    if not re.search(r"\w", stripped):
        return None
    sources = _passage_text(ctx).lower()
    facts = [f for f in _UNSUPPORTED_FACTS if f.lower() not in sources and f.lower() not in stripped.lower()]
    if not facts:
        return None
    fact = _rng(ctx, "add_unsupported_fact", claim).choice(facts)
    m = re.search(r"[.!?]+[\"”')\]]*$", stripped)
    body, end = (stripped[: m.start()], stripped[m.start():]) if m else (stripped, ".")
    joiner = ", " if fact.startswith("and ") else " "
    return f"{body}{joiner}{fact}{end}"


Injector = Callable[[str, InjectorContext], "str | None"]

INJECTORS: dict[str, Injector] = {
    "swap_number": swap_number,
    "flip_negation": flip_negation,
    "swap_entity": swap_entity,
    "drop_condition": drop_condition,
    "add_unsupported_fact": add_unsupported_fact,
}
