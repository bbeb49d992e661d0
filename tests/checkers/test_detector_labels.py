"""Label roles of every head shape, in every label order: the same weights written down in two orders give the
same verdicts, the positive output is found by name or by an explicit option, never by index."""

from __future__ import annotations

import pytest

from faithkit.checkers.labels import resolve_positive_label
from faithkit.checkers.registry import build
from faithkit.errors import LabelOrderError
from faithkit.records import ClaimCheck, Passage

PASSAGES = (
    Passage(
        "plans",
        "The Team plan costs 12 euros per user per month. SSO is only on the Enterprise plan. "
        "Refunds are issued within 14 days of a request.",
    ),
    Passage("billing", "The current month is not refunded. Exports run every night at 2 am."),
)
CLAIMS = [
    "SSO is on the Team plan.",
    "The Team plan costs 12 euros per user per month.",
    "Exports run hourly.",
    "Refunds take 14 days.",
]
RAW = {"smoke_check": False, "numbers": False, "arithmetic": False}


def _verdicts(kind: str, folder, **options):
    checker = build(kind, {"model": str(folder), **RAW, **options})
    return checker, checker.check([ClaimCheck(c, PASSAGES) for c in CLAIMS])


def _same(a, b) -> None:
    assert [v.score for v in a] == pytest.approx([v.score for v in b], abs=1e-6)
    assert [v.label for v in a] == [v.label for v in b]
    assert [v.evidence.text for v in a] == [v.evidence.text for v in b]
    assert [v.label3 for v in a] == [v.label3 for v in b]


def test_positive_label_by_name_or_explicit_never_by_index():
    assert resolve_positive_label({0: "not_supported", 1: "supported"}).entailment == 1
    assert resolve_positive_label({"0": "Supported", "1": "Unsupported"}).entailment == 0
    with pytest.raises(LabelOrderError, match="positive_label"):
        resolve_positive_label({0: "LABEL_0", 1: "LABEL_1"})
    with pytest.raises(LabelOrderError, match="positive_label"):
        resolve_positive_label({0: "0", 1: "1"})
    assert resolve_positive_label({0: "LABEL_0", 1: "LABEL_1"}, "LABEL_1").entailment == 1
    assert resolve_positive_label({0: "LABEL_0", 1: "LABEL_1"}, "1").entailment == 1  # explicit: the user said so
    assert resolve_positive_label({0: "0", 1: "1"}, "0").entailment == 0
    with pytest.raises(LabelOrderError, match="exactly one"):
        resolve_positive_label({0: "LABEL_0", 1: "LABEL_1"}, "yes")
    with pytest.raises(LabelOrderError, match="contradicts"):
        resolve_positive_label({0: "not_supported", 1: "supported"}, "not_supported")
    with pytest.raises(LabelOrderError, match="nli kind"):
        resolve_positive_label({0: "entailment", 1: "neutral", 2: "contradiction"})
    with pytest.raises(LabelOrderError, match="unknown label|positive_label"):
        resolve_positive_label({0: "fish", 1: "supported"})


@pytest.mark.parametrize("arch", ["bert", "roberta", "deberta-v2"])
def test_classifier_heads_in_two_label_orders_give_the_same_verdicts(detector_models, arch):
    _, base = _verdicts("classifier", detector_models[f"{arch}/supported"], chunk_size=12)
    checker, permuted = _verdicts("classifier", detector_models[f"{arch}/supported-permuted"], chunk_size=12)
    _same(base, permuted)
    assert checker.spec()["positive_label"] == "supported" and checker.spec()["labels"] == [
        "supported",
        "not_supported",
    ]


def test_indexed_labels_need_the_option_and_then_follow_it_in_any_order(detector_models):
    with pytest.raises(LabelOrderError, match="positive_label"):
        build("classifier", {"model": str(detector_models["bert/indexed"]), **RAW}).load()
    _, base = _verdicts("classifier", detector_models["bert/indexed"], positive_label="LABEL_1")
    _, permuted = _verdicts("classifier", detector_models["bert/indexed-permuted"], positive_label="LABEL_1")
    _same(base, permuted)
    _, other = _verdicts("classifier", detector_models["bert/indexed"], positive_label="LABEL_0")
    assert [v.score for v in other] != pytest.approx([v.score for v in base], abs=1e-6)


@pytest.mark.parametrize("arch", ["bert", "roberta", "deberta-v2"])
def test_three_way_nli_heads_in_two_orders_give_the_same_verdicts(detector_models, arch):
    _, base = _verdicts("nli", detector_models[f"{arch}/nli3"])
    _, permuted = _verdicts("nli", detector_models[f"{arch}/nli3-permuted"])
    _same(base, permuted)
    assert [v.probs["contradiction"] for v in base] == pytest.approx([v.probs["contradiction"] for v in permuted])


def test_two_way_nli_heads_in_two_orders_give_the_same_verdicts(detector_models):
    _, base = _verdicts("nli", detector_models["bert/nli2"])
    _, permuted = _verdicts("nli", detector_models["bert/nli2-permuted"])
    _same(base, permuted)
    assert all(v.probs["contradiction"] == 0.0 for v in base)


def test_the_classifier_kind_refuses_a_three_way_head(detector_models):
    with pytest.raises(LabelOrderError, match="nli kind"):
        build("classifier", {"model": str(detector_models["bert/nli3"]), **RAW}).load()
