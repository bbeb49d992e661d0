"""Structural and arithmetic check of numbers_holdout5.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/numbers_holdout4/validate.py (self-contained, like that one), with the same design: 4
domains, 9 faithful rows per domain and 5 or 6 unsupported and 1 or 2 refusal rows (36 / 22 / 6 in all), passages of
4 to 6 sentences, and a check that no domain repeats one of the earlier sets (shapes_dev.jsonl, numbers_dev,
numbers_holdout2 to numbers_holdout4, shapes_dev2, shapes_holdout2 to shapes_holdout5, as far as their READMEs show).
The data file carries only the fields of the set (`id`, `domain`, `question`, `contexts`, `answer`, `expect`,
`shape`, `fault`); the computations live here, in WORK (the computation each answer makes, one or more steps
separated by "; ") and CORRECT (the right computation for each unsupported row, or a "note:" where the fault is not a
number). Do not show this file to a checker.

A step is `EXPRESSION = RESULT` (numbers, + − × ÷, parentheses, N%, max(), min()) or
`YYYY-MM-DD ± N days = YYYY-MM-DD`. Steps are evaluated exactly (Fraction arithmetic). They must all hold in
faithful rows and in unsupported rows whose fault is not "arithmetic" or "date"; an "arithmetic" row needs a false
numeric step; a "date" row needs a date result that differs from CORRECT's (a false step, or the right sum counted
from the wrong event). Every step's result must appear in the answer, and every operand must come from the passages,
the question, an earlier step or a small set of unit constants (not checked in added-fact rows, whose extra number
is made up on purpose). A date step's start date must appear in the question. New here: every number written in a
faithful or unsupported answer (other than an added-fact one) must likewise come from the passages, the question,
a step's result (a date result gives its day of the month) or the unit constants, and every date written in an
answer must be the question's or a step's.
"""
import json
import os
import re
import sys
from collections import Counter
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "numbers_holdout5.jsonl")
PREFIX = "nh5"
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
SENTENCES = (4, 6)
# domains of shapes_dev.jsonl and of the earlier sets whose READMEs were read (this set must use new ones)
OLD_DOMAINS = ("veterinary", "parcel", "concert", "cargo", "pottery", "holiday park", "instrument", "sauna",
               "bike repair", "language", "pet sitting", "boat hire", "climbing", "print", "car sharing", "storage",
               "campsite", "translation", "esim", "ski", "ferry", "insurance", "water", "dental", "grocery",
               "balloon", "bouldering", "photo", "co-living", "tool library", "van", "hostel", "music", "yoga")
MIN_PER_FAULT = 3
MIN_PER_SHAPE = 5
CONSTANTS = {Fraction(n) for n in (1, 2, 7, 12, 24, 60, 100, 1000)}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(])")
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
DATE_TEXT = re.compile(rf"\b(\d{{1,2}}) ({MONTHS}) (\d{{4}})\b")
CURRENCY = re.compile(r"PLN|ZAR|MXN|HUF|[€£$]")

