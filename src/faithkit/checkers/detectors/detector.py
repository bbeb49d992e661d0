"""The public-detector checker: any ``checkers.detectors.scorers`` scorer over premises shaped for it; the best
premise wins.

One checker class serves the ``classifier``, ``seq2seq`` and ``hhem`` kinds; what differs is the scorer (how a
(premise, claim) pair becomes P(supported)) and the premise shape (``checkers.premises``: chunks by default, as
MiniCheck scores documents). Pairs of a whole batch of claims are deduplicated and scored through
``pairs.CachedPairScoring``, the same cache and counters as the NLI checker, keyed on the scorer's identity
(weights, revision, template, label ids) and the premise shape. There is no window veto: a binary detector has
no contradiction output to veto with, and a chunk is already the detector's whole context.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any

import numpy as np

from faithkit.checkers.base import CheckerBase
from faithkit.checkers.detectors.detector_options import ClassifierOptions, DetectorOptions, HHEMOptions, Seq2SeqOptions
from faithkit.checkers.model_load import ModelLoad
from faithkit.checkers.pairs import CachedPairScoring, PairScores
from faithkit.checkers.premises import PremiseShape
from faithkit.errors import UsageError
from faithkit.records import ClaimCheck, Evidence, Passage, Verdict, Window

if TYPE_CHECKING:  # scorers imports the pair scorer (numpy, and torch on use): only for the type here
    from faithkit.checkers.detectors.scorers import Scorer

DEFAULT_CHUNKS = {"classifier": (400, "tokens"), "seq2seq": (500, "words"), "hhem": (500, "words")}
"""MiniCheck's published chunk sizes (RoBERTa / DeBERTa: 400 tokens; Flan-T5: 500 words); HHEM as Flan-T5."""


class DetectorChecker(CheckerBase):
    """A claim is supported when its best premise scores P(supported) >= threshold (module docstring)."""

    def __init__(self, kind: str, options: DetectorOptions, make_scorer: Callable[[], Scorer], cache: Any = None):
        if options.model is None:
            raise UsageError(f"the {kind} checker needs a model: {kind}:model=FOLDER_OR_HUB_ID")
        self.name = kind
        self.options = options
        self.threshold = options.threshold
        size, unit = DEFAULT_CHUNKS[kind]
        self.shape = PremiseShape(
            options.premises, options.window_sentences, options.chunk_size or size, options.chunk_unit or unit
        )
        self.window_sentences = options.window_sentences  # bench counts sentence windows when premises=windows
        self._make_scorer = make_scorer
        self.cache = cache
        self.counters: dict[str, int] = {
            "nli_pairs": 0,
            "nli_pairs_unique": 0,
            "nli_pairs_scored": 0,
            "nli_cache_hits": 0,
            "truncated_pairs": 0,
        }
        self.scoring = CachedPairScoring(self._identified_scorer, cache, self.counters, kind=f"{kind}-v1")

    @cached_property
    def scorer(self) -> Scorer:
        return self._make_scorer()

    def _identified_scorer(self) -> Any:
        return _ShapedIdentity(self.scorer, self.shape)

    def load(self) -> DetectorChecker:
        _ = self.scorer
        return self

    def premises_for(self, passages: Sequence[Passage]) -> list[Window]:
        """The premises a claim is scored against (bench counts them for pairs/s)."""
        return self.shape.premises(passages, self.scorer.count_tokens)

    def spec(self) -> dict[str, Any]:
        scorer = self.scorer
        return {
            "checker": self.name,
            "model": self.options.model,
            "revision": self.options.revision,
            "weights": scorer.identity,
            "threshold": self.threshold,
            "max_length": scorer.max_length,
            **self.shape.describe(),
            **scorer.describe(),
            "cache": self.cache.spec() if self.cache is not None else None,
            **self.rebuild_entry(),
        }

    def score_pairs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        """Probabilities (n, 3): supported, not supported, contradiction (0 for binary detectors)."""
        return self.scorer.score(pairs).probs

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        premises_of: dict[tuple[Passage, ...], list[Window]] = {}
        unique: dict[tuple[str, str], int] = {}
        for req in requests:
            if req.passages not in premises_of:
                premises_of[req.passages] = self.premises_for(req.passages)
            for premise in premises_of[req.passages]:
                unique.setdefault((premise.text, req.claim), len(unique))
        scores = self.scoring.score(list(unique))
        self.counters["nli_pairs"] += sum(len(premises_of[r.passages]) for r in requests)
        self.counters["nli_pairs_unique"] += len(unique)
        self.counters["truncated_pairs"] += int(scores.truncated.sum())
        return [self._verdict(req, premises_of[req.passages], unique, scores) for req in requests]

    def _verdict(
        self, req: ClaimCheck, premises: list[Window], index: dict[tuple[str, str], int], scores: PairScores
    ) -> Verdict:
        if not premises:
            return Verdict(
                "not_supported", self.name, score=None, label3="not_found", error="no passage text to check against"
            )
        rows = np.array([index[(p.text, req.claim)] for p in premises])
        probs = scores.probs[rows]
        best = int(np.argmax(probs[:, 0]))
        premise = premises[best]
        support = float(probs[best, 0])
        supported = support >= self.threshold
        same = [i for i, p in enumerate(premises) if p.passage_id == premise.passage_id]
        contradicted = probs[same, 2].max() >= 0.5
        truncated = bool(scores.truncated[rows].any())
        return Verdict(
            label="supported" if supported else "not_supported",
            stage=self.name,
            score=support,
            evidence=Evidence(premise.passage_id, premise.text, premise.start, premise.end),
            probs={"entailment": support, "neutral": float(probs[best, 1]), "contradiction": float(probs[best, 2])},
            label3="supported" if supported else ("contradicted" if contradicted else "not_found"),
            truncated=truncated,
            error="a premise was truncated to the model's limit" if truncated else None,
            detail={"premises": len(premises)},
        )


