"""How often does the arithmetic verifier "derive" a number that is simply wrong?

Method (the issue's): take claims whose numbers are grounded (in a passage, or derived), replace one grounded
number by a random nearby value that no passage or question contains (integers: uniform in [0.5·v, 1.5·v],
decimals: the same precision), and run the numbers analysis on the changed claim. A false derivation is a
replaced number that comes out ``derived`` (or ``given`` and used): the stage would have accepted a wrong
number. Reported with a 95% Wilson interval, next to the same rate without the coincidence guard (any
expression at all, justified or not), and the work spent against ``work_bound``.

Corpora (all offline; dev/ and train/ only, never test/):
    larkspur   examples/larkspur/*.jsonl claims with the lesson's four passages and question
    wice       /work/shared/data/dev/wice_claim_dev.jsonl (Wikipedia claims, evidence chunks per group)
    factcheck  /work/shared/data/train/factcheck_gpt_stance.jsonl (claims vs retrieved web evidence)
    halueval   /work/shared/data/train/halueval_qa.jsonl (short answers, with the question)

Also printed: correct derived claims used as controls (how many the verifier still accepts), and the
missing-number rule's alarm rates on human-labeled claims (supported: false alarms; not supported: catches).

Run: PYTHONPATH=src .venv/bin/python benchmarks/false_derivation.py [--seed 0] [--per-claim 5]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from faithkit.checkers.numbers import (
    Quantity,
    analyse_claim_numbers,
    claim_work_bound,
    dimension,
    extract_quantities,
    number_text,
    same_amount,
    work_bound,
)
from faithkit.records import Passage
from faithkit.stats import wilson_interval

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("FAITHKIT_DATA", "/work/shared/data"))
LARKSPUR_QUESTION = "We're moving our 8-person team to the Team plan. What will it cost, and what do we get?"


@dataclass(frozen=True)
class Item:
    corpus: str
    claim: str
    passages: tuple[Passage, ...]
    question: str = ""


def _jsonl(path: Path) -> Iterator[dict]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def load_items(max_per_corpus: int) -> list[Item]:
    items: list[Item] = []
    seen: set[str] = set()
    for name in ("labeled_claims.jsonl", "faithful_claims.jsonl", "mutants_reviewed.jsonl"):
        path = ROOT / "examples" / "larkspur" / name
        if not path.exists():
            continue
        for row in _jsonl(path):
            if row["claim"] in seen or "contexts" not in row:
                continue
            seen.add(row["claim"])
            passages = tuple(Passage(c["id"], c["text"]) for c in row["contexts"])
            items.append(Item("larkspur", row["claim"], passages, LARKSPUR_QUESTION))
    wice = DATA / "dev" / "wice_claim_dev.jsonl"
    if wice.exists():
        groups: dict[str, list[dict]] = defaultdict(list)
        for row in _jsonl(wice):
            groups[row["group"]].append(row)
        for rows in list(groups.values())[:max_per_corpus]:
            passages = tuple(Passage(r["id"], r["doc"]) for r in rows)
            items.append(Item("wice", rows[0]["claim"], passages))
    for corpus, path in (("factcheck", DATA / "train" / "factcheck_gpt_stance.jsonl"),
                         ("halueval", DATA / "train" / "halueval_qa.jsonl")):
        if not path.exists():
            continue
        for n, row in enumerate(_jsonl(path)):
            if n >= max_per_corpus:
                break
            items.append(Item(corpus, row["claim"], (Passage("doc", row["doc"]),), row.get("question") or ""))
    return items


def nearby(q: Quantity, rng: random.Random, taken: list[Quantity]) -> float | None:
    """A random value near ``q`` that no passage or question states (same unit), or None after 30 tries."""
    for _ in range(30):
        if q.decimals:
            value = round(q.value * rng.uniform(0.5, 1.5), q.decimals)
        else:
            low = max(1, math.floor(q.value * 0.5))
            value = float(rng.randint(low, max(low + 2, math.ceil(q.value * 1.5))))
        if value == q.value:
            continue
        if not any(same_amount(replace(q, value=value), t) for t in taken):
            return value
    return None


@dataclass
class Tally:
    trials: int = 0
    false_derived: int = 0
    any_expression: int = 0
    skipped: int = 0
    works: list[int] | None = None
    examples: list[str] | None = None
    controls: int = 0
    controls_derived: int = 0
    missed: list[str] | None = None


_SYMBOL = {"EUR": "€", "USD": "$", "GBP": "£"}


def control_claim(q: Quantity, n: int) -> str | None:
    """A correct derived claim: n users times a measured amount the passage states ("For 7 users that is €84.")."""
    dim = dimension(q.unit)
    if dim is None or not (dim.startswith("currency") or dim in ("data", "time_d", "time_m")) or q.per:
        return None
    total = number_text(n * q.value, q.decimals or None)
    if dim.startswith("currency"):
        amount = f"{_SYMBOL[q.unit]}{total}" if q.unit in _SYMBOL else f"{total} {q.unit}"
    else:
        amount = f"{total} {q.unit}" if dim == "data" else f"{total} {q.unit}s"
    return f"For {n} users, that is {amount}."


def run(per_claim: int, seed: int, max_per_corpus: int, show: int) -> dict[str, Tally]:
    rng = random.Random(seed)
    tallies: dict[str, Tally] = defaultdict(lambda: Tally(works=[], examples=[], missed=[]))
    for item in load_items(max_per_corpus):
        report = analyse_claim_numbers(item.claim, item.passages, item.question)
        grounded = [n.quantity for n in report.numbers if n.status in ("in_sources", "derived")]
        if not grounded:
            continue
        taken = [q for p in item.passages for q in extract_quantities(p.text)] + extract_quantities(item.question)
        measured = [n.quantity for n in report.numbers if n.status == "in_sources"]
        control = next((c for c in (control_claim(q, rng.randint(2, 20)) for q in measured) if c), None)
        if control is not None:
            tally = tallies[item.corpus]
            tally.controls += 1
            checked = analyse_claim_numbers(control, item.passages, item.question)
            if checked.accepted and checked.derived:
                tally.controls_derived += 1
            elif tally.missed is not None and len(tally.missed) < show:
                tally.missed.append(control)
        for _ in range(per_claim):
            q = rng.choice(grounded)
            tally = tallies[item.corpus]
            value = nearby(q, rng, taken)
            if value is None:
                tally.skipped += 1
                continue
            changed = item.claim[:q.num_start] + number_text(value, q.decimals or None) + item.claim[q.num_end:]
            after = analyse_claim_numbers(changed, item.passages, item.question)
            status = next((n for n in after.numbers if n.quantity.num_start == q.num_start), None)
            if status is None:  # the edit changed how the text reads (e.g. a year-like value): not a trial
                tally.skipped += 1
                continue
            tally.trials += 1
            assert tally.works is not None and tally.examples is not None
            tally.works.append(after.work)
            if status.status in ("derived", "given"):
                tally.false_derived += 1
                if len(tally.examples) < show:
                    why = next((f"{d.expression} [{d.reason}]" for d in after.derivations
                                if d.target.num_start == q.num_start), status.status)
                    tally.examples.append(f"{changed!r}: {why}")
            if status.status in ("derived", "given") or status.coincidence:
                tally.any_expression += 1
    return tallies


def labeled_items(max_per_corpus: int) -> list[tuple[Item, int]]:
    """Claims with a human label (1 supported, 0 not), for the flag rule's alarm rates."""
    out: list[tuple[Item, int]] = []
    path = ROOT / "examples" / "larkspur" / "labeled_claims.jsonl"
    if path.exists():
        for row in _jsonl(path):
            passages = tuple(Passage(c["id"], c["text"]) for c in row["contexts"])
            out.append((Item("larkspur", row["claim"], passages, LARKSPUR_QUESTION), int(row["label"] == "supported")))
    wice = DATA / "dev" / "wice_claim_dev.jsonl"
    if wice.exists():
        groups: dict[str, list[dict]] = defaultdict(list)
        for row in _jsonl(wice):
            groups[row["group"]].append(row)
        for rows in list(groups.values())[:max_per_corpus]:
            passages = tuple(Passage(r["id"], r["doc"]) for r in rows)
            out.append((Item("wice", rows[0]["claim"], passages), max(int(r["label"]) for r in rows)))
    for corpus, path in (("factcheck", DATA / "train" / "factcheck_gpt_stance.jsonl"),
                         ("halueval", DATA / "train" / "halueval_qa.jsonl")):
        if path.exists():
            for n, row in enumerate(_jsonl(path)):
                if n >= max_per_corpus:
                    break
                out.append((Item(corpus, row["claim"], (Passage("doc", row["doc"]),), row.get("question") or ""),
                            int(row["label"])))
    return out


