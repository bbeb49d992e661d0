"""Structural and arithmetic check of numbers_holdout6.jsonl (python3 stdlib only; no checker involved).

Written for this set after the design of benchmarks/numbers_holdout5/validate.py, but self-contained: it does not
import benchmarks/worked_numbers.py or any other project code. Design: 4 domains of 16 rows, 9 faithful rows per
domain and 5 or 6 unsupported and 1 or 2 refusal rows (36 / 22 / 6 in all), 3 passages of 4 to 6 sentences shared by
all rows of a domain, and no domain or currency repeating one of the earlier sets (as far as their READMEs show).
The data file carries only the fields of the set (`id`, `domain`, `question`, `contexts`, `answer`, `expect`,
`shape`, `fault`); the computations live here, in WORK (the computation each answer makes, one or more steps
separated by "; ") and CORRECT (the right computation for each unsupported row). Do not show this file to a checker.

A step is `EXPRESSION = RESULT` (numbers, + − × ÷, parentheses, N%, max(), min()) or
`YYYY-MM-DD ± N days = YYYY-MM-DD`. Steps are evaluated exactly (Fraction arithmetic). They must all hold in
faithful rows and in unsupported rows whose fault is not "arithmetic" or "date"; an "arithmetic" row needs exactly
one false numeric step; a "date" row needs a last date result that differs from CORRECT's (a false step, or the
right sum counted from the wrong event). Every step's result must appear in the answer (digits, or a number word up
to twelve), and every operand must come from the passages, the question, an earlier step or CONSTANTS; an
"added-fact" row must have at least one operand that comes from none of these (the made-up fee). A date step starts
from a date written in the question or from an earlier step's date. Every number written in digits in a faithful,
unsupported or refusal answer must come from the passages, the question, a step's result (a date result gives its
day of the month), CONSTANTS or, in added-fact rows only, WORK's operands; every clock time (HH:MM) in an answer must
be in the passages or the question, and every date written in an answer must be the question's or a step's. For
each unsupported row CORRECT holds the right computation: its steps must hold, its operands follow the same rule
(earlier WORK and CORRECT results allowed) and its final result must differ from WORK's; in added-fact rows CORRECT's
result (the right total before the made-up fee) must be stated in the answer.
"""
import json
import os
import re
import sys
from collections import Counter, OrderedDict
from datetime import date, timedelta
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "numbers_holdout6.jsonl")
PREFIX = "nh6"
N_ROWS = 64
EXPECT_ORDER = ["faithful", "unsupported", "refusal"]
PER_DOMAIN = {"faithful": (9, 9), "unsupported": (5, 6), "refusal": (1, 2)}  # (min, max) rows per domain
TOTALS = {"faithful": 36, "unsupported": 22, "refusal": 6}
N_DOMAINS = 4
ROWS_PER_DOMAIN = 16
N_PASSAGES = 3
SENTENCES = (4, 6)
SHAPES = ["receipt", "inline", "parenthetical", "percent", "split", "chain", "date", "compare", "cap", "yes-no",
          "refusal"]
FAULTS = ["arithmetic", "operand", "ignored-condition", "ignored-cap", "unit", "date", "added-fact"]
MIN_PER_SHAPE = 5
MIN_PER_FAULT = 3
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault"}
# domain words of shapes_dev.jsonl and of the earlier sets whose READMEs were read (this set must use new ones)
OLD_DOMAINS = ("veterinary", "parcel", "concert", "campsite", "translation", "esim", "ski", "laundry", "dry clean",
               "ev charging", "holiday club", "luggage", "cargo", "pottery", "holiday park", "instrument", "sauna",
               "bike", "language", "pet sitting", "boat", "climbing", "print", "car sharing", "storage", "bowling",
               "cooking", "trampoline", "car wash", "coworking", "escape", "driving school", "photo", "moving",
               "hostel", "music", "yoga", "dental", "library", "ferry", "insurance", "water", "grocery", "balloon",
               "bouldering", "co-living", "tool library", "horse", "phone repair", "scuba", "tailor", "solar",
               "mobility", "rehearsal", "security", "newspaper", "apartment", "meal", "parking", "daycare",
               "swimming", "botanical", "coach", "karaoke", "surf", "salsa", "padel", "cleaning", "internet",
               "winery", "trekking", "motorbike", "massage", "shoe", "marina", "wedding", "coffee", "museum", "van")
