"""The second opinion (checkers/nli_verdict.py): a second model may only turn "nothing found" into supported.

The plumbing runs with the bundled model as its own second opinion at a low threshold, so that what it may
overturn is visible: a claim the first model neither supports nor contradicts is supported, while a contradicted
claim and a claim a rule refutes keep their verdicts whatever the second model says.
"""

from __future__ import annotations

import pytest

from faithkit.checkers.nli import NLIChecker, bundled_model_path, bundled_second_opinion_path
from faithkit.checkers.nli_options import NLIOptions
from faithkit.checkers.nli_verdict import is_candidate, second_opinion_verdict
from faithkit.records import ClaimCheck, Evidence, Passage, Verdict

BILLING = Passage("billing", "Team plans are billed monthly and can be cancelled at any time, but the current month "
                             "is not refunded. Annual Enterprise contracts can be refunded in full within 14 days of "
                             "signing; after that they are not refundable.")
PLANS = Passage("plans", "The Team plan costs €12 per user per month and includes up to 10 users. Single sign-on "
                         "(SSO) is available only on the Enterprise plan.")
PARAPHRASE = "You can stop your Team subscription whenever you like, but you will not get this month's payment back."
FLIPPED = "You can cancel your Team plan at any time, and the current month is refunded."
SWAPPED = "SSO is available on the Team plan."


def request(claim: str, *passages: Passage) -> ClaimCheck:
    return ClaimCheck(claim=claim, passages=passages or (BILLING, PLANS))


@pytest.fixture(scope="module")
def checkers() -> tuple[NLIChecker, NLIChecker]:
    first = NLIChecker(second_opinion=None)
    lenient = NLIChecker(second_opinion=bundled_model_path(), second_threshold=0.01)
    return first, lenient


def test_a_claim_nothing_was_found_on_is_asked_again(checkers) -> None:
    first, lenient = checkers
    alone, = first.check([request(PARAPHRASE)])
    assert alone.label == "not_supported" and alone.label3 == "not_found" and alone.score < first.threshold
    asked, = lenient.check([request(PARAPHRASE)])
    assert asked.label == "supported"
    assert asked.detail["second_opinion"] is True
    assert asked.detail["first_opinion"]["score"] == pytest.approx(alone.score)
    assert lenient.counters["second_opinion_candidates"] == 1
    assert lenient.counters["second_opinion_supported"] == 1


def test_contradicted_and_rule_refuted_claims_are_never_asked(checkers) -> None:
    first, lenient = checkers
    before = lenient.counters["second_opinion_candidates"]
    verdicts = lenient.check([request(FLIPPED), request(SWAPPED)])
    assert [v.label for v in verdicts] == ["not_supported", "not_supported"]
    assert [v.label for v in first.check([request(FLIPPED), request(SWAPPED)])] == ["not_supported"] * 2
    assert not any(v.detail.get("second_opinion") for v in verdicts)
    assert lenient.counters["second_opinion_candidates"] == before


def test_the_spec_names_the_second_model_and_its_threshold(checkers) -> None:
    _, lenient = checkers
    spec = lenient.spec()["second_opinion"]
    assert spec["threshold"] == 0.01 and spec["weights"].startswith("sha256:")
    assert NLIOptions(second_opinion="off").second_opinion is None


def test_the_second_model_reads_only_the_closest_windows(checkers) -> None:
    """With pruning on it reads the windows sharing the most of the claim's words (``prune_first``'s share), in
    one step and without the re-read: on every dev, holdout and help-center set no verdict or score moved, and
    a third fewer pairs were read (issue 34). With pruning off it reads the related half as before."""
    _, lenient = checkers
    assert lenient.second.prune_windows == lenient._first_share == 1.0 and not lenient.second.prune_recheck
    every = NLIChecker(second_opinion=bundled_model_path(), prune_windows="off")
    assert every.second.prune_windows == 0.5


