"""The coincidence guard: when an expression that reproduces a claim number is the claim's own reasoning.

With a dozen numbers almost any small number is derivable ("five computers + one computer = up to six
computers"). A derivation counts only when it is *justified*:

+ and − must be stated by the claim: a relation cue ("in total", "difference", "left", ...; ``RELATION_CUES``) or
    a comparative anchored to a number of the claim ("€5 more than", "50 GB more storage than", "3 days longer
    than"). "more than 8 users" is a bound, not a relation: the comparative must follow a number, not precede it.
    Or the claim shows its work (``SHOWN_WORK``, the weakest reason, ranked last): every operand is a number the
    claim itself states, each a different one, and the claim cues neither + nor − ("The waiver lowers your excess
    from €1,500 to €300, so by €1,200."; "... carry a £500 excess, so on a £3,200 claim you'd get £2,700"). Two or
    three numbers of one sentence seldom make a wrong number by chance, where a pool of twenty passage numbers
    does; a cue for the other operator is a mismatch ("... CHF 40 for the five mornings, which makes CHF 312 in
    total": "in total" asks for a sum, and 312 = 320 − 8 is a difference). Chosen on shapes_dev2 (+1 faithful
    answer), confirmed on shapes_holdout2 and numbers_holdout (+1 each), no fault and no help-center verdict
    changed (MODEL_CARD.md, session 24).
× and ÷ are justified by a user-supplied scalar (a count or duration from the question or stated in the claim:
    8 users, three months, "half", "over a year"; never an end of a range the claim states, "6-24 year olds")
    scaling a measured amount in a plain product or single quotient ("€96 = 8 × 12", "$5 = 20 minutes × $0.25
    per minute"), by a percentage of an amount the user gave ("€5.50 = 2.75% × €200" when the question says
    "I'm about to spend €200"), or by a cue ("% of", "times as", "each … so") together
    with an operand the claim or question states, so that a percentage the passages never relate to the
    claim's amounts is not "derived" from two unrelated prices. A multiplier the claim states as a relation
    ("twice as long as", "three times the storage") is justified as the quotient of the two amounts it relates.

Discounts: a passage's "20% off" (or "one third off") enters the pool also as its complement "(1 − 20%)", and
    the claim's words decide which reading it states: the clause of the claim's number that says "save",
    "discount", "off" … takes the share ("you would save £20" = £60 × one third), one that says "costs", "pay"
    … the complement ("Full costs £28" = £35 × (1 − 20%)); the other reading is not justified ("One third off a
    £90 ticket saves you £60" is the price left stated as a saving).
Counts: the user's head count from the question times a count a passage allows of the claim's own noun ("two
    of us" × "two large bags" each = "four large bags"); the nouns must agree, modifiers included.

``benchmarks/false_derivation.py`` measures how often a claim whose number was replaced by a random nearby value
still comes out derived, and how many correct derived claims are still verified.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from faithkit.checkers.numbers.algebra import SCALAR, SCALE, TIMES
from faithkit.checkers.numbers.extract import quantities
from faithkit.checkers.numbers.operands import ANSWER_SOURCE, SHOWN_WORK, Operand
from faithkit.checkers.numbers.quantity import Quantity, dimension

__all__ = ["DISCOUNT", "HALF_LABEL", "RELATION_CUES", "justify"]

HALF_LABEL = "½"
# a passage sentence that states a discount: "Students get 20% off", "gives one third off", "a 10% discount"
# and "20% cheaper than paying monthly" / "10% less" (issue 31: a fixed desk at 390 x 0.8 = 312), "Buying online
# saves 10%" (session 30)
DISCOUNT = re.compile(r"%\s*(?:off|cheaper|less)\b|\b(?:third|thirds|quarter|quarters|fifth|fifths|tenth|tenths|"
                      r"half)\s+off\b|\bdiscount|\bpercent\s+(?:off|cheaper|less)\b"
                      r"|\bsav(?:e|es|ing)\s+\d+(?:\.\d+)?\s*(?:%|percent\b)", re.IGNORECASE)
_SAVING = re.compile(r"\b(?:save|saves|saving|savings|discount|off|cheaper|less|reduction|reduced|knocks?)\b(?!-)",
                     re.IGNORECASE)
# the discount itself, named by its size ("15% off", "the 15% contract discount", "one third off"): words about
# the discount, not about the claim's number ("The discount is $17.50" keeps its "discount")
_NAMED_DISCOUNT = re.compile(r"(?:%|\bpercent\b|\b(?:thirds?|quarters?|fifths?|tenths?|half)\b)\s*"
                             r"(?:[A-Za-z-]+\s+){0,2}?(?:off|discount|cheaper|less)\b", re.IGNORECASE)
_PRICE = re.compile(r"\b(?:cost|costs|costing|pay|pays|paying|price|priced|charged|comes? to|total)\b", re.IGNORECASE)
# a sum's label right before its number: "Total: $22.95", "First term total: $745", "Total due = €304" (a list of
# items above it, each grounded, is the answer context: ``analysis.grounded_statements``)
_TOTAL_LABEL = re.compile(r"\btotal(?:\s+[A-Za-z]+){0,2}\s*[:=]\s*(?:about\s+|approximately\s+)?$", re.IGNORECASE)
_TARGET_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:so|and|but|while|whereas|which|with)\b", re.IGNORECASE)

RELATION_CUES: dict[str, tuple[str, ...]] = {
    "+": ("in total", "altogether", "combined", "together", "in all", "plus", "sum of", "extra", "additional",
          "on top of", "added", "come to", "comes to", "add up to", "adds up to", "making the total",
          "makes the total", "brings the total", "bringing the total", "the total is", "the total would be",
          "the total will be", "for a total of"),
    "−": ("difference", "left", "remaining", "remain", "minus", "save", "saves", "saving", "after deducting",
          "% off", "percent off", "discount"),
    "×": ("in total", "altogether", "combined", "times", "multiplied", "× ", "x as", "twice", "double",
          "triple", "% of", "percent of", "% off", "percent off", "discount"),
    "÷": ("times as", "ratio", "divided", "split", "half", "works out", "apiece", "% of", "percent of",
          "as long as", "as much as", "as many as", "twice", "double"),
}
# "each/per ... so <total>": the computed number must come after the "so".
_CLAUSE_CUES = {"×": (("each", "per", "every"), ("so", "therefore", "which means", "which comes to")),
                "÷": (("each", "per", "every"), ("so", "therefore", "which means", "which comes to"))}
_COMPARATIVES = ("more", "less", "fewer", "longer", "shorter", "cheaper", "later", "earlier", "higher", "lower",
                 "bigger", "larger", "smaller", "faster", "slower")
_COMPARATIVE_AFTER_NUMBER = re.compile(
    r"\s*(?:(?!or\b|and\b|no\b|not\b)[A-Za-z]+\s+){0,2}?(" + "|".join(_COMPARATIVES) + r")\b"
    r"(?:(?:\s+[A-Za-z'’]+){0,4}?\s+than\b|\s*(?:[.,;:!?)]|$))",
    re.IGNORECASE)
_MULTIPLIER_RELATION = re.compile(
    r"\s+(?:as\b|more\b|longer\b|larger\b|bigger\b|faster\b|the\b|that\b|what\b|[A-Za-z]+er\s+than\b)",
    re.IGNORECASE)


@lru_cache(maxsize=4096)
def _comparative_cue(claim: str) -> str | None:
    """"€5 more than", "50 GB more storage than", "… 30 GB less.": a comparative right after a number of the
    claim, with its "than" or at the end of the clause. "8 users or more" and "more than 8 users" are bounds."""
    for q in quantities(claim):
        m = _COMPARATIVE_AFTER_NUMBER.match(claim, q.end)
        if m:
            return f"{q.text} {m.group(1).lower()} … than"
    return None


def multiplier_relation(claim: str, q: Quantity) -> bool:
    """Whether a multiplier the claim states relates two amounts ("twice as long as", "3x the storage")."""
    return dimension(q.unit) == "times" and bool(_MULTIPLIER_RELATION.match(claim, q.end))


_CUE_WORDS = frozenset(c.strip() for cues in RELATION_CUES.values() for c in cues)  # "twice", "double", "half"


def _cue_reason(claim: str, ops: Iterable[str], target: Quantity | None = None) -> str:
    """A cue in the claim for every operator used, or "" (the claim does not state the relation).

    Plain cues ("in total", "% of") anywhere in the claim; comparatives only after a number (+ and −); a clause
    cue ("each … so", "per … so") only when the number being derived comes after its "so" (the total the
    clause announces, not the rate before it). A number written as a cue word is no cue of its own: "A membership
    can be frozen twice a year" derived its "twice" as 8 weeks ÷ 2 weeks ÷ 24 with "twice" as the cue of "÷"
    ("£7 less" keeps its comparative: that is the relation the claim states).
    """
    if target is not None and target.text.lower() in _CUE_WORDS:  # never its own cue: "frozen twice a year"
        claim = claim[:target.start] + " " * (target.end - target.start) + claim[target.end:]
    low = re.sub(r"\s+", " ", claim.lower())
    found = []
    for op in dict.fromkeys(ops):
        hit = next((c for c in RELATION_CUES[op]
                    if re.search(r"(?<![a-z])" + re.escape(c.strip()) + r"(?![a-z])", low)), None)
        if hit is None and op in ("+", "−"):
            hit = _comparative_cue(claim)
        if hit is None and op == "+" and target is not None and _TOTAL_LABEL.search(claim, 0, target.start):
            hit = "total:"  # "Total: $22.95", "First term total: $745": the label of a sum
        if hit is None and op in _CLAUSE_CUES:
            first, second = _CLAUSE_CUES[op]
            a = next((w for w in first if re.search(rf"\b{w}\b", low)), None)
            b = next((m for w in second for m in re.finditer(rf"\b{w}\b", low)
                      if target is None or m.end() <= target.start), None)
            hit = f"{a} … {b.group(0)}" if a and b else None
        if hit is None:
            return ""
        found.append(hit)
    return "cue " + ", ".join(f"'{c}'" for c in found)


def _target_clause(claim: str, target: Quantity) -> str:
    starts = [m.end() for m in _TARGET_CLAUSE_BREAK.finditer(claim, 0, target.start)]
    end = next((m.start() for m in _TARGET_CLAUSE_BREAK.finditer(claim, target.end)), len(claim))
    return claim[starts[-1] if starts else 0:end]


def _discount_reading(operands: Sequence[Operand], claim: str, target: Quantity) -> bool:
    """Whether a derivation reads a discount the way the claim states its number: "you would save £20" is the
    discount itself (£60 × one third), "Full costs £28" the price after it (£35 × (1 − 20%)). A claim that
    says it saves the price left, or costs the amount taken off, is a wrong calculation, not a derivation
    (the trap "One third off a £90 ticket saves you £60": £60 is what is left to pay). The discount's own words
    are not the claim calling its number a saving: "with 15% off that comes to €291.55" and "With the 15% contract
    discount your rate is €0.102" state prices (``_NAMED_DISCOUNT``)."""
    clause = _target_clause(claim, target)
    saving, price = bool(_SAVING.search(_NAMED_DISCOUNT.sub(" ", clause))), bool(_PRICE.search(clause))
    for o in operands:
        if o.complement and saving:
            return False
        if not o.complement and o.dim == "%" and "passage" in o.origins and DISCOUNT.search(o.context) \
                and price and not saving:
            return False
    return True


