"""The lesson's ten hard cases (Move 4), checked with and without the numbers stage, row by row.

    PYTHONPATH=src .venv/bin/python benchmarks/numbers_hard_cases.py                 # the default NLI checker
    PYTHONPATH=src .venv/bin/python benchmarks/numbers_hard_cases.py --scripted      # the lesson's NLI verdicts

``--scripted`` replays the verdicts nli-deberta-v3-base gave in the lesson (and, for the reduced claims the
arithmetic rule re-checks, what such a model says of a passage sentence restated for one user), so the table can be
read without any model; without it the real default checker (bundled NLI model) is used when it is installed.
With ``--question`` the claims are checked with the lesson's question ("our 8-person team") as context.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.larkspur_data import HARD_CASES, HARD_CASES_NLI, PASSAGES, QUESTION  # noqa: E402

from faithkit.checkers.base import Checker  # noqa: E402
from faithkit.checkers.numbers import NumberChecks  # noqa: E402
from faithkit.errors import FaithkitError  # noqa: E402
from faithkit.records import ClaimCheck, Verdict  # noqa: E402

REDUCED_SCRIPT = {
    "A Team workspace with each user has 50 GB of pooled storage.": "supported",
    "Each user would pay €12 a month.": "supported",
}


def inner_checker(scripted: bool, model: str | None) -> Checker:
    if scripted:
        from faithkit.checkers.fake import ScriptedChecker

        return ScriptedChecker({**HARD_CASES_NLI, **REDUCED_SCRIPT})
    from faithkit.checkers.nli import NLIChecker

    checker = NLIChecker(model=model)
    load = getattr(checker, "load", None)
    if callable(load):
        load()
    return checker


def _cell(v: Verdict) -> str:
    score = f" {v.score:.3f}" if v.score is not None else ""
    return f"{v.label}{score}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scripted", action="store_true", help="replay the lesson's NLI verdicts")
    parser.add_argument("--question", action="store_true", help="give the lesson's question as context")
    parser.add_argument("--model", help="a local NLI model folder instead of the bundled one")
    args = parser.parse_args(argv)
    try:
        inner = inner_checker(args.scripted, args.model)
    except FaithkitError as exc:
        print(f"error: {exc} (use --scripted for the lesson's verdicts)", file=sys.stderr)
        return exc.exit_code
    question = QUESTION if args.question else ""
    requests = [ClaimCheck(claim, PASSAGES, question) for _, claim, _ in HARD_CASES]
    without = inner.check(requests)
    stage = NumberChecks(inner)
    with_stage = stage.check(requests)
    print(f"inner checker: {inner.name} {inner.spec()}")
    print("| case | claim | reader | without stage | with stage | stage | evidence |")
    print("|---|---|---|---|---|---|---|")
    for (case, claim, reader), a, b in zip(HARD_CASES, without, with_stage):
        evidence = b.evidence.text if b.stage in ("numbers", "arithmetic") and b.evidence else ""
        mark = " **changed**" if a.label != b.label else ""
        print(f"| {case} | {claim} | {reader} | {_cell(a)} | {_cell(b)}{mark} | {b.stage} | {evidence} |")
    print(f"counters: {stage.counters}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