def flag_rates(max_per_corpus: int, show: int) -> None:
    """How often the missing-number rule would flag a claim (a number in no source and not derivable), on
    claims people labeled supported (false alarms) and not supported (catches), among claims with numbers."""
    counts: dict[tuple[str, int], list[int]] = defaultdict(lambda: [0, 0])
    alarms: list[str] = []
    for item, label in labeled_items(max_per_corpus):
        report = analyse_claim_numbers(item.claim, item.passages, item.question)
        if not report.numbers:
            continue
        counts[(item.corpus, label)][0] += 1
        if not report.accepted:
            counts[(item.corpus, label)][1] += 1
            if label == 1 and len(alarms) < show:
                alarms.append(f"[{item.corpus}] {item.claim[:120]!r}: {[n.quantity.text for n in report.unverified]}")
    print("\nmissing-number rule on labeled claims with numbers (flagged / claims)")
    print(f"{'corpus':10s} {'on supported (false alarm)':>36s} {'on not supported (catch)':>36s}")
    corpora = sorted({c for c, _ in counts})
    for corpus in [*corpora, "all"]:
        cells = []
        for label in (1, 0):
            n = sum(v[0] for (c, lab), v in counts.items() if lab == label and corpus in (c, "all"))
            k = sum(v[1] for (c, lab), v in counts.items() if lab == label and corpus in (c, "all"))
            cells.append(f"{k}/{n} {_fmt(wilson_interval(k, n))}")
        print(f"{corpus:10s} {cells[0]:>36s} {cells[1]:>36s}")
    for line in alarms:
        print(f"  false alarm {line}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-claim", type=int, default=5, help="perturbations per claim")
    parser.add_argument("--max-per-corpus", type=int, default=1000, help="items read per data file")
    parser.add_argument("--show", type=int, default=5, help="false derivations to print per corpus")
    parser.add_argument("--no-flags", action="store_true", help="skip the missing-number alarm rates")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tallies = run(args.per_claim, args.seed, args.max_per_corpus, args.show)
    elapsed = time.perf_counter() - start
    total = Tally(works=[])
    print(f"{'corpus':10s} {'trials':>6s} {'false derived':>14s} {'rate [95% Wilson]':>22s} "
          f"{'no guard':>22s} {'work median/max':>16s}")
    for name, t in sorted(tallies.items()):
        guarded, unguarded = wilson_interval(t.false_derived, t.trials), wilson_interval(t.any_expression, t.trials)
        works = t.works or [0]
        print(f"{name:10s} {t.trials:6d} {t.false_derived:14d} {_fmt(guarded):>22s} {_fmt(unguarded):>22s} "
              f"{int(statistics.median(works)):>7d}/{max(works):<8d}")
        total.trials += t.trials
        total.false_derived += t.false_derived
        total.any_expression += t.any_expression
        total.skipped += t.skipped
        assert total.works is not None
        total.works += works
    guarded = wilson_interval(total.false_derived, total.trials)
    print(f"{'all':10s} {total.trials:6d} {total.false_derived:14d} {_fmt(guarded):>22s} "
          f"{_fmt(wilson_interval(total.any_expression, total.trials)):>22s} "
          f"{int(statistics.median(total.works or [0])):>7d}/{max(total.works or [0]):<8d}")
    print(f"skipped (no nearby value free, or the edit changed the reading): {total.skipped}")
    print(f"work bound per search (max_operands=20): {work_bound(20):,}; per claim: {claim_work_bound():,}; "
          f"elapsed {elapsed:.1f}s")
    print("\ncontrols: correct derived claims ('For N users, that is N x <amount the claim's passage states>.')")
    k = n = 0
    for name, t in sorted(tallies.items()):
        interval = wilson_interval(t.controls_derived, t.controls)
        print(f"{name:10s} verified {t.controls_derived}/{t.controls}  {_fmt(interval)}")
        k, n = k + t.controls_derived, n + t.controls
    print(f"{'all':10s} verified {k}/{n}  {_fmt(wilson_interval(k, n))}")
    for name, t in sorted(tallies.items()):
        for line in t.examples or []:
            print(f"  false derivation [{name}] {line}")
        for line in t.missed or []:
            print(f"  control not verified [{name}] {line}")
    if not args.no_flags:
        flag_rates(args.max_per_corpus, args.show)
    return 0


def _fmt(interval: object) -> str:
    k, n, rate, low, high = interval  # type: ignore[misc]
    return "n/a" if rate is None else f"{rate:.3f} [{low:.3f}, {high:.3f}]"


if __name__ == "__main__":
    sys.exit(main())
