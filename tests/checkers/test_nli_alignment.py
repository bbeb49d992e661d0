"""The bundled model with and without the alignment rule, on the issue-11 passages where windows let a claim
borrow its polarity or its subject from a neighbouring sentence (real inference, one model load)."""

from __future__ import annotations

import numpy as np
import pytest

from faithkit.checkers.nli import NLIChecker
from faithkit.records import ClaimCheck, Passage

SIGN_IN = (Passage("signin", "Accounts support sign-in with passkeys and email links. Phone numbers are not accepted "
                             "as a sign-in method. Passkeys require a device with a screen lock."),)
ADMINS = (Passage("roles", "Admins can reset passwords for members, but not for other admins. Owners can reset "
                           "any password."),)
TICKETS = (Passage("fares", "Flex tickets can be refunded up to 24 hours before departure. Saver tickets are "
                            "non-refundable. Both fares include one checked bag."),)


@pytest.fixture(scope="module")
def checkers() -> dict[bool, NLIChecker]:
    plain = NLIChecker(alignment=False).load()
    # every rule, names included (off by default: it costs 8 points on WiCE dev; opt in for short answers)
    aligned = NLIChecker(alignment=True, alignment_rules="polarity+names+units")
    aligned.scorer = plain.scorer  # one model load for both: the rule works on the same scores
    return {False: plain, True: aligned}


@pytest.mark.parametrize(("claim", "passages"), [
    ("Yes, you can sign in with a phone number, as well as with a passkey.", SIGN_IN),
    ("Admins can reset passwords for other admins.", ADMINS),
    ("Saver tickets can be refunded up to 24 hours before departure.", TICKETS),
])
def test_borrowed_polarity_or_name_is_not_supported(checkers, claim, passages) -> None:
    verdict = checkers[True].check([ClaimCheck(claim, passages)])[0]
    assert verdict.label == "not_supported", verdict
    assert verdict.detail.get("vetoed_windows", 0) >= 1


@pytest.mark.parametrize(("claim", "passages"), [
    ("You can sign in with a passkey or an email link.", SIGN_IN),
    ("Admins can reset passwords for members.", ADMINS),
    ("Flex tickets can be refunded up to 24 hours before departure.", TICKETS),
    ("Saver tickets are non-refundable.", TICKETS),
])
def test_faithful_claims_keep_their_support(checkers, claim, passages) -> None:
    verdicts = {align: c.check([ClaimCheck(claim, passages)])[0] for align, c in checkers.items()}
    assert verdicts[True].label == "supported", verdicts[True]
    assert verdicts[True].score == pytest.approx(verdicts[False].score)


def test_alignment_is_in_the_spec(checkers) -> None:
    assert checkers[True].spec()["alignment"] is True
    assert checkers[True].spec()["alignment_rules"] == "polarity+names+units"
    assert checkers[True].spec()["rebuild"]["alignment_rules"] == "polarity+names+units"
    assert checkers[False].spec()["alignment"] is False


def test_the_default_rules_take_sibling_names_but_not_any_name() -> None:
    default = NLIChecker(smoke_check=False)
    assert default.alignment and default.alignment_rules == ("polarity", "siblings", "scope", "units", "anchors",
                                                             "conditions")


def test_with_no_usable_window_the_evidence_is_the_window_the_model_liked_best(checkers, monkeypatch) -> None:
    """When the rules remove every window without naming a sentence that disagrees, the claim is unsupported and
    its evidence is the window the model scored highest, not whichever window happens to come first."""
    import faithkit.checkers.nli_verdict as nli_verdict
    from faithkit.checkers.rules.window_veto import UsableWindows

    monkeypatch.setattr(nli_verdict, "usable_windows",
                        lambda claim, windows, *args, **kwargs: UsableWindows(np.zeros(len(windows), bool)))
    claim = "Both fares come with one checked bag."  # about the passage's last sentence (not a copy of it)
    verdict = checkers[True].check([ClaimCheck(claim, TICKETS)])[0]
    assert verdict.label == "not_supported" and verdict.score == 0.0
    assert "checked bag" in verdict.evidence.text
    windows = checkers[True].premise_windows(TICKETS)
    probs = checkers[True].score_pairs([(w.premise, claim) for w in windows])
    best = windows[int(np.argmax(probs[:, 0]))]
    assert (verdict.evidence.start, verdict.evidence.end) == (best.start, best.end)
    assert verdict.detail["vetoed_windows"] == len(windows)
