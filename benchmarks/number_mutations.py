"""One number of a faithful worked-number answer made wrong: does `faithkit check` flag the answer?

    PYTHONPATH=src python benchmarks/number_mutations.py [--sets dev|held-out|FILE ...] [--per-answer 2] [--misses]
        [-- CHECK-ARGS]

For each faithful answer of the sets, up to ``--per-answer`` of its numbers (at least 3, not a year) are each
replaced by a random nearby value (an integer uniform in [0.5v, 1.5v], a decimal at the same precision) that appears
nowhere in the passages, the question or the answer; each mutant is one answer with one wrong number, a fault a
careful reader catches. Prints the mutants flagged (unsupported) with a 95% Wilson interval, per set.

Why: the arithmetic accepts a number when some justified expression over the claim's, the question's, the
passages' and the answer's other numbers reproduces it. ``false_derivation.py`` replaces numbers in single claims
without an answer around them; here the whole answer is the context, as in a real log, so a wrong total that
happens to equal another expression of the answer's numbers shows up (session 24: a candidate rule that let a
claim's own numbers make a difference accepted "CHF 40 for the five mornings, which makes CHF 312 in total" as
320 − 8; it was refined before it was kept). Seeded: the same tree gives the same mutants; ``PYTHONPATH`` picks the
checker that reads them, so two trees compare on one set of mutants.
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
    "dev": names.paths("dev", ("shapes_dev", "shapes_dev2", "numbers_dev", "shapes_holdout")),
    "held-out": names.paths("held-out", (
        "shapes_holdout2", "shapes_holdout3", "shapes_holdout4", "shapes_holdout5", "shapes_holdout6",
        "numbers_holdout", "numbers_holdout2", "numbers_holdout3", "numbers_holdout4", "numbers_holdout5",
        "numbers_holdout6")),
}
NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?!\w)")
YEAR = re.compile(r"(?:19|20)\d\d$")


def wrong_value(raw: str, rng: random.Random, taken: str) -> str | None:
    """A nearby value written like ``raw`` that ``taken`` (every text of the interaction) never contains."""
    value = float(raw.replace(",", ""))
    for _ in range(5):
        if "." in raw:
            new = f"{rng.uniform(0.5 * value, 1.5 * value):,.{len(raw.split('.')[1])}f}"
        else:
            new = f"{rng.randint(int(0.5 * value), int(1.5 * value)):,}"
        if "," not in raw:
            new = new.replace(",", "")
        if new != raw and new.replace(",", "") not in taken:
            return new
    return None


def mutants(path: Path, per_answer: int, rng: random.Random) -> list[dict]:
    """The mutants of the file's faithful answers, grading fields left out."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row.get("expect") != "faithful":
            continue
        taken = " ".join([c["text"] for c in row["contexts"]] + [row.get("question", ""), row["answer"]])
        taken = taken.replace(",", "")
        numbers = [m for m in NUMBER.finditer(row["answer"])
                   if float(m.group(0).replace(",", "")) >= 3 and not YEAR.match(m.group(0))]
        for m in rng.sample(numbers, min(per_answer, len(numbers))):
            new = wrong_value(m.group(0), rng, taken)
            if new is None:
                continue
            out.append(mutant(row, m, new))
    return out


def main() -> int:
    ap = mutation_parser(__doc__.splitlines()[0], seed=11)
    args, check_args = parse_args(ap)
    files = [Path(f) for s in args.sets for f in SETS.get(s, [s])]
    rng = random.Random(args.seed)
    by_set = {f.stem: mutants(f, args.per_answer, rng) for f in files if f.is_file()}
    check_mutants(by_set, misses=args.misses, check_args=("--cache", "off", *check_args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
