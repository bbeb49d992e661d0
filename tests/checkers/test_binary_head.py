"""Label roles: a binary detector head (LABEL_0 / LABEL_1, or not_supported / supported) through the NLI path.

The model is a tiny random BERT saved to a folder (real transformers code, real inference); the verdict's score
must be exactly the model's probability for the declared "supported" output on the best window.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from faithkit.checkers.base import pair_scorer
from faithkit.checkers.labels import resolve_label_order
from faithkit.checkers.nli import bundled_model_path
from faithkit.checkers.registry import build
from faithkit.errors import LabelOrderError
from faithkit.records import ClaimCheck, Passage
from faithkit.text.windows import all_windows
from tests.extras import importorskip

PASSAGES = (Passage("plans", "The Team plan costs €12 per user per month. SSO is only on the Enterprise plan."),
            Passage("billing", "The current month is not refunded."))
CLAIMS = ["SSO is on the Team plan.", "The Team plan costs €12 per user per month."]


def build_binary_head(folder: Path, id2label: dict[int, str], seed: int = 0) -> Path:
    importorskip("transformers", "torch")
    import torch
    from transformers import BertConfig, BertForSequenceClassification

    config = BertConfig(vocab_size=30522, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                        intermediate_size=64, max_position_embeddings=128, num_labels=2, id2label=id2label,
                        label2id={v: k for k, v in id2label.items()})
    torch.manual_seed(seed)
    BertForSequenceClassification(config).save_pretrained(folder)
    for name in ("tokenizer.json", "tokenizer_config.json", "vocab.txt", "special_tokens_map.json"):
        shutil.copy(bundled_model_path() / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def label_head(tmp_path_factory) -> Path:
    return build_binary_head(tmp_path_factory.mktemp("binary-label"), {0: "LABEL_0", 1: "LABEL_1"})


def _direct_support(folder: Path, premise: str, claim: str, index: int) -> float:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(folder)
    model = AutoModelForSequenceClassification.from_pretrained(folder).eval()
    with torch.inference_mode():
        logits = model(**tokenizer([premise], [claim], return_tensors="pt")).logits
    return float(torch.softmax(logits, -1)[0, index])


def test_label_names_that_say_nothing_need_a_declared_role():
    with pytest.raises(LabelOrderError, match="entailment_label"):
        resolve_label_order({0: "LABEL_0", 1: "LABEL_1"})
    order = resolve_label_order({0: "LABEL_0", 1: "LABEL_1"}, entailment_label="LABEL_1")
    assert (order.entailment, order.not_entailment, order.contradiction) == (1, 0, None)
    with pytest.raises(LabelOrderError, match="exactly one"):
        resolve_label_order({0: "LABEL_0", 1: "LABEL_1"}, entailment_label="LABEL_7")


def test_a_declared_binary_head_scores_with_the_supported_output(label_head):
    checker = build("nli", {"model": str(label_head), "entailment_label": "LABEL_1", "smoke_check": False,
                            "numbers": False, "arithmetic": False, "alignment": False})
    verdicts = checker.check([ClaimCheck(c, PASSAGES) for c in CLAIMS])
    windows = all_windows(PASSAGES)
    for claim, verdict in zip(CLAIMS, verdicts):
        expected = max(_direct_support(label_head, w.text, claim, 1) for w in windows)
        assert verdict.score == pytest.approx(expected, abs=1e-5)
        assert verdict.probs["neutral"] == pytest.approx(1 - verdict.score, abs=1e-5)
        assert verdict.probs["contradiction"] == 0.0 and verdict.label3 != "contradicted"
        assert verdict.label == ("supported" if verdict.score >= checker.threshold else "not_supported")
    assert checker.spec()["entailment_label"] == "LABEL_1"
    assert checker.spec()["rebuild"]["entailment_label"] == "LABEL_1"

    flipped = build("nli", {"model": str(label_head), "entailment_label": "LABEL_0", "smoke_check": False,
                            "numbers": False, "arithmetic": False})
    probs = pair_scorer(flipped).score_pairs([(windows[0].text, CLAIMS[0])])
    assert probs[0, 0] == pytest.approx(_direct_support(label_head, windows[0].text, CLAIMS[0], 0), abs=1e-5)


def test_a_binary_head_named_by_meaning_needs_no_declaration(tmp_path):
    folder = build_binary_head(tmp_path / "named", {0: "not_supported", 1: "supported"}, seed=1)
    checker = build("nli", {"model": str(folder), "smoke_check": False, "numbers": False, "arithmetic": False,
                            "alignment": False})  # the raw best window: no window rule may remove one
    verdict = checker.check([ClaimCheck(CLAIMS[0], PASSAGES)])[0]
    expected = max(_direct_support(folder, w.text, CLAIMS[0], 1) for w in all_windows(PASSAGES))
    assert verdict.score == pytest.approx(expected, abs=1e-5)
