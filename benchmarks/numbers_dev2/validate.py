"""Structural and arithmetic check of numbers_dev2.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/numbers_holdout4/validate.py and self-contained, like that one. numbers_dev2 is a
DEVELOPMENT set (rules may be chosen on it; never train on it), written blind: 4 domains of 16 consecutive rows,
each with 10 faithful, 5 unsupported and 1 refusal row (40 / 20 / 4 in all), passages of 4 to 6 sentences, a
currency of its own per domain (none of them USD), and a check that no domain repeats one used by an earlier set
(as far as their READMEs show). The data file carries only the fields of the set (`id`, `domain`, `question`,
`contexts`, `answer`, `expect`, `shape`, `fault`); the computations live here, in WORK (the computation each answer
makes, one or more steps separated by "; ") and CORRECT (the right computation for each unsupported row, or a
"note:" where the right answer is not a new computation). Do not show this file to a checker.

A step is `EXPRESSION = RESULT` (numbers, + − × ÷, parentheses, N%, max(), min(), ceil()) or
`YYYY-MM-DD ± N days = YYYY-MM-DD`. Steps are evaluated exactly (Fraction arithmetic). They must all hold in
faithful rows and in unsupported rows whose fault is not "arithmetic" or "date"; an "arithmetic" row needs a false
numeric step; a "date" row needs a date result that differs from CORRECT's (a false step, or the right sum counted
from the wrong event). Every step's result must appear in the answer, and every operand must come from the passages,
the question (digits, or a number word such as "four"), an earlier step or a small set of unit constants (not
checked in added-fact rows, whose extra number is made up on purpose). A date step's start date must appear in the
question, and a weekday written next to a date ("Saturday 14 August 2027") must be that date's weekday.
"""
import datetime
import json
import os
import re
import sys
from collections import Counter
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "numbers_dev2.jsonl")
PREFIX = "nd2"
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault"}
EXPECTS = {"faithful", "unsupported", "refusal"}
SHAPES = {"receipt", "inline", "parenthetical", "percent", "split", "chain", "date", "compare", "cap", "yes-no",
          "refusal"}
FAULTS = {"arithmetic", "operand", "ignored-condition", "ignored-cap", "unit", "date", "added-fact"}
EXPECT_ORDER = ["faithful", "unsupported", "refusal"]
PER_DOMAIN = {"faithful": (10, 10), "unsupported": (5, 5), "refusal": (1, 1)}  # (min, max) rows per domain
TOTALS = {"faithful": 40, "unsupported": 20, "refusal": 4}
N_DOMAINS = 4
ROWS_PER_DOMAIN = 16
N_PASSAGES = 3
SENTENCES = (4, 6)
# domains of the earlier sets, as their READMEs (and shapes_dev.jsonl) show; this set must use new ones
OLD_DOMAINS = ("veterinary", "parcel", "concert", "cargo", "pottery", "holiday park", "instrument", "sauna",
               "bike repair", "language", "pet sitting", "boat hire", "climbing", "print shop", "car sharing",
               "storage", "dry cleaning", "laundry", "coworking", "escape room", "driving school", "campsite",
               "translation", "esim", "ski", "ferry", "insurance", "water utility", "dental", "grocery",
               "balloon", "bouldering", "photo", "co-living", "tool library", "horse", "riding", "phone repair",
               "moving", "van rental", "hostel", "music school", "yoga", "ev charging", "museum")
MIN_PER_FAULT = 2
MIN_PER_SHAPE = 5
CONSTANTS = {Fraction(n) for n in (1, 2, 7, 12, 24, 60, 100, 1000)}
WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
         "eleven": 11, "twelve": 12}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(₩])")
CURRENCY = re.compile(r"[A-Z]{1,3}\$|THB|KRW|RON|BRL|[₩€£$]")
WEEKDAY_DATE = re.compile(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? (\d{1,2}) ([A-Z][a-z]+) "
                          r"(\d{4})")

