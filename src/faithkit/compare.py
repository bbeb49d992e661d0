"""Compare two results folders answer by answer (the paired view of the Larkspur lesson's regression gate).

Two runs over the same questions are compared *per answer*, never by their averages: what decides whether a
drop from 31 to 20 unsupported answers is real is the answers that changed state (18 fixed, 7 broken), tested
with the exact McNemar test. Only answers *scored* in both runs enter that test; an answer that turned into a
refusal or an error changed status, which is reported apart (a refusal is not a fix; Move 3).

Pure: two ``RunResults`` in, a ``Comparison`` out. Reading, printing and exit codes live in the commands.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from faithkit.errors import ResultsError, UsageError
from faithkit.io.results import RunResults, read_results
from faithkit.records import AnswerResult, ClaimResult
from faithkit.stats import Interval, mcnemar_exact, wilson_interval

AnswerState = Literal["supported", "unsupported", "refusal", "no_claims", "error", "absent"]
Change = Literal["fixed", "broken", "unchanged", "status_changed", "only_base", "only_new"]

DEFAULT_MIN_OVERLAP = 0.5
"""Below this share of ids in common (of all ids seen in either run) the two folders are different suites, and a
paired comparison would mostly be about the ids that do not pair: a usage error, not a comparison."""

MEANING_KEYS = ("results_format", "checker", "claims", "refusal_patterns", "scoring", "windows", "numbers")
"""Manifest sections whose change changes what the numbers mean (a different instrument, not a better system)."""

VOLATILE_SETTING_KEYS = frozenset(
    {"device", "batch_size", "cache", "cache_dir", "num_workers", "workers", "progress", "concurrency"}
)
"""Keys inside those sections that change speed or plumbing, never a verdict."""

DERIVED_SETTING_KEYS = frozenset({"rebuild"})
"""Keys that restate settings already compared (a checker's ``rebuild`` spec repeats its non-default options):
comparing them again adds nothing, and would flag every baseline written before the key existed."""

INFO_KEYS = ("faithkit_version", "input.sha256", "packages")
"""Manifest entries whose change is worth printing but does not by itself change what a rate means."""


@dataclass(frozen=True)
class RunStats:
    """Answer-level counts of one run (every record counted exactly once, duplicates included).

    unsupported_rate: unsupported / scored with its 95% Wilson interval; refusals, no-claim answers and errors
        are counted apart, never folded into the rate.
    claim_error_answers: scored answers with at least one claim whose verdict is ``error`` (judge errors, ...).
    truncated_answers: scored answers with at least one claim whose premise/claim pair was truncated.
    duplicate_ids: ids that occur more than once; only the first record of each takes part in the pairing.
    """

    answers: int
    scored: int
    unsupported: int
    refusals: int
    no_claims: int
    errors: int
    claim_error_answers: int
    truncated_answers: int
    unsupported_rate: Interval
    duplicate_ids: tuple[str, ...] = ()

    @property
    def error_share(self) -> float:
        """Answers that ended in ``error`` status, as a share of all answers."""
        return self.errors / self.answers if self.answers else 0.0

    @property
    def claim_error_share(self) -> float:
        """Scored answers with a claim-level error verdict, as a share of scored answers."""
        return self.claim_error_answers / self.scored if self.scored else 0.0

    @property
    def truncation_share(self) -> float:
        """Scored answers with a truncated claim check, as a share of scored answers."""
        return self.truncated_answers / self.scored if self.scored else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "answers": self.answers, "scored": self.scored, "unsupported": self.unsupported,
            "refusals": self.refusals, "no_claims": self.no_claims, "errors": self.errors,
            "claim_error_answers": self.claim_error_answers, "truncated_answers": self.truncated_answers,
            "unsupported_rate": self.unsupported_rate.as_dict(),
            "error_share": self.error_share, "claim_error_share": self.claim_error_share,
            "truncation_share": self.truncation_share, "duplicate_ids": list(self.duplicate_ids),
        }


@dataclass(frozen=True)
class AnswerPair:
    """One interaction id across the two runs. A record is None when the id is absent from that run."""

    id: str
    base_state: AnswerState
    new_state: AnswerState
    change: Change
    base: AnswerResult | None
    new: AnswerResult | None

    @property
    def new_failing_claims(self) -> tuple[ClaimResult, ...]:
        """The new run's claims that were not supported (empty when the id is absent from the new run)."""
        return self.new.failing_claims if self.new is not None else ()

    def to_dict(self, with_claims: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "base": self.base_state, "new": self.new_state, "change": self.change}
        if with_claims and self.new is not None:
            out["failing_claims"] = [c.to_dict() for c in self.new.failing_claims]
        return out


@dataclass(frozen=True)
class ManifestChange:
    """One manifest entry that differs between the runs (dotted key; ``None`` where a run lacks it)."""

    key: str
    base: Any
    new: Any
    changes_meaning: bool

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "base": self.base, "new": self.new, "changes_meaning": self.changes_meaning}