def _per_head_count(operands: Sequence[Operand], ops: Sequence[str], target: Quantity) -> bool:
    """"Between the two of you, you can bring four large bags": the user's head count (from the question)
    times the count of the claim's own noun that a passage allows each ("two large bags"). Both nouns must
    agree, so "three small bags" is never made out of large ones."""
    if list(ops) != ["×"] or dimension(target.unit) != "count" or len(operands) != 2:
        return False
    counted = [o for o in operands if "passage" in o.origins and o.dim == "count" and o.noun == target.unit]
    users = [o for o in operands if o.dim in SCALAR and ("question" in o.origins or o.given)
             and not any(o is c for c in counted)]
    return bool(counted and users)


def _stated(operand: Operand) -> bool:
    """Whether the claim, the question or the answer around the claim names this operand (or it was derived
    there), rather than the search picking it out of a passage."""
    return operand.user_supplied or "derived" in operand.origins or operand.source == ANSWER_SOURCE


def _shown_work(operands: Sequence[Operand], claim: str) -> bool:
    """Every operand is a number the claim states, each a different one ("two of you" is not 2 + 2), and the
    claim cues neither + nor − (module docstring, ``SHOWN_WORK``)."""
    stated = [id(o.claim_quantity) for o in operands if "claim" in o.origins and o.claim_quantity is not None]
    return len(stated) == len(operands) == len(set(stated)) \
        and not any(_cue_reason(claim, [op]) for op in ("+", "−"))


