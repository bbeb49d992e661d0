"""Claims from an LLM: the decomposer (Move 2), and the threaded extractor it shares with the one-call
extract-and-label checker.

The answer is shown to the model as numbered sentences (faithkit's own splitter), and every claim names the
sentence it came from, so each claim gets that sentence's exact span in the answer (``Claim.start/end``,
``source="llm"``). A reply that stays invalid after the bounded repairs becomes a ``ClaimError`` with the raw
reply: the answer is recorded as an error, never as an answer with no claims. An answer whose sentences are
all particles ("Yes.") needs no call and has no claims.

The decomposer is a model too, and its mistakes (missed, merged, invented claims) are invisible downstream:
measure them with ``faithkit decompose-audit``.

The Meridian one-call mode (extract claims and label them in one request) is a checker that also yields claims:
it lives in ``checkers/llm/extract_label.py`` and imports this module, never the other way, so the claims stage
does not reach into the checkers that come after it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from faithkit.claims.base import ClaimError, ClaimsOrError
from faithkit.claims.sentences import is_particle
from faithkit.llm import prompts
from faithkit.llm.schemas import DecomposeReply, check_sentences
from faithkit.llm.structured import StructuredCaller
from faithkit.records import Claim, Interaction
from faithkit.text.sentences import Sentence, split_sentences
from faithkit.text.split_cache import splitter_identity


def needs_call(sentences: list[Sentence]) -> bool:
    """Whether an answer has a sentence worth a model call (an answer of particles, "Yes.", has no claims)."""
    return any(not is_particle(s.text) for s in sentences)


class ThreadedExtractor:
    """Shared by the LLM extractors: one request per interaction, ``concurrency`` at a time, and thread-safe
    counters (``_own``) that the pipeline sums into the run summary."""

    concurrency: int
    _lock: threading.Lock
    _own: dict[str, int]

    def _count(self, **amounts: int) -> None:
        with self._lock:
            for k, v in amounts.items():
                self._own[k] += v

    def extract(self, interactions: Sequence[Interaction]) -> list[ClaimsOrError]:
        with ThreadPoolExecutor(max_workers=self.concurrency) as pool:
            return list(pool.map(self.extract_one, interactions))

    def extract_one(self, interaction: Interaction) -> ClaimsOrError:
        raise NotImplementedError


class LLMClaims(ThreadedExtractor):
    """Claim extractor that asks an LLM for atomic claims (``--claims llm``).

    counters: decompose_calls (model calls, re-asks included), decompose_requests, decompose_errors,
    decompose_claims, cache_hits (this component's own).
    """

    name = "llm"

    def __init__(self, caller: StructuredCaller, concurrency: int = 4):
        self.caller = caller
        self.concurrency = max(1, concurrency)
        self.prompt_version = prompts.DECOMPOSE_VERSION
        self._lock = threading.Lock()
        self._own = {"decompose_requests": 0, "decompose_errors": 0, "decompose_claims": 0}

    @property
    def counters(self) -> dict[str, int]:
        shared = self.caller.counters
        with self._lock:
            own = dict(self._own)
        return {**own, "decompose_calls": shared["llm_calls"], "cache_hits": shared["cache_hits"],
                "decompose_prompt_tokens": shared["prompt_tokens"],
                "decompose_completion_tokens": shared["completion_tokens"]}

    def spec(self) -> dict[str, Any]:
        return {"claims": self.name, **self.caller.identity(), "prompt_version": self.prompt_version,
                "linked_to": f"answer sentence (pysbd+blocks, {splitter_identity()})"}

    def extract_one(self, interaction: Interaction) -> ClaimsOrError:
        sentences = split_sentences(interaction.answer)
        if not needs_call(sentences):
            return []
        self._count(decompose_requests=1)
        messages = [
            {"role": "system", "content": prompts.SYSTEM_DECOMPOSE},
            {"role": "user",
             "content": prompts.decompose_prompt(interaction.question, [s.text for s in sentences])},
        ]
        outcome = self.caller.call(messages, DecomposeReply, self.prompt_version,
                                   check_sentences([s.text for s in sentences], require_claims=True))
        if outcome.value is None:
            self._count(decompose_errors=1)
            return ClaimError(f"decomposer: {outcome.error}", outcome.raw)
        claims = []
        for item in outcome.value.claims:
            sentence = sentences[item.sentence - 1]
            claims.append(Claim(" ".join(item.claim.split()), sentence.start, sentence.end, "llm"))
        self._count(decompose_claims=len(claims))
        return claims
