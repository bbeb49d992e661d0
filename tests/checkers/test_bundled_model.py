"""The bundled model through the default stack: golden scores on fixed pairs, the window veto, and the issue's
number outcomes with real inference (no scripted verdicts)."""

import pytest

from faithkit.checkers.nli import NLIChecker, bundled_model_path, content_words
from faithkit.checkers.registry import build_checker
from faithkit.records import ClaimCheck, Passage
from tests.larkspur_data import PASSAGES

pytestmark = pytest.mark.slow

BILLING = Passage("billing", "Team plans are billed monthly and can be cancelled at any time, but the current "
                             "month is not refunded. Annual Enterprise contracts can be refunded in full within "
                             "14 days of signing; after that they are not refundable.")
QUESTION = "We're moving our 8-person team to the Team plan. What will it cost, and what do we get?"


@pytest.fixture(scope="module")
def nli():
    return NLIChecker().load()


@pytest.fixture(scope="module")
def default_stack():
    return build_checker("nli")


def test_bundled_model_ships_with_card_and_named_labels(nli):
    assert (bundled_model_path() / "MODEL_CARD.md").is_file()
    assert nli.spec()["labels"] == ["entailment", "neutral", "contradiction"]
    assert nli.spec()["bundled"] is True and nli.spec()["weights"].startswith("sha256:")


def test_golden_scores_on_fixed_pairs(nli):
    pairs = [("Export links expire after 7 days.", "Export links expire after 7 days."),
             ("Export links expire after 7 days.", "Export links expire after 30 days."),
             ("Each user on the Team plan gets 50 GB of storage, pooled across the workspace.",
              "Exports are encrypted with AES-256.")]
    probs = nli.score_pairs(pairs)
    assert probs[0] == pytest.approx([0.9954, 0.0011, 0.0035], abs=2e-3)
    assert probs[1] == pytest.approx([0.0050, 0.0032, 0.9918], abs=2e-3)
    assert probs[2] == pytest.approx([0.0036, 0.9913, 0.0050], abs=2e-3)


def test_window_veto_stops_a_borrowed_word_from_passing_the_flipped_negation(nli):
    flipped = "You can cancel your Team plan at any time, and the current month is refunded."
    faithful = "You can cancel your Team plan at any time, but the current month is not refunded."
    (vetoed,) = nli.check([ClaimCheck(flipped, (BILLING,))])
    # the veto removes the window that borrows "refunded"; the alignment rule (on by default) also removes the
    # windows around the "not refunded" sentence
    assert vetoed.label == "not_supported" and vetoed.detail["vetoed_windows"] >= 1
    assert vetoed.label3 == "contradicted"
    (kept,) = nli.check([ClaimCheck(faithful, (BILLING,))])
    assert kept.label == "supported"
    unvetoed = NLIChecker(window_veto=None, alignment=False).load()
    (passed,) = unvetoed.check([ClaimCheck(flipped, (BILLING,))])
    assert passed.label == "supported"  # the failure the veto exists for


def test_content_words_ignore_stopwords():
    assert content_words("The Team plan is not refunded.") == {"team", "plan", "refunded"}


@pytest.mark.parametrize("claim, label, stage", [
    ("Eight users would pay €96 a month.", "supported", "arithmetic"),
    ("A Team workspace with 8 users has 400 GB of pooled storage.", "supported", "arithmetic"),
    ("A Team workspace with 8 users has 500 GB of pooled storage.", "not_supported", None),
    ("The Team plan includes up to 12 users.", "not_supported", "numbers"),
    ("Every Team user gets fifty gigabytes of storage.", "supported", "nli"),
    ("Export links expire after 7 days.", "supported", "nli"),
    ("Eight users would pay €96 a month and get SSO.", "not_supported", None),
])
def test_number_outcomes_with_the_real_default_checker(default_stack, claim, label, stage):
    (verdict,) = default_stack.check([ClaimCheck(claim, PASSAGES, question=QUESTION)])
    assert verdict.label == label
    if stage:
        assert verdict.stage == stage
    if stage == "arithmetic":
        assert "×" in verdict.evidence.text
