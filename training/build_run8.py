"""Run-8 training data: run 7's recipe with policy rows in which a negation on both sides predicts nothing.

    PYTHONPATH=src python training/build_run8.py --run7 .carry/nli/data7 --out .carry/nli/data8

Why: runs 6 and 7 taught the negated policy wordings they showed, and with them a shortcut: their policy premises
were one clause, so "negation in the premise and in the claim" nearly always meant "entailed", and the model came
to support "Team plans cannot be cancelled at any time." from "… can be cancelled at any time, but the current
month is not refunded." (`results/run7_outcome.md`). Here every policy premise holds two clauses about two
subjects, each affirmative or negated at random ("Gift cards can be refunded; vouchers are non-transferable."),
and the claims restate either clause in either polarity and any wording, so a claim is entailed exactly when its
polarity matches its own clause's. The run-3 rows keep the shipped model's probabilities as targets (run 7) and
run 6's mixed-polarity document rows are kept as they were; run 6's one-clause policy rows are replaced.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from build_run6 import ABLE, CONDITIONS, CONTRA, ENTAIL, SUBJECTS, _affirmative, _negated, _row  # noqa: E402
from rows_io import read_rows, write_rows  # noqa: E402

GLUES = ("; ", ", but ", ". ", ", and ", ", while ", ", whereas ")


def _clause(subject: str, adjective: str, negated: bool, condition: str, rng: random.Random) -> str:
    make = _negated if negated else _affirmative
    return f"{make(subject, adjective, ABLE[adjective], rng)}{condition}"


def _lower_start(text: str) -> str:
    return text if text.startswith(("You ", "I ")) else text[:1].lower() + text[1:]


def two_clause_rows(n: int, rng: random.Random) -> list[dict]:
    rows = []
    adjectives = sorted(ABLE)
    for _ in range(n):
        subjects = rng.sample(SUBJECTS, 2)
        facts = [(s, rng.choice(adjectives), rng.random() < 0.5, rng.choice(CONDITIONS)) for s in subjects]
        clauses = [_clause(s, a, neg, c, rng) for s, a, neg, c in facts]
        glue = rng.choice(GLUES)
        second = clauses[1] if glue == ". " else _lower_start(clauses[1])
        premise = f"{clauses[0]}{glue}{second}."
        for subject, adjective, negated, condition in facts:
            rows.append(_row(premise, _clause(subject, adjective, negated, condition, rng) + ".", ENTAIL,
                             "run8_two_same"))
            rows.append(_row(premise, _clause(subject, adjective, not negated, condition, rng) + ".", CONTRA,
                             "run8_two_flip"))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run7", type=Path, required=True, help="folder with run 7's train.jsonl.gz (teacher targets)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=81)
    ap.add_argument("--premises", type=int, default=1500, help="two-clause policy premises (4 rows each)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    rows = [r for r in read_rows(args.run7) if not r["source"].startswith("run6_policy")]
    rows += two_clause_rows(args.premises, rng)
    rng.shuffle(rows)
    write_rows(args.out, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
