"""Sentence splitting from many threads gives what it gives from one (the LLM decomposer and judge split
answers in worker threads). pysbd's Segmenter keeps the text being split on the instance
(``self.original_text``), so one segmenter shared between threads matched one answer's sentences against
another answer's text: sentences were lost or merged, the decomposition prompt changed, and its cache entry
missed (the order-dependent failure of tests/llm/test_cache_llm.py::test_model_name_prompt_version_and_
decoding_each_miss). Each thread now has its own segmenter."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from faithkit.text.sentences import split_sentences

TEXTS = [
    f"The Team plan costs €{i}.50 per user per month, e.g. for teams. It includes up to {i} users. "
    f"Exports expire after {i} days." * (1 + i % 3)
    for i in range(40)
]


def test_threads_split_exactly_as_one_thread_does():
    expected = [split_sentences(t) for t in TEXTS]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(5):
            assert list(pool.map(split_sentences, TEXTS)) == expected