# currencies of those sets
OLD_CURRENCIES = set("USD EUR GBP NOK CHF JPY DKK NZD CAD SEK AUD SGD PLN ZAR MXN HUF BRL THB KRW RON ISK INR MYR "
                     "TRY HKD KES JOD UAH BDT TND EGP KZT LKR CRC QAR BGN MNT OMR TWD MAD COP ILS GEL PEN VND PHP "
                     "IDR UYU RSD NGN CZK AED CLP".split())
CONSTANTS = {Fraction(n) for n in (1, 2, 12, 100)}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(])")
MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
               "November", "December"]
DATE_TEXT = re.compile(r"\b(\d{1,2}) (" + "|".join(MONTH_NAMES) + r") (\d{4})\b")
TIME = re.compile(r"\b\d{1,2}:\d{2}\b")
NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?!\w)")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
         "ten": 10, "eleven": 11, "twelve": 12}
WORD = re.compile(r"\b(" + "|".join(WORDS) + r")\b", re.IGNORECASE)
DOMAIN_CURRENCY = re.compile(r"\(([A-Z]{3})\)$")
DATE_STEP = re.compile(r"^(\d{4}-\d{2}-\d{2}) ([+−]) (\d+) days = (\d{4}-\d{2}-\d{2})$")
NUM_TOKEN = re.compile(r"\d+(?:\.\d+)?%?")
EXPR_OK = re.compile(r"^[\d.%\s+−×÷(),maxin]+$")