class _ShapedIdentity:
    """The scorer seen by the cache: its own identity plus the premise shape (what else changes a key)."""

    def __init__(self, scorer: Any, shape: PremiseShape):
        self._scorer, self._shape = scorer, shape

    def cache_identity(self) -> dict[str, Any]:
        return {**self._scorer.cache_identity(), **self._shape.describe()}

    def score(self, pairs: list[tuple[str, str]]) -> PairScores:
        return self._scorer.score(pairs)


def model_load(options: DetectorOptions) -> ModelLoad:
    """How every detector's scorer loads its model, from its options (the factories pass scorers as ``partial``s:
    a checker that has not loaded its model yet pickles, for process-based engines)."""
    return ModelLoad(options.model, revision=options.revision, batch_size=options.batch_size,
                     max_length=options.max_length, device=options.device, smoke_check=options.smoke_check)


def build_classifier(options: ClassifierOptions, context: Any) -> DetectorChecker:
    from faithkit.checkers.detectors.scorers import ClassifierScorer

    return DetectorChecker(
        "classifier",
        options,
        partial(
            ClassifierScorer,
            model_load(options),
            positive_label=options.positive_label,
            input_format=options.input_format,
        ),
        getattr(context, "cache", None),
    )


def build_seq2seq(options: Seq2SeqOptions, context: Any) -> DetectorChecker:
    from faithkit.checkers.detectors.scorers import Seq2SeqScorer

    return DetectorChecker(
        "seq2seq",
        options,
        partial(
            Seq2SeqScorer,
            model_load(options),
            template=options.template,
            positive_token=options.positive_token,
            negative_token=options.negative_token,
        ),
        getattr(context, "cache", None),
    )


def build_hhem(options: HHEMOptions, context: Any) -> DetectorChecker:
    from faithkit.checkers.detectors.hhem import HHEMScorer, remote_code_gate
    from faithkit.checkers.detectors.scorers import model_source

    source, is_local = model_source(str(options.model))
    remote_code_gate(source, options.trust_remote_code, options.revision, is_local)  # refuse at build, not load
    return DetectorChecker(
        "hhem",
        options,
        partial(HHEMScorer, model_load(options), trust_remote_code=options.trust_remote_code),
        getattr(context, "cache", None),
    )
