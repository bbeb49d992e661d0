"""What an unchanged rerun reads back instead of recomputing (issue 16): sentence splits and the report's score
histogram, kept in the content cache next to the pair scores, and batched cache reads. Each is checked to give
what computing gives, and a damaged or foreign entry to be recomputed, never trusted."""

from __future__ import annotations

import pytest

from faithkit.cache import READ_BATCH, ContentCache
from faithkit.report import plots
from faithkit.text import sentences
from faithkit.text.split_cache import _key, warm_splits

TEXTS = ["Team plans are billed monthly. The current month is not refunded.",
         "Annual contracts can be refunded within 14 days. After that, they are not refundable. Ask support.",
         "One sentence only"]


@pytest.fixture(autouse=True)
def _fresh_splits(monkeypatch):
    monkeypatch.setattr(sentences, "_SEEDED", {})
    sentences._split_memo.cache_clear()
    yield
    sentences._split_memo.cache_clear()


def _no_splitter(*_args, **_kwargs):
    raise AssertionError("the sentence splitter ran")


def test_a_second_run_reads_splits_back_and_runs_no_splitter(tmp_path, monkeypatch):
    cache = ContentCache(tmp_path, "use")
    warm_splits(cache, TEXTS)  # a first run: splits computed, then stored
    expected = {t: sentences.split_sentences(t) for t in TEXTS}
    assert cache.count("sentences") == len(TEXTS)

    sentences._split_memo.cache_clear()
    monkeypatch.setattr(sentences, "_SEEDED", {})
    monkeypatch.setattr(sentences, "_segmenter", _no_splitter)  # a second process: only the cache can answer
    warm_splits(ContentCache(tmp_path, "use"), TEXTS)
    assert {t: sentences.split_sentences(t) for t in TEXTS} == expected
    assert [s.text for s in expected[TEXTS[1]]] == ["Annual contracts can be refunded within 14 days.",
                                                     "After that, they are not refundable.", "Ask support."]


@pytest.mark.parametrize("stored", [[[0, 999]], [[5, 2]], [[0, 31], [10, 40]], "0-31", [[0, 31, 2]], [[0, 31]]])
def test_a_span_that_does_not_fit_the_text_is_recomputed(tmp_path, stored):
    cache = ContentCache(tmp_path, "use")
    text = TEXTS[0]
    cache.put(_key(text), stored, "sentences")
    warm_splits(cache, [text])
    got = [s.text for s in sentences.split_sentences(text)]
    assert got == ["Team plans are billed monthly.", "The current month is not refunded."]


def test_without_a_cache_in_use_nothing_is_read_and_off_writes_nothing(tmp_path):
    whole = [[0, len(TEXTS[0])]]  # a valid split, but not the splitter's: read back, it would make one sentence
    for mode in ("off", "refresh"):
        cache = ContentCache(tmp_path / mode, mode)
        cache.put(_key(TEXTS[0]), whole, "sentences")  # refresh writes; off does not
        warm_splits(cache, TEXTS)
        assert [s.text for s in sentences.split_sentences(TEXTS[0])] == ["Team plans are billed monthly.",
                                                                          "The current month is not refunded."]
    assert ContentCache(tmp_path / "off", "use").count("sentences") == 0
    assert ContentCache(tmp_path / "refresh", "use").get(_key(TEXTS[0])) == [[0, 30], [31, 65]]  # rewritten
    warm_splits(None, TEXTS)


def test_a_valid_stored_split_is_what_the_run_uses(tmp_path):
    cache = ContentCache(tmp_path, "use")
    cache.put(_key(TEXTS[0]), [[0, len(TEXTS[0])]], "sentences")
    warm_splits(cache, [TEXTS[0]])
    assert [s.text for s in sentences.split_sentences(TEXTS[0])] == [TEXTS[0]]  # read, not recomputed


ANSWERS = [{"claims": [{"verdict": "supported", "score": 0.93}, {"verdict": "not_supported", "score": 0.12},
                       {"verdict": "not_supported", "score": float("nan")}]}]


def test_the_histogram_is_drawn_once_and_read_back(tmp_path, monkeypatch):
    cache = ContentCache(tmp_path, "use")
    drawn = plots.score_histogram(ANSWERS, 0.45, cache)
    assert drawn == plots.score_histogram(ANSWERS, 0.45)  # the same drawing as without a cache
    monkeypatch.setattr(plots, "_draw_histogram", _no_splitter)
    assert plots.score_histogram(ANSWERS, 0.45, cache) == drawn
    with pytest.raises(AssertionError):  # another threshold, or other counts, is another picture
        plots.score_histogram(ANSWERS, 0.5, cache)
    with pytest.raises(AssertionError):
        plots.score_histogram([{"claims": [{"verdict": "supported", "score": 0.5}]}], 0.45, cache)


def test_a_stored_histogram_that_is_not_svg_is_drawn_again(tmp_path):
    cache = ContentCache(tmp_path, "use")
    groups = {"supported": [0.93], "not_supported": [0.12], "error": []}
    cache.put(plots._histogram_key(groups, 0.45), "<script>alert(1)</script>", "plot")
    assert plots.score_histogram(ANSWERS, 0.45, cache).startswith("<svg")


def test_batched_reads_keep_order_misses_and_counts(tmp_path):
    cache = ContentCache(tmp_path, "use")
    keys = [f"k{i}" for i in range(2 * READ_BATCH + 7)]
    cache.put_many([(k, {"i": i}) for i, k in enumerate(keys) if i % 3], "test")
    wanted = [*reversed(keys), "missing", keys[1], keys[1]]
    values = cache.get_many(wanted)
    assert values == [({"i": int(k[1:])} if int(k[1:]) % 3 else None) if k != "missing" else None for k in wanted]
    assert cache.hits == sum(v is not None for v in values) and cache.misses == sum(v is None for v in values)
    assert ContentCache(tmp_path, "off").get_many(keys[:3]) == [None, None, None]


def test_only_the_latest_chunk_of_splits_is_kept_seeded():
    first, second = TEXTS[0], TEXTS[1]
    sentences.seed_splits({first: [[0, 30], [31, 65]]})
    assert first in sentences._SEEDED
    sentences.seed_splits({second: [[0, 48]]})  # the next chunk: memory does not grow with the log
    assert first not in sentences._SEEDED and second in sentences._SEEDED
    assert [s.text for s in sentences.split_sentences(first)] == ["Team plans are billed monthly.",
                                                                  "The current month is not refunded."]