# id -> the computation the answer makes (every faithful and unsupported row)
WORK = {
    'nd2-001': '12 × 65 = 780; ceil(12 ÷ 5) = 3; 3 × 85 = 255; 780 + 255 = 1035',
    'nd2-003': '12 × 49 = 588; 588 − 490 = 98',
    'nd2-004': '8 × 65 = 520',
    'nd2-005': '2 × 120 = 240; 240 × 15% = 36; 240 − 36 = 204; 3 × 12 = 36; 204 + 36 = 250',
    'nd2-006': '2 × 160 = 320; 5 × 12 = 60; min(60, 48) = 48; 320 + 48 = 368; 368 ÷ 5 = 73.60',
    'nd2-007': '2 × 160 = 320; 320 × 15% = 48; 320 − 48 = 272',
    'nd2-008': '2 × 90 = 180; 180 × 15% = 27; 180 − 27 = 153',
    'nd2-009': '6 × 12 = 72; 120 + 72 = 192; 192 ÷ 6 = 32',
    'nd2-010': '3 × 120 = 360',
    'nd2-011': '2027-08-14 − 2 days = 2027-08-13',
    'nd2-012': '2027-06-18 − 10 days = 2027-06-08',
    'nd2-013': '10 × 65 = 650; 650 − 200 = 450',
    'nd2-014': '4 × 12 = 48; 160 + 48 = 208; 208 ÷ 4 = 52',
    'nd2-015': '10 × 22 = 220; 220 − 150 = 70',
    'nd2-016': '2 × 120 = 240; 4 × 12 = 48; 240 + 48 = 288',
    'nd2-017': '2 × 1500 = 3000; 2 × 2600 = 5200; 5200 − 3000 = 2400',
    'nd2-019': '2027-12-09 − 7 days = 2027-12-02',
    'nd2-020': '9000 ÷ 4 = 2250; 400 ÷ 4 = 100',
    'nd2-021': '7 × 2200 = 15400',
    'nd2-022': '7 − 4 = 3; 3 × 1800 = 5400; 9000 + 5400 = 14400',
    'nd2-023': '6 × 150 = 900; min(900, 600) = 600',
    'nd2-024': '8 × 2600 = 20800; 20800 × 10% = 2080; 20800 − 2080 = 18720',
    'nd2-025': '2027-04-20 + 30 days = 2027-05-20',
    'nd2-026': '2 × 2600 = 5200; 5200 − 200 = 5000',
    'nd2-027': '2 × 1500 = 3000; 1500 − 1500 × 40% = 900; 3 × 300 = 900; 3000 + 900 + 900 = 4800',
    'nd2-028': '2 × 1500 = 3000; 3000 + 300 = 3300',
    'nd2-029': '3 × 150 = 450',
    'nd2-030': '9000 + 1800 = 10800; 10800 ÷ 5 = 2160',
    'nd2-031': '4 × 1500 = 6000; 9000 − 6000 = 3000',
    'nd2-032': '450 − 350 = 100',
    'nd2-033': '69000 ÷ 3 = 23000',
    'nd2-034': '12 × 28000 = 336000; 2 × 22000 = 44000; 336000 + 44000 = 380000',
    'nd2-035': '12000 + 3000 = 15000',
    'nd2-036': '15 × 28000 = 420000; 3 × 22000 = 66000; 420000 + 66000 = 486000; 486000 ÷ 3 = 162000',
    'nd2-037': '2 × 24000 = 48000; 3 × 3000 = 9000; 48000 + 12000 + 9000 = 69000',
    'nd2-038': '10 × 18000 = 180000; 180000 − 150000 = 30000',
    'nd2-039': '2 × 18000 = 36000; 36000 × 20% = 7200; 36000 − 7200 = 28800',
    'nd2-040': '2027-09-04 − 7 days = 2027-08-28',
    'nd2-041': '45 ÷ 15 = 3; 3 × 5000 = 15000; 15000 × 50% = 7500',
    'nd2-042': 'min(90, 60) = 60; 60 ÷ 15 = 4; 4 × 5000 = 20000',
    'nd2-043': '2027-07-05 + 30 days = 2027-08-04',
    'nd2-044': '24000 + 3000 = 27000; 4 × 27000 = 108000; 27000 + 2000 = 29000',
    'nd2-046': '150000 × 20% = 30000; 150000 − 30000 = 120000',
    'nd2-047': '2027-11-20 − 5 days = 2027-11-16',
    'nd2-048': '12 × 33000 = 396000; 396000 × 10% = 39600; 396000 − 39600 = 356400',
    'nd2-049': '35 + 15 = 50; 55 + 15 = 70; 70 − 50 = 20',
    'nd2-050': '8 × 55 = 440; 440 − 149 = 291',
    'nd2-051': '149 × 25% = 37.25; 149 − 37.25 = 111.75; 149 + 111.75 = 260.75',
    'nd2-052': '55 + 15 = 70; 70 + 30 = 100',
    'nd2-053': '350 + 120 = 470; 500 − 470 = 30',
    'nd2-054': '60 ÷ 4 = 15; 15 × 5 = 75',
    'nd2-055': '55 + 15 = 70; 8 × 5 = 40; 70 + 30 + 40 = 140',
    'nd2-056': '80 × 20% = 16; 80 − 16 = 64',
    'nd2-057': '2027-03-22 + 365 days = 2028-03-21',
    'nd2-058': '350 × 10% = 35; 350 − 35 = 315',
    'nd2-059': '80 + 15 = 95; 80 − 80 × 20% = 64; 95 − 95 × 20% = 76; 64 + 76 = 150',
    'nd2-061': '55 − 55 × 20% = 44; 44 + 30 = 74',
    'nd2-062': '20 ÷ 4 = 5; 5 × 5 = 25',
    'nd2-063': '450 + 120 = 570; 570 ÷ 3 = 190',
    'nd2-064': 'max(120, 150) = 150',
}
# unsupported id -> the right computation (its final result must differ), or a note
CORRECT = {
    'nd2-005': '204 + 36 = 240',
    'nd2-008': '2 × 90 = 180',
    'nd2-009': '120 + min(72, 48) = 168; 168 ÷ 6 = 28',
    'nd2-011': '2027-08-14 − 2 days = 2027-08-12',
    'nd2-016': '2 × 160 = 320; 320 + 48 = 368',
    'nd2-017': '5200 − 3000 = 2200',
    'nd2-020': '9000 ÷ 4 = 2250',
    'nd2-021': 'max(7 × 2200, 22000) = 22000',
    'nd2-025': '2027-05-10 + 30 days = 2027-06-09',
    'nd2-028': '2 × 1500 + 2 × 300 = 3600',
    'nd2-033': '3 × 69000 = 207000',
    'nd2-034': '12 × 33000 = 396000; 396000 + 44000 = 440000',
    'nd2-044': '24000 + 3000 = 27000',
    'nd2-046': 'note: visit cards cannot be combined with the weekday 20% discount; the card is ₩150,000',
    'nd2-047': '2027-11-20 − 5 days = 2027-11-15',
    'nd2-049': '80 + 15 − 50 = 45',
    'nd2-054': 'min(15 × 5, 40) = 40',
    'nd2-055': '8 ÷ 4 × 5 = 10; 70 + 30 + 10 = 110',
    'nd2-059': '64 + 76 = 140',
    'nd2-061': '55 + 30 = 85',
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


def number_words_in(text):
    """Quantities a user writes as words in a question ("Four of us", "three families")."""
    return {Fraction(WORDS[w]) for w in re.findall(r"[a-z]+", text.lower()) if w in WORDS}


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
        for m in WEEKDAY_DATE.finditer(r["question"] + " " + r["answer"]):
            try:
                d = datetime.datetime.strptime(" ".join(m.groups()[1:]), "%d %B %Y").date()
            except ValueError:
                check(False, rid, "bad date", repr(m.group()))
                continue
            check(d.strftime("%A") == m.group(1), rid, repr(m.group()), "is a", d.strftime("%A"))

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
        sources = numbers_in(r["question"]) | number_words_in(r["question"]) | set().union(
            *(numbers_in(c["text"]) for c in ctx))
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
    blocks = [r.get("domain") for r in rows[::ROWS_PER_DOMAIN]]
    check(len(set(blocks)) == len(blocks) and all(
        r.get("domain") == blocks[i // ROWS_PER_DOMAIN] for i, r in enumerate(rows)),
        "each domain must fill", ROWS_PER_DOMAIN, "consecutive rows")
    currencies = {m.group(1) for d in domains if (m := re.search(r"\(([A-Z]{3})\)$", d or ""))}
    check("USD" not in currencies, "no domain may use USD, found", sorted(currencies))
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
