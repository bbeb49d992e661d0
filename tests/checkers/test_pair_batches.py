"""Pairs tokenised once and padded with numpy give exactly the tokenizer's own padded, truncated batches."""

from __future__ import annotations

import numpy as np
import pytest

from faithkit.checkers.nli import bundled_model_path
from faithkit.checkers.pair_batches import PairBatches
from tests.extras import importorskip

AutoTokenizer = importorskip("transformers", "torch").AutoTokenizer  # the reference the batches are checked on

PASSAGES = [
    "Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded.",
    "Annual Enterprise contracts can be refunded in full within 14 days of signing.",
    "Export links expire after 7 days.",
    "word " * 600,
    "short.",
]
CLAIMS = ["You can cancel at any time.", "The current month is refunded.", "claim " * 700, "Links expire."]


@pytest.mark.parametrize("max_length", [512, 24])
def test_batches_equal_the_tokenizers_padding(max_length):
    tokenizer = AutoTokenizer.from_pretrained(str(bundled_model_path()))
    pairs = [(p, c) for p in PASSAGES for c in CLAIMS]
    encoded = PairBatches(tokenizer, pairs, max_length)
    seen = []
    for idx, arrays in encoded.batches(3):
        reference = tokenizer(
            [pairs[i][0] for i in idx],
            [pairs[i][1] for i in idx],
            truncation="longest_first",
            max_length=max_length,
            padding="longest",
            return_tensors="np",
        )
        assert set(arrays) == {"input_ids", "token_type_ids", "attention_mask"}
        for name, array in arrays.items():
            np.testing.assert_array_equal(array, reference[name])
        seen += idx.tolist()
    assert sorted(seen) == list(range(len(pairs)))  # every pair once
    lengths = [len(ids) for ids in tokenizer([p for p, _ in pairs], [c for _, c in pairs])["input_ids"]]
    np.testing.assert_array_equal(encoded.truncated, np.array(lengths) > max_length)
    assert encoded.truncated.any() and not encoded.truncated.all()
