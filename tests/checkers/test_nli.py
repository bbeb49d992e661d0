"""NLI checker with real transformers code on tiny models built from configs in the test."""

import numpy as np
import pytest

from faithkit.checkers.labels import resolve_label_order
from faithkit.checkers.nli import NLIChecker
from faithkit.errors import LabelOrderError, ModelLoadError
from faithkit.records import ClaimCheck, Passage
from tests.conftest import ORDER_A, build_tiny_nli

PASSAGES = (
    Passage("plans", "The Team plan costs 12 euros per user. SSO is only on the Enterprise plan."),
    Passage("storage", "Each user gets 50 GB of storage. Storage is pooled across the workspace."),
)


def requests(*claims):
    return [ClaimCheck(c, PASSAGES, group="g") for c in claims]


@pytest.mark.parametrize("id2label, expected", [
    ({0: "contradiction", 1: "entailment", 2: "neutral"}, (1, 2, 0)),
    ({0: "CONTRADICTION", 1: "NEUTRAL", 2: "ENTAILMENT"}, (2, 1, 0)),
    ({"0": "entailment", "1": "neutral", "2": "contradiction"}, (0, 1, 2)),
])
def test_label_order_read_by_name(id2label, expected):
    order = resolve_label_order(id2label)
    assert (order.entailment, order.neutral, order.contradiction) == expected


def test_two_way_head_supported():
    order = resolve_label_order({0: "not_entailment", 1: "entailment"})
    assert order.entailment == 1 and order.not_entailment == 0 and order.contradiction is None


