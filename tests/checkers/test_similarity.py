"""The similarity baseline on the Larkspur lesson's Move 1 answers (real all-MiniLM-L6-v2, offline)."""

import pytest

from faithkit.checkers.similarity import SimilarityChecker
from faithkit.records import ClaimCheck, Passage
from tests.extras import needs_similarity

pytestmark = [pytest.mark.slow, needs_similarity]

PASSAGE = Passage("billing", "Team plans are billed monthly and can be cancelled at any time, but the current "
                             "month is not refunded. Annual Enterprise contracts can be refunded in full within "
                             "14 days of signing; after that they are not refundable.")
ANSWERS = {
    "A": "You can cancel your Team plan at any time, but the current month is not refunded.",
    "B": "You can cancel your Team plan at any time, and the current month is refunded.",
    "C": "You can stop your Team subscription whenever you like, but you will not get this month's payment back.",
}


@pytest.fixture(scope="module")
def verdicts():
    checker = SimilarityChecker()
    return dict(zip(ANSWERS, checker.check([ClaimCheck(a, (PASSAGE,)) for a in ANSWERS.values()])))


def test_reproduces_the_lesson_scores(verdicts):
    assert verdicts["A"].score == pytest.approx(0.769, abs=0.002)
    assert verdicts["B"].score == pytest.approx(0.765, abs=0.002)
    assert verdicts["C"].score == pytest.approx(0.548, abs=0.002)


def test_similarity_cannot_see_the_flipped_negation(verdicts):
    """The reason it exists: B promises a refund the passage rules out, and it passes the 0.7 alert,
    while the faithful paraphrase C fails it."""
    assert verdicts["B"].label == "supported"
    assert verdicts["C"].label == "not_supported"
    assert verdicts["B"].evidence.passage_id == "billing"