@dataclass(frozen=True)
class Comparison:
    """Everything `faithkit compare` reports; the gate decides on it.

    fixed / broken: pairs scored in both runs that went unsupported -> supported / supported -> unsupported.
    unchanged_*: pairs in the same state in both runs (supported, unsupported, or the same unscored status).
    p_value: exact two-sided McNemar test on ``fixed + broken`` (1.0 when nothing changed).
    status_changes: counts of ``"base_state->new_state"`` for pairs whose status changed (not in the test).
    refusal_rise_warning: set when refusals rose while the unsupported rate fell or fixes outnumbered breaks.
    """

    base_path: str
    new_path: str
    base: RunStats
    new: RunStats
    pairs: tuple[AnswerPair, ...]
    fixed: int
    broken: int
    unchanged_supported: int
    unchanged_unsupported: int
    unchanged_other: int
    status_changes: dict[str, int]
    only_base: tuple[str, ...]
    only_new: tuple[str, ...]
    overlap_share: float
    p_value: float
    manifest_changes: tuple[ManifestChange, ...]
    refusal_rise_warning: str | None
    warnings: tuple[str, ...] = field(default=())

    @property
    def common(self) -> int:
        return len(self.pairs) - len(self.only_base) - len(self.only_new)

    @property
    def unchanged(self) -> int:
        return self.unchanged_supported + self.unchanged_unsupported + self.unchanged_other

    @property
    def meaning_changes(self) -> tuple[ManifestChange, ...]:
        return tuple(c for c in self.manifest_changes if c.changes_meaning)

    def newly_broken(self) -> list[AnswerPair]:
        return [p for p in self.pairs if p.change == "broken"]

    def to_dict(self) -> dict[str, Any]:
        return {
            "base_path": self.base_path, "new_path": self.new_path,
            "manifest_changes": [c.to_dict() for c in self.manifest_changes],
            "base": self.base.to_dict(), "new": self.new.to_dict(),
            "paired": self.common, "fixed": self.fixed, "broken": self.broken, "unchanged": self.unchanged,
            "unchanged_supported": self.unchanged_supported, "unchanged_unsupported": self.unchanged_unsupported,
            "unchanged_other": self.unchanged_other,
            "status_changes": dict(self.status_changes), "mcnemar_p": self.p_value,
            "only_base": list(self.only_base), "only_new": list(self.only_new),
            "overlap_share": self.overlap_share,
            "refusal_rise_warning": self.refusal_rise_warning, "warnings": list(self.warnings),
            "newly_broken": [p.to_dict(with_claims=True) for p in self.newly_broken()],
            "answers": [p.to_dict() for p in self.pairs],
        }


def answer_state(record: AnswerResult | None) -> AnswerState:
    """The state the gate pairs on. A scored record without a boolean ``unsupported`` is corrupt, not a pass."""
    if record is None:
        return "absent"
    status = record.status
    if status == "scored":
        unsupported = record.unsupported
        if not isinstance(unsupported, bool):
            raise ResultsError(f"record {record.id!r}: status is scored but `unsupported` is {unsupported!r}")
        return "unsupported" if unsupported else "supported"
    if status in ("refusal", "no_claims", "error"):
        return status  # type: ignore[return-value]
    raise ResultsError(f"record {record.id!r}: unknown status {status!r}")