def test_only_a_supporting_second_verdict_replaces_the_first() -> None:
    evidence = Evidence("billing", "Team plans ...", 0, 10)
    first = Verdict("not_supported", "nli", score=0.2, evidence=evidence, label3="not_found")
    claim = "Team plans include SSO."
    assert is_candidate(first, claim)
    assert not is_candidate(Verdict("not_supported", "nli", score=0.0, label3="not_found",
                                    detail={"disagreeing_sentence": True}), claim)
    assert not is_candidate(Verdict("supported", "nli", score=0.9, label3="supported"), claim)
    no = Verdict("not_supported", "nli", score=0.5, label3="not_found")
    assert second_opinion_verdict(first, no) is first
    yes = Verdict("supported", "nli", score=0.95, evidence=evidence, label3="supported")
    merged = second_opinion_verdict(first, yes)
    assert merged.label == "supported" and merged.score == 0.95
    assert merged.detail["first_opinion"] == {"score": 0.2, "label3": "not_found", "evidence": "Team plans ..."}


def test_the_bundled_model_gets_the_bundled_second_opinion_and_a_chosen_model_none(tiny_nli) -> None:
    default = NLIChecker()
    assert default.second is not None and default.second.model_source == bundled_second_opinion_path()
    assert default.second.threshold == NLIOptions().second_threshold and default.second.second is None
    assert default.children() == (default.second,)
    assert NLIChecker(model=tiny_nli, smoke_check=False).second is None
    assert NLIChecker(second_opinion="off").second is None


def test_a_sweep_of_a_run_with_a_second_opinion_is_what_reruns_give(checkers) -> None:
    """Below the run's threshold every sweep point is a rerun; above it, a claim the second opinion supported stays
    supported (as in a rerun) and the first model's supported claims that a rerun would re-ask are counted."""
    from faithkit.io.claim_rows import ClaimRow
    from faithkit.sweep import scored_claims, sweep

    claims = [PARAPHRASE, FLIPPED, SWAPPED, "Team plans can be cancelled at any time.",
              "The Team plan includes up to 10 users."]
    rows = [ClaimRow(f"c{i}", c, (BILLING, PLANS), "supported", None) for i, c in enumerate(claims)]
    _, lenient = checkers
    scored = scored_claims(lenient, rows, lenient.check([request(c) for c in claims]))
    assert scored[0].by_second_opinion and all(s.second_opinion for s in scored)
    for t in (0.05, 0.3, 0.995):
        rerun = NLIChecker(threshold=t, second_opinion=bundled_model_path(), second_threshold=0.01)
        again = [v.label != "supported" for v in rerun.check([request(c) for c in claims])]
        swept = [s.flagged_at(t) for s in scored]
        exact = [s.redecided_at(t) for s in scored]
        assert [a for a, e in zip(again, exact) if e] == [s for s, e in zip(swept, exact) if e]
        assert not swept[0] and not again[0]  # the second opinion's claim, at every threshold
    point, = sweep("nli", lenient.spec(), scored, [0.995]).points
    assert point.not_redecided == sum(not s.redecided_at(0.995) for s in scored) > 0


@pytest.mark.parametrize("claim, asked", [
    ("Short-loan items are the ones marked with a red label.", True),
    ("Electricity isn't discounted.", True),
    ("Annual Enterprise contracts are not refundable after 7 days.", False),
    ("No, unused data never rolls over, not even on Max.", False),
    ("Nothing is refunded after the first week.", False),
    ("Links cannot be shared with anyone outside the workspace.", False),
])
def test_a_claim_the_first_model_contradicts_is_asked_unless_it_negates_every_case_or_a_number(claim, asked) -> None:
    """Session 35: the first model contradicts faithful paraphrases ("... are the ones marked with a red label"
    against "..., marked with a red label, are lent for 24 hours and cannot be renewed": 0.96), so the second model
    is asked about them too; not where the claim negates every case or negates a statement with a number, the
    flipped negations and swapped numbers the second model lets through."""
    contradicted = Verdict("not_supported", "nli", score=0.02, label3="contradicted")
    assert is_candidate(contradicted, claim) is asked
