"""The checker contract: one small, batch-shaped extension point.

A checker receives many claims at once (each with the interaction's passages) and returns one ``Verdict`` per
claim, in order, like ``CrossEncoder.predict(pairs)``. Batching across claims and answers is the checker's
business (NLI sorts pairs by length; a judge groups claims by answer). A checker never raises for one bad
claim: it returns a verdict with label ``error`` and a reason. It raises only when it cannot work at all.

Capabilities are attributes, not isinstance checks:
    name        short stage name written to results (``nli``, ``similarity``, ``judge``, ...)
    threshold   the decision threshold on ``Verdict.score``, or None when the checker decides by label
    spec()      name + non-default arguments + versions, enough to rebuild it and to key a cache
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from faithkit.records import ClaimCheck, Verdict


@runtime_checkable
class Checker(Protocol):
    """Anything that turns claims (with their passages) into verdicts."""

    name: str
    threshold: float | None

    def spec(self) -> dict[str, Any]:
        """A JSON-able description: ``{"checker": name, ...non-default args, "version": ...}``."""
        ...

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        """One verdict per request, in order. Per-claim failures are ``error`` verdicts, never exceptions."""
        ...