def run_stats(run: RunResults) -> RunStats:
    """Count one run's answers by state; every record counts, including duplicates of an id."""
    states = Counter(answer_state(r) for r in run.answers)
    ids = Counter(r.id for r in run.answers)
    scored = [r for r in run.answers if r.status == "scored"]
    claim_errors = sum(any(c.verdict == "error" for c in r.claims) for r in scored)
    truncated = sum(any(c.truncated for c in r.claims) for r in scored)
    n_scored = states["supported"] + states["unsupported"]
    return RunStats(
        answers=len(run.answers), scored=n_scored, unsupported=states["unsupported"],
        refusals=states["refusal"], no_claims=states["no_claims"], errors=states["error"],
        claim_error_answers=claim_errors, truncated_answers=truncated,
        unsupported_rate=wilson_interval(states["unsupported"], n_scored),
        duplicate_ids=tuple(sorted(i for i, n in ids.items() if n > 1)),
    )


def _first_by_id(run: RunResults) -> dict[str, AnswerResult]:
    out: dict[str, AnswerResult] = {}
    for record in run.answers:
        key = str(record.id)
        if key not in out or (out[key].status == "error" and record.status != "error"):
            out[key] = record  # an error line never shadows the record that was checked under its id
    return out


def _classify(base: AnswerState, new: AnswerState) -> Change:
    if base == "absent":
        return "only_new"
    if new == "absent":
        return "only_base"
    if base == "unsupported" and new == "supported":
        return "fixed"
    if base == "supported" and new == "unsupported":
        return "broken"
    return "unchanged" if base == new else "status_changed"


def _flatten(value: Any, prefix: str) -> dict[str, Any]:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, sub in value.items():
            if key in VOLATILE_SETTING_KEYS or key in DERIVED_SETTING_KEYS:
                continue
            out.update(_flatten(sub, f"{prefix}.{key}"))
        return out
    return {prefix: value}


def _lookup(manifest: dict[str, Any], dotted: str) -> Any:
    value: Any = manifest
    for part in dotted.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def manifest_changes(base: dict[str, Any], new: dict[str, Any]) -> list[ManifestChange]:
    """Differences in the settings that produced the numbers. Checker, claims, refusal patterns (and the other
    ``MEANING_KEYS``) change what a rate means; versions and input hashes are printed for information."""
    changes: list[ManifestChange] = []
    for key in MEANING_KEYS:
        flat_base, flat_new = _flatten(base.get(key), key), _flatten(new.get(key), key)
        for name in sorted(set(flat_base) | set(flat_new)):
            if flat_base.get(name) != flat_new.get(name):
                changes.append(ManifestChange(name, flat_base.get(name), flat_new.get(name), True))
    for key in INFO_KEYS:
        flat_base, flat_new = _flatten(_lookup(base, key), key), _flatten(_lookup(new, key), key)
        for name in sorted(set(flat_base) | set(flat_new)):
            if flat_base.get(name) != flat_new.get(name):
                changes.append(ManifestChange(name, flat_base.get(name), flat_new.get(name), False))
    return changes


def _check_complete(run: RunResults) -> None:
    if run.run.complete is False:
        raise ResultsError(f"{run.path}: the run is incomplete (manifest says complete: false); "
                           "finish it with `faithkit check --resume` before comparing")


def _rate_fell(base: RunStats, new: RunStats) -> bool:
    return (base.unsupported_rate.rate is not None and new.unsupported_rate.rate is not None
            and new.unsupported_rate.rate < base.unsupported_rate.rate)


def _refusal_warning(base: RunStats, new: RunStats, fixed: int, broken: int, to_refusal: int) -> str | None:
    """Move 3: refusing exactly the questions it would have got wrong raises a system's score."""
    if new.refusals > base.refusals and (_rate_fell(base, new) or fixed > broken):
        note = (f"; {to_refusal} answer(s) unsupported in base are refusals now" if to_refusal else "")
        return (f"refusals rose from {base.refusals} to {new.refusals} while the unsupported-answer rate fell: "
                f"not an improvement until you know whether the refusals were right{note}")
    return None


