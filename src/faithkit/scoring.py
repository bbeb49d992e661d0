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

import dataclasses
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from faithkit.records import AnswerResult, Claim, ClaimResult, Correctness
from faithkit.refusal_clauses import (
    declines_only,
    is_referral,
    is_restatement,
    is_scope,
    is_scope_lead_in,
    says_nothing,
)
from faithkit.refusal_patterns import COMPOSED_REFUSAL_PATTERNS, DEFAULT_REFUSAL_PATTERNS  # noqa: F401

# a short question next to a refusal: "Wi-Fi on board?", "Home pickup?" (it says back what was asked)
_ECHO = re.compile(r"^\W*(?:[\w'-]+\s+){0,5}[\w'-]+\?$")
# where a sentence that declines one thing and states another is cut (``RefusalDetector.undeclined``)
_MIXED_BREAK = re.compile(r"\s*;\s*|\s+[—–]\s+|,\s+(?=(?:but|though|although)\b)|:\s+", re.IGNORECASE)
_LEADING_CONJUNCTION = re.compile(r"^\s*(?:but|though|although)\b,?\s*", re.IGNORECASE)
_NEGATED_START = r"(?:doesn't|does\s+not|don't|do\s+not|didn't|did\s+not)\b"
# where the sentence's source is the subject: "... but doesn't mention a waiting list", "..., but they don't
# describe what either one teaches" (the source left implicit, or said again as "it" / "they")
_SOURCE_BREAK = re.compile(rf"\s+(?=(?:but|and)\s+(?:(?:it|they)\s+)?{_NEGATED_START})", re.IGNORECASE)
_IMPLICIT_SOURCE = re.compile(rf"^(?:(?:but|and)\s+)?(?:(?:it|they)\s+)?(?={_NEGATED_START})", re.IGNORECASE)


# the ``refusal`` of an answer that declines beside a claim reporting a source's scope the model did not find
# (``declined``): counted in the summary, so a run shows how many refusals rest on such claims
SCOPE_REFUSAL = "declines the question; every other claim is supported or says what a source covers"


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
            if not (m is not None or is_referral(s, question) or is_restatement(s, question) or is_scope(s, passages)
                    or _ECHO.match(s)):
                return None
        return first

    def undeclined(self, sentence: str, question: str = "", passages: Sequence[str] = (),
                   source: str | None = None) -> str | None:
        """What a sentence says besides declining, when it does both in separate parts: "Whether prices differ
        between stations isn't something the help center says, but the app shows you the price." -> "The app
        shows you the price." The parts are cut at ";", a dash or ", but / though / although"; a part declines
        when it is a refusal on its own (``match``). None when no part declines or every part does.

        Where ``source`` (the text source the sentence opens with, ``claims.sentences.opening_source``) is its
        subject, a part is also cut before "but / and (it / they) doesn't ..." and declines when it does with
        ``source`` said ("..., but they don't mention an online course" -> "the docs don't mention an online
        course"); that cut stands only where it frees a declining part. A cut at ", so" ("..., so I can't tell you
        what 2 hours would cost") was measured and removed (model card, session 40)."""
        parts: list[str] = []
        joined: list[bool] = []  # whether a part was cut from the one before at a source's "but / and"
        for piece in _MIXED_BREAK.split(sentence):
            if not _LEADING_CONJUNCTION.sub("", piece).strip(" .,;"):
                continue
            cuts = _SOURCE_BREAK.split(piece) if source else [piece]
            parts += cuts
            joined += [False] + [True] * (len(cuts) - 1)
        if len(parts) < 2:
            return None
        declined = [self.match(p, question, passages) is not None
                    or (i > 0 and source is not None and self._declines_for(source, p, question, passages))
                    for i, p in enumerate(parts)]
        for i in range(len(parts) - 1, 0, -1):  # a source's cut stands only where it frees a declining part
            if joined[i] and not declined[i] and not declined[i - 1]:
                parts[i - 1] += " " + parts.pop(i)
                del declined[i], joined[i]
        if not any(declined):
            return None
        from faithkit.claims.sentences import checked_text
        from faithkit.text.sentences import is_question

        said = [p for p, d in zip(parts, declined) if not d and not says_nothing(p)
                and not is_referral(p.strip(" .,;"), question) and not is_question(p.strip(" ,;—–-"))]
        if not said:
            return None
        text = "; ".join(_LEADING_CONJUNCTION.sub("", p).strip(" ,;") for p in said)
        return checked_text(text if text.endswith((".", "!", "?")) else text + ".")

    def undeclined_claim(self, claim: Claim, question: str, passages: Sequence[str], answer: str) -> Claim:
        """The claim without the part of its sentence that declines ("I couldn't find X; the articles say Y" ->
        "The articles say Y"), or the claim itself. The sentence's subject, when a source ("The docs describe X,
        but they don't mention Y"), is read from the answer: the claim's text has lost it (``checked_text``)."""
        from faithkit.claims.sentences import opening_source

        source = opening_source(answer[claim.start:claim.end]) if claim.source == "sentence" else None
        rest = self.undeclined(claim.text, question, passages, source)
        return dataclasses.replace(claim, text=rest) if rest else claim

    def _declines_for(self, source: str, part: str, question: str, passages: Sequence[str]) -> bool:
        """Whether a later part declines with the sentence's source as its subject, left implicit or said as a
        pronoun: "but they don't mention an online course" read as "the docs don't mention an online course"."""
        implicit = _IMPLICIT_SOURCE.match(part.strip())
        if implicit is None:
            return False
        return self.match(f"{source} {part.strip()[implicit.end():]}", question, passages) is not None

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
    refusals_beside_scope: int = 0
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
            self.refusals_beside_scope += record.refusal == SCOPE_REFUSAL
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
            "refusals_beside_scope": self.refusals_beside_scope,
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