@pytest.mark.parametrize("id2label", [
    {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"},
    {0: "entailment", 1: "entailment", 2: "neutral"},
    {0: "entailment", 1: "neutral"},
    {},
])
def test_unknown_or_ambiguous_label_order_is_an_error(id2label):
    with pytest.raises(LabelOrderError):
        resolve_label_order(id2label)


def test_same_verdicts_whatever_the_label_order(tiny_nli, tiny_nli_permuted):
    a = NLIChecker(tiny_nli, smoke_check=False, threshold=0.3)
    b = NLIChecker(tiny_nli_permuted, smoke_check=False, threshold=0.3)
    claims = requests("The Team plan costs 12 euros.", "Storage is pooled.", "SSO is on the Team plan.")
    va, vb = a.check(claims), b.check(claims)
    assert a.spec()["labels"] != b.spec()["labels"]
    for x, y in zip(va, vb):
        assert x.label == y.label and x.evidence == y.evidence
        assert x.probs == pytest.approx(y.probs, abs=1e-5)
    # a hard-coded index would read a different column from the permuted model: the bug this prevents
    # (read through torch: the default ONNX scorer keeps no torch model)
    torch_a, torch_b = (NLIChecker(m, smoke_check=False, backend="torch").scorer for m in (tiny_nli, tiny_nli_permuted))
    raw_a = torch_a.model(**torch_a.tokenizer(["x"], ["y"], return_tensors="pt")).logits.softmax(-1)
    raw_b = torch_b.model(**torch_b.tokenizer(["x"], ["y"], return_tensors="pt")).logits.softmax(-1)
    assert not np.allclose(raw_a[0, 0].item(), raw_b[0, 0].item())


def test_unknown_labels_refused_at_load(tmp_path):
    folder = build_tiny_nli(tmp_path / "m", {0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"})
    with pytest.raises(LabelOrderError):
        NLIChecker(folder, smoke_check=False).load()


def test_failing_smoke_check_refuses_the_model(tiny_nli):
    with pytest.raises(ModelLoadError, match="smoke check"):
        NLIChecker(tiny_nli).load()


def test_verdict_keeps_best_window_offsets_and_probs(tiny_nli):
    checker = NLIChecker(tiny_nli, smoke_check=False)
    (verdict,) = checker.check(requests("Storage is pooled across the workspace."))
    ev = verdict.evidence
    passage = next(p for p in PASSAGES if p.id == ev.passage_id)
    assert passage.text[ev.start:ev.end] == ev.text
    assert set(verdict.probs) == {"entailment", "neutral", "contradiction"}
    assert sum(verdict.probs.values()) == pytest.approx(1.0, abs=1e-5)
    assert verdict.score == verdict.probs["entailment"]
    # the claim copies a passage sentence: supported by the copy rule whatever the tiny model reads
    assert verdict.detail.get("copy") and verdict.label == "supported"
    assert verdict.label3 in {"supported", "contradicted", "not_found"}


def test_best_window_is_the_max_over_windows(tiny_nli):
    checker = NLIChecker(tiny_nli, smoke_check=False)
    claim = "Every user gets 50 GB of storage."  # not a copy: the copy rule would decide a copy
    (verdict,) = checker.check(requests(claim))
    from faithkit.text.windows import all_windows

    probs = checker.score_pairs([(w.text, claim) for w in all_windows(PASSAGES)])
    assert verdict.score == pytest.approx(probs[:, 0].max(), abs=1e-6)


def test_identical_pairs_scored_once(tiny_nli):
    checker = NLIChecker(tiny_nli, smoke_check=False)
    checker.check(requests("Same claim.", "Same claim.", "Other claim."))
    windows = 6  # 2 passages x (2 single + 1 double)
    assert checker.counters["nli_pairs"] == 3 * windows
    assert checker.counters["nli_pairs_unique"] == 2 * windows


def test_truncation_is_flagged(tmp_path):
    folder = build_tiny_nli(tmp_path / "short", ORDER_A, max_positions=40)
    checker = NLIChecker(folder, smoke_check=False)
    long_passage = (Passage("long", "word " * 60 + "end."),)
    (short,) = checker.check(requests("Storage is pooled."))
    (long,) = checker.check([ClaimCheck("Storage is pooled.", long_passage)])
    assert not short.truncated
    assert long.truncated and "truncated" in long.error
    assert checker.counters["truncated_pairs"] >= 1


def test_no_passages_is_not_supported_with_reason(tiny_nli):
    (verdict,) = NLIChecker(tiny_nli, smoke_check=False).check([ClaimCheck("Anything.", ())])
    assert verdict.label == "not_supported" and "no passage" in verdict.error


def test_missing_model_folder_is_a_load_error(tmp_path):
    with pytest.raises(ModelLoadError):
        NLIChecker(tmp_path / "nowhere", smoke_check=False).load()


def test_cached_rerun_scores_no_pair_and_gives_identical_verdicts(tiny_nli, tmp_path):
    from faithkit.cache import ContentCache

    claims = requests("Storage is pooled.", "SSO is on the Team plan.")
    first = NLIChecker(tiny_nli, smoke_check=False, cache=ContentCache(tmp_path / "c"))
    v1 = first.check(claims)
    scored = first.counters["nli_pairs_scored"]  # 9 of the 12 pairs: a refuted claim re-reads one passage
    assert 0 < scored <= 12 and first.counters["nli_cache_hits"] == 0
    second = NLIChecker(tiny_nli, smoke_check=False, cache=ContentCache(tmp_path / "c"))
    v2 = second.check(claims)
    assert second.counters["nli_pairs_scored"] == 0 and second.counters["nli_cache_hits"] == scored
    for a, b in zip(v1, v2):
        assert a.probs == pytest.approx(b.probs) and a.evidence == b.evidence and a.label == b.label
    other = NLIChecker(tiny_nli, smoke_check=False, max_length=64, cache=ContentCache(tmp_path / "c"))
    other.check(claims)
    assert other.counters["nli_cache_hits"] == 0  # a setting that changes scores misses the cache


def test_registry_refuses_options_a_checker_does_not_have():
    from faithkit.checkers.registry import build_checker
    from faithkit.errors import UsageError

    with pytest.raises(UsageError, match="no option"):
        build_checker("nli", judge_mode="batch")


def test_registry_passes_nli_options(tiny_nli):
    from faithkit.checkers.registry import build_checker

    checker = build_checker("nli", model=str(tiny_nli), numbers=False, arithmetic=False, window_veto=None,
                            smoke_check=False)
    assert checker.spec()["window_veto"] is None
    assert checker.check([ClaimCheck("A claim.", PASSAGES)])[0].stage == "nli"


def test_window_veto_looks_at_the_sentence_the_claim_is_about_in_windows_of_any_size():
    """A 3-sentence window is vetoed when its middle sentence (the one the claim is about) contradicts the claim;
    windows without that sentence, and one-sentence windows, stay usable."""
    from faithkit.text.windows import all_windows

    passage = Passage("billing", "Cats are welcome. The current month is not refunded. Birds are welcome.")
    windows = all_windows((passage,), 3)
    texts = [w.text for w in windows]
    probs = np.tile([0.6, 0.3, 0.1], (len(windows), 1))
    probs[texts.index("The current month is not refunded."), 2] = 0.9
    from faithkit.checkers.rules.window_veto import usable_windows

    usable = usable_windows("The current month is refunded.", windows, probs, 0.8).mask  # alignment off: veto alone
    vetoed = sorted(t for t, ok in zip(texts, usable) if not ok)
    assert vetoed == sorted(t for t in texts if "not refunded" in t and t != "The current month is not refunded.")
    assert len(vetoed) == 3  # two pairs and the triple


def test_window_sentences_reach_the_checker_from_the_registry(tiny_nli):
    from faithkit.checkers.registry import build_checker
    from faithkit.errors import UsageError

    checker = build_checker("nli", model=str(tiny_nli), numbers=False, arithmetic=False, window_sentences=1,
                            smoke_check=False)
    assert checker.spec()["window_sentences"] == 1 and checker.spec()["windows"] == "1-1 sentences within one passage"
    with pytest.raises(UsageError, match="window_sentences"):
        build_checker("similarity", window_sentences=2)
    with pytest.raises(UsageError, match="window_sentences"):  # validated by NLIOptions, as any option
        NLIChecker(model=tiny_nli, window_sentences=0)
