"""A run's answers or claims as a pandas DataFrame (``RunResults.to_pandas``; pandas is in the formats extra)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from faithkit.errors import MissingDependencyError
from faithkit.records import AnswerResult


def results_frame(answers: Sequence[AnswerResult], claims: bool = False) -> Any:
    """One row per answer, or per claim with ``claims=True``."""
    try:
        import pandas as pd
    except ImportError as exc:
        raise MissingDependencyError("to_pandas() needs pandas: pip install pandas") from exc
    if claims:
        return pd.DataFrame(
            [
                {
                    "id": a.id,
                    "claim": c.text,
                    "verdict": c.verdict,
                    "stage": c.stage,
                    "score": c.score,
                    "evidence": c.evidence.text if c.evidence else None,
                    "passage_id": c.evidence.passage_id if c.evidence else None,
                }
                for a in answers
                for c in a.claims
            ]
        )
    return pd.DataFrame(
        [
            {
                "id": a.id,
                "line": a.line,
                "status": a.status,
                "faithfulness": a.faithfulness,
                "unsupported": a.unsupported,
                "claims": len(a.claims),
                "failing_claims": [c.text for c in a.failing_claims],
                "refusal": a.refusal,
                "error": a.error,
                "warnings": list(a.warnings),
            }
            for a in answers
        ]
    )
