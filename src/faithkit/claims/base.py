"""The claim-extraction contract.

An extractor takes many interactions at once (so an LLM decomposer can batch and cache) and returns, per
interaction, either its claims or a ``ClaimError`` saying why none could be produced. An error is data: the
pipeline records the answer as ``error`` with that reason, never as an answer with zero claims.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from faithkit.records import Claim, Interaction


@dataclass(frozen=True)
class ClaimError:
    """Claims could not be extracted for one interaction (reason + the raw model reply, if any)."""

    reason: str
    raw: str | None = None


ClaimsOrError = list[Claim] | ClaimError


class ClaimExtractor(Protocol):
    name: str

    def spec(self) -> dict[str, Any]: ...

    def extract(self, interactions: Sequence[Interaction]) -> list[ClaimsOrError]: ...
