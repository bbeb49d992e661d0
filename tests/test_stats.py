"""faithkit.stats against values published elsewhere: the Larkspur lesson, R's prop.test / binom.test,
statsmodels' Wilson interval, and the worked kappa examples on Wikipedia. Every expected number here was
computed by someone other than faithkit."""

from __future__ import annotations

import math

import numpy as np
import pytest

from faithkit.stats import (
    Interval,
    balanced_accuracy,
    balanced_accuracy_interval,
    binomial_two_sided,
    bootstrap_interval,
    cohens_kappa,
    mcnemar_exact,
    sample_size,
    wilson_interval,
)
from tests.extras import importorskip

# --- Wilson interval -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (9, 9, 0.70, 1.00),  # lesson: 9 of 9 plan swaps caught at 0.98
        (5, 5, 0.57, 1.00),  # lesson: 5 of 5 real number swaps
        (0, 12, 0.00, 0.24),  # lesson: 0 false alarms in 12 true claims, "could be as high as 0.24"
    ],
)
def test_wilson_reproduces_the_lessons_intervals(k: int, n: int, low: float, high: float) -> None:
    interval = wilson_interval(k, n)
    assert round(interval.low, 2) == low
    assert round(interval.high, 2) == high


def test_wilson_matches_r_prop_test_without_continuity_correction() -> None:
    # R: prop.test(5, 10, correct = FALSE)$conf.int -> 0.2365931 0.7634069
    interval = wilson_interval(5, 10)
    assert interval.low == pytest.approx(0.2365931, abs=1e-7)
    assert interval.high == pytest.approx(0.7634069, abs=1e-7)


def test_wilson_matches_statsmodels() -> None:
    # statsmodels.stats.proportion.proportion_confint(81, 263, method="wilson") -> (0.25529, 0.36621)
    interval = wilson_interval(81, 263)
    assert interval.low == pytest.approx(0.2552885, abs=1e-6)
    assert interval.high == pytest.approx(0.3662096, abs=1e-6)
    assert interval.rate == pytest.approx(81 / 263)


def test_wilson_zero_of_ten_upper_bound() -> None:
    # R: prop.test(0, 10, correct = FALSE)$conf.int[2] -> 0.2775328
    assert wilson_interval(0, 10).high == pytest.approx(0.2775328, abs=1e-7)


def test_wilson_wider_confidence_gives_wider_interval() -> None:
    narrow, wide = wilson_interval(7, 20, 0.90), wilson_interval(7, 20, 0.99)
    assert wide.low < narrow.low and wide.high > narrow.high


def test_wilson_empty_sample_is_uninformative_not_an_error() -> None:
    assert wilson_interval(0, 0) == Interval(0, 0, None, 0.0, 1.0)


@pytest.mark.parametrize(("k", "n"), [(-1, 3), (4, 3), (0, -1)])
def test_wilson_rejects_impossible_counts(k: int, n: int) -> None:
    with pytest.raises(ValueError):
        wilson_interval(k, n)


def test_wilson_rejects_confidence_outside_unit_interval() -> None:
    with pytest.raises(ValueError):
        wilson_interval(1, 2, confidence=1.0)


def test_interval_as_dict_has_the_suite_fields() -> None:
    assert wilson_interval(1, 4).as_dict().keys() == {"k", "n", "rate", "low", "high"}


# --- exact binomial and McNemar ------------------------------------------------------------------------


def test_binomial_matches_r_binom_test_example() -> None:
    # R documentation of binom.test: binom.test(c(682, 243), p = 3/4) -> p-value = 0.3825
    assert binomial_two_sided(682, 925, 0.75) == pytest.approx(0.3825, abs=5e-5)


def test_binomial_lesson_seven_of_twenty_five() -> None:
    # lesson: "an exact two-sided binomial test on 7 of 25 gives p ≈ 0.043"; R binom.test(7, 25) 0.04329
    assert binomial_two_sided(7, 25) == pytest.approx(0.04329, abs=1e-5)


