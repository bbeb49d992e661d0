"""Premise shapes: MiniCheck-style chunks on sentence boundaries, whole passages, sentence windows."""

from __future__ import annotations

import pytest

from faithkit.checkers.base import pair_scorer
from faithkit.checkers.premises import PremiseShape, passage_chunks, whole_passages, word_count
from faithkit.checkers.registry import build
from faithkit.records import ClaimCheck, Passage
from faithkit.text.windows import all_windows

TEXT = (
    "The Team plan costs 12 euros per user per month. SSO is only on the Enterprise plan. "
    "Refunds are issued within 14 days. The current month is not refunded."
)
PASSAGES = (Passage("a", TEXT), Passage("b", "  Exports run every night at 2 am.  "))


def test_chunks_pack_whole_sentences_up_to_the_size_and_are_exact_slices():
    chunks = passage_chunks(PASSAGES[0], 17, word_count)  # 10 + 7 words, then 6 + 6
    assert [c.text for c in chunks] == [
        "The Team plan costs 12 euros per user per month. SSO is only on the Enterprise plan.",
        "Refunds are issued within 14 days. The current month is not refunded.",
    ]
    assert all(TEXT[c.start : c.end] == c.text for c in chunks)
    assert all(word_count(c.text) <= 17 for c in chunks)
    one_each = passage_chunks(PASSAGES[0], 1, word_count)  # a sentence longer than the size is its own chunk
    assert len(one_each) == 4
    assert [c.text for c in passage_chunks(PASSAGES[0], 1000, word_count)] == [TEXT]


def test_shapes_never_cross_passages():
    chunks = PremiseShape("chunks", size=1000, unit="words").premises(PASSAGES, word_count)
    assert [(c.passage_id, c.text) for c in chunks] == [("a", TEXT), ("b", "Exports run every night at 2 am.")]
    assert whole_passages(PASSAGES)[1].start == 2
    assert PremiseShape("windows", window_sentences=2).premises(PASSAGES, word_count) == all_windows(PASSAGES, 2)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"premises": "passage"}, 2),
        ({"premises": "windows", "window_sentences": 1}, 5),
        ({"chunk_size": 12}, 5),
        ({"chunk_size": 20}, 3),
        ({"chunk_size": 400}, 2),
    ],
)
def test_the_classifier_scores_every_premise_and_keeps_the_best(detector_models, options, expected):
    checker = build(
        "classifier",
        {
            "model": str(detector_models["bert/supported"]),
            "smoke_check": False,
            "numbers": False,
            "arithmetic": False,
            **options,
        },
    )
    claim = "SSO is on the Team plan."
    verdict = checker.check([ClaimCheck(claim, PASSAGES)])[0]
    premises = pair_scorer(checker).premises_for(PASSAGES)
    assert len(premises) == expected == verdict.detail["premises"]
    scores = pair_scorer(checker).score_pairs([(p.text, claim) for p in premises])[:, 0]
    assert verdict.score == pytest.approx(scores.max(), abs=1e-6)
    assert verdict.evidence.text == premises[int(scores.argmax())].text
    described = checker.spec()
    assert described["premises"] == options.get("premises", "chunks")
    if described["premises"] == "chunks":
        assert described["chunk_size"] == options["chunk_size"] and described["chunk_unit"] == "tokens"
        assert checker.spec()["rebuild"]["chunk_size"] == options["chunk_size"]


def test_options_of_another_shape_are_refused_not_ignored():
    from faithkit.errors import UsageError

    with pytest.raises(UsageError, match="window_sentences applies to premises=windows"):
        build("classifier", {"model": "m", "window_sentences": 1})
    with pytest.raises(UsageError, match="chunk_size applies to premises=chunks"):
        build("seq2seq", {"model": "m", "premises": "passage", "chunk_size": 100})


def test_the_premise_shape_is_part_of_the_cache_key_and_long_premises_are_flagged(detector_models, tmp_path):
    from faithkit.cache import ContentCache

    base = {
        "model": str(detector_models["bert/supported"]),
        "smoke_check": False,
        "numbers": False,
        "arithmetic": False,
        "cache": "use",
        "cache_dir": str(tmp_path),
    }
    claim = ClaimCheck("SSO is on the Team plan.", PASSAGES)
    small = build("classifier", {**base, "chunk_size": 1000}).check([claim])[0]
    whole = build("classifier", {**base, "premises": "passage"}).check([claim])[0]
    assert small.score == pytest.approx(whole.score, abs=1e-6)  # the same premise texts, the same model...
    assert ContentCache(tmp_path).count("pair-score") == 4  # ...but each shape keys its own entries
    again = build("classifier", {**base, "chunk_size": 1000})
    again.check([claim])
    assert again.counters["nli_cache_hits"] == 2 and again.counters["nli_pairs_scored"] == 0
    tight = build("classifier", {**base, "premises": "passage", "max_length": 24})
    verdict = tight.check([claim])[0]
    assert verdict.truncated and tight.counters["truncated_pairs"] == 1  # pair a is over 24 tokens, pair b (19) is not
    assert tight.spec()["max_length"] == 24


def test_the_python_api_builds_every_kind(detector_models):
    from faithkit import build_checker

    checker = build_checker(
        "classifier",
        model=str(detector_models["roberta/supported"]),
        smoke_check=False,
        chunk_size=64,
        numbers=False,
        arithmetic=False,
    )
    verdict = checker.check([ClaimCheck("SSO is on the Team plan.", PASSAGES)])[0]
    assert checker.name == "classifier" and verdict.stage == "classifier"
    assert checker.spec()["rebuild"] == {
        "checker": "classifier",
        "model": str(detector_models["roberta/supported"]),
        "chunk_size": 64,
        "smoke_check": False,
    }
