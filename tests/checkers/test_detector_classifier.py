"""The classifier kind's input formats: the tokenizer's pair encoding, or MiniCheck's one text
(premise + end-of-sequence token + claim), each scored exactly as the model scores it directly."""

from __future__ import annotations

import pytest

from faithkit.checkers.registry import build
from faithkit.records import ClaimCheck, Passage

PREMISE = "SSO is only on the Enterprise plan."
CLAIM = "SSO is on the Team plan."


def _direct(folder, *texts: str) -> float:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(folder)
    model = AutoModelForSequenceClassification.from_pretrained(folder).eval()
    with torch.inference_mode():
        logits = model(**tokenizer(*[[t] for t in texts], return_tensors="pt")).logits
    return float(torch.softmax(logits, -1)[0, model.config.label2id["supported"]])


@pytest.mark.parametrize("arch", ["bert", "roberta"])
def test_pair_and_eos_inputs_score_what_the_model_scores(detector_models, arch):
    folder = detector_models[f"{arch}/supported"]
    request = [ClaimCheck(CLAIM, (Passage("p", PREMISE),))]
    raw = {"model": str(folder), "smoke_check": False, "numbers": False, "arithmetic": False}
    pair = build("classifier", raw).check(request)[0]
    eos = build("classifier", {**raw, "input_format": "eos"}).check(request)[0]
    assert pair.score == pytest.approx(_direct(folder, PREMISE, CLAIM), abs=1e-6)
    assert eos.score == pytest.approx(_direct(folder, f"{PREMISE}[SEP]{CLAIM}"), abs=1e-6)  # WordPiece: sep
    assert pair.score != pytest.approx(eos.score, abs=1e-7)


def test_an_unloaded_detector_pickles_and_scores_the_same_after(detector_models):
    import pickle

    request = [ClaimCheck(CLAIM, (Passage("p", PREMISE),))]
    for kind, folder in (("classifier", detector_models["bert/supported"]), ("seq2seq", detector_models["t5"])):
        checker = build(kind, {"model": str(folder), "smoke_check": False})
        copy = pickle.loads(pickle.dumps(checker))
        assert copy.check(request)[0].score == pytest.approx(checker.check(request)[0].score, abs=1e-7)
