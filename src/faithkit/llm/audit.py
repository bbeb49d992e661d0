"""Audit a decomposer against claims a person wrote: missed, merged and invented claims (Move 2).

The decomposer's mistakes are invisible downstream: a missed claim is never checked, a merged claim is judged
on its easier half, an invented claim can flip a verdict. This compares, per answer, the person's claims with
the model's by content words (numbers and non-stopwords, plural -s folded):

    cover(a, b)  share of a's content words that also occur in b
    match        each person claim goes to the model claim that covers most of it, if >= threshold
    missed       a person claim with no match
    merged       a model claim matched by two or more person claims
    invented     a model claim matched by no person claim and covered (>= threshold) by none

Lexical matching is an approximation: it cannot see a paraphrase with no shared words, so every decision is
listed with its claims for a person to confirm. Report the counts, not only the rates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from faithkit.llm.quotes import content_words

DEFAULT_MATCH = 0.6


def cover(a: str, b: str) -> float:
    words_a = content_words(a)
    if not words_a:
        return 1.0 if a.strip().lower() == b.strip().lower() else 0.0
    return len(words_a & content_words(b)) / len(words_a)


@dataclass(frozen=True)
class AnswerAudit:
    id: str
    person_claims: int
    model_claims: int
    missed: list[str] = field(default_factory=list)
    merged: list[dict[str, Any]] = field(default_factory=list)
    invented: list[str] = field(default_factory=list)


def audit_answer(answer_id: str, person: Sequence[str], model: Sequence[str],
                 threshold: float = DEFAULT_MATCH) -> AnswerAudit:
    """Match each person claim to the model claim that covers most of it (ties: the first), then count."""
    best: list[int | None] = []
    for p in person:
        scores = [cover(p, m) for m in model]
        top = max(range(len(model)), key=lambda j: scores[j], default=None)
        best.append(top if top is not None and scores[top] >= threshold else None)
    missed = [p for p, j in zip(person, best) if j is None]
    merged, invented = [], []
    for j, m in enumerate(model):
        mine = [person[i] for i, b in enumerate(best) if b == j]
        if len(mine) >= 2:
            merged.append({"model": m, "person": mine})
        elif not mine and not any(cover(m, p) >= threshold for p in person):
            invented.append(m)
    return AnswerAudit(answer_id, len(person), len(model), missed, merged, invented)


@dataclass(frozen=True)
class AuditReport:
    answers: list[AnswerAudit]
    unmatched_ids: list[str]
    threshold: float

    def totals(self) -> dict[str, Any]:
        person = sum(a.person_claims for a in self.answers)
        model = sum(a.model_claims for a in self.answers)
        missed = sum(len(a.missed) for a in self.answers)
        merged = sum(len(a.merged) for a in self.answers)
        invented = sum(len(a.invented) for a in self.answers)
        return {
            "answers": len(self.answers), "person_claims": person, "model_claims": model,
            "missed": missed, "merged": merged, "invented": invented,
            "missed_rate": missed / person if person else None,
            "invented_rate": invented / model if model else None,
            "answers_without_model_claims": self.unmatched_ids,
            "match_threshold": self.threshold,
        }

    def as_dict(self) -> dict[str, Any]:
        return {"totals": self.totals(), "answers": [asdict(a) for a in self.answers]}


def audit(person: Mapping[str, Sequence[str]], model: Mapping[str, Sequence[str]],
          threshold: float = DEFAULT_MATCH) -> AuditReport:
    """Audit every answer the person labelled; ids the model side lacks are listed, not silently skipped."""
    answers, unmatched = [], []
    for answer_id, claims in person.items():
        if answer_id not in model:
            unmatched.append(answer_id)
            continue
        answers.append(audit_answer(answer_id, list(claims), list(model[answer_id]), threshold))
    return AuditReport(answers, unmatched, threshold)
