"""Re-decide a finished run at another threshold from its stored scores: no model is loaded or called.

A claim's verdict keeps the score that decided it, so moving the threshold re-decides it by the rules the
sweep uses (``faithkit.redecide.ScoredClaim``), and a rescored run is what a rerun at that threshold would give
wherever the stored record has the information:

* re-decided: verdicts of the checker's own stage with a score (``supported`` iff score >= threshold), the
  same for claims checked against a reference answer, and arithmetic rescues (kept only while the better of
  the rescued and the original score stays above the threshold; else the original verdict comes back);
* kept as stored, and counted under ``kept``: error verdicts, verdicts a rule or a label decided (judge,
  the missing-number rule), and claims the missing-number rule would flag once supported;
* not re-decidable, and said so in ``rescored.not_redecided``: a claim left not supported that has a
  derived number might be rescued by the arithmetic rule at the new threshold (its reduced claim was not
  scored at it), the reference-recall half of ``correctness`` (its verdicts are not stored), and, in a run with
  a second opinion (``checkers.nli_verdict.is_candidate``), a claim the first model supported that falls below a higher
  threshold: a rerun would ask the second model about it. A claim the second opinion supported is kept: a rerun
  supports it at any threshold (the first model does, or it is asked again and gives the same answer). ``label3`` of a
  flipped claim is read from its best window only (a rerun reads every window of that passage). A claim left not
  supported whose windows were pruned (``prune_windows``, on by default) has a score that is a lower bound: the
  skipped windows share few of its words and almost never decide, but the exact score needs the model.

The rescored manifest records the checker spec rebuilt with the new threshold (``checkers.registry``), so
the run can be rebuilt and compared like any other; ``faithkit compare`` sees the threshold change.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from faithkit.checkers.base import RULE_STAGES
from faithkit.checkers.registry import entry, spec_from_manifest
from faithkit.declined import DECLINES, restatus
from faithkit.errors import ResultsError, UsageError
from faithkit.options import parse_options
from faithkit.records import NOT_SUPPORTED, SUPPORTED, AnswerResult, Verdict
from faithkit.redecide import ScoredClaim, numbers_rule_in, second_opinion_in
from faithkit.scoring import RunSummary, answer_faithfulness

SECOND_OPINION_KEPT = "decided by the second opinion (at its own threshold)"
SECOND_OPINION_NOT_ASKED = ("supported at the run's threshold, not at the new one: a rerun would ask the second "
                            "opinion about it (not stored)")
PRUNED_LOWER_BOUND = ("not supported at the new threshold, with windows the model skipped (prune_windows): its score "
                      "is a lower bound; a rerun with nli:prune_windows=off reads every window")
ERROR_KEPT = "error verdict"


@dataclass(frozen=True)
class Rescored:
    """The re-decided records and manifest, and what happened to the claims."""

    records: list[dict[str, Any]]
    manifest: dict[str, Any]
    redecided: int
    changed: int
    kept: dict[str, int]
    not_redecided: dict[str, int]


def _verdict(claim: dict[str, Any]) -> Verdict:
    data = {k: v for k, v in claim.items() if k not in ("text", "span", "verdict", "reference", "cited", "citation")}
    return Verdict.from_dict({"label": claim["verdict"], **data})


def _kept_reason(verdict: Verdict, numbers_rule: bool) -> str:
    """Why a verdict is kept as stored: an error, a rule stage's own reason (``checkers.base.RULE_STAGES``)..."""
    if verdict.label == "error":
        return ERROR_KEPT
    rule = RULE_STAGES.get(verdict.stage)
    if rule is not None and rule.kept is not None:
        return rule.kept
    if numbers_rule and verdict.label != SUPPORTED:
        return "a number in no passage (the missing-number rule flags it when supported)"
    return f"no score (stage {verdict.stage})"


def _has_derived_number(claim: dict[str, Any]) -> bool:
    numbers = (claim.get("detail") or {}).get("numbers") or []
    return any(isinstance(n, dict) and n.get("status") == "derived" for n in numbers)


