"""Agreement between labelers: two people (Cohen's kappa), or a checker against people (catch rate).

The lesson's rule for trusting any checker, NLI or judge: compare it with people on labeled claims. Two people
first (their kappa says how well-defined the labels are; their disagreements are where a rule has to be
written down), then the checker against the agreed labels, per case type, because a checker that is right on
average can still fail every derived number.

Labels are free strings for kappa (``supported`` / ``contradicted`` / ``not_found`` works). For precision and
recall they are reduced to two: ``supported`` versus everything else, including ``error`` (a checker's error
counts as a flag, never as a pass). Items that only one file has are listed and counted,
never dropped quietly.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from faithkit.errors import InputFormatError, UsageError
from faithkit.records import SUPPORTED, is_flag
from faithkit.stats import Interval, cohens_kappa, wilson_interval

NO_CASE = "(no case)"


@dataclass(frozen=True)
class LabelRow:
    """One labeled item: id, label, optional case type and claim text (shown with disagreements)."""

    id: str
    label: str
    case: str | None = None
    claim: str | None = None


def read_labels(path: str | Path) -> list[LabelRow]:
    """Rows ``{"id", "label", "case"?, "claim"?}`` from JSONL or YAML; duplicate or missing ids are errors."""
    from faithkit.io.claim_rows import read_objects

    rows: list[LabelRow] = []
    seen: set[str] = set()
    for number, obj in read_objects(path):
        if not isinstance(obj, dict):
            raise InputFormatError(f"{path}: a row must be an object", number)
        rid, label = obj.get("id"), obj.get("label")
        if not isinstance(rid, (str, int)):
            raise InputFormatError(f"{path}: missing `id`", number)
        if not isinstance(label, str) or not label:
            raise InputFormatError(f"{path}: missing or non-string `label`", number)
        if str(rid) in seen:
            raise InputFormatError(f"{path}: duplicate id {rid!r}", number)
        seen.add(str(rid))
        case, claim = obj.get("case"), obj.get("claim")
        rows.append(
            LabelRow(
                str(rid),
                label,
                case if isinstance(case, str) else None,
                claim if isinstance(claim, str) else None,
            )
        )
    if not rows:
        raise UsageError(f"{path}: no labeled rows")
    return rows


@dataclass(frozen=True)
class Disagreement:
    id: str
    a: str
    b: str
    case: str | None
    claim: str | None

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "a": self.a, "b": self.b, "case": self.case, "claim": self.claim}


@dataclass(frozen=True)
class Agreement:
    """Agreement of two label sets over the ids both have.

    kappa: Cohen's kappa on the labels as given; kappa_binary: on supported vs not (None if identical to kappa
    because the labels were binary already). observed: raw agreement k/n with its Wilson interval (report it
    next to kappa: with one dominant label, kappa can be low while raw agreement is high).
    """

    n: int
    observed: Interval
    kappa: float
    kappa_binary: float | None
    confusion: dict[str, dict[str, int]]
    disagreements: list[Disagreement]
    only_in_a: list[str]
    only_in_b: list[str]
    by_case: dict[str, Interval] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "observed_agreement": self.observed.as_dict(),
            "kappa": self.kappa,
            "kappa_binary": self.kappa_binary,
            "confusion": self.confusion,
            "disagreements": [d.as_dict() for d in self.disagreements],
            "only_in_a": self.only_in_a,
            "only_in_b": self.only_in_b,
            "agreement_by_case": {c: i.as_dict() for c, i in self.by_case.items()},
        }


def _case(a: LabelRow, b: LabelRow | None = None) -> str:
    return a.case or (b.case if b else None) or NO_CASE


def agreement(a: Sequence[LabelRow], b: Sequence[LabelRow], confidence: float = 0.95) -> Agreement:
    """Cohen's kappa, raw agreement, the confusion table and every disagreement, over the shared ids (in A's
    order). Raises UsageError when the files share no id at all (almost always the wrong pair of files)."""
    b_by_id = {row.id: row for row in b}
    a_ids = {row.id for row in a}
    pairs = [(row, b_by_id[row.id]) for row in a if row.id in b_by_id]
    if not pairs:
        raise UsageError("the two label files share no id")
    la, lb = [x.label for x, _ in pairs], [y.label for _, y in pairs]
    confusion: dict[str, dict[str, int]] = defaultdict(dict)
    for (x, y), count in sorted(Counter(zip(la, lb, strict=True)).items()):
        confusion[x][y] = count
    binary_a, binary_b = [is_flag(x) for x in la], [is_flag(y) for y in lb]
    already_binary = set(la) | set(lb) <= {SUPPORTED, "not_supported"}
    per_case: dict[str, list[bool]] = defaultdict(list)
    for x, y in pairs:
        per_case[_case(x, y)].append(x.label == y.label)
    agree = sum(x == y for x, y in zip(la, lb, strict=True))
    return Agreement(
        n=len(pairs),
        observed=wilson_interval(agree, len(pairs), confidence),
        kappa=cohens_kappa(la, lb),
        kappa_binary=None if already_binary else cohens_kappa(binary_a, binary_b),
        confusion={k: dict(v) for k, v in confusion.items()},
        disagreements=[
            Disagreement(x.id, x.label, y.label, x.case or y.case, x.claim or y.claim)
            for x, y in pairs
            if x.label != y.label
        ],
        only_in_a=[row.id for row in a if row.id not in b_by_id],
        only_in_b=[row.id for row in b if row.id not in a_ids],
        by_case={c: wilson_interval(sum(v), len(v), confidence) for c, v in sorted(per_case.items())},
    )


@dataclass(frozen=True)
class CatchRates:
    """A predictor (a checker, or a second person) against reference labels, for the class "not supported".

    recall: flagged / reference faults (the catch rate); precision: reference faults / flagged;
    false_alarms: flagged / reference supported. Each overall and per case type (case from the reference).
    """

    recall: Interval
    precision: Interval
    false_alarms: Interval
    by_case: dict[str, dict[str, Interval]]

    def as_dict(self) -> dict[str, Any]:
        return {
            "recall": self.recall.as_dict(),
            "precision": self.precision.as_dict(),
            "false_alarms": self.false_alarms.as_dict(),
            "by_case": {c: {k: v.as_dict() for k, v in d.items()} for c, d in self.by_case.items()},
        }


def _rates(pairs: list[tuple[bool, bool]], confidence: float) -> dict[str, Interval]:
    faults = [pred for ref, pred in pairs if ref]
    flagged = [ref for ref, pred in pairs if pred]
    supported = [pred for ref, pred in pairs if not ref]
    return {
        "recall": wilson_interval(sum(faults), len(faults), confidence),
        "precision": wilson_interval(sum(flagged), len(flagged), confidence),
        "false_alarms": wilson_interval(sum(supported), len(supported), confidence),
    }


def catch_rates(reference: Sequence[LabelRow], predicted: Sequence[LabelRow], confidence: float = 0.95) -> CatchRates:
    """Precision and recall of ``predicted`` flags against ``reference``, over shared ids, per case type."""
    by_id = {row.id: row for row in predicted}
    joined = [(row, by_id[row.id]) for row in reference if row.id in by_id]
    if not joined:
        raise UsageError("the reference and the predictions share no id")
    overall = _rates([(is_flag(r.label), is_flag(p.label)) for r, p in joined], confidence)
    per_case: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    for r, p in joined:
        per_case[_case(r, p)].append((is_flag(r.label), is_flag(p.label)))
    return CatchRates(
        overall["recall"],
        overall["precision"],
        overall["false_alarms"],
        {c: _rates(v, confidence) for c, v in sorted(per_case.items())},
    )


@dataclass(frozen=True)
class CascadeMisses:
    """Per fault type, over the reference faults: what the second stage alone catches, what the cascade
    (second stage only sees what the first stage did not support) catches, and the routing misses between
    them: faults the first stage passed that the second would have caught (Move 5 of the lesson)."""

    second_alone: dict[str, Interval]
    cascade: dict[str, Interval]
    routing_misses: dict[str, Interval]

    def as_dict(self) -> dict[str, Any]:
        return {
            name: {c: i.as_dict() for c, i in getattr(self, name).items()}
            for name in ("second_alone", "cascade", "routing_misses")
        }


ALL_FAULTS = "all faults"


def cascade_misses(
    reference: Sequence[LabelRow],
    first: Mapping[str, str],
    second: Mapping[str, str],
    confidence: float = 0.95,
) -> CascadeMisses:
    """``first`` / ``second``: id -> label of the router (NLI) and the second stage (judge). Only reference
    faults count; an id missing from either stage is an error, since a cascade must have seen every claim."""
    faults = [r for r in reference if is_flag(r.label)]
    missing = [r.id for r in faults if r.id not in first or r.id not in second]
    if missing:
        raise UsageError(f"{len(missing)} faults lack a first- or second-stage verdict, e.g. {missing[0]!r}")
    groups: dict[str, list[LabelRow]] = defaultdict(list)
    for row in faults:
        groups[_case(row)].append(row)
    groups[ALL_FAULTS] = list(faults)
    out: dict[str, dict[str, Interval]] = {"second_alone": {}, "cascade": {}, "routing_misses": {}}
    for case, rows in groups.items():
        n = len(rows)
        first_flag = [is_flag(first[r.id]) for r in rows]
        second_flag = [is_flag(second[r.id]) for r in rows]
        out["second_alone"][case] = wilson_interval(sum(second_flag), n, confidence)
        out["cascade"][case] = wilson_interval(
            sum(f and s for f, s in zip(first_flag, second_flag, strict=True)), n, confidence
        )
        out["routing_misses"][case] = wilson_interval(
            sum((not f) and s for f, s in zip(first_flag, second_flag, strict=True)), n, confidence
        )
    return CascadeMisses(**out)