# id -> the computation the answer makes (every faithful and unsupported row)
WORK = {
    'nh6-001': '3 × 90 = 270; 2 × 130 = 260; 270 + 260 = 550; 3 + 2 = 5',
    'nh6-002': '2 × (70 + 50) = 240; 240 × 3 = 720; 720 + 720 × 30% = 936; 936 × 50% = 468; 936 − 468 = 468',
    'nh6-003': '2 × (20 + 10) = 60; 60 × 3 = 180',
    'nh6-004': '2 × (40 + 30) = 140; 140 × 3 = 420; 2 × 420 = 840; 2 × 40 = 80; 840 + 80 = 920; 920 × 30% = 276; '
               '920 + 276 = 1196; 1196 + 35 = 1231',
    'nh6-005': '7 + 2 = 9; 90 − 15 = 75; 130 − 15 = 115; 7 × 75 = 525; 2 × 115 = 230; 525 + 230 = 755',
    'nh6-006': '250 × 4 = 1000; 3 × 1000 = 3000; 3 × 65 = 195; 3000 + 195 = 3195; 3195 × 15% = 479.25; '
               '3195 − 479.25 = 2715.75; 2715.75 + 150 = 2865.75; 3195 − 2865.75 = 329.25',
    'nh6-007': '2027-05-03 + 21 days = 2027-05-24; 150 ÷ 10 = 15; 2 × 150 = 300',
    'nh6-008': '2027-02-26 + 10 days = 2027-03-08; 2027-03-08 + 21 days = 2027-03-29',
    'nh6-010': '2 × (60 + 50) = 220; 220 × 4 = 880; 880 + 65 + 260 + 25 = 1230; 1230 ÷ 4 = 307.50',
    'nh6-011': '3 × 130 = 390; 390 × 15% = 58.50; 390 − 58.50 = 331.50',
    'nh6-012': '8 × 10 = 80',
    'nh6-013': '6 − 4 = 2; 180 + 2 × 30 = 240',
    'nh6-014': '2 × (80 + 60) = 280; 280 × 3 = 840; 840 + 40 = 880; 880 × 15% = 132; 880 − 132 = 748',
    'nh6-015': '2 × (90 + 60) = 300; 300 × 3 = 900; 900 + 120 = 1020; 1020 ÷ 3 = 340',
    'nh6-016': '2 × (60 + 40) = 200; 200 × 4 = 800; 2 × 800 = 1600; 2 × 40 = 80; 2 × 120 = 240; 1600 + 80 + 240 = 1920',
    'nh6-017': '2027-06-17 + 90 days = 2027-09-15',
    'nh6-018': '3 × 2500 = 7500; 6000 + 7500 = 13500; 13500 ÷ 2 = 6750',
    'nh6-019': '2027-08-20 + 14 days = 2027-09-04; 600000 − 600000 × 10% = 540000',
    'nh6-020': '12 × 60000 = 720000; 720000 − 600000 = 120000',
    'nh6-022': '3 × 4 = 12; 12 × 2 = 24; 24 × 4500 = 108000; 4500 − 4500 × 25% = 3375; 12 × 3375 = 40500; '
               '40500 + 60000 = 100500; 108000 − 100500 = 7500',
    'nh6-023': '4 × 3000 = 12000',
    'nh6-024': '3 × 8000 = 24000',
    'nh6-025': 'max(1, 2) = 2; 2 × 6000 = 12000; 2 × 8000 = 16000; 3 × 2500 = 7500; 12000 + 16000 + 7500 = 35500',
    'nh6-026': '200000 × 30% = 60000; 200000 − 60000 = 140000',
    'nh6-027': '3 × 6000 = 18000; 2 × 8000 + 4500 = 20500; 2 × 2500 = 5000; 18000 + 20500 + 5000 = 43500; '
               '43500 ÷ 3 = 14500',
    'nh6-028': '5 × 45000 = 225000; 225000 − 200000 = 25000; 25000 − 4000 = 21000',
    'nh6-029': '25000 × 30% = 7500; 25000 − 7500 = 17500',
    'nh6-030': '2 × 8000 = 16000; 16000 × 20% = 3200; 16000 − 3200 = 12800',
    'nh6-031': '45000 − 45000 × 30% = 31500; 31500 × 50% = 15750',
    'nh6-032': '2 × 8000 = 16000; 16000 × 25% = 4000; 16000 − 4000 = 11000',
    'nh6-033': '120 × 4 = 480; 15 × 35 = 525; 15 × 12 = 180; 2 × 150 = 300; 480 + 525 + 180 + 1400 + 80 + 300 = 2965',
    'nh6-034': '60 × 4 = 240; 240 × 50% = 120; 240 + 120 = 360; 60 × 9 = 540; 540 × 50% = 270; 540 + 270 = 810; '
               '810 − 360 = 450',
    'nh6-035': '650 × 50% = 325; 650 + 2 × 325 = 1300; 1300 × 30% = 390; 1300 − 390 = 910; '
               '2027-09-18 − 7 days = 2027-09-11',
    'nh6-036': '200 × 9 = 1800; 1800 − 1800 × 10% = 1620; 2 × 150 = 300; 300 + 300 × 25% = 375; 1620 + 375 = 1995',
    'nh6-037': '3 × 60 + 40 = 220; 500 − 220 = 280',
    'nh6-038': '2400 × 30% = 720; 720 ÷ 2 = 360',
    'nh6-041': '60 × 4 = 240; 8 × 35 = 280; 240 + 280 + 150 = 670; 670 + 65 = 735; 735 ÷ 3 = 245',
    'nh6-042': '1400 × 50% = 700; 1400 + 700 = 2100; 10 × 35 = 350; 350 × 50% = 175; 350 + 175 = 525; 2 × 150 = 300; '
               '2100 + 525 + 300 = 2925; 2925 ÷ 5 = 585',
    'nh6-043': '250 × 6 = 1500',
    'nh6-044': '2027-08-14 + 10 days = 2027-08-24',
    'nh6-045': '10 × 35 = 350; 350 × 50% = 175; 2 × 175 = 350; 10 × 12 × 3 = 360; 350 + 350 + 360 = 1060',
    'nh6-046': '2027-12-10 − 21 days = 2027-11-19',
    'nh6-047': 'max(12, 20) = 20; 20 × 4 = 80',
    'nh6-048': '40 × 9 = 360; 5 × 35 = 175; 360 + 175 = 545',
    'nh6-049': '60 ÷ 30 = 2; 2 × 9000 = 18000; 2 × 4000 = 8000; 18000 + 8000 = 26000; 26000 ÷ 2 = 13000',
    'nh6-051': '20000 ÷ 10 = 2000; 2500 − 2000 = 500; 10 × 500 = 5000',
    'nh6-053': '4 × 1000 = 4000; 6500 + 4000 + 500 = 11000',
    'nh6-054': '2027-01-05 + 60 days = 2027-03-06',
    'nh6-055': '2500 − 2500 × 20% = 2000; 9 × 2000 = 18000; 20000 − 18000 = 2000',
    'nh6-056': '14 − 10 = 4; 4 × 3500 = 14000; 40000 + 14000 + 8000 = 62000; 62000 ÷ 2 = 31000',
    'nh6-057': '2027-06-12 − 10 days = 2027-06-02; 12 − 4 = 8',
    'nh6-058': '4 × 4000 = 16000; 16000 − 14000 = 2000; 2 × 14000 = 28000; 2 × 2000 = 6000',
    'nh6-059': '30 × 2500 = 75000; 75000 × 15% = 11250; min(11250, 6000) = 6000; 75000 − 6000 = 69000',
    'nh6-060': '2500 + 1500 + 2 × 1000 = 6000',
    'nh6-061': '2500 × 20% = 500; 2500 − 500 = 2000; 2000 + 1000 = 3000',
    'nh6-062': '3 × 1000 = 3000; 3 × 1500 = 4500',
    'nh6-063': '12 × 2500 = 30000; 8 × 1500 = 12000; 30000 + 12000 = 42000; 12 + 8 = 20; 42000 × 15% = 6300; '
               '42000 − 6300 = 35700',
    'nh6-064': '2500 + 500 = 3000; 1500 + 500 = 2000; 2 × 3000 + 2 × 2000 = 10000; 10000 − 6500 = 3500',
}
# unsupported id -> the right computation (its final result must differ from WORK's)
CORRECT = {
    'nh6-001': '270 + 260 = 530',
    'nh6-003': 'max(60 × 3, 200) = 200',
    'nh6-004': '920 + 920 × 30% = 1196',
    'nh6-011': '3 × 130 = 390',
    'nh6-012': '3 × 8 × 10 = 240',
    'nh6-015': '300 × 4 + 120 = 1320; 1320 ÷ 3 = 440',
    'nh6-018': '3 × 6000 + 7500 = 25500; 25500 ÷ 2 = 12750',
    'nh6-019': '2027-08-20 + 14 days = 2027-09-03',
    'nh6-024': '3 × 4500 = 13500',
    'nh6-026': '200000 × 1 = 200000',
    'nh6-028': '225000 − 200000 = 25000',
    'nh6-032': '16000 − 4000 = 12000',
    'nh6-041': '240 + 280 + 150 = 670',
    'nh6-043': 'min(250 × 6, 900) = 900',
    'nh6-044': '2027-08-16 + 10 days = 2027-08-26',
    'nh6-045': '350 + 350 + 10 × 12 = 820',
    'nh6-048': '360 + 175 = 535',
    'nh6-054': '2027-01-20 + 60 days = 2027-03-21',
    'nh6-055': '9 × 2500 = 22500; 22500 − 20000 = 2500',
    'nh6-058': '2 × 2000 = 4000',
    'nh6-060': '2 × 2500 + 2 × 1000 = 7000',
    'nh6-063': '42000 − min(6300, 6000) = 36000',
}


