"""One number of a faithful worked-number answer made wrong: does `faithkit check` flag the answer?

    PYTHONPATH=src python benchmarks/number_mutations.py [--sets dev|held-out|FILE ...] [--per-answer 2] [--misses]

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

import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from faithkit.stats import wilson_interval  # noqa: E402

SHAPES_DEV = Path("/work/shared/data/dev/shapes_dev.jsonl")
SETS = {
    "dev": [SHAPES_DEV, *(ROOT / "benchmarks" / f"{n}/{n}.jsonl" for n in ("shapes_dev2", "numbers_dev",
                                                                           "shapes_holdout"))],
    "held-out": [ROOT / "benchmarks" / f"{n}/{n}.jsonl" for n in (
        "shapes_holdout2", "shapes_holdout3", "shapes_holdout4", "shapes_holdout5", "shapes_holdout6",
        "numbers_holdout", "numbers_holdout2", "numbers_holdout3", "numbers_holdout4", "numbers_holdout5")],
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
            answer = row["answer"][: m.start()] + new + row["answer"][m.end():]
            out.append({"id": f"{row['id']}@{m.start()}:{m.group(0)}->{new}", "question": row.get("question", ""),
                        "contexts": row["contexts"], "answer": answer})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sets", nargs="+", default=["dev", "held-out"], help="dev, held-out or data files")
    ap.add_argument("--per-answer", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--misses", action="store_true", help="print each mutant not flagged, with its claims")
    args = ap.parse_args()
    files = [Path(f) for s in args.sets for f in SETS.get(s, [s])]
    rng = random.Random(args.seed)
    by_set = {f.stem: mutants(f, args.per_answer, rng) for f in files if f.is_file()}
    rows = [row for found in by_set.values() for row in found]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "mutants.jsonl"
        log.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        subprocess.run([sys.executable, "-m", "faithkit", "check", str(log), "--out", str(Path(tmp) / "out"),
                        "--cache", "off", "--quiet", "--no-report"], check=False, capture_output=True)
        results = {}
        for line in (Path(tmp) / "out" / "results.jsonl").read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            results[record["id"]] = record
    print(f"{'set':18s} {'flagged':>9s}  95% interval")
    total = flagged_all = 0
    for name, found in by_set.items():
        flagged = sum(results.get(r["id"], {}).get("unsupported") is True for r in found)
        total, flagged_all = total + len(found), flagged_all + flagged
        ci = wilson_interval(flagged, len(found))
        print(f"{name:18s} {flagged:>4d}/{len(found):<4d}  [{ci.low:.3f}, {ci.high:.3f}]")
    ci = wilson_interval(flagged_all, total)
    print(f"{'all':18s} {flagged_all:>4d}/{total:<4d}  [{ci.low:.3f}, {ci.high:.3f}]")
    missing = [r["id"] for r in rows if r["id"] not in results]
    if missing:
        print(f"{len(missing)} mutants have no record: {missing[:5]}")
    if args.misses:
        for row in rows:
            record = results.get(row["id"], {})
            if record.get("unsupported") is not True:
                print(f"\nnot flagged {row['id']} ({record.get('status')})")
                for claim in record.get("claims", []):
                    print(f"   [{claim['verdict']}/{claim['stage']}] {claim['text']!r}: "
                          f"{claim.get('detail', {}).get('reason', '')[:200]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
