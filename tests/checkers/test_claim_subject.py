"""A pronoun subject read with the name it stands for, for the alignment rules only
(checkers/rules/claim_subject.py)."""

from __future__ import annotations

import pytest

from faithkit.checkers.rules.alignment import exclusivity_conflict
from faithkit.checkers.rules.claim_subject import with_subject

TEAM_8 = ("The Team plan costs €12 per user per month, so your 8 users would pay €96 a month. "
          "It includes up to 10 users and SSO. Each user gets 50 GB of storage.")
PLANS = ("The Team plan costs €12 per user per month and includes up to 10 users. "
         "Single sign-on (SSO) is available only on the Enterprise plan.")


@pytest.mark.parametrize(("claim", "answer", "question", "expected"), [
    # the name of the sentence before
    ("It includes up to 10 users and SSO.", TEAM_8, "", "It (Team) includes up to 10 users and SSO."),
    # the first sentence of an answer takes its antecedent from the question
    ("It costs £30 a year.", "It costs £30 a year. It gives a third off.", "How much is the Railcard?",
     "It (Railcard) costs £30 a year."),
    ("Yes, they can bring one guest.", "Full members? Yes, they can bring one guest.", "",
     "Yes, they (Full) can bring one guest."),
    # nothing to resolve, nothing found, or a claim the answer does not contain: left as written
    ("Each user gets 50 GB of storage.", TEAM_8, "", "Each user gets 50 GB of storage."),
    ("It is free.", "You pay nothing. It is free.", "what does it cost?", "It is free."),
    ("It includes SSO.", TEAM_8, "", "It includes SSO."),
    # an "it" that stands for nothing
    ("It is not possible to add SSO.", "The Team plan costs €12. It is not possible to add SSO.", "",
     "It is not possible to add SSO."),
    ("It's free to invite guests.", "Plus has guests. It's free to invite guests.", "", "It's free to invite guests."),
    ("It takes 3 days to arrive.", "The Team card is posted. It takes 3 days to arrive.", "",
     "It takes 3 days to arrive."),
    # only a name in the subject of the sentence before: not one after a comma or a preposition
    ("It is included on Plus.", "On Free, guest access costs €2. It is included on Plus.", "",
     "It is included on Plus."),
    ("It can be switched on.", "In the app, roaming on Lite is off. It can be switched on.", "",
     "It can be switched on."),
    ("Itemised bills are free.", "Itemised bills are free.", "Does Plus have them?", "Itemised bills are free."),
])
def test_a_leading_pronoun_gets_the_first_name_before_it(claim, answer, question, expected) -> None:
    assert with_subject(claim, answer, question, (PLANS,)) == expected


def test_the_resolved_claim_meets_the_exclusivity_rule_the_bare_one_escapes() -> None:
    sso = "Single sign-on (SSO) is available only on the Enterprise plan."
    claim = "It includes up to 10 users and SSO."
    assert not exclusivity_conflict(claim, sso, (PLANS,))
    assert exclusivity_conflict(with_subject(claim, TEAM_8, "", (PLANS,)), sso, (PLANS,))
