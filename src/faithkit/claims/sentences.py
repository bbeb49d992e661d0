"""Default claims: the sentences of the answer.

Answer particles ("Yes.", "No.", "Sure!") are not claims: they score near zero against any window and would
turn a faithful answer into an unsupported one, so they are dropped. A leading particle attached with a comma
("Yes, cancel whenever you want.") stays part of its sentence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from faithkit.claims.base import ClaimsOrError
from faithkit.records import Claim, Interaction
from faithkit.text.sentences import split_sentences
from faithkit.text.split_cache import splitter_identity

_PARTICLE = re.compile(
    r"^(yes|no|yep|nope|sure|ok|okay|of course|certainly|absolutely|correct|right|great|thanks|thank you|"
    r"good question|unfortunately not|not quite|indeed)[.!?]*$",
    re.IGNORECASE,
)
_HAS_WORD = re.compile(r"\w")


def is_particle(sentence: str) -> bool:
    """True for sentences that carry no checkable content (answer particles, bare punctuation)."""
    text = sentence.strip()
    return not _HAS_WORD.search(text) or bool(_PARTICLE.match(text))


def sentence_claims(answer: str) -> list[Claim]:
    """Each non-particle sentence of ``answer`` is one claim, with its span in the answer."""
    return [Claim(s.text, s.start, s.end, "sentence") for s in split_sentences(answer) if not is_particle(s.text)]


class SentenceClaims:
    """Claim extractor that splits answers into sentences (rule-based, deterministic, no model)."""

    name = "sentences"

    def spec(self) -> dict[str, Any]:
        # the splitter's version is part of the run's identity: a run resumed by another splitter would mix claims
        return {"claims": self.name, "splitter": f"pysbd+blocks ({splitter_identity()})", "drops": "answer particles"}

    def extract(self, interactions: Sequence[Interaction]) -> list[ClaimsOrError]:
        return [sentence_claims(i.answer) for i in interactions]
