"""A scripted checker: a real, deterministic backend for tests and demos (no model, no mocks).

Verdicts are looked up by claim text; a string value is shorthand for a label ("supported", "not_supported",
"contradicted" -> not_supported with label3 contradicted, "error"). Unknown claims get ``default``. Every call
is recorded in ``calls`` so tests can assert what was asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from faithkit.checkers.base import CheckerBase
from faithkit.records import ClaimCheck, Evidence, Verdict


def _from_label(label: str, stage: str, request: ClaimCheck) -> Verdict:
    passage = request.passages[0] if request.passages else None
    evidence = Evidence(passage.id, passage.text, 0, len(passage.text)) if passage else None
    if label == "supported":
        return Verdict("supported", stage, score=1.0, evidence=evidence, label3="supported")
    if label == "contradicted":
        return Verdict("not_supported", stage, score=0.0, evidence=evidence, label3="contradicted")
    if label in ("not_supported", "not_found"):
        return Verdict("not_supported", stage, score=0.0, evidence=evidence, label3="not_found")
    if label == "error":
        return Verdict("error", stage, error="scripted error")
    raise ValueError(f"unknown scripted label {label!r}")


class ScriptedChecker(CheckerBase):
    """Returns scripted verdicts keyed by claim text (see module docstring)."""

    name = "scripted"

    def __init__(self, verdicts: dict[str, Verdict | str] | None = None, default: str = "not_supported",
                 threshold: float | None = 0.5, stage: str = "scripted"):
        self.verdicts = dict(verdicts or {})
        self.default = default
        self.threshold = threshold
        self.stage = stage
        self.calls: list[list[ClaimCheck]] = []
        self.counters: dict[str, int] = {"scripted_claims": 0}

    def spec(self) -> dict[str, Any]:
        return {"checker": self.name, "threshold": self.threshold, "scripted": len(self.verdicts),
                **({"stage": self.stage} if self.stage != "scripted" else {})}

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        self.calls.append(list(requests))
        self.counters["scripted_claims"] += len(requests)
        out = []
        for request in requests:
            scripted = self.verdicts.get(request.claim, self.default)
            out.append(scripted if isinstance(scripted, Verdict) else _from_label(scripted, self.stage, request))
        return out