def test_binomial_small_exact_value() -> None:
    # two-sided, p = 0.5, 0 of 5: 2 * 0.5**5
    assert binomial_two_sided(0, 5) == pytest.approx(2 * 0.5**5)
    assert binomial_two_sided(0, 0) == 1.0


def test_mcnemar_exact_lesson_example_is_symmetric() -> None:
    # lesson: 18 answers fixed, 7 broken -> p ≈ 0.043, whichever way round
    assert mcnemar_exact(18, 7) == pytest.approx(0.04329, abs=1e-5)
    assert mcnemar_exact(7, 18) == pytest.approx(mcnemar_exact(18, 7))
    assert mcnemar_exact(5, 5) == pytest.approx(1.0)


# --- Cohen's kappa -------------------------------------------------------------------------------------


def _raters(both_yes: int, a_yes_b_no: int, a_no_b_yes: int, both_no: int) -> tuple[list[str], list[str]]:
    a = ["yes"] * (both_yes + a_yes_b_no) + ["no"] * (a_no_b_yes + both_no)
    b = ["yes"] * both_yes + ["no"] * a_yes_b_no + ["yes"] * a_no_b_yes + ["no"] * both_no
    return a, b


@pytest.mark.parametrize(
    ("table", "kappa"),
    [
        ((20, 5, 10, 15), 0.4),  # Wikipedia "Cohen's kappa", simple example
        ((45, 15, 25, 15), 0.1304),  # Wikipedia, same agreement 0.60, skewed marginals
        ((25, 35, 5, 35), 0.2593),  # Wikipedia, same agreement 0.60, balanced-ish marginals
    ],
)
def test_kappa_matches_worked_examples(table: tuple[int, int, int, int], kappa: float) -> None:
    a, b = _raters(*table)
    assert cohens_kappa(a, b) == pytest.approx(kappa, abs=5e-5)


def test_kappa_three_labels_matches_hand_computation() -> None:
    # 3x3 table [[10, 2, 0], [1, 8, 1], [0, 2, 6]]: p_o = 24/30, p_e = (12*11 + 10*12 + 8*7) / 900
    rows = [[10, 2, 0], [1, 8, 1], [0, 2, 6]]
    labels = ["supported", "contradicted", "not_found"]
    a, b = [], []
    for i, row in enumerate(rows):
        for j, count in enumerate(row):
            a += [labels[i]] * count
            b += [labels[j]] * count
    p_o, p_e = 24 / 30, (12 * 11 + 10 * 12 + 8 * 7) / 900
    assert cohens_kappa(a, b) == pytest.approx((p_o - p_e) / (1 - p_e))


def test_kappa_perfect_and_chance_level() -> None:
    assert cohens_kappa(["a", "b", "a"], ["a", "b", "a"]) == pytest.approx(1.0)
    # agreement exactly at chance: kappa 0
    assert cohens_kappa(["a", "a", "b", "b"], ["a", "b", "a", "b"]) == pytest.approx(0.0)


def test_kappa_single_shared_label_is_defined() -> None:
    assert cohens_kappa(["x"] * 4, ["x"] * 4) == 1.0


def test_kappa_rejects_mismatched_or_empty_input() -> None:
    with pytest.raises(ValueError):
        cohens_kappa(["a"], ["a", "b"])
    with pytest.raises(ValueError):
        cohens_kappa([], [])


# --- sample size ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rate", "margin", "confidence", "needed"),
    [
        (0.9, 0.05, 0.95, 139),  # lesson: 1.96² × 0.9 × 0.1 / 0.05² ≈ 139
        (0.5, 0.05, 0.95, 385),  # the textbook survey figure (384.15 rounded up)
        (0.5, 0.03, 0.95, 1068),  # the "±3 points" poll (1067.1 rounded up)
        (0.9, 0.05, 0.99, 239),  # z = 2.5758: 2.5758² × 0.09 / 0.0025 = 238.9
    ],
)
def test_sample_size_known_values(rate: float, margin: float, confidence: float, needed: int) -> None:
    assert sample_size(rate, margin, confidence) == needed