def numbers_in(text, words=False):
    """Numbers written in a text (digits; with words=True also number words up to twelve); clock times skipped."""
    text = TIME.sub(" ", text)
    found = {Fraction(m.group(1).replace(",", "") + (m.group(2) or "")) for m in NUMBER.finditer(text)}
    if words:
        found |= {Fraction(WORDS[m.group(1).lower()]) for m in WORD.finditer(text)}
    return found


def dates_in(text):
    return {date(int(m.group(3)), MONTH_NAMES.index(m.group(2)) + 1, int(m.group(1))) for m in DATE_TEXT.finditer(text)}


def date_text(d):
    return f"{d.day} {MONTH_NAMES[d.month - 1]} {d.year}"


def evaluate(expr):
    """Exact value of an arithmetic expression and the operands it uses."""
    if not EXPR_OK.match(expr):
        raise ValueError(f"bad characters in {expr!r}")
    operands = []

    def token(m):
        t = m.group()
        if t.endswith("%"):
            operands.append(Fraction(t[:-1]))
            return f"(Fraction('{t[:-1]}') / 100)"
        operands.append(Fraction(t))
        return f"Fraction('{t}')"

    py = NUM_TOKEN.sub(token, expr).replace("−", "-").replace("×", "*").replace("÷", "/")
    value = eval(py, {"__builtins__": {}}, {"Fraction": Fraction, "max": max, "min": min})  # noqa: S307
    return Fraction(value), operands


