"""Window pruning (checkers/window_prune.py, ``nli:prune_windows=S``): which windows the model reads, and that the
bundled model's verdicts stay those of reading every window while fewer pairs are scored."""

from __future__ import annotations

import numpy as np
import pytest

from faithkit.checkers.nli import NLIChecker
from faithkit.checkers.registry import build
from faithkit.checkers.spec import parse_checker_spec
from faithkit.checkers.window_prune import related_windows
from faithkit.records import ClaimCheck, Passage
from faithkit.text.windows import all_windows

PLANS = Passage("plans", "Refunds are issued within 14 days of purchase. Monthly plans are not refunded after "
                         "that. Annual plans can be refunded in full within 30 days.")
SUPPORT = Passage("support", "Support answers by email on weekdays. Phone support is available on the Business "
                             "plan. Chat opens at 9:00.")
PASSAGES = (PLANS, SUPPORT)


def test_a_window_sharing_no_word_is_not_read() -> None:
    windows = all_windows(PASSAGES, 1)
    mask = related_windows("Annual plans can be refunded within 30 days.", windows, 0.0)
    read = [w.text for w, kept in zip(windows, mask) if kept]
    assert "Chat opens at 9:00." not in read
    assert "Annual plans can be refunded in full within 30 days." in read
    assert "Phone support is available on the Business plan." in read  # shares "plan": read at share 0


def test_a_higher_share_reads_only_windows_close_to_the_best() -> None:
    windows = all_windows(PASSAGES, 1)
    mask = related_windows("Annual plans can be refunded within 30 days.", windows, 0.5)
    read = [w.text for w, kept in zip(windows, mask) if kept]
    # the claim has 6 words (annual plan refund within 30 day); the best window shares all 6, so 3 are needed
    assert read == ["Refunds are issued within 14 days of purchase.",
                    "Annual plans can be refunded in full within 30 days."]


@pytest.mark.parametrize("claim", ["Yes.", "It works without a card."])
def test_a_claim_related_to_no_window_reads_every_window(claim: str) -> None:
    windows = all_windows(PASSAGES, 2)
    assert related_windows(claim, windows, 0.5).all()


def test_stemmed_words_count_as_shared() -> None:
    windows = all_windows(PASSAGES, 1)
    mask = related_windows("Refunding takes two weeks.", windows, 0.0)
    # "Refunding" meets "Refunds" and "refunded" in every sentence of the plans passage, none of the support one
    assert [w.passage_id for w, kept in zip(windows, mask) if kept] == ["plans"] * 3


@pytest.fixture(scope="module")
def checkers() -> dict[float | None, NLIChecker]:
    full = NLIChecker(prune_windows=None).load()
    out: dict[float | None, NLIChecker] = {None: full}
    for share in (0.0, 0.5):
        # one reading of the related windows (no closest-first reading), with prune_recheck; the scorer is shared
        out[share] = NLIChecker(prune_windows=share, prune_first=None)
    out["no recheck"] = NLIChecker(prune_windows=0.5, prune_recheck=False, prune_first=None)
    return out


CLAIMS = ["Annual plans can be refunded in full within 30 days.",   # supported
          "Monthly plans are refunded after 14 days.",              # negation flipped
          "Phone support is available on the Business plan.",       # supported, the other passage
          "Chat opens at 8:00."]                                    # number swapped


def test_pruned_verdicts_match_reading_every_window_with_fewer_pairs(checkers) -> None:
    requests = [ClaimCheck(claim, PASSAGES) for claim in CLAIMS]
    full = checkers[None].check(requests)
    assert NLIChecker().prune_windows == 0.5 and NLIChecker().prune_recheck  # the default
    for share in (0.0, 0.5, "no recheck"):
        pruned = checkers[share].check(requests)
        assert [v.label for v in pruned] == [v.label for v in full]
        assert [v.label for v in full] == ["supported", "not_supported", "supported", "not_supported"]
        counters = checkers[share].counters
        # at share 0 a window sharing one word is read with its own sentences: here that is every window
        assert (0 if share == 0.0 else 1) <= counters["nli_pairs_pruned"] < counters["nli_pairs"]
        assert counters["nli_pairs_unique"] == counters["nli_pairs"] - counters["nli_pairs_pruned"]
        for v_full, v_pruned in zip(full, pruned):
            assert v_pruned.score <= v_full.score + 1e-6  # pruning can only lower a best score, never pass more
            if share != 0.0 and (v_pruned.label == "supported" or share == "no recheck"):
                assert v_pruned.detail["pruned_windows"] > 0
            else:  # prune_recheck: a claim left not supported was read on every window, its score exact
                assert "pruned_windows" not in v_pruned.detail
                assert v_pruned.score == pytest.approx(v_full.score, abs=1e-9)
    assert checkers[0.5].counters["nli_pairs_rechecked"] > 0
    assert "nli_pairs_rechecked" not in checkers["no recheck"].counters
    assert checkers[0.5].counters["nli_pairs_pruned"] > checkers[0.0].counters["nli_pairs_pruned"]


