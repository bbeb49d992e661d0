"""NLI cross-encoder checker: a claim is supported when some premise window entails it.

Each claim is scored against every window of 1-3 adjacent sentences of every passage (never across passages;
``window_sentences``) and the best window decides. Pairs of a whole batch of claims are deduplicated and scored by
the reusable pair parts (``checkers.pairs``: length-sorted batches, truncation flagged, content cache); the window
veto (``checkers.rules.window_veto``) keeps a multi-sentence window from supporting a claim its own sentence
contradicts. "Contradicted" is only a diagnostic, read from the windows of the passage that best supports the
claim: NLI heads call off-topic pairs contradictions. Any pair classifier fits, through label roles: a binary
detector head with ``entailment_label`` (``checkers.labels``).

This module owns the model and the pairs (windows, pruning, the cache, the second opinion); the decision on one
claim once its windows are scored (the rules, the evidence shown, the reason in words) is ``checkers.nli_verdict``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from faithkit.checkers.base import CheckerBase
from faithkit.checkers.nli_input import NLI_INPUT_VERSION, canonical_pairs
from faithkit.checkers.nli_options import DEFAULT_WINDOW_VETO, SECOND_OPINION_AUTO, NLIOptions
from faithkit.checkers.nli_verdict import (
    SECOND_OPINION_CANDIDATES,
    candidates_of,
    second_opinion_verdict,
    window_verdict,
)
from faithkit.checkers.pairs import (
    SMOKE_CONTRADICTED,
    SMOKE_ENTAILED,
    SMOKE_PREMISE,
    CachedPairScoring,
    PairScorer,
    PairScores,
    weights_hash,
)
from faithkit.checkers.parts import WIDER_READ_BAR
from faithkit.checkers.rules.alignment import parse_rules
from faithkit.checkers.rules.follow_on import follow_on_windows
from faithkit.checkers.rules.window_veto import content_words
from faithkit.checkers.spread_evidence import spread_windows
from faithkit.checkers.window_prune import related_windows
from faithkit.errors import ModelLoadError, UsageError
from faithkit.guards import check_threshold
from faithkit.options import parse_options
from faithkit.records import SUPPORTED, ClaimCheck, Passage, Verdict, Window
from faithkit.text.windows import all_windows

__all__ = ["BUNDLED_MODEL_NAME", "BUNDLED_SECOND_OPINION_NAME", "DEFAULT_WINDOW_VETO", "NLIChecker", "PairScorer",
           "PairScores", "SMOKE_CONTRADICTED", "SMOKE_ENTAILED", "SMOKE_PREMISE", "bundled_model_path",
           "bundled_second_opinion_path", "content_words", "passages_of", "weights_hash"]

BUNDLED_MODEL_NAME = "faithkit-nli-minilm"
BUNDLED_SECOND_OPINION_NAME = "faithkit-nli-minilm-second-opinion"
# the second opinion reads only the windows that share at least half the claim's content words the best window
# shares (``checkers.window_prune``): a window about something else does not entail at 0.9, and on WiCE-like
# claims the second model would otherwise read nearly as many pairs as the first (MODEL_CARD.md, session 10)
SECOND_OPINION_PRUNE = 0.5
SCORER_OPTIONS = ("revision", "batch_size", "max_length", "device", "smoke_check", "entailment_label")
"""The options the pair scorer is loaded with (``checkers.backends.shared_scorer``); the rest decide verdicts."""


def bundled_model_path() -> Path:
    """The folder of the NLI model shipped inside the package (trained by training/, see its MODEL_CARD.md)."""
    return Path(__file__).resolve().parent.parent / "models" / BUNDLED_MODEL_NAME


def bundled_second_opinion_path() -> Path:
    """The folder of the lenient model shipped as the bundled model's second opinion
    (``checkers.nli_verdict.is_candidate``; training run 11, see the bundled model's MODEL_CARD.md)."""
    return Path(__file__).resolve().parent.parent / "models" / BUNDLED_SECOND_OPINION_NAME


def second_opinion_source(second_opinion: str | Path | None, given_model: str | Path | None) -> str | Path | None:
    """What ``second_opinion`` names: ``auto`` is the bundled second opinion for the bundled model only (a model
    the user chose is not second-guessed by ours)."""
    if second_opinion == SECOND_OPINION_AUTO:
        return bundled_second_opinion_path() if given_model is None else None
    return second_opinion


class NLIChecker(CheckerBase):
    """Claim-level checker over premise windows with an NLI cross-encoder (see module docstring)."""

    name = "nli"

    def __init__(self, options: NLIOptions | str | Path | None = None, *, cache: Any = None, **overrides: Any):
        """``options`` (``NLIOptions``, the one place each option and its default is declared), with
        ``overrides``: option values validated by the same model, so ``NLIChecker(threshold=0.6)`` works and a
        bad or unknown option is a UsageError that names it. A model folder or hub id in place of ``options`` is
        short for ``model=`` (``NLIChecker(folder)``). ``cache``: a ContentCache for scores, or None."""
        if options is not None and not isinstance(options, NLIOptions):
            if "model" in overrides:
                raise UsageError("NLIChecker: the model is given twice (positionally and as model=)")
            options, overrides = None, {"model": options, **overrides}
        check_threshold(overrides.get("threshold"))
        given_model = overrides.get("model")  # model_source keeps it as given (a Path stays a Path)
        if options is None or overrides:
            base = {} if options is None else options.model_dump()
            options = parse_options(NLIOptions, {**base, **overrides}, what="checker 'nli'")
        self.options: NLIOptions = options  # type: ignore[assignment]
        given_model = options.model if given_model is None else given_model
        model: str | Path | None = given_model
        if model is None:
            model = bundled_model_path()
            if not model.is_dir():
                raise ModelLoadError(f"the bundled NLI model is missing at {model}; reinstall faithkit")
        self.window_sentences = options.window_sentences
        self.model_source = model
        self.threshold = options.threshold
        self.contradiction_threshold = options.contradiction_threshold
        self._options = {k: getattr(options, k) for k in SCORER_OPTIONS}
        self.cache = cache
        self.window_veto = options.window_veto
        self.alignment = options.alignment
        self.counters: dict[str, int] = {"nli_pairs": 0, "nli_pairs_unique": 0, "nli_pairs_scored": 0,
                                         "nli_cache_hits": 0, "truncated_pairs": 0, "nli_pairs_pruned": 0}
        self.prune_windows = self.options.prune_windows
        self.prune_recheck = self.options.prune_recheck
        self.prune_first = self.options.prune_first
        self.follow_on = self.options.follow_on
        self.spread_evidence = self.options.spread_evidence
        self.canonical_input = self.options.canonical_input
        self.alignment_rules = parse_rules(self.options.alignment_rules)
        self.backend = self.options.backend
        second_model = second_opinion_source(self.options.second_opinion, given_model)
        self.second = None if second_model is None else NLIChecker(
            model=second_model, threshold=options.second_threshold, cache=cache, second_opinion=None,
            # it supports at 0.9 from related windows only, as measured since session 10, and with pruning on from
            # the closest ones only (``prune_first``'s share): on every dev, holdout and help-center set and WiCE
            # dev not one claim's verdict or score moved, and it read a third fewer pairs (session 19, issue 34)
            prune_windows=SECOND_OPINION_PRUNE if self.prune_windows is None else self._first_share,
            prune_recheck=False,
            **{k: v for k, v in self.options.model_dump().items()
               if k not in ("model", "revision", "threshold", "second_opinion", "second_threshold", "prune_windows",
                            "prune_recheck")})
        if self.second is not None:
            self.counters.update(second_opinion_candidates=0, second_opinion_supported=0,
                                 second_opinion_pairs_scored=0)
        if self.spread_evidence:
            self.counters.update(spread_windows=0, spread_supported=0)
        self.scoring = CachedPairScoring(lambda: self.scorer, cache, self.counters, kind=self._cache_kind(),
                                         describe=lambda: self.described)

    def _cache_kind(self) -> str:
        """The scores' producer in cache keys: torch, a cached export, or a folder's own graph (by its hash, so
        that a re-exported graph never reads scores of the previous one)."""
        if self.backend == "torch":
            return "nli-v1"
        if self.backend == "onnx" and self._options["revision"] is None:
            from faithkit.checkers.onnx_graph import graph_file, graph_hash

            shipped = graph_file(self.model_source) if Path(self.model_source).expanduser().is_dir() else None
            if shipped is not None:
                return f"nli-v1+onnx-graph:{graph_hash(shipped)}"
        return f"nli-v1+{self.backend}"

    @classmethod
    def from_options(cls, options: NLIOptions, context: Any = None) -> NLIChecker:
        """The registry's factory for ``nli`` (``context``: a ``registry.BuildContext``, whose content cache holds
        the scores; None: no cache)."""
        return cls(options, cache=getattr(context, "cache", None))

    def children(self) -> tuple[Any, ...]:
        """The second opinion, so that loading, warnings, the Ray engine and the summary's counters reach it (its
        ``nli_*`` counters add to the first model's: they count the work of both)."""
        return () if self.second is None else (self.second,)

    @cached_property
    def scorer(self) -> PairScorer:
        from faithkit.checkers.backends import shared_scorer

        scorer = shared_scorer(self.backend, self.model_source, self._options)
        if "described" in self.__dict__ and self.described is not scorer:
            self.described.check_same_as(scorer)  # the cache keys used so far were right
        return scorer

    @cached_property
    def described(self) -> Any:
        """The model's identity for cache keys and the manifest: read from the files of a local folder (no
        weights loaded), else from the loaded scorer."""
        from faithkit.checkers.model_identity import ModelFiles

        if Path(self.model_source).expanduser().is_dir() and self._options["revision"] is None:
            return ModelFiles(self.model_source, self._options["max_length"], self._options["entailment_label"])
        return self.scorer

    def load(self) -> NLIChecker:
        """Load the model now so load errors surface before a run starts, unless a content cache in ``use``
        mode may hold every pair: then only the model's files are read and the weights load on the first
        cache miss (an unchanged rerun never loads them, nor imports torch)."""
        lazy = self.cache is not None and getattr(self.cache, "mode", None) == "use"
        _ = self.described if lazy else self.scorer
        return super().load()  # the second opinion, the same way

    def spec(self) -> dict[str, Any]:
        scorer = self.described
        return {
            "checker": self.name,
            "model": str(self.model_source),
            "bundled": Path(self.model_source) == bundled_model_path(),
            "revision": self._options["revision"],
            "weights": scorer.identity,
            "labels": list(scorer.labels.names),
            "threshold": self.threshold,
            "max_length": scorer.max_length,
            "windows": f"1-{self.window_sentences} sentences within one passage",
            "window_sentences": self.window_sentences,
            "window_veto": self.window_veto,
            "alignment": self.alignment,
            **({"alignment_rules": "+".join(self.alignment_rules)} if self.alignment else {}),
            "cache": self.cache.spec() if self.cache is not None else None,
            **({"entailment_label": self.options.entailment_label} if self.options.entailment_label else {}),
            **({"backend": self.backend} if self.backend != "torch" else {}),
            **({"canonical_input": NLI_INPUT_VERSION} if self.canonical_input else {"canonical_input": False}),
            **({"prune_windows": self.prune_windows, "prune_recheck": self.prune_recheck}
               if self.prune_windows is not None else {}),
            "follow_on": self.follow_on,
            "spread_evidence": self.spread_evidence,
            **({"second_opinion": {"model": str(self.second.model_source), "weights": self.second.described.identity,
                                   "threshold": self.second.threshold, "prune_windows": self.second.prune_windows,
                                   "candidates": SECOND_OPINION_CANDIDATES}}
               if self.second is not None else {}),
            **self.rebuild_entry(),
        }

    def score_pairs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        """Probabilities (n, 3) with columns entailment, neutral, contradiction."""
        return self.scorer.score(pairs).probs

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        windows_of = {}
        per_request: list[list[Window]] = []  # the passages' windows, and the claim's spread window (if any)
        read: list[np.ndarray] = []  # per request, the windows the model reads (``prune_windows``)
        unique: dict[tuple[str, str], int] = {}
        for req in requests:
            if req.passages not in windows_of:
                windows_of[req.passages] = self.premise_windows(req.passages)
            windows = self.claim_windows(req.claim, req.passages, windows_of[req.passages])
            per_request.append(windows)
            read.append(np.ones(len(windows), bool) if self.prune_windows is None
                        else related_windows(req.claim, windows, self._first_share))
            for window, kept in zip(windows, read[-1]):
                if kept:
                    unique.setdefault((window.premise, req.claim), len(unique))
        scores = self._score_cached(list(unique))
        verdicts = [window_verdict(self, req, windows, unique, scores, mask, len(windows_of[req.passages]))
                    for req, windows, mask in zip(requests, per_request, read)]
        if self.prune_windows is not None and self._first_share != self.prune_windows:
            scores = self._read_more(requests, per_request, read, verdicts, unique, scores, windows_of,
                                     lambda i: related_windows(requests[i].claim, per_request[i], self.prune_windows),
                                     "nli_pairs_read_second", bar=WIDER_READ_BAR)
        if self.prune_windows is not None and self.prune_recheck:
            scores = self._recheck_pruned(requests, per_request, read, verdicts, unique, scores, windows_of)
        self.counters["nli_pairs"] += sum(len(w) for w in per_request)
        self.counters["nli_pairs_pruned"] += sum(int((~mask).sum()) for mask in read)
        self.counters["nli_pairs_unique"] += len(unique)
        self.counters["truncated_pairs"] += int(scores.truncated.sum())
        if self.spread_evidence:  # how much of a run's support spread windows carry (checkers.spread_evidence)
            self.counters["spread_windows"] += sum(len(w) - len(windows_of[r.passages])
                                                   for r, w in zip(requests, per_request))
            self.counters["spread_supported"] += sum(v.label == SUPPORTED and bool(v.detail.get("spread_window"))
                                                     for v in verdicts)
        return verdicts if self.second is None else self._with_second_opinion(self.second, requests, verdicts)

    def _recheck_pruned(self, requests: Sequence[ClaimCheck], per_request: list[list[Window]],
                        read: list[np.ndarray], verdicts: list[Verdict], unique: dict[tuple[str, str], int],
                        scores: PairScores, windows_of: dict[Any, list[Window]]) -> PairScores:
        """``prune_recheck``: a claim the windows read leave not supported is decided again on every window, so
        pruning never changes which claims the model supports; it only saves the windows of supported claims.
        Updates ``read``, ``verdicts`` and ``unique`` in place; returns the scores of every pair now in ``unique``.

        Why: reading only the related windows also changes *which passage* the best window comes from, and the
        contradiction diagnostic and the second opinion look at that passage. On the help-center suite that
        turned a faithful claim (food-16) into a failure and a dropped condition (rail-15) into a catch by
        luck; with this re-read both verdicts are the full reading's (MODEL_CARD.md, session 14). A ``settled``
        claim (a number rule flags it whatever the model says) is not re-read: its label cannot change, and
        ``sweep`` and ``rescore`` flag it at every threshold (``redecide``); its score is the related windows'."""
        left = [i for i, (verdict, mask) in enumerate(zip(verdicts, read))
                if verdict.label != SUPPORTED and not mask.all()]
        settled = sum(requests[i].settled for i in left)
        if settled:  # in the summary: claims whose score is the related windows' only
            self.counters["nli_recheck_settled"] = self.counters.get("nli_recheck_settled", 0) + settled
        return self._read_more(requests, per_request, read, verdicts, unique, scores, windows_of,
                               lambda i: self._recheck_mask(per_request[i], verdicts[i]), "nli_pairs_rechecked")

    @staticmethod
    def _recheck_mask(windows: list[Window], verdict: Verdict) -> np.ndarray:
        """The windows a claim left not supported reads again: every window, except for a claim a rule refuted
        (``detail.disagreeing_sentence``: a sentence disagrees with it, which removes every window whatever the
        model reads), which reads the windows of that sentence's passage only. Its label cannot change, and
        ``label3`` and the probabilities shown come from that passage's windows (``nli_verdict``), so its verdict
        is the one every window gives, for a third of the re-read pairs of a 60-answer log (issue 34)."""
        if not verdict.detail.get("disagreeing_sentence") or verdict.evidence is None:
            return np.ones(len(windows), bool)
        return np.fromiter((w.passage_id == verdict.evidence.passage_id for w in windows), bool, len(windows))

    @property
    def _first_share(self) -> float | None:
        """The share of the first reading: ``prune_first`` where it reads fewer windows than ``prune_windows``."""
        first, related = self.prune_first, self.prune_windows
        return first if first is not None and related is not None and first > related else related

    def _read_more(self, requests: Sequence[ClaimCheck], per_request: list[list[Window]], read: list[np.ndarray],
                   verdicts: list[Verdict], unique: dict[tuple[str, str], int], scores: PairScores,
                   windows_of: dict[Any, list[Window]], wider: Callable[[int], np.ndarray], counter: str,
                   bar: float | None = None) -> PairScores:
        """Decide again, on the windows ``wider(i)`` adds to what it read, each claim left not supported, or
        supported below ``bar`` (and not ``settled``: its label cannot change). Updates ``read``, ``verdicts`` and
        ``unique`` in place; returns the scores of every pair now in ``unique``; ``counter`` counts the windows
        added. Why ``bar``: a score read on fewer windows is a lower bound, and a split claim's parts count only
        from ``PART_BAR`` (``checkers.parts``): a part supported at 0.5 on the closest windows and at 0.95 on every
        related one would otherwise sink its claim. The re-read keeps the 0.9 it was measured with
        (``WIDER_READ_BAR``)."""
        again = []
        for i, (verdict, mask) in enumerate(zip(verdicts, read)):
            done = verdict.label == SUPPORTED and (bar is None or (verdict.score or 0.0) >= bar)
            if done or requests[i].settled:
                continue
            more = wider(i) | mask
            if more.sum() > mask.sum():
                again.append((i, more))
        if not again:
            return scores
        before = len(unique)
        for i, more in again:
            for window, kept in zip(per_request[i], more):
                if kept:
                    unique.setdefault((window.premise, requests[i].claim), len(unique))
        if len(unique) > before:  # pairs another claim read are scored already: only the new ones run
            extra = self._score_cached(list(unique)[before:])
            scores = PairScores(np.concatenate([scores.probs, extra.probs]),
                                np.concatenate([scores.truncated, extra.truncated]))
        self.counters[counter] = self.counters.get(counter, 0) + sum(int(more.sum() - read[i].sum())
                                                                     for i, more in again)
        for i, more in again:
            read[i] = more
            verdicts[i] = window_verdict(self, requests[i], per_request[i], unique, scores, read[i],
                                         len(windows_of[requests[i].passages]))
        return scores

    def _with_second_opinion(self, second: NLIChecker, requests: Sequence[ClaimCheck],
                             verdicts: list[Verdict]) -> list[Verdict]:
        """Ask the second model about the claims the first did not support (``checkers.nli_verdict.is_candidate``)."""
        claims = [r.claim for r in requests]
        asked = [i for i in candidates_of(verdicts, claims) if not requests[i].settled]  # settled: cannot change
        if not asked:
            return verdicts
        scored_before = second.counters["nli_pairs_scored"]
        answers = second.check([requests[i] for i in asked])
        out = list(verdicts)
        for i, answer in zip(asked, answers):
            out[i] = second_opinion_verdict(verdicts[i], answer)
        self.counters["second_opinion_candidates"] += len(asked)
        self.counters["second_opinion_supported"] += sum(out[i] is not verdicts[i] for i in asked)
        self.counters["second_opinion_pairs_scored"] += second.counters["nli_pairs_scored"] - scored_before
        return out

    def premise_windows(self, passages: tuple[Passage, ...]) -> list[Window]:
        """The sentence windows of the passages, and with ``follow_on`` each follow-on clause read on its own
        (``checkers.rules.follow_on``: "...; after that they are not refundable")."""
        windows = all_windows(passages, self.window_sentences)
        return windows + follow_on_windows(passages) if self.follow_on else windows

    def claim_windows(self, claim: str, passages: tuple[Passage, ...],
                      windows: list[Window] | None = None) -> list[Window]:
        """Every window a claim is checked against: the passages' windows (``windows``, when already built) and,
        with ``spread_evidence``, the claim's spread windows (``checkers.spread_evidence``)."""
        windows = self.premise_windows(passages) if windows is None else windows
        if not self.spread_evidence:
            return windows
        return windows + spread_windows(claim, passages, self.window_sentences)

    def _score_cached(self, pairs: list[tuple[str, str]]) -> PairScores:
        """Score pairs, reading and filling the content cache (keyed on weights hash + settings + pair).

        With ``canonical_input`` the model reads both texts in canonical wording (``checkers.nli_input``);
        pairs that become the same text are scored once, and the cache holds what the model read."""
        if not self.canonical_input or not pairs:
            return self.scoring.score(pairs)
        rewritten = canonical_pairs(pairs)
        distinct = list(dict.fromkeys(rewritten))
        scores = self.scoring.score(distinct)
        row = {pair: i for i, pair in enumerate(distinct)}
        take = np.array([row[pair] for pair in rewritten], dtype=int)
        return PairScores(scores.probs[take], scores.truncated[take])


def passages_of(texts: Sequence[str]) -> tuple[Passage, ...]:
    """Convenience: plain strings -> passages with ids p0, p1, ..."""
    return tuple(Passage(f"p{i}", t) for i, t in enumerate(texts))
