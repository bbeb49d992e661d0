"""Score `faithkit check` results against the help-center suite's labels (no model, no checker).

Each label row is one answer sentence. Its prediction is read from the results record of its answer:

- a ``refusal`` row is kept when the whole answer came back ``status: refusal``, and flagged otherwise (a
  refusal that was scored as claims is a false alarm if any claim failed, and a detector miss either way, so
  any status but ``refusal`` counts against it);
- any other row is matched by its exact text to one of the record's claims (the splitter's sentences) and takes
  that claim's verdict. A row with no matching claim (its answer was taken for a refusal, or a splitter change)
  is *unscored*: it is listed, counted apart, and predicted ``supported`` because that is what a gate does with
  it (it cannot fail an answer on a claim it never checked).

Rates come from faithkit's own agreement machinery (`faithkit.agree.catch_rates`, the code behind
`faithkit agree`): a fault is caught when its prediction is a flag (anything but ``supported``, errors
included), a faithful item is kept when it is not flagged, each with a Wilson interval. Dropped conditions are
reported apart and left out of the headline, because a claim checker cannot see a condition the claim omits.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from faithkit.agree import LabelRow, catch_rates, is_flag
from faithkit.stats import Interval, wilson_interval

HERE = Path(__file__).resolve().parent
INTERACTIONS = HERE / "interactions.jsonl"
LABELS = HERE / "labels.jsonl"

FAULT_TYPES = ("fault_number", "fault_unit", "fault_negation", "fault_entity", "fault_added", "fault_derived")
FAITHFUL_TYPES = ("faithful_copy", "faithful_paraphrase", "faithful_reorder", "faithful_combined",
                  "faithful_yesno", "faithful_derived", "refusal")
DROPPED = "dropped_condition"
CASE_ORDER = (*FAULT_TYPES, DROPPED, *FAITHFUL_TYPES)

# The bar issue 11 sets for the shipped checker (dropped conditions aside).
TARGET_FAULTS, TARGET_EACH_FAULT, TARGET_FALSE_ALARMS = 0.90, 0.80, 0.10


def read_jsonl(path: str | Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


ANSWERS: dict[str, str] = {}  # answer id -> answer text, filled from INTERACTIONS on first use


@dataclass(frozen=True)
class Prediction:
    """What the checker said about one label row."""

    row: dict[str, Any]
    label: str  # supported / not_supported / error / refusal-detector outcome mapped to these
    stage: str | None
    score: float | None
    evidence: str | None
    unscored: bool = False

    @property
    def flagged(self) -> bool:
        return is_flag(self.label)

    @property
    def wrong(self) -> bool:
        """The checker disagrees with the careful reader."""
        return self.flagged != is_flag(self.row["label"])


def _evidence_text(claim: dict[str, Any]) -> str | None:
    evidence = claim.get("evidence")
    if isinstance(evidence, dict):
        return evidence.get("text") or evidence.get("quote") or json.dumps(evidence)[:200]
    return evidence if isinstance(evidence, str) else None


def _span_text(answer: str, claim: dict[str, Any]) -> str | None:
    """The answer's own words for a claim (its ``span``): the claim's text may be the checked form of the sentence
    (a "Yes," or an attribution frame removed, markdown read), while a label row holds the sentence as written."""
    span = claim.get("span")
    return answer[span[0]:span[1]] if answer and isinstance(span, list | tuple) and len(span) == 2 else None


def _answers() -> dict[str, str]:
    return {row["id"]: row["answer"] for row in read_jsonl(INTERACTIONS)} if INTERACTIONS.exists() else {}


def predict(labels: list[dict[str, Any]], results: list[dict[str, Any]]) -> list[Prediction]:
    """One prediction per label row, matched as the module docstring says."""
    by_id = {r["id"]: r for r in results}
    if not ANSWERS:
        ANSWERS.update(_answers())
    used: dict[str, set[int]] = defaultdict(set)
    out: list[Prediction] = []
    for row in labels:
        record = by_id.get(row["answer_id"])
        if record is None:
            raise KeyError(f"results have no record for answer {row['answer_id']!r}")
        status = record.get("status")
        if row["case"] == "refusal":
            kept = status == "refusal"
            out.append(Prediction(row, "supported" if kept else "not_supported", f"status:{status}", None,
                                  record.get("refusal")))
            continue
        answer = ANSWERS.get(row["answer_id"], "")
        match = next((k for k, c in enumerate(record.get("claims") or [])
                      if row["claim"] in (c.get("text"), _span_text(answer, c)) and k not in used[row["answer_id"]]),
                     None)
        if match is None:
            out.append(Prediction(row, "supported", f"status:{status}", None, None, unscored=True))
            continue
        used[row["answer_id"]].add(match)
        claim = record["claims"][match]
        out.append(Prediction(row, claim.get("verdict", "error"), claim.get("stage"), claim.get("score"),
                              _evidence_text(claim)))
    return out


@dataclass
class SuiteFigures:
    """Every figure the runner prints or writes. Intervals are Wilson 95% unless ``confidence`` says otherwise."""

    by_case: dict[str, Interval]  # caught / n for faults and dropped conditions, kept / n for faithful items
    by_detail: dict[str, Interval]  # the same, split by the row's detail (negation form, operation, trap)
    fault_detection: Interval  # all faults, dropped conditions aside
    false_alarms: Interval  # faithful items flagged (refusals included: they are supported items)
    precision: Interval  # of the flags (dropped conditions aside)
    dropped: Interval  # dropped conditions caught
    unscored: list[str] = field(default_factory=list)
    misses: list[Prediction] = field(default_factory=list)

    def headline(self) -> dict[str, Any]:
        fault_rates = {c: self.by_case[c].rate for c in FAULT_TYPES if c in self.by_case}
        weakest = min(fault_rates.items(), key=lambda kv: kv[1] if kv[1] is not None else -1.0)
        checks = {
            "faults_caught_at_least_90pct": (self.fault_detection.rate or 0.0) >= TARGET_FAULTS,
            "each_fault_type_at_least_80pct": all((r or 0.0) >= TARGET_EACH_FAULT for r in fault_rates.values()),
            "faithful_flagged_at_most_10pct": (self.false_alarms.rate or 0.0) <= TARGET_FALSE_ALARMS,
        }
        return {**checks, "weakest_fault_type": weakest[0], "met": all(checks.values())}

    def as_dict(self) -> dict[str, Any]:
        return {
            "by_case": {c: {"kind": "caught" if c in FAULT_TYPES or c == DROPPED else "kept", **i.as_dict()}
                        for c, i in self.by_case.items()},
            "by_detail": {c: i.as_dict() for c, i in self.by_detail.items()},
            "fault_detection": self.fault_detection.as_dict(),
            "faithful_false_alarms": self.false_alarms.as_dict(),
            "precision": self.precision.as_dict(),
            "dropped_conditions_caught": self.dropped.as_dict(),
            "headline": self.headline(),
            "unscored": self.unscored,
            "misses": [miss_dict(p) for p in self.misses],
        }


def miss_dict(p: Prediction) -> dict[str, Any]:
    return {"id": p.row["id"], "case": p.row["case"], "detail": p.row.get("detail"), "claim": p.row["claim"],
            "gold": p.row["label"], "predicted": p.label, "stage": p.stage, "score": p.score,
            "evidence": p.evidence, "unscored": p.unscored}


def figures(predictions: list[Prediction], confidence: float = 0.95) -> SuiteFigures:
    """Per case type and overall rates, through `faithkit.agree.catch_rates`."""
    reference = [LabelRow(p.row["id"], p.row["label"], p.row["case"], p.row["claim"]) for p in predictions]
    predicted = [LabelRow(p.row["id"], p.label, p.row["case"]) for p in predictions]
    per_case = catch_rates(reference, predicted, confidence).by_case
    headline_ids = {p.row["id"] for p in predictions if p.row["case"] != DROPPED}
    overall = catch_rates([r for r in reference if r.id in headline_ids],
                          [r for r in predicted if r.id in headline_ids], confidence)

    def oriented(case: str, rates: dict[str, Interval]) -> Interval:
        if case in FAULT_TYPES or case == DROPPED:
            return rates["recall"]
        alarms = rates["false_alarms"]
        return wilson_interval(alarms.n - alarms.k, alarms.n, confidence)

    by_case = {c: oriented(c, per_case[c]) for c in CASE_ORDER if c in per_case}
    detail_groups: dict[str, list[Prediction]] = defaultdict(list)
    for p in predictions:
        if p.row.get("detail"):
            detail_groups[f"{p.row['case']}[{p.row['detail']}]"].append(p)
    by_detail = {}
    for key, group in sorted(detail_groups.items()):
        good = sum(p.flagged == is_flag(p.row["label"]) for p in group)
        by_detail[key] = wilson_interval(good, len(group), confidence)
    empty = wilson_interval(0, 0, confidence)
    return SuiteFigures(
        by_case=by_case,
        by_detail=by_detail,
        fault_detection=overall.recall,
        false_alarms=overall.false_alarms,
        precision=overall.precision,
        dropped=by_case.get(DROPPED, empty),
        unscored=[p.row["id"] for p in predictions if p.unscored],
        misses=[p for p in predictions if p.wrong],
    )


def _pct(i: Interval) -> str:
    if i.rate is None:
        return f"{i.k}/{i.n}"
    return f"{i.k:>3}/{i.n:<3} {i.rate:6.1%}  [{i.low:5.1%}, {i.high:5.1%}]"


def render(fig: SuiteFigures, show_misses: bool = True) -> str:
    """The terminal report: table per case type, totals, headline, then every miss."""
    lines = [f"{'case type':26s} {'':6s} {'k/n':>7s}  {'rate':>6s}  Wilson 95%"]
    for case, interval in fig.by_case.items():
        kind = "caught" if case in FAULT_TYPES or case == DROPPED else "kept"
        lines.append(f"{case:26s} {kind:6s} {_pct(interval)}")
    if fig.by_detail:
        lines.append("")
        lines.append("by detail (right = caught for faults, kept for faithful)")
        for key, interval in fig.by_detail.items():
            lines.append(f"  {key:32s} {_pct(interval)}")
    head = fig.headline()
    lines += [
        "",
        f"fault detection (dropped conditions aside)  {_pct(fig.fault_detection)}   target >= {TARGET_FAULTS:.0%}",
        f"faithful false alarms (refusals included)   {_pct(fig.false_alarms)}   target <= {TARGET_FALSE_ALARMS:.0%}",
        f"precision of flags                          {_pct(fig.precision)}",
        f"dropped conditions caught (apart)           {_pct(fig.dropped)}",
        f"headline: faults>=90% {_yn(head['faults_caught_at_least_90pct'])}, "
        f"each fault type>=80% {_yn(head['each_fault_type_at_least_80pct'])} (weakest {head['weakest_fault_type']}), "
        f"false alarms<=10% {_yn(head['faithful_flagged_at_most_10pct'])}  => {'MET' if head['met'] else 'NOT MET'}",
    ]
    if fig.unscored:
        lines.append(f"unscored (no matching claim in the results): {', '.join(fig.unscored)}")
    if show_misses and fig.misses:
        lines += ["", f"misses ({len(fig.misses)}): id | case | predicted | stage | score | claim"]
        for p in fig.misses:
            score = "-" if p.score is None else f"{p.score:.3f}"
            lines.append(f"  {p.row['id']:10s} {p.row['case']:20s} {p.label:13s} {p.stage or '-':14s} {score:>6s}  "
                         f"{p.row['claim']}")
    return "\n".join(lines)


def _yn(flag: bool) -> str:
    return "yes" if flag else "no"