@pytest.mark.parametrize(("rate", "margin"), [(0.0, 0.05), (1.0, 0.05), (0.9, 0.0), (0.9, 1.5)])
def test_sample_size_rejects_degenerate_inputs(rate: float, margin: float) -> None:
    with pytest.raises(ValueError):
        sample_size(rate, margin)


# --- bootstrap -----------------------------------------------------------------------------------------


def test_bootstrap_is_reproducible_with_a_seed_and_varies_without_it() -> None:
    data = np.random.default_rng(1).normal(size=60)
    first = bootstrap_interval(data, np.mean, seed=7, n_resamples=500)
    again = bootstrap_interval(data, np.mean, seed=7, n_resamples=500)
    other = bootstrap_interval(data, np.mean, seed=8, n_resamples=500)
    assert first == again
    assert (first.low, first.high) != (other.low, other.high)


def test_bootstrap_mean_interval_is_close_to_the_normal_theory_interval() -> None:
    data = np.random.default_rng(3).normal(loc=10.0, scale=2.0, size=400)
    result = bootstrap_interval(data, np.mean, seed=0, n_resamples=4000)
    half = 1.96 * data.std(ddof=1) / math.sqrt(len(data))
    assert result.value == pytest.approx(data.mean())
    assert result.low == pytest.approx(data.mean() - half, abs=0.03)
    assert result.high == pytest.approx(data.mean() + half, abs=0.03)


def test_bootstrap_of_constant_data_has_zero_width() -> None:
    result = bootstrap_interval([0.5] * 10, np.mean, seed=0, n_resamples=100)
    assert result.low == result.high == result.value == 0.5


def test_bootstrap_rejects_empty_sample() -> None:
    with pytest.raises(ValueError):
        bootstrap_interval([], np.mean, seed=0)


# --- balanced accuracy ---------------------------------------------------------------------------------


def test_balanced_accuracy_known_value() -> None:
    # recall on 1: 3/4, recall on 0: 1/2 -> 0.625
    labels = [1, 1, 1, 1, 0, 0]
    predictions = [1, 1, 1, 0, 0, 1]
    assert balanced_accuracy(labels, predictions) == pytest.approx(0.625)


def test_balanced_accuracy_interval_contains_the_value_and_is_seeded() -> None:
    rng = np.random.default_rng(5)
    labels = rng.integers(0, 2, 200)
    predictions = np.where(rng.random(200) < 0.8, labels, 1 - labels)
    first = balanced_accuracy_interval(labels, predictions, seed=1, n_resamples=500)
    assert first == balanced_accuracy_interval(labels, predictions, seed=1, n_resamples=500)
    assert first.low <= first.value <= first.high
    assert 0.7 < first.value < 0.9


def test_balanced_accuracy_single_class_and_empty() -> None:
    assert balanced_accuracy([1, 1], [1, 0]) == pytest.approx(0.5)
    assert math.isnan(balanced_accuracy([], []))
    with pytest.raises(ValueError):
        balanced_accuracy_interval([], [])


def test_binomial_test_matches_scipy_where_scipy_is_installed():
    """The written-out test agrees with scipy.stats.binomtest (the reference) on random and edge cases."""
    scipy_stats = importorskip("scipy.stats", "dev")
    import random

    rng = random.Random(7)
    cases = [(0, 1, 0.5), (1, 1, 0.5), (5, 10, 0.5), (0, 300, 0.5), (300, 300, 0.5), (3, 40, 0.1), (39, 40, 0.9)]
    cases += [(k, n, p) for n, p in ((rng.randint(1, 500), rng.choice([0.5, 0.3, rng.random()])) for _ in range(300))
              for k in [rng.randint(0, n)]]
    for k, n, p in cases:
        assert binomial_two_sided(k, n, p) == pytest.approx(scipy_stats.binomtest(k, n, p).pvalue, rel=1e-9, abs=1e-12)


def test_binomial_test_rejects_impossible_counts():
    with pytest.raises(ValueError, match="0 <= k <= n"):
        binomial_two_sided(6, 5)
