"""Structural and arithmetic check of numbers_holdout3.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/numbers_holdout2/validate.py (self-contained, like that one): 4 domains instead of 5, 9
faithful rows per domain and 5 or 6 unsupported and 1 or 2 refusal rows (36 / 22 / 6 in all), passages of 3 to 6
sentences, more currency symbols, and a check that no domain repeats one of the earlier sets. The data file
carries only the fields of
the set (`id`, `domain`, `question`, `contexts`, `answer`, `expect`, `shape`, `fault`); the computations live here,
in WORK (the computation each answer makes, one or more steps separated by "; ") and CORRECT (the right computation
for each unsupported row, or a "note:" where the fault is not a number). Do not show this file to a checker.

A step is `EXPRESSION = RESULT` (numbers, + − × ÷, parentheses, N%, max(), min()) or
`YYYY-MM-DD ± N days = YYYY-MM-DD`. Steps are evaluated exactly (Fraction arithmetic). They must all hold in
faithful rows and in unsupported rows whose fault is not "arithmetic" or "date"; an "arithmetic" row needs a false
numeric step; a "date" row needs a date result that differs from CORRECT's (a false step, or the right sum counted
from the wrong event). Every step's result must appear in the answer, and every operand must come from the passages,
the question, an earlier step or a small set of unit constants (not checked in added-fact rows, whose extra number
is made up on purpose). A date step's start date must appear in the question.
"""
import json
import os
import re
import sys
from collections import Counter
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "numbers_holdout3.jsonl")
PREFIX = "nh3"
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault"}
EXPECTS = {"faithful", "unsupported", "refusal"}
SHAPES = {"receipt", "inline", "parenthetical", "percent", "split", "chain", "date", "compare", "cap", "yes-no",
          "refusal"}
FAULTS = {"arithmetic", "operand", "ignored-condition", "ignored-cap", "unit", "date", "added-fact"}
EXPECT_ORDER = ["faithful", "unsupported", "refusal"]
PER_DOMAIN = {"faithful": (9, 9), "unsupported": (5, 6), "refusal": (1, 2)}  # (min, max) rows per domain
TOTALS = {"faithful": 36, "unsupported": 22, "refusal": 6}
N_DOMAINS = 4
N_PASSAGES = 3
SENTENCES = (3, 6)
# domains of shapes_dev.jsonl and numbers_holdout2 (this set must use new ones)
OLD_DOMAINS = ("veterinary", "parcel", "concert", "cargo", "pottery", "holiday park", "instrument", "sauna")
MIN_PER_FAULT = 3
MIN_PER_SHAPE = 5
CONSTANTS = {Fraction(n) for n in (1, 2, 7, 12, 24, 60, 100, 1000)}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(])")
CURRENCY = re.compile(r"[A-Z]{1,3}\$|CHF|SEK|AUD|GBP|[€£$]")

