"""The seq2seq kind (MiniCheck-Flan-T5 style) on a tiny random T5 with a trained Unigram tokenizer: the score is
exactly softmax(logit("1"), logit("0"))[1] at the first decoding step of the template's text."""

from __future__ import annotations

import pytest

from faithkit.checkers.detectors.detector_options import MINICHECK_T5_TEMPLATE
from faithkit.checkers.registry import build
from faithkit.errors import ModelLoadError, UsageError
from faithkit.records import ClaimCheck, Passage

PASSAGES = (Passage("plans", "The Team plan costs 12 euros per user per month. SSO is only on the Enterprise plan."),)
RAW = {"smoke_check": False, "numbers": False, "arithmetic": False}


def _direct(folder, text: str) -> float:
    """What MiniCheck's inference does, written out: decoder input = start token, softmax over the two ids."""
    import torch
    from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(folder)
    model = AutoModelForSeq2SeqLM.from_pretrained(folder).eval()
    ids = [
        tokenizer("0", add_special_tokens=False)["input_ids"][0],
        tokenizer("1", add_special_tokens=False)["input_ids"][0],
    ]
    batch = tokenizer([text], return_tensors="pt")
    with torch.inference_mode():
        logits = model(**batch, decoder_input_ids=torch.zeros((1, 1), dtype=torch.long)).logits[0, 0]
    return float(torch.softmax(logits[ids], -1)[1])


def test_score_is_the_first_step_probability_of_the_positive_token(detector_models):
    folder = detector_models["t5"]
    checker = build("seq2seq", {"model": str(folder), "premises": "passage", **RAW})
    claim = "SSO is on the Team plan."
    verdict = checker.check([ClaimCheck(claim, PASSAGES)])[0]
    text = "predict: " + PASSAGES[0].text + "</s>" + claim  # MiniCheck: 'predict: ' + doc + eos + claim
    assert verdict.score == pytest.approx(_direct(folder, text), abs=1e-5)
    assert verdict.evidence.text == PASSAGES[0].text
    spec = checker.spec()
    assert spec["template"] == MINICHECK_T5_TEMPLATE and spec["premises"] == "passage"
    assert set(spec["label_token_ids"]) == {"0", "1"}


def test_the_template_is_an_option_and_changes_the_score_and_the_cache_key(detector_models, tmp_path):
    from faithkit.cache import ContentCache

    folder = detector_models["t5"]
    cache = ContentCache(tmp_path / "cache")
    claim = "SSO is on the Team plan."
    default = build(
        "seq2seq",
        {"model": str(folder), "premises": "passage", **RAW, "cache": "use", "cache_dir": str(tmp_path / "cache")},
    )
    other = build(
        "seq2seq",
        {
            "model": str(folder),
            "premises": "passage",
            **RAW,
            "template": "claim: {claim} document: {premise}",
            "cache": "use",
            "cache_dir": str(tmp_path / "cache"),
        },
    )
    a = default.check([ClaimCheck(claim, PASSAGES)])[0]
    b = other.check([ClaimCheck(claim, PASSAGES)])[0]
    assert b.score == pytest.approx(_direct(folder, f"claim: {claim} document: {PASSAGES[0].text}"), abs=1e-5)
    assert a.score != pytest.approx(b.score, abs=1e-6)
    assert cache.count("pair-score") == 2  # one entry per template: no template reads the other's score
    again = build(
        "seq2seq",
        {"model": str(folder), "premises": "passage", **RAW, "cache": "use", "cache_dir": str(tmp_path / "cache")},
    )
    assert again.check([ClaimCheck(claim, PASSAGES)])[0].score == a.score
    assert again.counters["nli_cache_hits"] == 1 and again.counters["nli_pairs_scored"] == 0


def test_bad_templates_and_label_tokens_are_refused(detector_models):
    with pytest.raises(UsageError, match="template"):
        build("seq2seq", {"model": "x", "template": "no fields"})
    with pytest.raises(UsageError, match="template"):
        build("seq2seq", {"model": "x", "template": "{premise} {claim} {other}"})
    with pytest.raises(ModelLoadError, match="same token|not in the vocabulary"):
        build(
            "seq2seq", {"model": str(detector_models["t5"]), **RAW, "positive_token": "1", "negative_token": "1"}
        ).load()
    with pytest.raises(UsageError, match="needs a model"):
        build("seq2seq", {})


def test_long_inputs_are_truncated_flagged_and_counted(detector_models):
    checker = build("seq2seq", {"model": str(detector_models["t5"]), "premises": "passage", "max_length": 16, **RAW})
    verdict = checker.check([ClaimCheck("SSO is on the Team plan.", PASSAGES)])[0]
    assert verdict.truncated and "truncated" in verdict.error
    assert checker.counters["truncated_pairs"] == 1
