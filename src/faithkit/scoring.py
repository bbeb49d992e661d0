"""From verdicts to scores: per answer, per run, and under other tools' definitions (profiles).

faithkit's own rule: faithfulness = supported claims / claims; an answer with no claims has no score (null,
status ``no_claims``); refusals are excluded from averages and counted; an ``error`` verdict counts as not
supported. For gating, the unsupported-answer rate: the share of scored answers with at least one claim not
supported (an answer scoring 0.8 still contains something the sources do not say).

Profiles re-score the same verdicts the way other tools define faithfulness, so a team can see why two tools
disagree (Larkspur lesson, Move 3):
    ragas           supported / claims; NaN with no claims; run score = nanmean (NaNs dropped)
    deepeval        claims not contradicted / claims; 1.0 with no claims (only contradictions count against)
    meridian_ratio  supported / claims; 0.0 with no claims (the Meridian lesson's faithfulness_ratio)
For deepeval, a not-supported verdict from a checker that cannot tell contradiction (label3 missing) is
counted as contradicted, so the profile never reads more generously than the verdicts allow.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from faithkit.records import AnswerResult, ClaimResult, Correctness
from faithkit.refusal_clauses import (
    declines_only,
    is_referral,
    is_restatement,
    is_scope,
    is_scope_lead_in,
    says_nothing,
)

# A declining sentence, composed (issue 30): [filler] + a source (the articles, the help center, what I have, I)
# + a negated verb of saying / covering / finding / knowing + what is declined. The source is what tells a refusal
# from a negative fact: "the help center doesn't cover X" declines, "the plan doesn't cover X" states a fact.
_SOURCE = (r"(?:(?:the|our|my|these|those|your|any of the|this|that)\s+)?(?:help\s+)?(?:articles?|help\s*cent(?:er|re)|"
           r"help\s+(?:pages?|docs)|docs|documentation|knowledge\s+base|sources?|passages?|context|FAQs?|"
           r"provided\s+(?:information|context|documents?|passages?|articles?)|"
           # "information" is a source only with what makes it the assistant's ("the information I have")
           r"information(?=\s+(?:(?:I|we)\s+(?:have|can|was|were)|available|provided)))"
           r"(?:\s+(?:(?:I|we)\s+(?:have(?:\s+access\s+to)?|can\s+(?:see|access)|(?:was|were)\s+(?:given|shown))|"
           r"available(?:\s+to\s+me)?|provided))?")
_NEGATED = (r"(?:don't|doesn't|didn't|do\s+not|does\s+not|did\s+not|can't|cannot|can\s+not|couldn't|could\s+not|"
            r"won't|(?:'m|am|was|were)\s+(?:not\s+|un)able\s+to|wasn't\s+able\s+to)")
_SAYING = (r"(?:say|state|mention|cover|include|explain|describe|address|list|contain|discuss|specify|go\s+into|"
           r"talk\s+about|tell\s+(?:me|us|you)|have\s+(?:any(?:thing)?|information|details|info)|"
           r"(?:provide|give|offer)\s+(?:any\s+)?(?:details|information|info|guidance)|(?:give|provide|quote|show)\s+any)")
_FINDING = r"(?:find|see|spot|locate|answer|say|tell|confirm|know|have)"
_NOTHING = r"(?:no\s+(?:information|details|info|mention|data)|nothing)"
_ANYTHING = r"(?:anything|any\s+(?:information|details|info|mention|data))"
_PASSIVE_SAID = (r"(?:mentioned|covered|included|addressed|described|explained|specified|stated|discussed|listed|"
                 r"documented|answered|available)")
# a source named with the product's name in front: "the Nookwork help articles", "the Ladeby help center"
_NAMED_SOURCE = (r"(?:(?:the|our|my|these|those|this)\s+)?(?:[\w-]+\s+)?(?:help\s+)?"
                 r"(?:articles?|help\s*cent(?:er|re)|help\s+(?:pages?|docs)|docs|documentation|knowledge\s+base|sources?|passages?|FAQs?)"
                 r"(?:\s+(?:I|we)\s+(?:have|can\s+see))?")
_SAYS = r"(?:covers?|says?|mentions?|explains?|describes?|address(?:es)?|lists?|goes\s+into|go\s+into)"
_WH = r"(?:whether|if|how|what|when|where|who|which|why)"
COMPOSED_REFUSAL_PATTERNS: tuple[str, ...] = (
    rf"\b{_SOURCE}\s+(?:(?:just|simply|really)\s+)?{_NEGATED}\s+(?:seem\s+to\s+|really\s+)?{_SAYING}\b",
    rf"\bI\s*{_NEGATED}\s+{_FINDING}\s+(?:anything|any\s+(?:information|details|info|mention|reference)|"
    rf"(?:a\s+)?(?:mention|reference)|information|details|that|this|it|whether|if|about|from|in)\b",
    rf"\bI\s*{_NEGATED}\s+see\s+[^.;]{{1,60}}?\s+{_PASSIVE_SAID}\b",  # "I don't see X mentioned anywhere"
    rf"\bI\s*{_NEGATED}\s+have\s+access\s+to\s+(?:any\s+)?(?:information|details|info)\b",
    # "X isn't something I have information on", "that's not something I can answer from the articles"
    r"\b(?:isn't|is\s+not|'s\s+not|aren't|are\s+not)\s+something\s+(?:I|we)\s+(?:have\s+(?:any\s+)?"
    r"(?:information|details|info)\s+(?:on|about)|can\s+(?:answer|confirm|find|see|say|tell))\b",
    rf"\bit(?:'s|\s+is)\s+(?:not\s+|un)clear\s+(?:from|in)\s+{_SOURCE}\b",
    rf"\bit\s+(?:isn't|is\s+not|'s\s+not)\s+(?:stated|mentioned|specified|said|clear)\s+{_WH}\b",
    rf"\b(?:outside|beyond)\s+(?:(?:of\s+)?what\s+|the\s+scope\s+of\s+(?:what\s+)?){_SOURCE}\b",
    rf"\bthere\s+(?:isn't|is\s+not|aren't|are\s+not)\s+{_ANYTHING}\s+(?:about|on|regarding|of)\b",
    r"^\W*no\s+(?:details|information|info)\s+(?:on|about|regarding)\s+(?:that|this|it)\b",
    rf"\b(?:it|they|{_SOURCE})\s+(?:has|have|contains?|gives?)\s+{_NOTHING}\s+(?:about|on|regarding|for)\b",
    rf"\bthere(?:'s|\s+is)\s+{_NOTHING}\s+(?:(?:in|within|from)\s+{_SOURCE}\s+)?(?:about|on|regarding)\b",
    r"\bthere(?:'s|\s+is)\s+no\s+mention\s+of\b",
    rf"\bthere\s+(?:doesn't|does\s+not)\s+(?:seem|appear)\s+to\s+be\s+{_ANYTHING}\s+(?:about|on|regarding|of)\b",
    rf"\b(?:isn't|is\s+not|aren't|are\s+not|wasn't|was\s+not)\s+{_PASSIVE_SAID}\s+(?:anywhere\s+)?(?:in|by)\s+"
    rf"{_SOURCE}\b",
    rf"\b{_SOURCE}\s+(?:is|are|seems?\s+to\s+be)\s+silent\s+(?:on|about|regarding)\b",
    # "Events aren't something the help center covers", "... isn't something the articles say"
    rf"\bsomething\s+{_NAMED_SOURCE}\s+(?:(?:doesn't|don't|does\s+not|do\s+not)\s+)?{_SAYS}\b",
    # "Not something I can answer from the documentation, I'm afraid"
    r"^\W*not\s+something\s+(?:I|we)\s+(?:can|could)\s+(?:answer|confirm|find|see|say|tell)\b",
    # "No information on home charger installation, I'm afraid.": a topic and nothing said about it
    r"^\W*no\s+(?:information|details|info)\s+(?:on|about|regarding)\s+(?:(?!(?:is|are|was|were|can|will|"
    r"must|has|have)\b)[\w'-]+\s*){1,6}(?:,\s*(?:I'm\s+afraid|sorry|unfortunately))?[.!]?$",
    # "Vipps isn't mentioned." (and nothing else said about it)
    r"(?:^|[,;:]\s*)[^,;:]{1,60}\b(?:isn't|is\s+not|aren't|are\s+not)\s+mentioned\s*(?:[.!;]|$)",
    # "parking isn't covered in the Nookwork help articles", "the show times aren't listed in the help center"
    rf"\b(?:isn't|is\s+not|aren't|are\s+not|wasn't|was\s+not)\s+(?:{_PASSIVE_SAID}|given)\s+(?:anywhere\s+)?"
    rf"(?:in|by)\s+{_NAMED_SOURCE}\b",
)

DEFAULT_REFUSAL_PATTERNS: tuple[str, ...] = COMPOSED_REFUSAL_PATTERNS + (
    r"\bI(?: |(?='))(?:can(?:no|')t|could(?:n't| not)|am unable to|'m unable to|was unable to|wasn't able to) "
    r"(?:find|locate|see|answer|help with)\b",
    r"\b(?:there is|there's|there are|I have|I've got) no (?:information|details|mention|data)\b",
    r"\b(?:is|are) not (?:mentioned|covered|described|specified|stated) in the "
    r"(?:help center|documentation|docs|context|sources|provided (?:passages|context|documents))\b",
    r"\bI (?:do not|don't) (?:know|have (?:that|this|enough) information)\b",
    r"\b(?:the|our|my|these|those) (?:provided )?(?:help )?(?:help cent(?:er|re) )?"
    r"(?:context|passages|sources|documents|docs|articles|documentation|"
    r"help cent(?:er|re))(?: (?:I|we) (?:was|were|have been|am|are) (?:given|shown)| (?:I|we) (?:have|can see)|"
    r" available)? (?:do(?:es)? not|don't|doesn't) (?:say|mention|contain|cover|include|explain)\b",
    # broader wordings (issue 11): "I can't say", "isn't covered in the articles I have", "nothing in the docs"
    r"\bI(?: |(?='))(?:can(?:no|')t|can not|could(?:n't| not)|am not able to|'m not able to|am unable to|'m unable to) "
    r"(?:say|tell|confirm|be sure|speak to|comment on|give you)\b",
    r"\b(?:isn't|is not|aren't|are not|wasn't|was not|not) (?:covered|mentioned|addressed|described|documented|"
    r"explained|specified|stated|discussed) (?:in|by|anywhere in) (?:the |any of the |these |those |my |our )?"
    r"(?:articles?|help ?cent(?:er|re)|help (?:articles?|pages?|docs)|documentation|docs|context|sources?|"
    r"passages?|documents?|information|materials?|pages?|knowledge base|resources?|guides?)\b",
    r"\b(?:I|we) (?:don't|do not|didn't|did not) (?:have|find|see) (?:any |enough )?(?:information|details|"
    r"specifics|data|documentation|anything)\b",
    r"\b(?:nothing|none of the (?:articles|passages|sources|documents|pages)) (?:I have |I can see |available )?"
    r"(?:in the (?:articles|help center|docs|documentation|sources) )?(?:says?|mentions?|covers?|addresses|"
    r"explains?)\b",
    r"\b(?:I'm|I am) (?:not (?:sure|certain)|afraid I (?:can't|cannot|don't))\b",
    r"\b(?:say|says|mention|mentions|cover|covers|explain|explains) nothing (?:about|on|regarding)\b",
    r"\bthere(?:'s| is) nothing (?:about|on|regarding)\b.{0,80}\b(?:in|within) (?:the|these|those|our|my) "
    r"(?:help )?(?:articles|docs|documentation|sources|passages|pages|information)\b",
    r"\b(?:isn't|is not|aren't|are not) (?:mentioned|covered|described|explained|addressed) anywhere\b",
    r"\bsomething (?:the|these|those|my) (?:help )?(?:articles|docs|documents|sources|passages|pages) "
    r"(?:don't |do not )?(?:explain|cover|mention|describe|address)\b",
    r"\bI(?:'m| am) not able to (?:find|answer|help with|see)\b",
    # "coverage maps aren't part of the help articles I can see" (the subject is what is declined)
    r"\b(?:isn't|is not|aren't|are not) (?:part of|in|included in) (?:the |any of the |these |those |my )?"
    r"(?:help )?(?:articles?|docs|documentation|sources?|passages?|pages?|context|information I (?:have|can see))\b",
)


# where a sentence that declines one thing and states another is cut (``RefusalDetector.undeclined``)
_MIXED_BREAK = re.compile(r"\s*;\s*|\s+[—–]\s+|,\s+(?=(?:but|though|although)\b)", re.IGNORECASE)
_LEADING_CONJUNCTION = re.compile(r"^\s*(?:but|though|although)\b,?\s*", re.IGNORECASE)


class RefusalDetector:
    """Flags sentences that decline to answer. A refusal has no factual claims: it is counted apart,
    never scored as perfect (DeepEval, TruLens) or as zero."""

    def __init__(self, patterns: tuple[str, ...] | list[str] = DEFAULT_REFUSAL_PATTERNS):
        self.patterns = tuple(patterns)
        try:
            self._compiled = [re.compile(p, re.IGNORECASE) for p in self.patterns]
        except re.error as exc:
            from faithkit.errors import UsageError

            raise UsageError(f"invalid refusal pattern: {exc}") from exc

    def match(self, sentence: str, question: str = "", passages: Sequence[str] = ()) -> str | None:
        """The pattern a sentence matches, or None; None too when the sentence also makes a claim of its own
        ("Fees are waived, but I can't find the rest.": ``refusal_clauses``), so that claim is checked. A clause
        that restates ``question`` ("You're asking about X — the docs don't say") is not a claim of its own."""
        from faithkit.claims.sentences import checked_text  # the claims stage: not imported by every command

        for pattern, compiled in zip(self.patterns, self._compiled):
            if compiled.search(sentence):
                # "Based on the articles I have, there's no mention of X": the frame says where, not what
                return pattern if declines_only(checked_text(sentence), self._span, question, passages) else None
        return None

    def answer_match(self, sentences: Sequence[str], question: str = "", passages: Sequence[str] = ()) -> str | None:
        """The first pattern matched when the answer declines as a whole: at least one sentence is a refusal and
        every other one is a refusal, a referral ("I'm not sure. Please contact the pharmacy."), a restatement
        of the question ("You'd like to know whether ...") or what the sources cover ("They're about fees.")."""
        matches = [self.match(s, question, passages) for s in sentences]
        first = next((m for m in matches if m is not None), None)
        if first is None:
            return None
        listing = False  # below "They only cover:", each item is a topic ("lesson prices and the Starter package")
        for m, s in zip(matches, sentences):
            if is_scope_lead_in(s):
                listing = True
                continue
            if listing and is_scope(f"they cover {s}", passages):
                continue
            listing = False
            if not (m is not None or is_referral(s) or is_restatement(s, question) or is_scope(s, passages)):
                return None
        return first

    def undeclined(self, sentence: str, question: str = "", passages: Sequence[str] = ()) -> str | None:
        """What a sentence says besides declining, when it does both in separate parts: "Whether prices differ
        between stations isn't something the help center says, but the app shows you the price." -> "The app
        shows you the price." The parts are cut at ";", a dash or ", but / though / although"; a part declines
        when it is a refusal on its own (``match``). None when no part declines or every part does."""
        parts = [p for p in _MIXED_BREAK.split(sentence) if _LEADING_CONJUNCTION.sub("", p).strip(" .,;")]
        if len(parts) < 2:
            return None
        declined = [self.match(p, question, passages) is not None for p in parts]
        if not any(declined):
            return None
        said = [p for p, d in zip(parts, declined)
                if not d and not says_nothing(p) and not is_referral(p.strip(" .,;"))]
        if not said:
            return None
        from faithkit.claims.sentences import checked_text

        text = "; ".join(_LEADING_CONJUNCTION.sub("", p).strip(" ,;") for p in said)
        return checked_text(text if text.endswith((".", "!", "?")) else text + ".")

    def _span(self, text: str) -> tuple[int, int] | None:
        for compiled in self._compiled:
            found = compiled.search(text)
            if found:
                return found.span()
        return None


def answer_faithfulness(labels: list[str]) -> float | None:
    """Supported / claims; None when there are no claims (undefined, never 1.0 or 0.0)."""
    return sum(label == "supported" for label in labels) / len(labels) if labels else None


def profile_scores(claims: Sequence[ClaimResult]) -> dict[str, float | None]:
    """Per-answer score of the same verdicts under each profile (None means NaN for ragas)."""
    n = len(claims)
    supported = sum(c.supported for c in claims)
    contradicted = sum(not c.supported and c.label3 in (None, "contradicted") for c in claims)
    return {
        "faithkit": supported / n if n else None,
        "ragas": supported / n if n else None,
        "deepeval": (n - contradicted) / n if n else 1.0,
        "meridian_ratio": supported / n if n else 0.0,
    }


@dataclass
class RunSummary:
    """Run metrics accumulated one result record at a time (memory does not grow with the run)."""

    answers: int = 0
    scored: int = 0
    refusals: int = 0
    no_claims: int = 0
    errors: int = 0
    claims: int = 0
    claims_supported: int = 0
    claim_errors: int = 0
    truncated: int = 0
    unsupported_answers: int = 0
    warnings: Counter = field(default_factory=Counter)
    stages: Counter = field(default_factory=Counter)
    number_rules: Counter = field(default_factory=Counter)
    error_reasons: Counter = field(default_factory=Counter)
    correctness: Counter = field(default_factory=Counter)
    citations: Counter = field(default_factory=Counter)
    unchecked: Counter = field(default_factory=Counter)
    _macro_sum: float = 0.0
    _profiles: dict[str, list[float]] = field(default_factory=lambda: {
        "ragas": [0.0, 0], "deepeval": [0.0, 0], "meridian_ratio": [0.0, 0]})

    def add(self, record: AnswerResult) -> None:
        self.answers += 1
        status = record.status
        self.warnings.update(record.warnings)
        if status == "error":
            self.errors += 1
            self.error_reasons[_reason_kind(record.error or "")] += 1
            return
        if isinstance(record.unchecked, tuple) and record.unchecked:
            self.unchecked["answers"] += 1
            self.unchecked.update(f"why:{u.get('why', '?')}" for u in record.unchecked)
        if status == "refusal":
            self.refusals += 1
        elif status == "no_claims":
            self.no_claims += 1
        claims = record.claims
        if status == "scored":
            self.scored += 1
            self.claims += len(claims)
            self.claims_supported += sum(c.supported for c in claims)
            self.claim_errors += sum(c.verdict == "error" for c in claims)
            self.truncated += sum(bool(c.truncated) for c in claims)
            self.stages.update(c.stage or "?" for c in claims)
            self.number_rules.update(c.detail.get("numbers_rule") for c in claims)
            self._macro_sum += record.faithfulness or 0.0
            if isinstance(record.citations, dict):
                self.citations["answers"] += 1
                for key in ("claims", "claims_citation_supported", "misattributed", "pairs", "pairs_supported"):
                    self.citations[key] += int(record.citations.get(key) or 0)
            self.unsupported_answers += bool(record.unsupported)
            if isinstance(record.correctness, Correctness):
                c = record.correctness
                key = f"{'faithful' if c.faithful else 'unfaithful'}_{'correct' if c.correct else 'wrong'}"
                self.correctness[key] += 1
        for name, score in profile_scores(claims if status == "scored" else ()).items():
            if name in self._profiles and score is not None and not (isinstance(score, float) and math.isnan(score)):
                self._profiles[name][0] += score
                self._profiles[name][1] += 1

    def as_dict(self) -> dict[str, Any]:
        def rate(k: int, n: int) -> float | None:
            return k / n if n else None

        out: dict[str, Any] = {
            "answers": self.answers, "scored": self.scored, "refusals": self.refusals,
            "no_claims": self.no_claims, "errors": self.errors,
            "claims": self.claims, "claims_supported": self.claims_supported,
            "claim_errors": self.claim_errors, "truncated": self.truncated,
            "faithfulness_micro": rate(self.claims_supported, self.claims),
            "faithfulness_macro": rate_f(self._macro_sum, self.scored),
            "unsupported_answers": self.unsupported_answers,
            "unsupported_answer_rate": rate(self.unsupported_answers, self.scored),
            "refusal_rate": rate(self.refusals, self.answers),
            "error_rate": rate(self.errors, self.answers),
            "stages": dict(sorted(self.stages.items())),
            "numbers_changed": self.number_rules.get("missing_number", 0),
            "arithmetic_changed": self.number_rules.get("arithmetic", 0),
            "warnings": dict(sorted(self.warnings.items())),
            "error_reasons": dict(sorted(self.error_reasons.items())),
        }
        if self.citations:  # micro over the answers that cite anything (citation_check)
            c = self.citations
            out["citations"] = {"answers_citing": c["answers"], "claims": c["claims"],
                                "claims_citation_supported": c["claims_citation_supported"],
                                "misattributed": c["misattributed"], "pairs": c["pairs"],
                                "pairs_supported": c["pairs_supported"],
                                "recall": rate(c["claims_citation_supported"], c["claims"]),
                                "precision": rate(c["pairs_supported"], c["pairs"])}
        if self.unchecked:  # sentences no claim covers (claims.unchecked), by why
            why = {k[4:]: v for k, v in sorted(self.unchecked.items()) if k.startswith("why:")}
            out["unchecked"] = {"answers": self.unchecked["answers"], "sentences": sum(why.values()), "why": why}
        if self.correctness:
            out["correctness"] = {k: self.correctness.get(k, 0) for k in
                                  ("faithful_correct", "faithful_wrong", "unfaithful_correct", "unfaithful_wrong")}
        return out

    def profiles(self) -> dict[str, dict[str, Any]]:
        """Run-level score under each profile, with how many answers it averaged."""
        out = {"faithkit": {"score": rate_f(self._macro_sum, self.scored), "answers_averaged": self.scored,
                            "no_claims": "excluded (null)", "refusals": "excluded, counted"}}
        rules = {"ragas": "NaN, dropped by nanmean", "deepeval": "1.0", "meridian_ratio": "0.0"}
        for name, (total, n) in self._profiles.items():
            out[name] = {"score": rate_f(total, n), "answers_averaged": n, "no_claims": rules[name]}
        return out


def rate_f(total: float, n: int) -> float | None:
    return total / n if n else None


def _reason_kind(reason: str) -> str:
    """Group error reasons into a few kinds for the summary (the full reason stays on the record)."""
    lowered = reason.lower()
    for kind in ("invalid json", "utf-8", "duplicate id", "missing", "must be", "claims", "checker"):
        if kind in lowered:
            return kind.replace(" ", "_")
    return "other"
