"""Claim extraction: answer -> claims. ``ClaimExtractor`` is the extension point; sentences is the default."""

from faithkit.claims.base import ClaimExtractor, ClaimsOrError
from faithkit.claims.sentences import SentenceClaims

__all__ = ["ClaimExtractor", "ClaimsOrError", "SentenceClaims"]
