"""Structural and arithmetic check of numbers_holdout2.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/numbers_holdout/validate.py, but self-contained. The data file carries only the fields of
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
DATA = os.path.join(HERE, "numbers_holdout2.jsonl")
PREFIX = "nh2"
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault"}
EXPECTS = {"faithful", "unsupported", "refusal"}
SHAPES = {"receipt", "inline", "parenthetical", "percent", "split", "chain", "date", "compare", "cap", "yes-no",
          "refusal"}
FAULTS = {"arithmetic", "operand", "ignored-condition", "ignored-cap", "unit", "date", "added-fact"}
PER_DOMAIN = {"faithful": 8, "unsupported": 5, "refusal": 1}
N_DOMAINS = 5
N_PASSAGES = 3
SENTENCES = (5, 6)
MIN_PER_FAULT = 3
MIN_PER_SHAPE = 5
CONSTANTS = {Fraction(n) for n in (1, 2, 7, 12, 24, 60, 100, 1000)}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(])")
CURRENCY = re.compile(r"[A-Z]{2,3}\$|DKK|GBP|NZD|CAD|EUR|[€£$]")

# id -> the computation the answer makes (every faithful and unsupported row)
WORK = {
    'nh2-001': '6 − 4 = 2; 2 × 45 = 90',
    'nh2-002': '2 × 45 = 90',
    'nh2-003': '380 − 380 × 15% = 323',
    'nh2-004': '10 × 210 = 2100; 2100 × 15% = 315; 2100 − 315 = 1785',
    'nh2-005': '17 − 9 = 8; 8 × 45 = 360; min(360, 300) = 300',
    'nh2-006': '2 × 7 × 210 = 2940; 2940 ÷ 4 = 735',
    'nh2-007': '6 × 380 = 2280; 7 × 210 = 1470; 2280 − 1470 = 810',
    'nh2-008': '4 × 300 = 1200; 1200 − 1200 × 10% = 1090',
    'nh2-009': '18 − 9 = 9; 9 × 60 = 540',
    'nh2-011': '1 × 75 = 75',
    'nh2-012': '4 × 45 = 180; 180 − 99 = 81',
    'nh2-013': '3 × 50 = 150; 150 + 30 = 180',
    'nh2-014': '3 × 60 = 180; 180 + 25 + 40 = 245',
    'nh2-015': '210 × 20% = 42; 210 − 42 = 168',
    'nh2-016': '210 × 20% = 42; 210 − 42 = 168',
    'nh2-017': '2 × 2 = 4',
    'nh2-018': '5 × 15 = 75',
    'nh2-019': '2027-01-20 + 60 days = 2027-03-21',
    'nh2-020': '4 × 18 = 72; 5 × 16 = 80; 80 − 72 = 8',
    'nh2-021': '30 − 24 = 6; 6 × 6 = 36; 85 + 36 = 121',
    'nh2-022': '11 − 8 = 3; 3 × 4 = 12',
    'nh2-023': '3 × 18 = 54; 54 + 20 + 20 = 94',
    'nh2-024': '2 × 20 = 40',
    'nh2-025': '4 × 32 = 128; 128 + 18 = 146; 146 ÷ 4 = 36.50',
    'nh2-026': '90 − 85 = 5',
    'nh2-028': '2027-05-10 − 14 days = 2027-04-27',
    'nh2-029': '3 × 130 = 390; 2 × 20 × 3 = 120; 4 × 15 = 60; 390 + 120 + 60 = 570; 570 ÷ 4 = 142.50',
    'nh2-030': '8 − 1 = 7; 2 × 24 = 48; 7 × 48 = 336',
    'nh2-032': '2 × 130 = 260',
    'nh2-033': '4 × 15 = 60',
    'nh2-034': '3 × 24 + 12 = 84; 4 × 84 = 336; 336 ÷ 2 = 158',
    'nh2-035': '2 × 18 × 3 = 108; 12 × 3 = 36; 108 + 36 = 144',
    'nh2-036': '2 × 50 = 100; 100 ÷ 2 = 50',
    'nh2-037': '5 × 2 = 10',
    'nh2-038': '2027-03-03 − 7 days = 2027-02-24',
    'nh2-039': '5 × 130 = 650; 650 × 10% = 65; 65 − 35 = 30',
    'nh2-040': '3 × 95 = 285; 285 × 10% = 28.50; 285 − 28.50 = 256.50',
    'nh2-041': '2 × 24 × 3 = 144; 12 × 3 = 36; 144 + 36 = 180',
    'nh2-042': 'max(18, 40) = 40; 2 × 40 = 80',
    'nh2-043': '25 − 5 = 20; 35 − 5 = 30; 20 + 30 = 50',
    'nh2-044': '24 × 25 = 600; 600 ÷ 2 = 300; 420 − 300 = 120',
    'nh2-045': '2.5 × 60 = 150; 4 × 6 = 24; 24 + 50 = 74; 150 − 74 = 76',
    'nh2-046': '8 × 35 = 280; 280 ÷ 2 = 140; 650 − 140 = 510',
    'nh2-047': '10 × 45 = 450; 450 − 450 × 10% = 405; 450 − 405 = 55',
    'nh2-048': '2027-04-20 + 14 days = 2027-05-04',
    'nh2-050': '4 × 45 = 180; 180 + 40 = 220; 220 ÷ 4 = 55',
    'nh2-051': '2027-05-31 + 14 days = 2027-06-14',
    'nh2-052': '2 × 35 = 70; 70 + 40 = 110',
    'nh2-053': '45 + 40 + 6 = 91',
    'nh2-054': '5 × 6 = 30',
    'nh2-055': '6 × 35 = 210; 210 ÷ 2 = 105; 420 − 105 = 315',
    'nh2-056': '10 × 25 = 250; 250 × 10% = 25; 250 − 25 = 225; 225 + 40 = 265',
    'nh2-057': '3 × 120 = 360; 8 × 18 = 144; 360 + 144 = 504; 504 ÷ 8 = 63',
    'nh2-059': '10 × 16 = 160; 160 − 130 = 30',
    'nh2-060': '4 × 3 = 12; 16 + 12 + 7 = 35',
    'nh2-061': '3 × 120 = 360; 7 × 18 = 126; 360 + 126 = 476',
    'nh2-062': '2 × 95 = 190',
    'nh2-063': '16 − 12 = 4',
    'nh2-064': '2027-04-15 + 180 days = 2027-10-12',
    'nh2-065': '2027-03-01 + 180 days = 2027-08-28',
    'nh2-066': '6 × 10 = 60; 6 × 16 = 96; 96 − 60 = 36',
    'nh2-067': '16 + 2 × 3 = 22',
    'nh2-068': '65 × 15% = 9.75; 65 − 9.75 = 55.25',
    'nh2-069': '12 × 69 = 828; 828 − 690 = 138',
    'nh2-070': '2 × 16 = 32; 3 × 4 = 12; 32 + 8 + 12 = 52',
}
# unsupported id -> the right computation (its final result must differ), or a note
CORRECT = {
    'nh2-004': '10 × 210 = 2100',
    'nh2-008': '1200 − 1200 × 10% = 1080',
    'nh2-009': 'min(9 × 60, 380) = 380',
    'nh2-011': '2 × 75 = 150',
    'nh2-013': '3 × 50 = 150',
    'nh2-015': '210 − 0 = 210',
    'nh2-017': '3 × 2 × 2 = 12',
    'nh2-018': '3 × 15 = 45',
    'nh2-024': '2 × 12 = 24',
    'nh2-028': '2027-05-10 − 14 days = 2027-04-26',
    'nh2-032': '2 × 95 = 190',
    'nh2-034': '336 ÷ 2 = 168',
    'nh2-035': '108 + 9 × 3 = 135',
    'nh2-036': '2 × 3 × 50 = 300; 300 ÷ 2 = 150',
    'nh2-037': 'note: dogs are not allowed in cabins',
    'nh2-047': '450 − 405 = 45',
    'nh2-048': '2027-04-30 + 14 days = 2027-05-14',
    'nh2-052': '3 × 35 + 40 = 145',
    'nh2-054': 'note: the passages say nothing about loss or theft',
    'nh2-055': '650 − 105 = 545',
    'nh2-060': '16 + 4 × 3 + 7 = 35',
    'nh2-061': '360 + 126 = 486',
    'nh2-063': '16 − 0 = 16',
    'nh2-065': '2027-03-20 + 180 days = 2027-09-16',
    'nh2-066': '4 × 10 + 2 × 16 = 72; 96 − 72 = 24',
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
    total = N_DOMAINS * sum(PER_DOMAIN.values())
    check(len(rows) == total, "expected", total, "rows, found", len(rows))

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
        for e, n in PER_DOMAIN.items():
            check(per_domain[(d, e)] == n, d, e, "expected", n, "found", per_domain[(d, e)])
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
    table("expect", Counter(r["expect"] for r in rows), ["faithful", "unsupported", "refusal"])
    print("\n| domain | faithful | unsupported | refusal |\n|---|---|---|---|")
    for d in domains:
        print(f"| {d} | " + " | ".join(str(per_domain[(d, e)]) for e in PER_DOMAIN) + " |")
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
