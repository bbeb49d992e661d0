"""``faithkit check --engine ray``: the same pipeline, with the pairs scored by a pool of Ray actors.

The driver does what it always does (reads the log in chunks, splits claims, builds windows, dedups pairs,
reads the content cache, applies the rules, writes results.jsonl in input order with the usual resume
semantics); only the cache misses leave the process: they are cut into contiguous shards and mapped over an
``ActorPool`` of actors that each hold the model (``PairScorer``, either backend), and the shards come back in
order. Verdicts are those of the single-process run: the same model and the same per-pair computation (tested
on Larkspur and a 1,000-answer log by tests/engines/test_ray_engine.py). Nothing starts until the first miss,
so a fully cached rerun never starts Ray.

Clusters: without ``--ray-address`` a local Ray instance with one CPU per actor is started; with
``--ray-address auto`` (or ``ray://head:10001``) the run joins an existing cluster, whose workers need faithkit
installed (the bundled model ships in the package; a ``--model`` folder must exist at the same path on every
worker: each actor checks that its weights hash is the driver's).
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from faithkit.checkers.base import walk
from faithkit.checkers.pairs import PairScores
from faithkit.errors import MissingDependencyError, ModelLoadError

SHARDS_PER_ACTOR = 2  # a little slack so a slow actor does not hold the others back


def _ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise MissingDependencyError("--engine ray needs Ray: pip install 'faithkit[ray]'") from exc
    return ray


class _ScorerActor:
    """Holds one loaded scorer; made a Ray actor class in ``RayPairScorer._start``."""

    def __init__(self, backend: str, source: str, options: dict[str, Any], threads: int):
        from faithkit.threads import apply_thread_policy

        apply_thread_policy(threads)
        from faithkit.checkers.backends import build_scorer

        self.scorer = build_scorer(backend, source, options)

    def describe(self) -> dict[str, Any]:
        s = self.scorer
        return {
            "identity": s.identity,
            "max_length": s.max_length,
            "labels": s.labels,
            "entailment_label": s.entailment_label,
        }

    def score(self, pairs: list[tuple[str, str]]) -> tuple[np.ndarray, np.ndarray]:
        scores = self.scorer.score(pairs)
        return scores.probs, scores.truncated


class RayPairScorer:
    """A ``PairScorer`` look-alike whose ``score`` runs on a Ray actor pool (started on first use)."""

    def __init__(self, checker: Any, actors: int = 2, address: str | None = None, threads: int = 1,
                 pools: int = 1):
        if actors < 1:
            raise ValueError("the Ray engine needs at least one actor")
        self.checker, self.actors, self.address, self.threads = checker, actors, address, threads
        # the NLI checker and its second opinion each hold a pool, used one after the other: each actor asks for
        # 1/pools of a CPU, so that both pools fit where one did (with a whole CPU each, the second pool's actors
        # never start on a cluster sized for one, and the run waits forever)
        self.cpus_per_actor = 1.0 / pools
        self.pool: Any = None
        self._described: dict[str, Any] | None = None

    def _start(self) -> None:
        ray = _ray()
        from ray.util import ActorPool

        if not ray.is_initialized():
            local = self.address is None
            ray.init(
                address=self.address,
                num_cpus=self.actors if local else None,
                include_dashboard=False,
                log_to_driver=False,
                ignore_reinit_error=True,
                runtime_env={"env_vars": {"PYTHONPATH": os.environ.get("PYTHONPATH", "")}} if local else None,
            )
        actor_class = ray.remote(num_cpus=self.cpus_per_actor)(_ScorerActor)
        checker = self.checker
        handles = [
            actor_class.remote(checker.backend, str(checker.model_source), dict(checker._options), self.threads)
            for _ in range(self.actors)
        ]
        try:
            described = ray.get([h.describe.remote() for h in handles])
        except Exception as exc:  # RayActorError wraps the actor's own ModelLoadError
            raise ModelLoadError(f"a Ray actor could not load the model {checker.model_source}: {exc}") from exc
        mine = checker.__dict__.get("described")
        for found in described if mine is not None and mine is not self else ():
            if (found["identity"], found["max_length"]) != (mine.identity, mine.max_length):
                raise ModelLoadError(
                    f"a Ray actor's model {found['identity']} differs from the driver's "
                    f"{mine.identity}: the same weights must be at the same path on every worker"
                )
        self._described = described[0]
        self.pool = ActorPool(handles)

    def __getattr__(self, name: str) -> Any:
        if name in ("identity", "max_length", "labels", "entailment_label"):
            if self._described is None:
                self._start()
            return self._described[name]
        raise AttributeError(name)

    def score(self, pairs: list[tuple[str, str]]) -> PairScores:
        if not pairs:
            return PairScores(np.zeros((0, 3)), np.zeros(0, dtype=bool))
        if self.pool is None:
            self._start()
        count = min(len(pairs), self.actors * SHARDS_PER_ACTOR)
        bounds = np.linspace(0, len(pairs), count + 1).astype(int)
        shards = [pairs[a:b] for a, b in zip(bounds, bounds[1:])]
        parts = list(self.pool.map(lambda actor, shard: actor.score.remote(shard), shards))  # in shard order
        counters = self.checker.counters  # the manifest says which pairs ran on Ray
        counters["ray_pairs_scored"] = counters.get("ray_pairs_scored", 0) + len(pairs)
        return PairScores(np.concatenate([p for p, _ in parts]), np.concatenate([t for _, t in parts]))


def attach_ray(checker: Any, actors: int = 2, address: str | None = None, threads: int = 1) -> int:
    """Route every pair-scoring checker in ``checker``'s tree (the NLI checker, a cascade's NLI stage) through
    a Ray actor pool; returns how many were routed. Call before ``load``: the driver then loads no model."""
    scoring = [c for c in walk(checker)
               if hasattr(c, "scoring") and hasattr(c, "model_source") and hasattr(c, "backend")]
    for component in scoring:
        component.__dict__["scorer"] = RayPairScorer(component, actors, address, threads, pools=len(scoring))
    routed = len(scoring)
    if not routed:
        from faithkit.errors import UsageError

        raise UsageError("--engine ray runs pair-scoring checkers (nli, cascade's NLI stage); this checker has none")
    return routed
