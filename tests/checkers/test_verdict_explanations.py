"""Every verdict says what decided it (issue 31): a rule's verdict names the rule in ``stage`` and
``detail.rule``, a window a rule took away from a claim the model entails is named in the reason, and a
sentence that leans on the one before it ("in time") does not veto the window that joins the two.
Real inference with the bundled model, one load for the module; passages written here."""

from __future__ import annotations

import numpy as np
import pytest

from faithkit.checkers.base import RULE_STAGES
from faithkit.checkers.nli import NLIChecker
from faithkit.checkers.nli_verdict import removed_window_note
from faithkit.checkers.rules.window_veto import Removal, leans_back
from faithkit.records import ClaimCheck, Passage, Window
from faithkit.redecide import ScoredClaim

LOCKERS = (
    Passage("sizes", "Lockers come in three sizes: S (up to 8 kg), M (up to 15 kg) and L (up to 25 kg). Sending a "
                     "parcel costs €3.90 from an S locker, €4.90 from an M locker and €6.90 from an L locker."),
    Passage("collection", "After a parcel is delivered to a locker, you have 72 hours to collect it. If you don't "
                          "collect it in time, it is returned to the sender. You can extend the collection time "
                          "once, by 24 hours, for €1 in the app."),
)
LESSONS = (Passage("policies", "Lessons missed with at least 24 hours' notice can be made up within the same term, "
                               "up to 2 make-ups per term. Pianos are not available to rent."),)


@pytest.fixture(scope="module")
def checker() -> NLIChecker:
    return NLIChecker().load()


def test_a_claim_that_folds_in_the_time_limit_of_the_sentence_before_is_supported(checker) -> None:
    # "in time" is the 72 hours of the sentence before: alone, the sentence contradicts the claim (0.85), the two
    # sentences together entail it; the veto used to remove that window
    verdict = checker.check([ClaimCheck("If you don't collect it within 72 hours, it's returned to the sender.",
                                        LOCKERS)])[0]
    assert verdict.label == "supported", verdict
    assert verdict.evidence is not None and verdict.evidence.passage_id == "collection"


@pytest.mark.parametrize("hours", ["48", "24"])
def test_a_changed_time_limit_is_still_flagged(checker, hours: str) -> None:
    # 24 hours is in the passage (the extension), and the model entails it on the window that goes on to say so
    # (0.81): the veto stands unless the two sentences write the claim's numbers
    verdict = checker.check([ClaimCheck(f"If you don't collect it within {hours} hours, it's returned to the "
                                        "sender.", LOCKERS)])[0]
    assert verdict.label == "not_supported", verdict


@pytest.mark.parametrize(("sentence", "leans"), [
    ("If you don't collect it in time, it is returned to the sender.", True),
    ("After that, storage costs CHF 5 per day.", True),
    ("Otherwise, orders ship the next working day.", True),
    ("During this period, you cannot pause the membership.", True),
    ("Annual contracts can be refunded in full.", False),
    ("Orders placed after 14:00 ship the next day.", False),
    ("We ship them after that.", False),  # "after that" closing a sentence is not its opening case
])
def test_which_sentences_lean_on_the_one_before(sentence: str, leans: bool) -> None:
    assert leans_back(sentence) is leans


def test_a_rule_verdict_names_its_rule_and_stays_at_every_threshold(checker) -> None:
    verdict = checker.check([ClaimCheck("Lessons missed with less than 24 hours' notice aren't made up or refunded.",
                                        LESSONS)])[0]
    assert verdict.label == "not_supported"
    assert verdict.stage == "rule:polarity" and verdict.detail["rule"] == "polarity"
    assert "polarity:" in verdict.detail["reason"]
    assert verdict.stage in RULE_STAGES and RULE_STAGES[verdict.stage].kept == "decided by the polarity rule"
    # sweep and rescore keep a rule's verdict whatever the threshold (its score is 0, not the model's)
    scored = ScoredClaim(None, verdict)  # type: ignore[arg-type]
    assert scored.sweep_score is None and scored.flagged_at(0.0) and scored.flagged_at(0.99)


def test_a_model_verdict_keeps_the_checker_stage(checker) -> None:
    verdict = checker.check([ClaimCheck("Pianos can be rented by the month.", LESSONS)])[0]
    assert verdict.label == "not_supported" and verdict.stage == "nli" and "rule" not in verdict.detail


def test_a_window_the_veto_took_away_is_named_in_the_reason(checker) -> None:
    first, second = "You have 72 hours to collect it.", "Uncollected parcels are kept for a week."
    windows = [Window("collection", first, 0, 32), Window("collection", second, 33, 73),
               Window("collection", f"{first} {second}", 0, 73)]
    probs = np.array([[0.1, 0.8, 0.1], [0.02, 0.08, 0.9], [0.7, 0.2, 0.1]])
    read = np.ones(3, bool)
    request = ClaimCheck("Parcels are kept for 72 hours.", LOCKERS)
    note = removed_window_note(checker, windows, probs, read, {2: Removal("veto", 1)}, request.claim, request)
    assert note == ('; [collection] would entail it (0.70), but its sentence "Uncollected parcels are kept for a '
                    'week." alone contradicts it (0.90: the window veto)')
    # a removed window the model does not entail is not news: nothing is added
    assert removed_window_note(checker, windows, probs, read, {1: Removal("veto", 1)}, request.claim, request) == ""
    # nor is a window the model did not read
    assert removed_window_note(checker, windows, probs, np.array([True, True, False]), {2: Removal("veto", 1)},
                               request.claim, request) == ""