def built(text: str):
    spec = parse_checker_spec(text)
    return build(spec.name, spec.options)


def test_prune_windows_is_an_option_of_the_spec_string() -> None:
    from faithkit.checkers.base import pair_scorer

    checker = built("nli:prune_windows=0.5,numbers=off,arithmetic=off")
    assert pair_scorer(checker).prune_windows == 0.5  # the NLI checker under the parts wrapper
    assert checker.spec()["prune_windows"] == 0.5
    assert checker.spec()["prune_recheck"] is True
    off = built("nli:prune_windows=off,numbers=off,arithmetic=off")
    assert pair_scorer(off).prune_windows is None and "prune_windows" not in off.spec()
    assert off.spec()["rebuild"]["prune_windows"] is None  # not the default any more: the rebuild says so
    with pytest.raises(Exception, match="prune_windows"):
        built("nli:prune_windows=2")


def test_commands_that_read_scores_at_other_thresholds_read_every_window() -> None:
    """A pruned supported score is a lower bound: `sweep` and `mutate --thresholds` ask for exact scores, unless
    the user chose a pruning share themselves."""
    from faithkit.checkers.window_prune import with_every_window

    assert with_every_window(parse_checker_spec("nli")).options == {"prune_windows": None}
    assert with_every_window(parse_checker_spec("nli:prune_windows=0.25")).options == {"prune_windows": 0.25}
    assert with_every_window(parse_checker_spec("similarity")).options == {}


def test_a_recheck_whose_pairs_another_claim_read_is_still_decided_on_every_window(checkers) -> None:
    """The re-read must not depend on whether the skipped pairs happen to be scored already: the same claim
    against the support passage alone (which shares none of its words, so every window is read) scores the very
    pairs the first request skipped."""
    claim = "Refunds are never issued."
    requests = [ClaimCheck(claim, PASSAGES), ClaimCheck(claim, (SUPPORT,))]
    full = checkers[None].check(requests)
    pruned = checkers[0.5].check(requests)
    assert [v.label for v in pruned] == [v.label for v in full] == ["not_supported", "not_supported"]
    assert "pruned_windows" not in pruned[0].detail  # decided on every window, though no new pair was scored
    assert pruned[0].score == pytest.approx(full[0].score, abs=1e-9)


def test_a_claim_a_number_rule_settles_is_not_read_again() -> None:
    """``ClaimCheck.settled`` (issue 34): the numbers stage marks a claim whose number is in no passage; the NLI
    checker then skips the re-read of pruned windows and the second opinion, and every label stays the one of
    reading every window."""
    from faithkit.checkers.base import pair_scorer

    requests = [ClaimCheck(claim, PASSAGES) for claim in [*CLAIMS, "Refunds are issued within 21 days of purchase."]]
    labels = [v.label for v in built("nli:numbers=on,prune_windows=off").check(requests)]
    assert [v.label for v in built("nli:numbers=on").check(requests)] == labels
    assert labels[-1] == "not_supported"  # 21: in no passage
    settled = [ClaimCheck("Monthly plans are refunded in full after 21 days.", PASSAGES)]
    with_rule, without_rule = built("nli:numbers=on"), built("nli:numbers=off,arithmetic=off")
    assert with_rule.check(settled)[0].label == without_rule.check(settled)[0].label == "not_supported"
    assert pair_scorer(with_rule).counters.get("nli_pairs_rechecked", 0) == 0  # settled by the number: not re-read
    assert pair_scorer(with_rule).counters["nli_recheck_settled"] == 1  # and counted, so the summary shows it
    assert pair_scorer(without_rule).counters["nli_pairs_rechecked"] > 0


