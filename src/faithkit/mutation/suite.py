"""The mutation suite: test the tester (Move 6 of the Larkspur lesson).

Take claims a person confirmed as faithful, inject the faults you fear (a swapped number, a dropped "not", a
swapped plan name, a dropped condition, an added fact), run each checker on originals and mutants, and count:
flags on the originals are false alarms, flags on the mutants are detections, per fault type, each as
``k/n`` with a Wilson interval, because a suite of a dozen claims cannot pin a rate (0/12 false alarms still
allows 0.24).

Not every mutant is a real fault (doubling a number the passage never states may still be true; the lesson
found 24 real faults among 26 mutants), so mutants are written with a ``confirmed`` field a person sets to
true (a real fault) or false (not a fault). The suite runs on all mutants or only on confirmed ones and
records which, with the counts of each review state.

A checker's ``error`` verdict counts as a flag (fail closed) and is counted apart, so a broken checker cannot
look like a perfect one, nor hide among its detections.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from faithkit.errors import InputFormatError, UsageError
from faithkit.io.claim_rows import ClaimRow, check_rows, contexts_json, read_objects
from faithkit.io.log import parse_contexts
from faithkit.records import Passage, Verdict, is_flag
from faithkit.stats import Interval, wilson_interval

MutantSet = Literal["all", "confirmed"]
ALL_FAULTS = "all"


@dataclass(frozen=True)
class Mutant:
    """One candidate fault.

    id: ``{original_id}~{injector}``; original_id / original: the faithful claim it came from.
    confirmed: None until a person reviews it, then True (a real fault) or False (still faithful, or
        nonsense).
    """

    id: str
    original_id: str
    injector: str
    claim: str
    original: str
    passages: tuple[Passage, ...]
    confirmed: bool | None = None
    note: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "original_id": self.original_id,
            "injector": self.injector,
            "claim": self.claim,
            "original": self.original,
            "confirmed": self.confirmed,
            "note": self.note,
            "contexts": contexts_json(self.passages),
        }

    def as_row(self) -> ClaimRow:
        return ClaimRow(self.id, self.claim, self.passages, "not_supported", self.injector)


@dataclass(frozen=True)
class Generation:
    """Mutants generated from the originals, and how many originals each injector could not change."""

    mutants: list[Mutant]
    applied: dict[str, int]
    not_applicable: dict[str, int]


def generate_mutants(
    originals: Sequence[ClaimRow],
    injectors: Mapping[str, Callable[..., str | None]],
    *,
    entity_pairs: Sequence[tuple[str, str]] = (),
    seed: int = 0,
) -> Generation:
    """Apply every injector to every original, in (original, injector) order.

    An injector that returns None, or the claim unchanged, has nothing to mutate in that claim; it is counted
    in ``not_applicable`` rather than producing a fake mutant.
    """
    from faithkit.mutation.injectors import InjectorContext

    mutants: list[Mutant] = []
    applied: Counter[str] = Counter({name: 0 for name in injectors})
    skipped: Counter[str] = Counter({name: 0 for name in injectors})
    for row in originals:
        ctx = InjectorContext(passages=row.passages, entity_pairs=tuple(entity_pairs), seed=seed)
        for name, inject in injectors.items():
            mutated = inject(row.claim, ctx)
            if mutated is None or mutated.strip() == row.claim.strip():
                skipped[name] += 1
                continue
            applied[name] += 1
            mutants.append(Mutant(f"{row.id}~{name}", row.id, name, mutated, row.claim, row.passages))
    return Generation(mutants, dict(applied), dict(skipped))


def write_mutants(mutants: Sequence[Mutant], path: str | Path) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for mutant in mutants:
            handle.write(json.dumps(mutant.as_dict(), ensure_ascii=False) + "\n")


def read_mutants(path: str | Path) -> list[Mutant]:
    """Read a (possibly hand-edited) mutants file. ``confirmed`` must be true, false or null: a typo such as
    "yes" is an error, not silently "unreviewed"."""
    mutants: list[Mutant] = []
    seen: set[str] = set()
    for number, obj in read_objects(path):
        if not isinstance(obj, dict):
            raise InputFormatError(f"{path}: a row must be an object", number)
        for key in ("id", "original_id", "injector", "claim"):
            if not isinstance(obj.get(key), str) or not obj[key].strip():
                raise InputFormatError(f"{path}: missing or empty `{key}`", number)
        confirmed = obj.get("confirmed")
        if confirmed is not None and not isinstance(confirmed, bool):
            raise InputFormatError(f"{path}: `confirmed` must be true, false or null, got {confirmed!r}", number)
        if obj["id"] in seen:
            raise InputFormatError(f"{path}: duplicate id {obj['id']!r}", number)
        seen.add(obj["id"])
        mutants.append(
            Mutant(
                obj["id"],
                obj["original_id"],
                obj["injector"],
                obj["claim"],
                str(obj.get("original") or ""),
                parse_contexts(obj.get("contexts", []), number),
                confirmed,
                obj.get("note"),
            )
        )
    if not mutants:
        raise UsageError(f"{path}: no mutants")
    return mutants


@dataclass(frozen=True)
class Selection:
    """Which mutants the suite ran on, and the review state of all of them."""

    mode: MutantSet
    used: list[Mutant]
    total: int
    confirmed: int
    rejected: int
    unreviewed: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "used": len(self.used),
            "total": self.total,
            "confirmed": self.confirmed,
            "rejected": self.rejected,
            "unreviewed": self.unreviewed,
        }

    def describe(self) -> str:
        which = "all mutants" if self.mode == "all" else "confirmed mutants only"
        return (
            f"ran on {which}: {len(self.used)} of {self.total} (confirmed {self.confirmed}, "
            f"rejected {self.rejected}, unreviewed {self.unreviewed})"
        )


def select_mutants(mutants: Sequence[Mutant], mode: MutantSet) -> Selection:
    """``all``: every mutant, reviewed or not (what an unreviewed suite reports); ``confirmed``: only those a
    person marked as real faults. Asking for confirmed mutants when none are confirmed is an error."""
    states = Counter(m.confirmed for m in mutants)
    used = list(mutants) if mode == "all" else [m for m in mutants if m.confirmed is True]
    if mode == "confirmed" and not used:
        raise UsageError('no mutant is marked "confirmed": true; review mutants.jsonl or run on all mutants')
    return Selection(mode, used, len(mutants), states[True], states[False], states[None])


@dataclass(frozen=True)
class CheckerScore:
    """One checker's row of the suite table.

    false_alarms: originals flagged / originals. detection: per injector (and ``all``), mutants flagged /
    mutants.
    errors: error verdicts (counted as flags). stages: which stage decided how many verdicts.
    """

    label: str
    spec: dict[str, Any]
    false_alarms: Interval
    detection: dict[str, Interval]
    errors: int
    stages: dict[str, int]

    def as_dict(self) -> dict[str, Any]:
        return {
            "spec": self.spec,
            "false_alarms": self.false_alarms.as_dict(),
            "detection": {k: v.as_dict() for k, v in self.detection.items()},
            "errors": self.errors,
            "stages": self.stages,
        }


@dataclass(frozen=True)
class ItemVerdict:
    """One (checker, claim) verdict, written to verdicts.jsonl so every number in the table can be traced."""

    checker: str
    id: str
    kind: Literal["original", "mutant"]
    injector: str | None
    claim: str
    verdict: Verdict

    def as_dict(self) -> dict[str, Any]:
        v = self.verdict
        return {
            "checker": self.checker,
            "id": self.id,
            "kind": self.kind,
            "injector": self.injector,
            "claim": self.claim,
            "label": v.label,
            "stage": v.stage,
            "score": v.score,
            "error": v.error,
            "evidence": v.evidence.text if v.evidence else None,
        }


@dataclass(frozen=True)
class SuiteResult:
    originals: int
    injectors: list[str]
    selection: Selection
    confidence: float
    checkers: list[CheckerScore]
    items: list[ItemVerdict] = field(default_factory=list)
    generation: Generation | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "originals": self.originals,
            "injectors": self.injectors,
            "mutants": self.selection.as_dict(),
            "confidence": self.confidence,
            "checkers": {c.label: c.as_dict() for c in self.checkers},
        }
        if self.generation is not None:
            out["mutants"]["applied"] = self.generation.applied
            out["mutants"]["not_applicable"] = self.generation.not_applicable
        return out


def _flag(verdict: Verdict) -> bool:
    return is_flag(verdict.label)


def suite_cascade_misses(result: SuiteResult, first: str, second: str, confidence: float = 0.95):
    """Per fault type, what a cascade of two of the suite's checkers (``first`` routes, ``second`` sees only what
    ``first`` flags) catches, what ``second`` alone catches, and the faults lost to routing (agree.CascadeMisses),
    from the verdicts both checkers already gave on the mutants."""
    from faithkit.agree import LabelRow, cascade_misses

    reference = [LabelRow(m.id, "not_supported", m.injector) for m in result.selection.used]
    by_checker = {
        c: {i.id: i.verdict.label for i in result.items if i.checker == c and i.kind == "mutant"}
        for c in (first, second)
    }
    return cascade_misses(reference, by_checker[first], by_checker[second], confidence)


def run_suite(
    originals: Sequence[ClaimRow],
    selection: Selection,
    checkers: Mapping[str, Any],
    *,
    confidence: float = 0.95,
    generation: Generation | None = None,
    thresholds: Sequence[float] = (),
) -> SuiteResult:
    """Run every checker once over originals + selected mutants and tabulate, per checker, false alarms and
    detection per injector. Columns follow the canonical injector order; an injector with no selected mutant is
    absent rather than shown as 0/0.

    thresholds: for each checker that decides on a score, add rows ``LABEL@t`` re-decided at each t from the
    same verdicts (the lesson's 0.5 / 0.9 / 0.98 rows from one model run), by the rules of :mod:`faithkit.redecide`.
    """
    from faithkit.redecide import scored_claims

    injectors = _column_order(m.injector for m in selection.used)
    rows = list(originals) + [m.as_row() for m in selection.used]
    scores: list[CheckerScore] = []
    items: list[ItemVerdict] = []
    for label, checker in checkers.items():
        verdicts = check_rows(checker, rows)
        flags = [_flag(v) for v in verdicts]
        spec = _spec(checker)
        scores.append(_score(label, spec, flags, verdicts, len(originals), selection, injectors, confidence))
        if getattr(checker, "threshold", None) is not None:
            scored = scored_claims(checker, rows, verdicts)
            for t in thresholds:
                flags_t = [c.flagged_at(t) for c in scored]
                not_asked = sum(not c.redecided_at(t) for c in scored)  # flags are an upper bound (faithkit.redecide)
                scores.append(
                    _score(
                        f"{label}@{t:g}",
                        {**spec, "threshold": t, "redecided": True,
                         **({"not_redecided": not_asked} if not_asked else {})},
                        flags_t,
                        verdicts,
                        len(originals),
                        selection,
                        injectors,
                        confidence,
                    )
                )
        orig_v, mut_v = verdicts[: len(originals)], verdicts[len(originals) :]
        items += [
            ItemVerdict(label, r.id, "original", None, r.claim, v) for r, v in zip(originals, orig_v, strict=True)
        ]
        items += [
            ItemVerdict(label, m.id, "mutant", m.injector, m.claim, v)
            for m, v in zip(selection.used, mut_v, strict=True)
        ]
    return SuiteResult(len(originals), injectors, selection, confidence, scores, items, generation)


def _score(
    label: str,
    spec: dict[str, Any],
    flags: list[bool],
    verdicts: list[Verdict],
    n_originals: int,
    selection: Selection,
    injectors: list[str],
    confidence: float,
) -> CheckerScore:
    orig_f, mut_f = flags[:n_originals], flags[n_originals:]
    detection = {}
    for name in injectors:
        hits = [f for m, f in zip(selection.used, mut_f, strict=True) if m.injector == name]
        detection[name] = wilson_interval(sum(hits), len(hits), confidence)
    detection[ALL_FAULTS] = wilson_interval(sum(mut_f), len(mut_f), confidence)
    return CheckerScore(
        label=label,
        spec=spec,
        false_alarms=wilson_interval(sum(orig_f), len(orig_f), confidence),
        detection=detection,
        errors=sum(v.label == "error" for v in verdicts),
        stages=dict(Counter(v.stage for v in verdicts)),
    )


def _column_order(names: Iterable[str]) -> list[str]:
    """Injectors in the canonical order of ``INJECTORS`` (numbers, negation, entities, conditions, added facts),
    then any others (from an edited mutants file) in order of first appearance."""
    from faithkit.mutation.injectors import INJECTORS

    seen = list(dict.fromkeys(names))
    return [n for n in INJECTORS if n in seen] + [n for n in seen if n not in INJECTORS]


def _spec(checker: Any) -> dict[str, Any]:
    spec = getattr(checker, "spec", None)
    return spec() if callable(spec) else {"checker": getattr(checker, "name", type(checker).__name__)}