class _Redecider:
    def __init__(self, threshold: float, before: Any, numbers_rule: bool, arithmetic: bool,
                 second_opinion: bool = False):
        self.threshold, self.numbers_rule, self.arithmetic = threshold, numbers_rule, arithmetic
        self.second_opinion = second_opinion
        self.moved = before != threshold
        self.redecided = self.changed = 0
        self.kept: Counter[str] = Counter()
        self.not_redecided: Counter[str] = Counter()

    def claim(self, claim: dict[str, Any]) -> dict[str, Any]:
        out = dict(claim)
        if isinstance(claim.get("reference"), dict):
            out["reference"] = self.claim(claim["reference"])
        verdict = _verdict(claim)
        scored = ScoredClaim(None, verdict, self.numbers_rule, self.second_opinion)  # type: ignore[arg-type]
        if scored.by_second_opinion:
            self.kept[SECOND_OPINION_KEPT] += 1  # a rerun at any threshold supports it again (module docstring)
            return out
        if not scored.sweepable:
            self.kept[_kept_reason(verdict, self.numbers_rule)] += 1
            return out
        self.redecided += 1
        supported = not scored.flagged_at(self.threshold)
        if not supported and self.moved and self.arithmetic and _has_derived_number(claim):
            self.not_redecided["not supported, with a derived number: the arithmetic rescue was not re-checked "
                               "at the new threshold (its reduced claim needs the model)"] += 1
        if not supported and self.moved and (claim.get("detail") or {}).get("pruned_windows"):
            self.not_redecided[PRUNED_LOWER_BOUND] += 1
        if supported == (verdict.label == SUPPORTED):
            return out
        if not scored.redecided_at(self.threshold):
            self.not_redecided[SECOND_OPINION_NOT_ASKED] += 1
        self.changed += 1
        rule = RULE_STAGES.get(verdict.stage)
        if rule is not None and rule.rescue:  # the rescue no longer holds: the verdict before it comes back
            inner = dict((verdict.detail or {}).get("inner") or {})
            inner_label = inner.pop("label", NOT_SUPPORTED)
            return {**{k: claim[k] for k in ("text", "span") if k in claim}, "verdict": inner_label, **inner,
                    **({"reference": out["reference"]} if "reference" in out else {})}
        out["verdict"] = SUPPORTED if supported else NOT_SUPPORTED
        contradiction = (claim.get("probs") or {}).get("contradiction") or 0.0
        out["label3"] = "supported" if supported else ("contradicted" if contradiction >= 0.5 else "not_found")
        return out

    def record(self, record: dict[str, Any]) -> dict[str, Any]:
        declines = DECLINES in (record.get("warnings") or ())  # a refusal beside context: its status follows its claims
        if record.get("status") != "scored" and not declines:
            return record
        out = dict(record)
        out["claims"] = [self.claim(c) for c in record.get("claims") or []]
        labels = [c["verdict"] for c in out["claims"]]
        out["faithfulness"] = answer_faithfulness(labels)
        out["unsupported"] = any(label != SUPPORTED for label in labels)
        if isinstance(record.get("correctness"), dict):
            refs = [c["reference"] for c in out["claims"] if isinstance(c.get("reference"), dict)]
            old = record["correctness"]
            contradicted = sum(r.get("label3") == "contradicted" for r in refs)
            out["correctness"] = {**old, "faithful": not out["unsupported"],
                                  "correct": contradicted == 0 and old["reference_claims_in_answer"]
                                  == old["reference_claims"],
                                  "claims_contradicted_by_reference": contradicted,
                                  "claims_supported_by_reference": sum(r["verdict"] == SUPPORTED for r in refs)}
            self.not_redecided["reference recall (reference_claims_in_answer): its verdicts are not stored"] += 1
        return restatus(out) if declines else out


def new_threshold_spec(checker_spec: dict[str, Any], threshold: float) -> dict[str, Any]:
    """The manifest's checker section at ``threshold``, validated by the checker's options model."""
    if not isinstance(checker_spec.get("threshold"), (int, float)) or isinstance(checker_spec["threshold"], bool):
        raise UsageError(f"checker {checker_spec.get('checker')!r} decides by label, not by a score: "
                         "there is no threshold to rescore at")
    spec = spec_from_manifest(checker_spec)
    name = str(spec.pop("checker"))
    options = {k: v for k, v in spec.items() if k not in ("numbers", "arithmetic")}
    parsed = parse_options(entry(name).options, {**options, "threshold": threshold}, what=f"checker {name!r}")
    rebuild = {"checker": name, **parsed.non_defaults()}
    return {**checker_spec, "threshold": threshold, "rebuild": rebuild}


def rescore(manifest: dict[str, Any], records: list[dict[str, Any]], threshold: float) -> Rescored:
    """Re-decide ``records`` (a run's results.jsonl) at ``threshold``; see the module docstring."""
    if manifest.get("complete") is False:
        raise ResultsError("the run is incomplete (manifest says complete: false): finish it first")
    checker = manifest.get("checker") or {}
    new_checker = new_threshold_spec(checker, threshold)
    stage = checker.get("numbers") if isinstance(checker.get("numbers"), dict) else {}
    redecider = _Redecider(threshold, checker.get("threshold"), numbers_rule_in(checker),
                           bool(stage.get("arithmetic")), second_opinion_in(checker))
    out = [redecider.record(r) for r in records]
    summary = RunSummary()
    for record in out:
        summary.add(AnswerResult.from_dict(record))
    counters = dict(manifest.get("summary", {}).get("checker_counters") or {})
    result = summary.as_dict()
    result.update({k: v for k, v in counters.items() if k not in result})
    result["checker_counters"] = counters
    if "records_from_cache" in manifest.get("summary", {}):  # how the base run got its records (record_cache)
        result["records_from_cache"] = manifest["summary"]["records_from_cache"]
    new_manifest = {**manifest, "checker": new_checker, "summary": result, "profiles": summary.profiles(),
                    "rescored": {"threshold_before": checker.get("threshold"), "threshold": threshold,
                                 "claims_redecided": redecider.redecided, "claims_changed": redecider.changed,
                                 "kept": dict(redecider.kept), "not_redecided": dict(redecider.not_redecided)}}
    return Rescored(out, new_manifest, redecider.redecided, redecider.changed, dict(redecider.kept),
                    dict(redecider.not_redecided))