# id -> the computation the answer makes (every faithful and unsupported row)
WORK = {
    'nh5-001': '3 × 45 = 135; 135 − 135 × 15% = 114.75; 135 − 135 × 10% = 121.50',
    'nh5-002': '9 × 14 = 126; 3 × 65 = 195; 126 + 195 = 321; 321 ÷ 3 = 107',
    'nh5-003': '2 × 12 = 24; 24 × 79 = 1896; 1896 − 1896 × 15% = 1611.60; 1611.60 + 40 = 1651.60; '
               '1896 − 1651.60 = 244.40',
    'nh5-004': '10 × 79 = 790; 2027-05-24 + 7 days = 2027-05-31',
    'nh5-005': '79 × 50% = 39.50; 79 + 39.50 = 118.50',
    'nh5-006': '2 × 79 = 158; 158 × 50% = 79; 158 + 79 = 237',
    'nh5-007': '3 × 79 = 237; 2 × 120 = 240; 237 + 240 = 487',
    'nh5-008': '10 × 14 = 140; 15 × 6 = 90; 140 + 90 = 230',
    'nh5-009': '79 + 120 = 199; 199 × 15% = 29.85; 199 − 29.85 = 169.15',
    'nh5-010': '5 × 22 = 110; 110 − 110 × 15% = 93.50',
    'nh5-011': '2 × 65 = 130; 4 × 25 = 100; 130 + 100 = 230',
    'nh5-012': '2027-04-09 + 60 days = 2027-06-08',
    'nh5-013': '4 × 28 = 112; 2 × 45 = 90; 112 + 90 + 120 = 322',
    'nh5-015': '7 × 14 = 98; 98 + 65 = 163; 163 + 8 = 171',
    'nh5-016': '8 × 14 = 112; 12 × 6 = 72; min(72, 60) = 60; 112 + 60 = 172',
    'nh5-017': '10 × 420 = 4200',
    'nh5-018': '8 − 5 = 3; 180 − 180 × 20% = 144; 3 × 144 = 432',
    'nh5-019': '2027-03-03 + 14 days = 2027-03-17',
    'nh5-020': '3400 − 3400 × 15% = 2890; 6 × 2890 = 17340; 6 × 3400 = 20400; 20400 − 17340 = 3060',
    'nh5-021': '2 × 30 = 60',
    'nh5-022': '9 × 250 = 2250; 2250 − 2000 = 250',
    'nh5-023': '6 − 4 = 2; 2 × 120 = 240',
    'nh5-024': 'max(1, 2) = 2; 2 × 420 = 840',
    'nh5-025': '4900 + 200 + 350 = 5550',
    'nh5-026': '4900 × 15% = 735; 4900 − 735 = 4165; 12 × 4165 = 49980; 12 × 4900 = 58800; 58800 − 49980 = 8820',
    'nh5-027': '6 × 180 = 1080; 6 × 30 = 180; 1080 + 180 = 1260',
    'nh5-028': '2 × 180 = 360; 4 × 95 = 380; 360 + 380 = 740; 740 + 50 = 790',
    'nh5-029': '2027-01-20 + 90 days = 2027-04-20',
    'nh5-030': '3 × 180 = 540; 250 + 120 + 30 + 540 = 940',
    'nh5-031': '9 × 420 = 3780; min(3780, 2800) = 2800; 5 × 95 = 475; 2800 + 475 = 3275; 3275 ÷ 5 = 655',
    'nh5-033': '2027-08-14 − 7 days = 2027-08-07; 14 − 5 = 9',
    'nh5-034': '360 − 360 × 20% = 288; 5 × 288 = 1440; 5 × 360 = 1800; 1800 − 1800 × 10% = 1620',
    'nh5-035': '5 × 320 = 1600',
    'nh5-036': '420 − 420 × 20% = 336; 2 × 336 = 672',
    'nh5-037': '2 × 360 + 2 × 250 = 1220',
    'nh5-038': '2027-02-02 + 180 days = 2027-08-01',
    'nh5-039': '6 × 320 = 1920; 1920 − 1920 × 15% = 1632; 1920 + 1632 = 3552; 3552 ÷ 6 = 602',
    'nh5-040': '7 × 320 = 2240; 7 × 90 = 630; 2240 + 600 + 630 = 3470',
    'nh5-042': '8 × 320 = 2560; 2560 × 30% = 768; 2560 − 768 = 1792',
    'nh5-043': '6 × 320 = 1920; 2 × 600 = 1200; 6 × 90 = 540; 6 × 35 = 210; 1920 + 1200 + 540 + 210 = 3870',
    'nh5-044': '5 × 360 = 1800; 5 × 80 = 400; 1800 + 400 = 2200; 2200 ÷ 5 = 440',
    'nh5-045': '360 − 360 × 20% = 288; 4 × 288 = 1152; 4 × 360 = 1440',
    'nh5-046': '2027-09-20 − 3 days = 2027-09-18',
    'nh5-048': '420 − 420 × 20% = 336; 3 × 336 = 1008; max(1008, 1100) = 1100; 3 × 420 = 1260; 1260 − 1100 = 160',
    'nh5-049': '30 × 14000 = 420000; 420000 + 45000 = 465000; 465000 − 390000 = 75000',
    'nh5-051': '4 × 8000 = 32000; min(32000, 24000) = 24000',
    'nh5-052': '10 × 12500 = 125000; 125000 − 115000 = 10000',
    'nh5-053': '2027-07-23 + 10 days = 2027-08-02; 30 − 23 = 7',
    'nh5-055': '4 × 12500 = 50000; 50000 − 50000 × 10% = 45000; 45000 + 50000 = 95000; 95000 ÷ 2 = 47500',
    'nh5-056': '390000 × 8% = 31200; 390000 − 31200 = 358800',
    'nh5-057': '6 × 12500 = 75000; 75000 × 10% = 7500; 75000 − 7500 = 67500',
    'nh5-058': '5 × 12500 = 62500; 8 − 5 = 3; 3 × 300 = 900; 5 × 900 = 4500; 62500 + 4500 = 67000',
    'nh5-059': '7 × 14000 = 96000',
    'nh5-060': '390000 × 5% = 19500; 390000 + 19500 = 409500; 409500 ÷ 3 = 136500',
    'nh5-061': '6 × 10500 = 63000; 63000 − 5000 = 58000',
    'nh5-062': '2027-03-15 + 180 days = 2027-09-11',
    'nh5-063': '4 × 14000 = 56000; 56000 + 15000 + 11000 = 82000',
    'nh5-064': '6 × 12500 = 75000; 9 − 5 = 4; 4 × 300 = 1200; 75000 + 1200 = 76200',
}
# unsupported id -> the right computation (its final result must differ), or a note
CORRECT = {
    'nh5-004': '2027-05-28 + 7 days = 2027-06-04',
    'nh5-005': '120 + 120 × 50% = 180',
    'nh5-007': '237 + 240 = 477',
    'nh5-008': '10 × 14 + min(15 × 6, 60) = 200',
    'nh5-010': '5 × 22 = 110',
    'nh5-015': '98 + 65 = 163',
    'nh5-017': 'min(10 × 420, 2800) = 2800',
    'nh5-019': '2027-03-03 + 30 days = 2027-04-02; 2027-04-02 + 14 days = 2027-04-16',
    'nh5-020': '6 × 3400 − 6 × 3400 = 0',
    'nh5-021': '5 × 2 × 30 = 300',
    'nh5-025': '4900 + 200 + 350 = 5450',
    'nh5-028': '360 + 380 = 740',
    'nh5-035': '5 × 360 = 1800',
    'nh5-036': 'max(2 × 336, 1100) = 1100',
    'nh5-039': '3552 ÷ 6 = 592',
    'nh5-040': '2240 + 3 × 600 + 630 = 4670',
    'nh5-046': '2027-09-20 − 3 days = 2027-09-17',
    'nh5-049': '30 × 12500 + 45000 − 390000 = 30000',
    'nh5-056': '390000 × 1 = 390000',
    'nh5-059': '7 × 14000 = 98000',
    'nh5-061': '6 × 10500 = 63000',
    'nh5-064': '75000 + 6 × 1200 = 82200',
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
        if fault != "added-fact":
            dates = [s for k, _, s, _, _ in steps if k == "date"]
            allowed = sources | CONSTANTS | {x for x in results if x is not None} | {Fraction(d.day) for d in dates}
            for value in sorted(numbers_in(r["answer"]) - allowed):
                check(False, rid, "number", value, "in the answer is not in the passages, the question, a step or "
                      "CONSTANTS")
            question_dates = {m.group() for m in DATE_TEXT.finditer(r["question"])}
            for m in DATE_TEXT.finditer(r["answer"]):
                check(m.group() in question_dates or any(day_month(d) + f" {d.year}" == m.group() for d in dates),
                      rid, "date", repr(m.group()), "in the answer is neither the question's nor a step's")
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
