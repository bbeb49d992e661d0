"""Window pruning: which premise windows the model need not read for a claim (option ``prune_windows``).

The windows that decide a claim are the ones about it: the best-entailing window contains the sentence the claim
is about, and the window veto (``window_veto``) looks only at the sentence sharing most of the claim's content
words. A window that shares far fewer of the claim's words (stemmed, ``alignment_words``) than the best window of
any passage does is about something else, and on a help-center log most windows of the other passages are. Skipping
them saves their forward passes, the cost of a run. A window is read when it shares at least ``share`` times as
many words as the best window, and at least one; a claim with no related window at all (a bare "Yes.", a
paraphrase in other words) keeps every window, so pruning never leaves a claim with nothing to read. Pruned
windows are counted (``nli_pairs_pruned``) and shown per claim, never hidden: they take part in no decision and
read as neutral to the contradiction diagnostic. A read window is read with its own sentences
(``with_own_sentences``). On by default at 0.5, read in two steps (the NLI checker's ``prune_first``: the closest
windows, then the other related ones for a claim they leave not supported or below 0.9) and re-read on every window
for a claim left not supported (``prune_recheck``); the verdict flips against reading every window, 0 on every dev
and holdout set, are printed by ``benchmarks/window_prune_dev.py`` and kept in the bundled model's card.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from faithkit.checkers.rules.alignment_words import words
from faithkit.checkers.spec import CheckerSpec
from faithkit.records import Window

__all__ = ["related_windows", "with_every_window", "with_own_sentences"]


def related_windows(claim: str, windows: Sequence[Window], share: float) -> np.ndarray:
    """A boolean mask over ``windows``: True where the window is read (module docstring), with the sentences of
    each window read (``with_own_sentences``)."""
    claim_words = words(claim)  # memoized: a window's words are read once per run, not once per claim
    overlap = np.fromiter((len(claim_words & words(w.premise)) for w in windows), int, len(windows))
    best = int(overlap.max()) if len(windows) else 0
    if best == 0:
        return np.ones(len(windows), bool)
    return with_own_sentences(windows, overlap >= max(1.0, share * best))


def with_own_sentences(windows: Sequence[Window], read: np.ndarray) -> np.ndarray:
    """``read`` with every one-sentence window that lies inside a read window of several sentences. Why: the
    window veto judges a joined window by the one of its sentences the claim is about (``rules.window_veto``),
    and an unread sentence counts as neutral, so reading the window without its sentences would skip the veto
    ("If you don't collect it within 72 hours, it's returned to the sender." was supported by a joined window
    whose own sentence the full reading vetoes: a verdict that depended on what was pruned)."""
    shortest: dict[tuple[str, int], int] = {}  # the one-sentence window starting at an offset
    for i, w in enumerate(windows):
        key = (w.passage_id, w.start)
        if key not in shortest or w.end < windows[shortest[key]].end:  # as the veto finds them
            shortest[key] = i
    out = read.copy()
    for i in np.flatnonzero(read):
        w = windows[i]
        if shortest.get((w.passage_id, w.start)) == i:
            continue
        out[[j for (pid, start), j in shortest.items()
             if pid == w.passage_id and w.start <= start and windows[j].end <= w.end]] = True
    return out


def with_every_window(spec: CheckerSpec) -> CheckerSpec:
    """``spec`` reading every window when it prunes by default and the user did not choose: a command that
    re-decides claims at thresholds other than the run's (`sweep`, `mutate --thresholds`) needs each claim's exact
    best score, and a pruned score is only a lower bound of it (module docstring)."""
    from faithkit.checkers.nli_options import NLIOptions

    if spec.name != "nli" or "prune_windows" in spec.options or NLIOptions().prune_windows is None:
        return spec
    return spec._replace(options={**spec.options, "prune_windows": None})
