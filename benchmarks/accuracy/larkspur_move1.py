"""The lesson's Move 1 answers (A faithful, B flipped negation, C paraphrase, and the casual answer) through the
bundled model, next to the figures the lesson published for cross-encoder/nli-deberta-v3-base.

    PYTHONPATH=src python benchmarks/accuracy/larkspur_move1.py

Two rows per answer: the model alone on the best window (no veto) and the default checker of `faithkit check`
(window veto on). The lesson scored the whole passage as one premise; faithkit scores windows of it.
"""

from __future__ import annotations

from faithkit.checkers.nli import NLIChecker
from faithkit.records import ClaimCheck, Passage

PASSAGE = Passage("billing", "Team plans are billed monthly and can be cancelled at any time, but the current "
                             "month is not refunded. Annual Enterprise contracts can be refunded in full within "
                             "14 days of signing; after that they are not refundable.")
ANSWERS = {
    "A (faithful)": ("You can cancel your Team plan at any time, but the current month is not refunded.", 0.997),
    "B (negation flipped)": ("You can cancel your Team plan at any time, and the current month is refunded.", 0.002),
    "C (paraphrase)": ("You can stop your Team subscription whenever you like, but you will not get this month's "
                       "payment back.", 0.995),
    "casual (faithful)": ("Yes, cancel whenever you want. This month's charge stays, though.", 0.159),
}


def main() -> int:
    plain, default = NLIChecker(window_veto=None).load(), NLIChecker().load()
    print(f"{'answer':22s} {'deberta-v3-base (lesson)':>25s} {'bundled, model alone':>22s} {'faithkit default':>20s}")
    for name, (text, lesson) in ANSWERS.items():
        (a,), (b,) = plain.check([ClaimCheck(text, (PASSAGE,))]), default.check([ClaimCheck(text, (PASSAGE,))])
        print(f"{name:22s} {lesson:25.3f} {a.score:8.3f} {a.label:>13s} {b.score:6.3f} {b.label:>13s}")
    print("(entailment of the best window; the lesson's figure is p(entailment) of the whole passage; "
          "a casual answer is checked as one claim here, `faithkit check` would drop its 'Yes,' particle)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
