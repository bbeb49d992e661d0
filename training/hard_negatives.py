"""Run 4: window-local hard negatives and meaning-keeping rewrites of negation (issue 11).

Why: with 1-3 sentence premise windows the shipped model lets a claim borrow words from a window's other
sentences. "Yes, you can sign in with a phone number, as well as with a passkey." was entailed at 0.945 by a window
whose middle sentence says phone numbers are *not* accepted: the neighbour supplied "passkey", and the model had
never seen a claim that joins one true fact with one contradicted fact of the same window. The other way round it
read "at most 30 kg" against "must not weigh more than 30 kg" as a contradiction, because its negation-bearing
positives were copies. So this module writes, from each training document:

- **borrowed-word negatives**: two sentences of one window joined into one claim, one of them faulted (negation
  flipped, a number or name swapped for another of the window), so every word but the fault is in the window;
- **negation forms** help-center text uses: "non-X" -> "X", "but not for Z" -> "for Z", "except Z" ->
  "including Z", "at most" <-> "at least", "before" <-> "after", "more than" <-> "less than" (contradictions);
- **equivalent rewrites with the negation kept** ("no more than N" -> "at most N", "non-refundable" -> "cannot be
  refunded", "cannot" -> "is not able to") as positives, so a negation word alone predicts neither label.

Labels stay valid for the reason build_data.py's do: every edit happens inside the premise window.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from faithkit.mutation import InjectorContext, flip_negation, swap_entity, swap_number
from faithkit.records import Passage

Row = dict

# meaning-keeping rewrites: (pattern, replacement) applied to the first match
EQUIVALENT: tuple[tuple[str, str], ...] = (
    (r"\bno more than\b", "at most"),
    (r"\bnot more than\b", "at most"),
    (r"\bmust not exceed\b", "can be at most"),
    (r"\bdoes not exceed\b", "is at most"),
    (r"\bno less than\b", "at least"),
    (r"\bnot less than\b", "at least"),
    (r"\bno fewer than\b", "at least"),
    (r"\bat most\b", "no more than"),
    (r"\bat least\b", "no less than"),
    (r"\bup to\b", "no more than"),
    (r"\bnon-refundable\b", "not refundable"),
    (r"\bnon-(\w+)", r"not \1"),
    (r"\bcannot\b", "is not able to"),
    (r"\bcan't\b", "cannot"),
    (r"\bcannot\b", "can't"),
    (r"\bis not\b", "isn't"),
    (r"\bare not\b", "aren't"),
    (r"\bdoes not\b", "doesn't"),
    (r"\bdo not\b", "don't"),
    (r"\bisn't\b", "is not"),
    (r"\baren't\b", "are not"),
    (r"\bdoesn't\b", "does not"),
    (r"\bdon't\b", "do not"),
    (r"\bnever\b", "not ever"),
    (r"\bnot allowed\b", "not permitted"),
    (r"\bnot permitted\b", "not allowed"),
    (r"\bprohibited\b", "not allowed"),
    (r"\bis required\b", "is needed"),
    (r"\bmust\b", "has to"),
)

# meaning-reversing edits (contradictions): (pattern, replacement)
REVERSING: tuple[tuple[str, str], ...] = (
    (r"\bnon-(\w+)", r"\1"),
    (r"\bat most\b", "at least"),
    (r"\bat least\b", "at most"),
    (r"\bno more than\b", "at least"),
    (r"\bno less than\b", "at most"),
    (r"\bmore than\b", "less than"),
    (r"\bless than\b", "more than"),
    (r"\bfewer than\b", "more than"),
    (r"\bbefore\b", "after"),
    (r"\bafter\b", "before"),
    (r"\bmaximum\b", "minimum"),
    (r"\bminimum\b", "maximum"),
    (r"\bexcept\b", "including"),
    (r"\bincluding\b", "except"),
    (r"\bonly\b", "also"),
    (r"\ballowed\b", "forbidden"),
    (r"\brequired\b", "optional"),
    (r"\boptional\b", "required"),
    (r"\bfree\b", "paid"),
    (r"\bincreased\b", "decreased"),
    (r"\bdecreased\b", "increased"),
    (r"\bearlier\b", "later"),
    (r"\blater\b", "earlier"),
)

_BUT_NOT = re.compile(r"\b(for|to|in|on|with|by|from|at)\s+([^,;.]+?),?\s+but not\s+(?:\1\s+)?([^,;.]+)",
                      re.IGNORECASE)


def _apply(sentence: str, rules: tuple[tuple[str, str], ...], rng: random.Random) -> str | None:
    """Apply one rule that matches (a random one of those that do), first match only."""
    matching = [(p, r) for p, r in rules if re.search(p, sentence)]
    if not matching:
        return None
    pattern, replacement = rng.choice(matching)
    out = re.sub(pattern, replacement, sentence, count=1)
    return out if out != sentence else None


def but_not_flip(sentence: str) -> str | None:
    """"Admins can reset passwords for members, but not for other admins." -> "Admins can reset passwords for
    other admins." (the excluded case claimed as included)."""
    m = _BUT_NOT.search(sentence)
    if not m:
        return None
    return sentence[: m.start()] + f"{m.group(1)} {m.group(3).strip()}" + sentence[m.end():]


