"""Window pruning: which premise windows the model need not read for a claim (option ``prune_windows``).

The windows that decide a claim are the ones about it: the best-entailing window contains the sentence the claim
is about, and the window veto (``window_veto``) looks only at the sentence sharing most of the claim's content
words. A window that shares far fewer of the claim's words (stemmed, ``alignment_words``) than the best window of
any passage does is about something else, and on a help-center log most windows of the other passages are. Skipping
them saves their forward passes, the cost of a run. A window is read when it shares at least ``share`` times as
many words as the best window, and at least one; a claim with no related window at all (a bare "Yes.", a
paraphrase in other words) keeps every window, so pruning never leaves a claim with nothing to read. Pruned
windows are counted (``nli_pairs_pruned``) and shown per claim, never hidden: they take part in no decision and
read as neutral to the contradiction diagnostic. Off by default; the verdict flips it causes on each dev set are
in the bundled model's card (``benchmarks/window_prune_dev.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from faithkit.checkers.rules.alignment_words import words
from faithkit.checkers.spec import CheckerSpec
from faithkit.records import Window

__all__ = ["related_windows", "with_every_window"]


def related_windows(claim: str, windows: Sequence[Window], share: float) -> np.ndarray:
    """A boolean mask over ``windows``: True where the window is read (module docstring)."""
    claim_words = words(claim)  # memoized: a window's words are read once per run, not once per claim
    overlap = np.fromiter((len(claim_words & words(w.premise)) for w in windows), int, len(windows))
    best = int(overlap.max()) if len(windows) else 0
    if best == 0:
        return np.ones(len(windows), bool)
    return overlap >= max(1.0, share * best)


def with_every_window(spec: CheckerSpec) -> CheckerSpec:
    """``spec`` reading every window when it prunes by default and the user did not choose: a command that
    re-decides claims at thresholds other than the run's (`sweep`, `mutate --thresholds`) needs each claim's exact
    best score, and a pruned score is only a lower bound of it (module docstring)."""
    from faithkit.checkers.nli_options import NLIOptions

    if spec.name != "nli" or "prune_windows" in spec.options or NLIOptions().prune_windows is None:
        return spec
    return spec._replace(options={**spec.options, "prune_windows": None})
