"""Does a sum cue let a random total through? Totals the passages never state, under "in total", against true sums.

Why (issue 31: "a coincidental result must not verify"): with a passage set's 20 operands, three-operand sums
reach most amounts, and a claim that says "in total" has the "+" cue the coincidence guard asks for. A careful
reader accepts a total only when the answer says what it adds up; "Altogether that comes to €131 in total." names
nothing. This benchmark builds, per passage set, claims of two kinds from the passages' money amounts:

    trial    "Altogether that comes to €N in total.", N random in [0.5, 1.5] x a sum of three amounts of one
             currency, N stated nowhere: a derivation of N is false;
    control  "€A, €B and €C come to €S in total." with A, B, C passage amounts and S their true sum: it should
             be verified.

Passage sets (dev data and the lesson's; not the confirmation sets): the help-center suite's interactions
(benchmarks/helpcenter/interactions.jsonl) and the Larkspur passages. Printed: false derivations and verified
controls with 95% Wilson intervals, and the same trials without the guard's rule for three unnamed operands
(``justify._stated``), so its effect is read side by side in one run.

Run: PYTHONPATH=src .venv/bin/python benchmarks/cued_totals.py [--per-set 6] [--seed 0]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from unittest import mock

from faithkit.checkers.numbers import analyse_claim_numbers, dimension, extract_quantities, number_text
from faithkit.records import Passage
from faithkit.stats import wilson_interval

ROOT = Path(__file__).resolve().parent.parent
SYMBOL = {"EUR": "€", "USD": "$", "GBP": "£"}


def passage_sets() -> list[tuple[Passage, ...]]:
    sets: dict[tuple[str, ...], tuple[Passage, ...]] = {}
    for path in (ROOT / "benchmarks/helpcenter/interactions.jsonl", ROOT / "examples/larkspur/interactions.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            contexts = json.loads(line).get("contexts") or []
            passages = tuple(Passage(c["id"], c["text"]) if isinstance(c, dict) else Passage(f"p{i}", c)
                             for i, c in enumerate(contexts))
            sets.setdefault(tuple(p.text for p in passages), passages)
    return list(sets.values())


def money(value: float, unit: str, decimals: int) -> str:
    text = number_text(value, decimals or None)
    return f"{SYMBOL[unit]}{text}" if unit in SYMBOL else f"{text} {unit}"


def claims_for(passages: tuple[Passage, ...], rng: random.Random, per_set: int) -> list[tuple[str, str]]:
    """(trial, control) pairs (module docstring) for one passage set; none when it has fewer than three
    amounts of one currency."""
    amounts = [q for p in passages for q in extract_quantities(p.text)
               if (dimension(q.unit) or "").startswith("currency") and not q.per and q.unit in SYMBOL]
    units = Counter(q.unit for q in amounts)
    if not units or units.most_common(1)[0][1] < 3:
        return []
    unit = units.most_common(1)[0][0]
    same = [q for q in amounts if q.unit == unit]
    stated = {round(q.value, 6) for q in amounts}
    out = []
    for _ in range(per_set):
        a, b, c = rng.sample(same, 3)
        decimals = max(a.decimals, b.decimals, c.decimals)
        total = round(a.value + b.value + c.value, decimals)
        value = None
        for _ in range(30):
            candidate = round(total * rng.uniform(0.5, 1.5), decimals)
            if round(candidate, 6) not in stated and candidate != total and candidate > 0:
                value = candidate
                break
        if value is None:
            continue
        trial = f"Altogether that comes to {money(value, unit, decimals)} in total."
        names = ", ".join(money(q.value, unit, q.decimals) for q in (a, b))
        control = f"{names} and {money(c.value, unit, c.decimals)} come to {money(total, unit, decimals)} in total."
        out.append((trial, control))
    return out


def derived(claim: str, passages: tuple[Passage, ...]) -> bool:
    report = analyse_claim_numbers(claim, passages)
    last = report.numbers[-1] if report.numbers else None
    return last is not None and last.status == "derived"


def measure(items: list[tuple[tuple[Passage, ...], str, str]]) -> tuple[int, int, int]:
    false = sum(derived(trial, passages) for passages, trial, _ in items)
    verified = sum(derived(control, passages) for passages, _, control in items)
    return false, verified, len(items)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-set", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    items = [(passages, trial, control) for passages in passage_sets()
             for trial, control in claims_for(passages, rng, args.per_set)]
    with mock.patch("faithkit.checkers.numbers.justify._stated", lambda operand: True):
        without = measure(items)
    with_rule = measure(items)
    print(f"{len(items)} trials and controls from {len(passage_sets())} passage sets")
    print(f"{'guard':34s} {'false totals derived':>30s} {'true sums verified':>30s}")
    for name, (false, verified, n) in (("without the three-unnamed rule", without), ("with it (default)", with_rule)):
        f, v = wilson_interval(false, n), wilson_interval(verified, n)
        print(f"{name:34s} {false:4d}/{n} [{f.low:.3f}, {f.high:.3f}]"
              f"      {verified:4d}/{n} [{v.low:.3f}, {v.high:.3f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