def compare_runs(base: RunResults, new: RunResults, *, min_overlap: float = DEFAULT_MIN_OVERLAP) -> Comparison:
    """Pair two runs by interaction id and count what changed. Raises UsageError when the id sets barely
    overlap (share of common ids below ``min_overlap``, or none at all) and ResultsError on corrupt records."""
    if not 0 <= min_overlap <= 1:
        raise UsageError(f"min_overlap must be in [0, 1], got {min_overlap}")
    _check_complete(base)
    _check_complete(new)
    base_stats, new_stats = run_stats(base), run_stats(new)
    base_by_id, new_by_id = _first_by_id(base), _first_by_id(new)
    union = len(set(base_by_id) | set(new_by_id))
    common_ids = [i for i in new_by_id if i in base_by_id]
    overlap = len(common_ids) / union if union else 0.0
    if not common_ids:
        raise UsageError(f"{base.path} and {new.path} share no interaction ids: they are not runs of the same suite")
    if overlap < min_overlap:
        raise UsageError(
            f"only {len(common_ids)} of {union} ids ({overlap:.0%}) are in both {base.path} and {new.path}; "
            f"below the minimum overlap {min_overlap:.0%} these are different suites (lower it with --min-overlap)"
        )
    ordered = list(new_by_id) + [i for i in base_by_id if i not in new_by_id]
    pairs = []
    for answer_id in ordered:
        b, n = base_by_id.get(answer_id), new_by_id.get(answer_id)
        b_state, n_state = answer_state(b), answer_state(n)
        pairs.append(AnswerPair(answer_id, b_state, n_state, _classify(b_state, n_state), b, n))
    changes = Counter(p.change for p in pairs)
    unchanged_states = Counter(p.new_state for p in pairs if p.change == "unchanged")
    status_changes = Counter(f"{p.base_state}->{p.new_state}" for p in pairs if p.change == "status_changed")
    to_refusal = status_changes.get("unsupported->refusal", 0)
    warnings = []
    if new_stats.no_claims > base_stats.no_claims and _rate_fell(base_stats, new_stats):
        warnings.append(f"answers with no checkable claims rose from {base_stats.no_claims} to "
                        f"{new_stats.no_claims} while the unsupported-answer rate fell: they are not scored, so "
                        "read them before calling this an improvement")
    if base_stats.duplicate_ids or new_stats.duplicate_ids:
        warnings.append(f"duplicate ids (only the first record of each is paired): base "
                        f"{list(base_stats.duplicate_ids)}, new {list(new_stats.duplicate_ids)}")
    only_base = tuple(p.id for p in pairs if p.change == "only_base")
    only_new = tuple(p.id for p in pairs if p.change == "only_new")
    if only_base or only_new:
        warnings.append(f"{len(only_base)} id(s) only in base and {len(only_new)} only in new: the two runs' "
                        "rates are over different question sets; the paired test uses common ids only")
    return Comparison(
        base_path=str(base.path), new_path=str(new.path), base=base_stats, new=new_stats, pairs=tuple(pairs),
        fixed=changes["fixed"], broken=changes["broken"], unchanged_supported=unchanged_states["supported"],
        unchanged_unsupported=unchanged_states["unsupported"],
        unchanged_other=changes["unchanged"] - unchanged_states["supported"] - unchanged_states["unsupported"],
        status_changes=dict(sorted(status_changes.items())),
        only_base=only_base, only_new=only_new, overlap_share=overlap,
        p_value=mcnemar_exact(changes["fixed"], changes["broken"]),
        manifest_changes=tuple(manifest_changes(base.run.to_dict(), new.run.to_dict())),
        refusal_rise_warning=_refusal_warning(base_stats, new_stats, changes["fixed"], changes["broken"],
                                              to_refusal),
        warnings=tuple(warnings),
    )


def compare_folders(base_dir: str | os.PathLike[str], new_dir: str | os.PathLike[str], *,
                    min_overlap: float = DEFAULT_MIN_OVERLAP) -> Comparison:
    """Read two results folders and compare them (``compare_runs``); both are read before anything is compared,
    so an unreadable folder is reported before any output is written."""
    return compare_runs(read_results(base_dir), read_results(new_dir), min_overlap=min_overlap)