# id -> the computation the answer makes (every faithful and unsupported row)
WORK = {
    'nh3-001': '2027-06-03 + 10 days = 2027-06-13',
    'nh3-002': '159 × 15% = 23.85; 159 − 23.85 = 135.15',
    'nh3-003': '75 + 30 = 105',
    'nh3-004': '2 × 18 = 36; 2 × 9 = 18; 159 + 39 + 36 + 18 = 242',
    'nh3-005': '4 × 18 = 72; 3 × 9 = 27; 72 + 27 = 99; 99 ÷ 3 = 33',
    'nh3-006': '89 − 75 = 14; 2 × 14 = 28; 60 − 28 = 32',
    'nh3-007': '5 × 15 = 75',
    'nh3-008': '96 × 30 ÷ 60 = 48',
    'nh3-009': '30 − 14 = 16',
    'nh3-010': '2 × 14 = 28',
    'nh3-011': '159 − 89 = 70',
    'nh3-013': '2 × 24 + 39 = 87; 87 − 87 × 15% = 73.95',
    'nh3-014': '14 × 5 = 70; 2 × 70 = 140',
    'nh3-015': '2027-04-20 + 10 days = 2027-04-30',
    'nh3-016': '2 × 24 = 48; 159 + 30 + 48 = 237',
    'nh3-018': '4200 − 4200 × 20% = 3360; 2 × 3360 = 6720; 6720 − 600 = 6120',
    'nh3-019': '24 − 15 + 10 = 19',
    'nh3-020': '10 × 650 = 6500; 6500 − 5800 = 700',
    'nh3-021': '4200 + 395 = 4595; 4595 + 250 = 4845',
    'nh3-022': '5 × 650 = 3250',
    'nh3-023': '2027-04-19 − 14 days = 2027-04-05',
    'nh3-024': '2027-08-30 − 21 days = 2027-08-09; 4200 × 50% = 2100',
    'nh3-025': '5800 ÷ 2 = 2900; 5800 ÷ 10 = 580',
    'nh3-026': '4200 × 10% = 420; 4200 − 420 = 3780; 3780 + 395 = 4175',
    'nh3-027': '2600 + 395 = 2995',
    'nh3-028': '2027-01-18 − 21 days = 2026-12-29',
    'nh3-029': '3 × 2600 = 7800; 7800 + 395 = 8195',
    'nh3-030': '4200 × 20% = 840; 4200 − 840 = 3360',
    'nh3-031': '3 × 650 = 1950; 1950 + 395 = 2345',
    'nh3-032': '4200 − 4200 × 10% = 3780; 6 × 3780 = 22680',
    'nh3-033': '2027-02-22 + 14 days = 2027-03-08',
    'nh3-034': '2 × 6 × 35 = 420; 420 ÷ 2 = 205',
    'nh3-035': '28 + 10 = 38',
    'nh3-036': '7 × 95 = 665; 665 × 10% = 66.50; 665 − 66.50 = 598.50; 598.50 + 15 = 613.50',
    'nh3-037': '4 × 55 = 220; 4 × 95 = 380; 380 − 220 = 160',
    'nh3-038': '32 + 12 = 44; 10 × 44 = 440; 440 ÷ 2 = 220',
    'nh3-039': '28 + 6 = 34; 5 × 34 = 170',
    'nh3-040': '1 × 35 = 35',
    'nh3-041': '3 × 95 = 285; 285 × 50% = 142.50',
    'nh3-042': '8 × 95 = 760; 760 × 10% = 76; 760 − 76 = 684',
    'nh3-044': '2027-05-02 + 90 days = 2027-07-31',
    'nh3-045': '2 × 3 = 6; 6 × 32 = 192',
    'nh3-046': '5 × 35 = 175',
    'nh3-048': '45 × 50% = 22.50; 45 + 22.50 = 67.50',
    'nh3-049': '5 × 55 = 275; 5 × 10 = 50; 275 + 50 = 325',
    'nh3-050': '4 × 30 = 120; 120 − 120 × 10% = 108',
    'nh3-051': '6 × 38 = 228; 228 − 210 = 18',
    'nh3-052': '55 + 5 = 60; 4 × 60 = 240; 300 − 240 = 50',
    'nh3-053': '2 × 300 = 600; 600 − 20 = 580; 580 ÷ 10 = 58',
    'nh3-054': '14 + 5 = 19; 2 × 19 = 38; 2 × 8 = 16; 38 + 16 = 54',
    'nh3-055': '2027-08-20 − 7 days = 2027-08-13; 210 × 50% = 105; 210 − 105 − 15 = 90',
    'nh3-057': '2 × 100 = 200; 2 × 3 × 38 = 218; 218 + 10 = 228',
    'nh3-058': '5 × 30 = 150; 5 × 38 = 190; 190 − 150 = 40',
    'nh3-059': '4 × 3 × 38 = 456; 4 × 3 × 30 = 360; 456 − 360 = 96; 96 − 45 = 51',
    'nh3-060': '2027-06-05 − 7 days = 2027-05-29',
    'nh3-061': '38 + 5 = 43; 3 × 43 = 129; 2 × 10 = 20; 129 + 20 = 149',
    'nh3-062': '4 × 55 = 220; 220 × 10% = 22; 220 − 22 = 198',
    'nh3-063': '2 × 38 = 76',
}
# unsupported id -> the right computation (its final result must differ), or a note
CORRECT = {
    'nh3-004': '159 + 39 + 36 + 18 = 252',
    'nh3-007': 'min(5 × 15, 60) = 60',
    'nh3-010': '2 × 14 × 4 = 112',
    'nh3-011': '159 − 75 = 84',
    'nh3-013': '2 × 24 + 39 = 87',
    'nh3-015': '2027-04-26 + 10 days = 2027-05-06',
    'nh3-018': '2 × 3360 = 6720',
    'nh3-021': '4200 + 395 = 4595',
    'nh3-022': '5 × 90 ÷ 60 × 650 = 4875',
    'nh3-026': '4200 − 4200 × 20% = 3360; 3360 + 395 = 3755',
    'nh3-027': '2 × 2600 + 395 = 5595',
    'nh3-028': '2027-01-18 − 21 days = 2026-12-28',
    'nh3-034': '420 ÷ 2 = 210',
    'nh3-036': '665 − 66.50 = 598.50',
    'nh3-040': '2 × 35 = 70',
    'nh3-044': '2027-05-10 + 90 days = 2027-08-08',
    'nh3-046': '5 × 55 = 275',
    'nh3-049': '275 + 10 = 285',
    'nh3-050': '4 × 30 = 120',
    'nh3-052': '300 − 240 = 60',
    'nh3-055': '210 − 210 × 50% = 105',
    'nh3-057': '2 × 3 × 38 = 228; 228 + 10 = 238',
}


