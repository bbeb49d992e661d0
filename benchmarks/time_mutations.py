"""One time of day of a faithful answer swapped for another time its passages state: does `faithkit check` flag it?

    PYTHONPATH=src python benchmarks/time_mutations.py [--sets dev|held-out|FILE ...] [--per-answer 2] [--misses]
        [--kind time|amount|percent|period] [-- CHECK-ARGS]

For each faithful answer of the sets, up to ``--per-answer`` of its times of day ("07:00", "17:30") that a passage
states are each replaced by another time the same passages state ("opens at 07:00" -> "opens at 08:00" where 08:00
is the weekend opening); each mutant is one answer with one moved time, a fault a careful reader catches. Prints the
mutants flagged (unsupported) with a 95% Wilson interval, per set.

Why: the numbers stage flags a time of day that no source states (``numbers/clock``), so the only time fault left to
the model is a time the passages do state, for another case. The bundled model read "The pool opens at 07:00." as
entailing "The pool opens at 08:00." (0.99): it cannot tell zero-padded hours apart. Seeded: the same tree gives the
same mutants; ``PYTHONPATH`` picks the checker that reads them, so two trees compare on one set of mutants.

``--kind amount`` moves an amount of money to another the passages state in the same currency ("€20" -> "€35",
the weekend price): the cases, units and conditions rules and the model are all that can see it (session 37: 425
of 613 flagged; binding amounts to the supporting window as times are bound cost 9 faithful dev answers, because
a computed total often equals an amount of another sentence and the window the model picks need not hold it).
``--kind percent`` and ``--kind period`` ("14 days" -> "30 days", both stated) do the same for percentages and
periods (session 37: 77/101 and 127/204 flagged; binding periods to the window caught 157/204, and cost 4 faithful
held-out answers and 2 help-center claims for 4 held-out faults: not kept).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import answer_set_names as names  # noqa: E402
from mutant_check import check_mutants, mutant, mutation_parser, parse_args  # noqa: E402

# each group's subset in the order its seeded draw has always used (the draw depends on the order)
SETS = {
    "dev": names.paths("dev", (
        "shapes_dev", "shapes_dev2", "shapes_holdout", "numbers_dev", "numbers_dev2", "refusals_dev2", "refusals_dev3",
        "refusals_dev4", "periods_dev")),
    "held-out": names.paths("held-out", (
        "shapes_holdout2", "shapes_holdout3", "shapes_holdout4", "shapes_holdout5", "shapes_holdout6",
        "shapes_holdout7", "numbers_holdout", "numbers_holdout2", "numbers_holdout3", "numbers_holdout4",
        "numbers_holdout5", "numbers_holdout6", "refusals_holdout", "refusals_holdout2", "leaning_holdout",
        "periods_holdout")),
}
TIME = re.compile(r"(?<![\d:.])(?:[01]\d|2[0-3]):[0-5]\d(?![\d:])")
PERCENT = re.compile(r"(?<![\w.,])\d+(?:\.\d+)?%")
PERIOD = re.compile(r"(?<![\w.,])\d+\s(?:minutes?|hours?|days?|weeks?|months?|years?)\b")
# an amount of money with its currency in front ("€20", "NOK 220", "R$65"): ``--kind amount``
AMOUNT = re.compile(r"(?<![\w.,])(?:[$€£¥₩₴₪]|R\$|[A-Z]{3}\s)\d[\d,]*(?:\.\d+)?(?![\d,.]?\d)")


def _currency(amount: str) -> str:
    """What must match for a swap: the currency of an amount, the unit of a period (singular)."""
    return re.sub(r"[\d,.\s]", "", amount).rstrip("s")


def mutants(path: Path, per_answer: int, rng: random.Random, pattern: re.Pattern[str] = TIME) -> list[dict]:
    """The mutants of the file's faithful answers, grading fields left out: each moves one time (or amount) of
    the answer to another the passages state (an amount in the same currency)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row.get("expect") != "faithful":
            continue
        stated = sorted({t for c in row["contexts"] for t in pattern.findall(c["text"])})
        found = [m for m in pattern.finditer(row["answer"]) if m.group(0) in stated]
        for m in rng.sample(found, min(per_answer, len(found))):
            others = [t for t in stated if t != m.group(0) and t not in row["answer"]
                      and _currency(t) == _currency(m.group(0))]
            if not others:
                continue
            new = rng.choice(others)
            out.append(mutant(row, m, new))
    return out


def main() -> int:
    ap = mutation_parser(__doc__.splitlines()[0], seed=7)
    ap.add_argument("--kind", choices=("time", "amount", "percent", "period"), default="time",
                    help="what moves: a time of day, an amount of money (to another in the same currency), a "
                         "percentage, or a period (to another in the same unit)")
    args, check_args = parse_args(ap)
    files = [Path(f) for s in args.sets for f in SETS.get(s, [s])]
    rng = random.Random(args.seed)
    pattern = {"time": TIME, "amount": AMOUNT, "percent": PERCENT, "period": PERIOD}[args.kind]
    by_set = {f.stem: mutants(f, args.per_answer, rng, pattern) for f in files if f.is_file()}
    check_mutants(by_set, misses=args.misses, check_args=check_args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