def justify(operands: Sequence[Operand], ops: Sequence[str], claim: str, target: Quantity) -> str:
    """Why this derivation is not a coincidence (module docstring), or "" when it may be one."""
    if any(o.source == "claim" and o.label == HALF_LABEL for o in operands) and list(ops) != ["×"]:
        return ""  # "half" is read from the claim's words: only "half × amount" is that reading
    if not _discount_reading(operands, claim, target):
        return ""
    if any(o.complement for o in operands) and list(ops) != ["×"]:
        return ""  # (1 − 20%) is only ever a price's share left to pay
    unnamed = [o for o in operands if not _stated(o)] if len(operands) >= 3 else []
    if unnamed and (len(unnamed) == len(operands) or len({o.source for o in unnamed}) >= 2):
        # three passage numbers nobody named, or two from two passages ("CHF 235 = 410 − 4 − 79": a parking fee
        # and a lift pass): with 20 operands, most totals are such a sum by chance
        return ""
    if _per_head_count(operands, ops, target):
        return "count per person from the question"
    reasons = []
    additive = [op for op in ops if op in ("+", "−")]
    if additive:
        cue = _cue_reason(claim, additive, target)
        if not cue and _shown_work(operands, claim):
            cue = SHOWN_WORK
        if not cue:
            return ""
        reasons.append(cue)
    multiplicative = [op for op in ops if op in ("×", "÷")]
    if multiplicative:
        user = [o for o in operands if (o.dim in SCALE or o.dim in TIMES) and (o.given or o.user_supplied)
                and not o.unit.per  # a frequency ("twice a year") is the passage's, even if the claim says 2
                and o.quantity.kind != "range"  # an end of a range ("6-24 year olds", "the 16-25 Railcard")
                and not (o.claim_quantity is not None and o.claim_quantity.kind == "range")]  # is not a count
        measured = dimension(target.unit) not in SCALAR
        # the user's quantity is what scales the amount, so it is never the amount itself: in "14 days = 7 days × 2"
        # the 7 days are the amount ("twice" the DVD loan), not the user's 7 days of anything
        user = [o for o in user if o.dim != dimension(target.unit)]
        simple = all(op == "×" for op in ops) or len(ops) == 1
        share = list(ops) == ["×"] and any(o.dim == "%" for o in operands) and any(
            o.user_supplied and o.dim not in SCALE and o.dim != "%" and not o.unit.per for o in operands)
        if user and measured and simple:
            reasons.insert(0, "operand from the claim" if any(o.given or "claim" in o.origins for o in user)
                           else "operand from the question")
        elif share and measured:
            reasons.insert(0, "percentage of an amount the user gave")  # "2.75% of your €200 is €5.50"
        elif multiplicative == ["÷"] and len(ops) == 1 and multiplier_relation(claim, target):
            reasons.append(f"relation '{target.text}'")
        else:
            cue = _cue_reason(claim, multiplicative, target)
            if not cue or not any(o.user_supplied for o in operands):
                return ""
            reasons.append(cue)
    return "; ".join(reasons)