class Problems:
    def __init__(self):
        self.items = []

    def check(self, ok, *msg):
        if not ok:
            self.items.append(" ".join(str(m) for m in msg))
        return ok

    def report(self):
        for p in self.items:
            print("PROBLEM:", p)
        return not self.items


# the exact arithmetic, shared by the worked-number sets' validators (benchmarks/worked_numbers.py)
sys.path.insert(0, os.path.dirname(HERE))
from worked_numbers import day_month, in_text, number, numbers_in, steps_of, table  # noqa: E402, F401
from worked_numbers import eval_expr as _eval_expr  # noqa: E402
from worked_numbers import eval_step as _eval_step  # noqa: E402
from worked_numbers import sentences as _sentences  # noqa: E402


def eval_expr(expr):
    return _eval_expr(expr, CURRENCY)


def eval_step(step):
    return _eval_step(step, CURRENCY)


def sentences(text):
    return _sentences(text, SENTENCE_END)


def main():
    problems = Problems()
    check = problems.check
    rows = []
    with open(DATA, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if not line.strip():
                check(False, "line", i, "is empty")
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                check(False, "line", i, "is not JSON:", exc)
                continue
            check(isinstance(row, dict), "line", i, "is not an object")
            if isinstance(row, dict):
                rows.append(row)
    ids = [r.get("id") for r in rows]
    check(len(set(ids)) == len(ids), "ids are not unique:", [k for k, n in Counter(ids).items() if n > 1])
    check(ids == [f"{PREFIX}-{i:03d}" for i in range(1, len(rows) + 1)], f"ids must run {PREFIX}-001, ... in order")
    total = sum(TOTALS.values())
    check(len(rows) == total, "expected", total, "rows, found", len(rows))
    expects = Counter(r.get("expect") for r in rows)
    for e, n in TOTALS.items():
        check(expects[e] == n, "expected", n, e, "rows, found", expects[e])

    domain_contexts = {}
    per_domain = Counter()
    for r in rows:
        rid = r.get("id")
        keys = set(r)
        check(keys >= REQUIRED, rid, "missing keys", REQUIRED - keys)
        check(keys <= ALLOWED, rid, "unknown keys", keys - ALLOWED)
        if not keys >= REQUIRED:
            continue
        for k in ("domain", "question", "answer", "expect", "shape"):
            check(isinstance(r[k], str) and r[k].strip(), rid, k, "must be a non-empty string")
        check(r["expect"] in EXPECTS, rid, "bad expect", r["expect"])
        check(r["shape"] in SHAPES, rid, "bad shape", r["shape"])
        check((r["expect"] == "refusal") == (r["shape"] == "refusal"), rid, "shape refusal iff expect refusal")
        check((r["expect"] == "unsupported") == ("fault" in r), rid, "fault must be present exactly on unsupported")
        check("fault" not in r or r["fault"] in FAULTS, rid, "bad fault", r.get("fault"))
        check(re.search(r"\(([A-Z]{3})\)$", r["domain"]), rid, "domain should end with its currency, e.g. (EUR)")
        check(not any(w in r["domain"].lower() for w in OLD_DOMAINS), rid, "domain repeats an earlier set's")
        per_domain[(r["domain"], r["expect"])] += 1

        # contexts
        ctx = r["contexts"]
        ok = check(isinstance(ctx, list) and len(ctx) == N_PASSAGES, rid, "needs", N_PASSAGES, "contexts")
        if ok:
            for c in ctx:
                if not check(isinstance(c, dict) and set(c) == {"id", "text"} and all(
                        isinstance(c[k], str) and c[k].strip() for k in ("id", "text")), rid, "bad context", c):
                    ok = False
                    continue
                n = len(sentences(c["text"]))
                check(SENTENCES[0] <= n <= SENTENCES[1], rid, "passage", c["id"], "has", n, "sentences")
            check(len({c.get("id") for c in ctx if isinstance(c, dict)}) == len(ctx), rid, "context ids repeat")
        if ok:
            frozen = json.dumps(ctx, sort_keys=True, ensure_ascii=False)
            check(domain_contexts.setdefault(r["domain"], frozen) == frozen, rid, "passages differ within domain")
        else:
            continue

        # computations
        if r["expect"] == "refusal":
            check(rid not in WORK and rid not in CORRECT, rid, "refusal rows have no WORK / CORRECT")
            continue
        if not check(rid in WORK, rid, "needs a WORK entry"):
            continue
        sources = numbers_in(r["question"]) | set().union(*(numbers_in(c["text"]) for c in ctx))
        try:
            steps = [eval_step(s) for s in steps_of(WORK[rid])]
        except (ValueError, SyntaxError, TypeError, ZeroDivisionError) as exc:
            check(False, rid, "cannot evaluate WORK:", exc)
            continue
        fault = r.get("fault")
        results = []
        for text, (kind, _computed, stated, operands, start) in zip(steps_of(WORK[rid]), steps):
            if fault != "added-fact":
                for op in operands:
                    check(op in sources or op in CONSTANTS or op in results, rid, "operand", op,
                          "is not in the passages, the question, an earlier step or CONSTANTS:", repr(text))
            if start is not None:
                check(day_month(start) in r["question"], rid, "start date not in the question:", repr(text))
            check(in_text(kind, stated, r["answer"]), rid, "answer does not state the result of", repr(text))
            results.append(stated if kind == "number" else None)
        truth = [(k, c == s) for k, c, s, _, _ in steps]
        if fault == "arithmetic":
            check(any(k == "number" and not t for k, t in truth), rid, "arithmetic row with no false numeric step")
        elif fault == "date":
            check(any(k == "date" for k, _ in truth), rid, "date row with no date step")
            check(all(t for k, t in truth if k == "number"), rid, "date row with a false numeric step")
        else:
            check(all(t for _, t in truth), rid, "WORK does not hold:", repr(WORK[rid]))
        if r["expect"] == "unsupported":
            if check(rid in CORRECT, rid, "unsupported row without a CORRECT entry") and \
                    not CORRECT[rid].startswith("note:"):
                right = [eval_step(s) for s in steps_of(CORRECT[rid])]
                check(all(c == s for _, c, s, _, _ in right), rid, "CORRECT computation does not hold")
                if fault == "added-fact":
                    check(right[-1][2] == steps[-1][2] or right[-1][2] in numbers_in(r["answer"]), rid,
                          "added-fact row: the right result should still be in the answer")
                else:
                    check(right[-1][2] != steps[-1][2], rid, "the right result equals the answer's result")
        else:
            check(rid not in CORRECT, rid, "faithful row in CORRECT")

    check(set(WORK) <= set(ids), "WORK ids not in the data:", sorted(set(WORK) - set(ids)))
    check(set(CORRECT) <= set(ids), "CORRECT ids not in the data:", sorted(set(CORRECT) - set(ids)))
    domains = sorted({r.get("domain") for r in rows})
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, found", domains)
    for d in domains:
        for e, (lo, hi) in PER_DOMAIN.items():
            check(lo <= per_domain[(d, e)] <= hi, d, e, "expected", lo, "to", hi, "found", per_domain[(d, e)])
    check(len(set(domain_contexts.values())) == len(domain_contexts), "two domains share their passages")
    currencies = {m.group(1) for d in domains if (m := re.search(r"\(([A-Z]{3})\)$", d or ""))}
    check(len(currencies - {"USD"}) >= 2, "need at least two non-USD currencies, found", sorted(currencies))
    check(len(currencies) == N_DOMAINS, "each domain should have its own currency, found", sorted(currencies))
    faults = Counter(r.get("fault") for r in rows if r.get("expect") == "unsupported")
    for f in FAULTS:
        check(faults[f] >= MIN_PER_FAULT, "fault", f, "needs at least", MIN_PER_FAULT, "rows, found", faults[f])
    shapes = Counter(r.get("shape") for r in rows)
    for s in SHAPES - {"refusal"}:
        check(shapes[s] >= MIN_PER_SHAPE, "shape", s, "needs at least", MIN_PER_SHAPE, "rows, found", shapes[s])

    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    table("expect", Counter(r["expect"] for r in rows), EXPECT_ORDER)
    print("\n| domain | faithful | unsupported | refusal |\n|---|---|---|---|")
    for d in domains:
        print(f"| {d} | " + " | ".join(str(per_domain[(d, e)]) for e in EXPECT_ORDER) + " |")
    print("\n| shape | faithful | unsupported | refusal | total |\n|---|---|---|---|---|")
    by = Counter((r["shape"], r["expect"]) for r in rows)
    for s in ["receipt", "inline", "parenthetical", "percent", "split", "chain", "date", "compare", "cap", "yes-no",
              "refusal"]:
        print(f"| {s} | {by[(s, 'faithful')]} | {by[(s, 'unsupported')]} | {by[(s, 'refusal')]} | {shapes[s]} |")
    table("fault", faults, ["arithmetic", "operand", "ignored-condition", "ignored-cap", "unit", "date",
                            "added-fact"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