def test_a_joined_window_is_read_with_its_own_sentences() -> None:
    """The veto judges a joined window by the sentence the claim is about; reading the window without it would
    skip the veto (``with_own_sentences``)."""
    from faithkit.checkers.window_prune import with_own_sentences

    windows = all_windows((PLANS,), 2)
    joined = [i for i, w in enumerate(windows) if w.text.startswith("Monthly plans") and "Annual" in w.text]
    mask = np.zeros(len(windows), bool)
    mask[joined] = True
    read = [w.text for w, kept in zip(windows, with_own_sentences(windows, mask)) if kept]
    assert sorted(read) == sorted(["Monthly plans are not refunded after that. Annual plans can be refunded in "
                                   "full within 30 days.", "Monthly plans are not refunded after that.",
                                   "Annual plans can be refunded in full within 30 days."])


VETO = Passage("billing", "Cancel any time in the app. The current month is not refunded. Annual contracts can be "
                          "refunded in full.")


@pytest.mark.parametrize("claim", ["The current month is refunded in full.", "Annual contracts can be refunded.",
                                   *CLAIMS])
def test_reading_the_closest_windows_first_keeps_the_verdicts_of_reading_every_window(checkers, claim) -> None:
    """``prune_first`` (default 1.0, issue 34): the windows sharing the most of the claim's words are read first,
    and only a claim they leave not supported reads the rest. The joined window "... not refunded. Annual contracts
    can be refunded in full." shares more of the first claim's words than its own sentence does; the veto still
    reads that sentence."""
    requests = [ClaimCheck(claim, (VETO, *PASSAGES))]
    full = checkers[None].check(requests)[0]
    first = NLIChecker().check(requests)[0]
    every_related = NLIChecker(prune_first=None).check(requests)[0]
    assert first.label == every_related.label == full.label
    assert first.score <= full.score + 1e-6


def test_the_first_reading_scores_fewer_pairs_than_every_related_window() -> None:
    requests = [ClaimCheck(claim, PASSAGES) for claim in CLAIMS]
    first, related = NLIChecker(), NLIChecker(prune_first="off")
    assert [v.label for v in first.check(requests)] == [v.label for v in related.check(requests)]
    assert first.counters["nli_pairs_unique"] < related.counters["nli_pairs_unique"]
    assert first.counters["nli_pairs_read_second"] > 0  # the negation flip and the swapped number read on


def test_a_claim_a_rule_refutes_reads_again_only_the_passage_of_its_disagreeing_sentence(monkeypatch) -> None:
    """A sentence that disagrees with the claim removes every window whatever the model reads, so its label cannot
    change; ``label3`` and the probabilities shown come from that sentence's passage. The re-read covers that
    passage only, and the verdict is the one reading every window gives (issue 34)."""
    scope = Passage("sso", "The Team plan costs €12 per user per month. Single sign-on (SSO) is available only on "
                           "the Enterprise plan. Audit logs are kept for a year.")
    request = ClaimCheck("SSO is available on the Team plan.", (scope, SUPPORT, PLANS))
    full, = NLIChecker(prune_windows=None).check([request])
    checker = NLIChecker()
    pruned, = checker.check([request])
    assert pruned.detail.get("disagreeing_sentence") and pruned.label == full.label == "not_supported"
    assert (pruned.label3, pruned.score, pruned.evidence, pruned.probs) == (full.label3, full.score, full.evidence,
                                                                           full.probs)
    every = NLIChecker()
    monkeypatch.setattr(NLIChecker, "_recheck_mask", staticmethod(lambda windows, verdict: np.ones(len(windows),
                                                                                                   bool)))
    again, = every.check([request])
    assert (again.label, again.label3, again.score, again.evidence) == (pruned.label, pruned.label3, pruned.score,
                                                                         pruned.evidence)
    assert checker.counters.get("nli_pairs_rechecked", 0) < every.counters["nli_pairs_rechecked"]
