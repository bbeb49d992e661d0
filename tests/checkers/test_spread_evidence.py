"""Spread evidence (checkers/spread_evidence.py): the sentences covering a claim's words, joined, when apart."""

from __future__ import annotations

from faithkit.checkers.spread_evidence import spread_windows
from faithkit.records import Passage

STAFF = Passage("staff", "Media Play News is the voice of the home entertainment industry. We reach major studios "
                         "and a growing number of distributors. Our offices are in Irvine. Thomas Arnold is the "
                         "publisher and editorial director of Media Play News.")
CLAIM = "Thomas Arnold is the publisher of Media Play News, the voice of the home entertainment industry."


def test_sentences_far_apart_are_joined_in_passage_order_and_the_evidence_is_their_span() -> None:
    window, = spread_windows(CLAIM, [STAFF], window_sentences=3)
    assert window.reads == ("Media Play News is the voice of the home entertainment industry. Thomas Arnold is the "
                            "publisher and editorial director of Media Play News.")
    assert window.text == STAFF.text[window.start:window.end]  # the slice a reader is shown, as for every window
    assert window.text.startswith("Media Play News is") and window.text.endswith("of Media Play News.")
    assert window.premise == window.reads and window.passage_id == "staff"


def test_no_window_when_one_sentence_or_neighbours_already_hold_the_claim() -> None:
    assert spread_windows("Our offices are in Irvine.", [STAFF], window_sentences=3) == []
    neighbours = "We reach major studios and distributors; our offices are in Irvine."
    assert spread_windows(neighbours, [STAFF], window_sentences=3) == []
    assert spread_windows(neighbours, [STAFF], window_sentences=1) != []  # not a window at that size
    assert spread_windows("The the and of.", [STAFF], window_sentences=3) == []  # no content words


def test_each_passage_gets_its_own_window_and_none_crosses_passages() -> None:
    other = Passage("other", "Thomas Arnold lives in Irvine. Nothing else here. The home entertainment industry is "
                             "large.")
    windows = spread_windows(CLAIM, [STAFF, other], window_sentences=3)
    assert [w.passage_id for w in windows] == ["staff", "other"]
    assert all(p.text[w.start:w.end] == w.text for w, p in zip(windows, [STAFF, other]))


def test_the_checker_reads_the_spread_window_unless_turned_off() -> None:
    from faithkit.checkers.nli import NLIChecker
    from faithkit.records import ClaimCheck

    plain = NLIChecker(second_opinion=None, spread_evidence=False)
    spread = NLIChecker(second_opinion=None)
    request = ClaimCheck(claim=CLAIM, passages=(STAFF,))
    before, = plain.check([request])
    after, = spread.check([request])
    assert spread.counters["nli_pairs"] == plain.counters["nli_pairs"] + 1
    assert after.score >= before.score and spread.spec()["spread_evidence"] is True
    # the spread window decides, and the record says what the model read (the evidence is the whole slice)
    assert after.detail["premise_read"] == spread_windows(CLAIM, [STAFF], 3)[0].reads
    assert after.evidence.text == STAFF.text and "premise_read" not in before.detail
    assert after.detail["spread_window"] is True and "spread_window" not in before.detail
    assert spread.counters["spread_windows"] == spread.counters["spread_supported"] == 1  # what the summary shows
    assert "spread_windows" not in plain.counters
    assert plain.spec()["spread_evidence"] is False


def test_bench_counts_the_spread_windows_it_scores() -> None:
    from faithkit.bench import LabeledClaim, score_claims
    from faithkit.checkers.nli import NLIChecker

    claims = [LabeledClaim("a", 1, (STAFF.text,), CLAIM),
              LabeledClaim("b", 0, (STAFF.text,), "Our offices are in Irvine.")]
    for spread in (True, False):
        checker = NLIChecker(second_opinion=None, spread_evidence=spread)
        scored = score_claims(checker, claims)
        assert scored.pairs == checker.counters["nli_pairs"] == 18 + spread  # 9 windows each, + 1