def _strip_end(text: str) -> str:
    return text.rstrip(" .!?;:")


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _join(a: str, b: str, rng: random.Random) -> str:
    glue = rng.choice([", and ", ", and ", "; also, ", ", as well as the fact that "])
    return f"{_strip_end(a)}{glue}{_lower_first(_strip_end(b))}."


def _faults(window: str, seed: int) -> list[tuple[str, Callable[[str], str | None], int | None]]:
    local = InjectorContext(passages=(Passage("window", window),), seed=seed)
    return [("negation", lambda s: flip_negation(s, local), 2),
            ("number", lambda s: swap_number(s, local), 2),
            ("entity", lambda s: swap_entity(s, local), None)]


def window_pairs(sents: list[str], rng: random.Random, seed: int, per_doc: int) -> list[Row]:
    """Run-4 rows from one document's sentences (already filtered to a usable length)."""
    out: list[Row] = []

    def add(premise: str, hypothesis: str | None, y3: int | None, yb: int, kind: str) -> None:
        if hypothesis and hypothesis.strip() != premise.strip():
            out.append({"premise": premise, "hypothesis": hypothesis, "y3": y3, "yb": yb, "source": f"run4_{kind}"})

    if len(sents) < 2:
        return out
    for i in rng.sample(range(len(sents) - 1), min(per_doc, len(sents) - 1)):
        lo = max(0, i - 1) if rng.random() < 0.4 else i
        hi = min(len(sents), lo + rng.choice([2, 2, 3]))
        window_sents = sents[lo:hi]
        window = " ".join(window_sents)
        a, b = rng.sample(window_sents, 2)
        # borrowed-word negative: one true sentence and one faulted sentence of the same window, joined
        faults = _faults(window, seed)
        rng.shuffle(faults)
        for kind, fault, y3 in faults:
            broken = fault(b)
            if broken and broken != b:
                pair = [a, broken] if rng.random() < 0.5 else [broken, a]
                add(window, _join(*pair, rng), y3, 0, f"borrow_{kind}")
                # its faithful twin, so that joining two sentences predicts neither label
                add(window, _join(*([a, b] if pair[0] == a else [b, a]), rng), 0, 1, "borrow_twin")
                break
        # a faulted sentence alone against the full window (the fault's neighbours supply its other words)
        target = rng.choice(window_sents)
        for kind, fault, y3 in faults:
            broken = fault(target)
            if broken and broken != target:
                add(window, broken, y3, 0, f"local_{kind}")
                break
        for s in window_sents:
            flipped = but_not_flip(s)
            if flipped:
                add(window, flipped, 2, 0, "but_not")
            reversed_ = _apply(s, REVERSING, rng)
            if reversed_ and rng.random() < 0.5:
                add(window, reversed_, 2, 0, "reverse")
            same = _apply(s, EQUIVALENT, rng)
            if same and rng.random() < 0.7:
                add(window, same, 0, 1, "equivalent")
    return out