def parse_steps(work):
    """[(kind, lhs_value, result, operands, start_date, holds)] for a WORK / CORRECT string."""
    steps = []
    for part in [p.strip() for p in work.split(";")]:
        m = DATE_STEP.match(part)
        if m:
            start = date.fromisoformat(m.group(1))
            n = int(m.group(3))
            got = start + timedelta(days=n if m.group(2) == "+" else -n)
            result = date.fromisoformat(m.group(4))
            steps.append(("date", got, result, [Fraction(n)], start, got == result))
            continue
        lhs, sep, rhs = part.rpartition(" = ")
        if not sep:
            raise ValueError(f"no ' = ' in step {part!r}")
        value, operands = evaluate(lhs)
        result = Fraction(rhs.strip())
        steps.append(("num", value, result, operands, None, value == result))
    return steps


def main():
    problems = []

    def check(ok, *msg):
        if not ok:
            problems.append(" ".join(str(x) for x in msg))
        return ok

    rows = []
    with open(DATA, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                check(False, f"line {i}: invalid JSON ({e})")
    check(len(rows) == N_ROWS, f"{len(rows)} rows, expected {N_ROWS}")

    ids = [r.get("id") for r in rows]
    check(len(set(ids)) == len(ids), "repeated ids:", [k for k, v in Counter(ids).items() if v > 1])
    check(ids == [f"{PREFIX}-{i:03d}" for i in range(1, len(rows) + 1)], "ids are not nh6-001 … in order")

    domains = OrderedDict()
    for r in rows:
        rid = r.get("id")
        keys = set(r)
        check(keys >= REQUIRED, rid, "missing keys", sorted(REQUIRED - keys))
        check(keys <= ALLOWED, rid, "unexpected keys", sorted(keys - ALLOWED))
        check(r.get("expect") in EXPECT_ORDER, rid, "bad expect", r.get("expect"))
        check(r.get("shape") in SHAPES, rid, "bad shape", r.get("shape"))
        check((r.get("shape") == "refusal") == (r.get("expect") == "refusal"), rid, "refusal shape iff refusal row")
        check(("fault" in r) == (r.get("expect") == "unsupported"), rid, "fault iff unsupported")
        if "fault" in r:
            check(r["fault"] in FAULTS, rid, "bad fault", r["fault"])
        for k in ("id", "domain", "question", "answer"):
            check(isinstance(r.get(k), str) and r.get(k, "").strip(), rid, k, "is not a non-empty string")
        ctx = r.get("contexts")
        check(isinstance(ctx, list) and len(ctx) == N_PASSAGES and all(set(c) == {"id", "text"} for c in ctx),
              rid, f"contexts must be {N_PASSAGES} {{id, text}} objects")
        for c in ctx or []:
            n = len(SENTENCE_END.split(c.get("text", "").strip()))
            check(SENTENCES[0] <= n <= SENTENCES[1], rid, "passage", c.get("id"), "has", n, "sentences")
        for d in dates_in(r.get("question", "")):
            check(d.year == 2027, rid, "question date not in 2027:", date_text(d))
        domains.setdefault(r.get("domain"), []).append(r)

    # domains: contiguous blocks, counts, passages, currencies, novelty
    check(len(domains) == N_DOMAINS, f"{len(domains)} domains, expected {N_DOMAINS}")
    order = [r.get("domain") for r in rows]
    check(order == sorted(order, key=list(domains).index), "rows are not in domain order")
    currencies = []
    passage_sets = []
    for dom, drows in domains.items():
        check(len(drows) == ROWS_PER_DOMAIN, dom, "has", len(drows), "rows")
        c = Counter(r.get("expect") for r in drows)
        for e, (lo, hi) in PER_DOMAIN.items():
            check(lo <= c[e] <= hi, dom, "has", c[e], e, "rows")
        first = json.dumps(drows[0].get("contexts"), sort_keys=True)
        check(all(json.dumps(r.get("contexts"), sort_keys=True) == first for r in drows), dom,
              "passages differ within the domain")
        passage_sets.append(first)
        m = DOMAIN_CURRENCY.search(dom or "")
        if check(m, dom, "does not end with a (XXX) currency code"):
            cur = m.group(1)
            currencies.append(cur)
            check(cur not in OLD_CURRENCIES, dom, "currency", cur, "is used by an earlier set")
            check(any(cur in ctx["text"] for ctx in drows[0]["contexts"]), dom, "passages never name", cur)
        low = (dom or "").lower()
        for word in OLD_DOMAINS:
            check(word not in low, dom, "repeats an earlier domain:", word)
    check(len(set(currencies)) == len(currencies), "currencies repeat across domains", currencies)
    check(len(set(passage_sets)) == len(passage_sets), "two domains share passages")

    totals = Counter(r.get("expect") for r in rows)
    for e, n in TOTALS.items():
        check(totals[e] == n, f"{totals[e]} {e} rows, expected {n}")
    shape_count = Counter(r.get("shape") for r in rows)
    for s in SHAPES:
        if s != "refusal":
            check(shape_count[s] >= MIN_PER_SHAPE, "shape", s, "has", shape_count[s], "rows")
    fault_count = Counter(r.get("fault") for r in rows if "fault" in r)
    for fl in FAULTS:
        check(fault_count[fl] >= MIN_PER_FAULT, "fault", fl, "has", fault_count[fl], "rows")

    # WORK / CORRECT
    need_work = {r["id"] for r in rows if r.get("expect") in ("faithful", "unsupported")}
    need_correct = {r["id"] for r in rows if r.get("expect") == "unsupported"}
    check(set(WORK) == need_work, "WORK keys differ from the faithful + unsupported ids:",
          sorted(set(WORK) ^ need_work))
    check(set(CORRECT) == need_correct, "CORRECT keys differ from the unsupported ids:",
          sorted(set(CORRECT) ^ need_correct))

    for r in rows:
        rid = r.get("id")
        passages = " ".join(c.get("text", "") for c in r.get("contexts") or [])
        sources = numbers_in(passages, words=True) | numbers_in(r.get("question", ""), words=True)
        q_dates = dates_in(r.get("question", ""))
        answer = r.get("answer", "")
        a_numbers = numbers_in(answer, words=True)
        fault = r.get("fault")
        allowed = sources | CONSTANTS
        step_dates = set()
        if rid in WORK:
            try:
                steps = parse_steps(WORK[rid])
            except Exception as e:  # noqa: BLE001
                check(False, rid, "WORK does not parse:", e)
                continue
            known = set(sources) | CONSTANTS
            known_dates = set(q_dates)
            stray = []
            for kind, _value, result, operands, start, _holds in steps:
                if kind == "date":
                    check(start in known_dates, rid, "date step starts from", start, "which is not the question's "
                          "or an earlier step's date")
                    check(date_text(result) in answer, rid, "date result", date_text(result), "not in the answer")
                    known_dates.add(result)
                    step_dates.add(result)
                else:
                    check(result in a_numbers, rid, "step result", result, "not in the answer")
                stray += [o for o in operands if o not in known]
                if kind == "num":
                    known.add(result)
            if fault == "added-fact":
                check(stray, rid, "added-fact row without a made-up operand")
                allowed |= {o for s in steps for o in s[3]}
            else:
                check(not stray, rid, "operands not in the passages, question, earlier steps or CONSTANTS:",
                      sorted(set(stray)))
            allowed |= {s[2] for s in steps if s[0] == "num"} | {Fraction(d.day) for d in step_dates}
            false_num = [s for s in steps if s[0] == "num" and not s[5]]
            false_date = [s for s in steps if s[0] == "date" and not s[5]]
            if r.get("expect") == "faithful" or fault not in ("arithmetic", "date"):
                check(not false_num and not false_date, rid, "a step does not hold:", WORK[rid])
            if fault == "arithmetic":
                check(len(false_num) == 1 and not false_date, rid, "arithmetic row needs exactly one false "
                      "numeric step")
            if rid in CORRECT:
                try:
                    csteps = parse_steps(CORRECT[rid])
                except Exception as e:  # noqa: BLE001
                    check(False, rid, "CORRECT does not parse:", e)
                    continue
                ckn = set(sources) | CONSTANTS | {s[2] for s in steps if s[0] == "num" and s[5]}
                ckd = set(q_dates) | {s[2] for s in steps if s[0] == "date" and s[5]}
                for kind, _value, result, operands, start, holds in csteps:
                    check(holds, rid, "CORRECT step does not hold:", CORRECT[rid])
                    bad = [o for o in operands if o not in ckn]
                    check(not bad, rid, "CORRECT operands not sourced:", bad)
                    if kind == "date":
                        check(start in ckd, rid, "CORRECT date step starts from an unsourced date", start)
                        ckd.add(result)
                    else:
                        ckn.add(result)
                check(csteps[-1][2] != steps[-1][2] or csteps[-1][0] != steps[-1][0], rid,
                      "CORRECT's result equals the answer's")
                if fault == "date":
                    wd = [s[2] for s in steps if s[0] == "date"]
                    cd = [s[2] for s in csteps if s[0] == "date"]
                    check(wd and cd and wd[-1] != cd[-1], rid, "date row: the answer's date equals the right one")
                if fault == "added-fact":
                    check(csteps[-1][0] == "num" and csteps[-1][2] in a_numbers, rid,
                          "added-fact row: the right result", csteps[-1][2], "is not stated in the answer")
        # every number, time and date written in the answer
        for value in sorted(numbers_in(answer) - allowed):
            check(False, rid, "number", value, "in the answer is not in the passages, the question, a step or "
                  "CONSTANTS")
        for t in TIME.findall(answer):
            check(t in passages or t in r.get("question", ""), rid, "time", t, "in the answer is not sourced")
        for d in dates_in(answer):
            check(d in q_dates or d in step_dates, rid, "date", date_text(d), "in the answer is neither the "
                  "question's nor a step's")

    if problems:
        print(f"{len(problems)} problem(s):")
        for p in problems:
            print(" -", p)
        return 1

    print(f"{DATA}: {len(rows)} rows, all checks passed\n")
    print("| domain | faithful | unsupported | refusal |\n|---|---|---|---|")
    for dom, drows in domains.items():
        c = Counter(r["expect"] for r in drows)
        print(f"| {dom} | {c['faithful']} | {c['unsupported']} | {c['refusal']} |")
    print("\n| shape | faithful | unsupported | refusal | total |\n|---|---|---|---|---|")
    for s in SHAPES:
        c = Counter(r["expect"] for r in rows if r["shape"] == s)
        print(f"| {s} | {c['faithful']} | {c['unsupported']} | {c['refusal']} | {sum(c.values())} |")
    print(f"| total | {totals['faithful']} | {totals['unsupported']} | {totals['refusal']} | {len(rows)} |")
    print("\n| fault | n |\n|---|---|")
    for fl in FAULTS:
        print(f"| {fl} | {fault_count[fl]} |")
    print(f"| total | {sum(fault_count.values())} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
