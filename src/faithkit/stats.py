"""Statistics used to report rates honestly: intervals, paired tests, agreement, sample sizes.

Every function names its estimator in its docstring; every resampling function takes an explicit seed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

import numpy as np


class Interval(NamedTuple):
    """A rate ``k / n`` with its confidence interval (``rate`` is None when n == 0)."""

    k: int
    n: int
    rate: float | None
    low: float
    high: float

    def as_dict(self) -> dict[str, float | int | None]:
        return {"k": self.k, "n": self.n, "rate": self.rate, "low": self.low, "high": self.high}


def _z(confidence: float) -> float:
    """The two-sided normal quantile (1.96 at 0.95), from the standard library: importing scipy.stats for it
    cost 1.2 s of every report, a third of an unchanged cached rerun."""
    from statistics import NormalDist

    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    return NormalDist().inv_cdf(1 - (1 - confidence) / 2)


def wilson_interval(k: int, n: int, confidence: float = 0.95) -> Interval:
    """Wilson score interval for a binomial proportion k/n.

    Chosen over the normal (Wald) interval because it stays inside [0, 1] and is honest at k = 0 or k = n,
    which is exactly where small suites live (9/9 -> [0.70, 1.00]; 0/12 -> upper 0.24). n == 0 gives the
    uninformative [0, 1].
    """
    if n < 0 or k < 0 or k > n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return Interval(0, 0, None, 0.0, 1.0)
    z = _z(confidence)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return Interval(k, n, p, low, high)


def binomial_two_sided(k: int, n: int, p: float = 0.5) -> float:
    """Exact two-sided binomial test p-value, defined as scipy.stats.binomtest's 'two-sided': the probability of
    every outcome no more likely than ``k`` (relative tolerance 1e-7, scipy's); 1.0 when n == 0.

    Written out rather than imported: scipy is 140 MB installed for this one function, and the default install
    has a size budget (issue 34). The sum runs over all n + 1 outcomes in log space (``math.lgamma``): exact to
    float rounding for any n a run produces. tests/test_stats.py compares it with scipy where scipy is installed."""
    if n == 0:
        return 1.0
    if not 0 <= k <= n or not 0.0 <= p <= 1.0:
        raise ValueError(f"binomial test needs 0 <= k <= n and 0 <= p <= 1, got k={k}, n={n}, p={p}")
    if p in (0.0, 1.0):
        return 1.0 if k == (0 if p == 0.0 else n) else 0.0
    log_p, log_q = math.log(p), math.log1p(-p)

    def log_pmf(i: int) -> float:
        return math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * log_p + (n - i) * log_q

    bound = log_pmf(k) + math.log1p(1e-7)
    total = math.fsum(math.exp(lp) for lp in map(log_pmf, range(n + 1)) if lp <= bound)
    return min(1.0, total)


def mcnemar_exact(fixed: int, broken: int) -> float:
    """Exact McNemar test on paired binary outcomes: a two-sided binomial test of ``broken`` out of the
    ``fixed + broken`` discordant pairs at p = 0.5. Unchanged pairs carry no information and are ignored.
    The lesson's example, 18 fixed and 7 broken, gives p ≈ 0.043.
    """
    return binomial_two_sided(min(fixed, broken), fixed + broken, 0.5)


def cohens_kappa(a: Sequence[Hashable], b: Sequence[Hashable]) -> float:
    """Cohen's kappa between two raters over the same items: (p_o - p_e) / (1 - p_e).

    When both raters use a single identical label everywhere (p_e == 1), agreement is perfect but kappa is
    undefined; we return 1.0 if they agree on every item, else 0.0, and callers should report raw agreement too.
    """
    if len(a) != len(b):
        raise ValueError(f"raters labelled different numbers of items: {len(a)} vs {len(b)}")
    n = len(a)
    if n == 0:
        raise ValueError("cannot compute kappa on zero items")
    labels = sorted(set(a) | set(b), key=str)
    p_o = sum(x == y for x, y in zip(a, b)) / n
    p_e = sum((list(a).count(lab) / n) * (list(b).count(lab) / n) for lab in labels)
    if math.isclose(p_e, 1.0):
        return 1.0 if p_o == 1.0 else 0.0
    return (p_o - p_e) / (1 - p_e)


def sample_size(rate: float, margin: float, confidence: float = 0.95) -> int:
    """Labeled items needed to estimate a rate near ``rate`` to ± ``margin`` (normal approximation):
    ceil(z² · p(1−p) / e²). For 0.9 ± 0.05 at 95% this is 139, the lesson's figure.
    """
    if not 0 < rate < 1:
        raise ValueError(f"rate must be in (0, 1), got {rate}")
    if not 0 < margin < 1:
        raise ValueError(f"margin must be in (0, 1), got {margin}")
    z = _z(confidence)
    return math.ceil(round(z * z * rate * (1 - rate) / (margin * margin), 9))


class BootstrapResult(NamedTuple):
    """A statistic with its percentile bootstrap interval."""

    value: float
    low: float
    high: float


def bootstrap_interval(
    data: Sequence | np.ndarray,
    statistic: Callable[[np.ndarray], float],
    *,
    seed: int,
    n_resamples: int = 2000,
    confidence: float = 0.95,
) -> BootstrapResult:
    """Percentile bootstrap interval of ``statistic`` over rows of ``data`` (resampled with replacement,
    numpy default_rng(seed)). Rows may be tuples (e.g. (label, prediction)) so paired statistics work.
    """
    arr = np.asarray(data)
    if len(arr) == 0:
        raise ValueError("cannot bootstrap an empty sample")
    rng = np.random.default_rng(seed)
    values = np.empty(n_resamples)
    for i in range(n_resamples):
        values[i] = statistic(arr[rng.integers(0, len(arr), len(arr))])
    alpha = (1 - confidence) / 2
    return BootstrapResult(float(statistic(arr)), float(np.quantile(values, alpha)),
                           float(np.quantile(values, 1 - alpha)))


def balanced_accuracy(labels: Sequence[int], predictions: Sequence[int]) -> float:
    """Mean of recall on label 1 and recall on label 0 (the LLM-AggreFact metric). A class with no items
    contributes nothing; with both classes empty the result is NaN."""
    y = np.asarray(labels, dtype=int)
    p = np.asarray(predictions, dtype=int)
    recalls = [float(np.mean(p[y == c] == c)) for c in (0, 1) if np.any(y == c)]
    return float(np.mean(recalls)) if recalls else float("nan")


def balanced_accuracy_interval(
    labels: Sequence[int], predictions: Sequence[int], *, seed: int = 0, n_resamples: int = 2000,
    confidence: float = 0.95,
) -> BootstrapResult:
    """Balanced accuracy with a stratified percentile bootstrap interval (each class resampled on its own,
    so every resample keeps the class sizes and the statistic is always defined)."""
    y = np.asarray(labels, dtype=int)
    p = np.asarray(predictions, dtype=int)
    rng = np.random.default_rng(seed)
    groups = [np.flatnonzero(y == c) for c in (0, 1) if np.any(y == c)]
    if not groups:
        raise ValueError("no labeled items")
    values = np.empty(n_resamples)
    for i in range(n_resamples):
        recalls = []
        for idx in groups:
            sample = idx[rng.integers(0, len(idx), len(idx))]
            recalls.append(np.mean(p[sample] == y[sample]))
        values[i] = np.mean(recalls)
    alpha = (1 - confidence) / 2
    return BootstrapResult(balanced_accuracy(y, p), float(np.quantile(values, alpha)),
                           float(np.quantile(values, 1 - alpha)))
