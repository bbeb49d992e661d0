"""Structural check of periods_dev.jsonl (python3 standard library only, self-contained: it imports nothing from
the project and no checker is involved). Adapted from periods_holdout's validate.py, with this set's own tables: it
checks the worked amounts and dates: every expression written like "a × b = c" in an answer, and every number an
answer states (each must come from the row's passages or question, be the 1 that starts a count like
"Hours 1–3", be the result of one of the answer's own expressions, or be listed in DERIVED with the expression that
gives it); every weekday named next to a date ("Thursday 11 June") against the 2026 calendar; and, for every row,
the passages its answer draws on (SOURCES) and, for an unsupported row, the fragment that holds its one wrong
claim (FAULT_AT)."""
import json
import os
import re
import sys
from collections import Counter
from datetime import date, timedelta
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "periods_dev.jsonl")
PREFIX = "pd"
YEAR = 2026
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault", "citation"}
EXPECTS = {"faithful", "unsupported"}
SHAPES = {"plain", "markdown", "citation", "hedged", "yes-no", "receipt", "combine"}
FAULTS = {"arithmetic", "period", "intro", "reference", "first-n", "term", "condition", "wrong-item"}
TOTALS = {"faithful": 28, "unsupported": 20}
PER_DOMAIN = {"faithful": 7, "unsupported": 5}
FAULT_TOTALS = {"arithmetic": 3, "period": 3, "intro": 3, "reference": 3, "first-n": 2, "term": 2, "condition": 2,
                "wrong-item": 2}
SHAPE_TOTALS = {"faithful": {"plain": 4, "markdown": 4, "citation": 4, "hedged": 4, "yes-no": 4, "receipt": 4,
                              "combine": 4},
                "unsupported": {"plain": 3, "markdown": 3, "citation": 3, "hedged": 3, "yes-no": 3, "receipt": 3,
                                "combine": 2}}
N_ROWS, N_DOMAINS, ROWS_PER_DOMAIN = 48, 4, 12
N_PASSAGES, N_SENTENCES = 3, 5
N_MISATTRIBUTED = 2
# currencies of the benchmark sets that existed when this set was written (grepped from the domain tables of every
# README under benchmarks/; EGP, KZT, LKR and CRC are periods_holdout's)
USED_CURRENCIES = {"AED", "AUD", "BRL", "CAD", "CHF", "CLP", "COP", "CRC", "CZK", "DKK", "EGP", "EUR", "GBP", "GEL",
                   "HKD", "HUF", "IDR", "ILS", "INR", "ISK", "JPY", "KES", "KRW", "KZT", "LKR", "MAD", "MXN", "MYR",
                   "NGN", "NOK", "NZD", "PEN", "PHP", "PLN", "RON", "RSD", "SEK", "SGD", "THB", "TRY", "TWD", "USD",
                   "UYU", "VND", "ZAR"}
# the mark by which each currency appears in its passages: "JOD 45", "₴400", "1,800 BDT", "TND 12"
CURRENCY_MARK = {"JOD": "JOD ", "UAH": "\u20b4", "BDT": " BDT", "TND": "TND "}
HEDGES = ("According to the help center, ", "From what I can see, ")
YES_NO = ("Yes \u2014 ", "No \u2014 ")
# citations in answers: [1] or [doc-id]
CITATION = re.compile(r"\[([^\]]+)\]")
TIME = re.compile(r"\b\d{1,2}:\d{2}\b")
NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
# an amount inside an expression: a bare number, "JOD 45", "TND 12", "₴1,050" or "2,900 BDT" (code after)
TERM = r"(?:(?:JOD|TND) |\u20b4)?\d+(?:,\d{3})*(?:\.\d+)?(?: BDT)?"
# a weekday named before a date: "Thursday 11 June"
WEEKDAY_DATE = re.compile(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) (\d{1,2}) "
                          r"(January|February|March|April|May|June|July|August|September|October|November|December)\b")
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
OPS = {"\u00d7": "*", "\u00f7": "/", "+": "+", "\u2212": "-"}
EXPRESSION = re.compile(TERM + r"(?:[ \t]*[\u00d7\u00f7+\u2212][ \t]*" + TERM + r")+[ \t]*=[ \t]*" + TERM)

# row -> passages its answer draws on (a combine row draws on exactly 2; a correctly attributed citation cites only
# these, a misattributed one cites none of them)
SOURCES = {
    "pd-001": {"rental-rates"}, "pd-002": {"rental-rates"},
    "pd-003": {"rental-rates", "extending-returns", "deposit-delivery"},
    "pd-004": {"rental-rates", "deposit-delivery"}, "pd-005": {"extending-returns", "rental-rates"},
    "pd-006": {"deposit-delivery"}, "pd-007": {"deposit-delivery"}, "pd-008": {"rental-rates"},
    "pd-009": {"extending-returns", "rental-rates"}, "pd-010": {"deposit-delivery", "rental-rates"},
    "pd-011": {"rental-rates", "deposit-delivery"}, "pd-012": {"rental-rates", "extending-returns"},
    "pd-013": {"room-rates"}, "pd-014": {"room-rates"}, "pd-015": {"room-rates"},
    "pd-016": {"room-rates", "booking-cancellation"}, "pd-017": {"blocks-storage"}, "pd-018": {"blocks-storage"},
    "pd-019": {"blocks-storage"}, "pd-020": {"room-rates", "booking-cancellation"},
    "pd-021": {"booking-cancellation", "room-rates"}, "pd-022": {"blocks-storage"}, "pd-023": {"room-rates"},
    "pd-024": {"room-rates", "booking-cancellation"},
    "pd-025": {"billing-installation"}, "pd-026": {"plans-pricing"},
    "pd-027": {"plans-pricing", "billing-installation"}, "pd-028": {"contract-cancellation"},
    "pd-029": {"plans-pricing"}, "pd-030": {"contract-cancellation", "plans-pricing"},
    "pd-031": {"contract-cancellation", "plans-pricing"}, "pd-032": {"contract-cancellation", "plans-pricing"},
    "pd-033": {"billing-installation", "contract-cancellation", "plans-pricing"},
    "pd-034": {"billing-installation", "plans-pricing"}, "pd-035": {"plans-pricing"},
    "pd-036": {"plans-pricing", "billing-installation"},
    "pd-037": {"delivery-billing", "plans-prices"}, "pd-038": {"plans-prices", "delivery-billing"},
    "pd-039": {"plans-prices"}, "pd-040": {"holds-cancelling"}, "pd-041": {"holds-cancelling", "plans-prices"},
    "pd-042": {"plans-prices", "delivery-billing"}, "pd-043": {"holds-cancelling"}, "pd-044": {"plans-prices"},
    "pd-045": {"plans-prices", "delivery-billing"}, "pd-046": {"plans-prices"},
    "pd-047": {"plans-prices", "delivery-billing"}, "pd-048": {"delivery-billing", "plans-prices"},
}

# unsupported row -> fragment of its answer that holds the one wrong claim (numbers in it are exempt from the
# number check; in an arithmetic row the one wrong expression must lie inside it)
FAULT_AT = {
    "pd-002": "3 \u00d7 JOD 45 + 2 \u00d7 JOD 9 = JOD 143",                    # arithmetic: should be 153
    "pd-004": "JOD 10 per month",                                             # period: per week (not by the month)
    "pd-006": "within 10 days after delivery",                                # reference: after collection, 27 June
    "pd-008": "3 \u00d7 JOD 95 = JOD 285",                                    # intro: first month only (355)
    "pd-010": "the deposit for a wheelchair is JOD 150",                      # wrong-item: bed deposit (JOD 50)
    "pd-014": "\u20b41,200 + \u20b4520 = \u20b41,820",                        # arithmetic: should be 1,720
    "pd-016": "their first 4 hours in Room B",                                # first-n: first 3 hours
    "pd-018": "\u20b4150 per month",                                          # period: per week (\u20b4600 a month)
    "pd-020": "**Club discount:** 10% off, so \u20b4135 per hour",            # condition: not off night rates
    "pd-022": "minimum term of 2 months",                                     # term: 3 months
    "pd-026": "6 \u00d7 990 BDT = 5,940 BDT",                                 # intro: first 3 full months only
    "pd-028": "counted from the day you send your request",                   # reference: the day it is received
    "pd-030": "Minimum term: 10 months",                                      # term: 12 months
    "pd-032": "You can pause monitoring for July and August",                 # condition: only after first 6 months
    "pd-035": "2,900 BDT + 2 \u00d7 350 BDT = 3,500 BDT",                     # arithmetic: should be 3,600
    "pd-038": "12 \u00d7 TND 6 = TND 72",                                     # intro: first 8 weeks only (96)
    "pd-040": "7 days after the end of your current 4-week billing period",  # reference: after it is received
    "pd-042": "their first 4 weeks",                                          # first-n: first 8 weeks
    "pd-044": "TND 4 per month",                                              # period: per week
    "pd-046": "3 \u00d7 TND 25 = TND 75",                                     # wrong-item: add-on is TND 10
}

# row -> {text in the answer: expression that gives it}. A number is checked against its value, a date ("22 June")
# against day and month; numbers in an expression outside date(...) must come from the passages, the question or
# the answer's own expressions. Calendar dates use 2026 (weekdays named next to dates are checked against it).
DERIVED = {
    "pd-001": {"10": "13 - 4 + 1", "3": "10 - 7"},
    "pd-005": {"22 June": "date(2026, 6, 8) + days(14)"},
    "pd-006": {"20 June": "date(2026, 6, 10) + days(10)"},
    "pd-007": {"14 June": "date(2026, 6, 11) + days(3)"},
    "pd-013": {"4": "22 - 18"},
    "pd-014": {"3": "23 - 20"},
    "pd-015": {"10": "20 - 10"},
    "pd-019": {"21 May": "date(2026, 5, 14) + days(7)", "28 May": "date(2026, 5, 14) + days(14)",
               "3": "len(['14 May', '21 May', '28 May'])"},
    "pd-021": {"375": "750 * 50 / 100"},
    "pd-023": {"5": "17 - 12", "4": "3 + 1"},
    "pd-024": {"15": "23 - 8"},
    "pd-025": {"12": "(date(2026, 6, 1) - date(2026, 5, 20)).days"},
    "pd-028": {"2 October": "date(2026, 9, 2) + days(30)"},
    "pd-030": {"3,600": "7200 * 50 / 100"},
    "pd-031": {"1 September": "date(2026, 8 + 1, 1)"},
    "pd-033": {"3": "12 - 9", "2,700": "5400 * 50 / 100"},
    "pd-034": {"11": "(date(2026, 7, 1) - date(2026, 6, 20)).days", "30 September": "date(2026, 10, 1) - days(1)"},
    "pd-037": {"15 June": "date(2026, 6, 10) + days(5)"},
    "pd-039": {"12": "len(['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', "
                      "'September', 'October', 'November', 'December'])"},
    "pd-040": {"21 July": "date(2026, 7, 14) + days(7)"},
    "pd-041": {"26 July": "date(2026, 7, 13) + days(13)", "10 July": "date(2026, 7, 13) - days(3)"},
    "pd-043": {"3": "8 - 5"},
    "pd-045": {"5": "4 + 1", "9": "8 + 1", "12": "8 + 4"},
    "pd-048": {"3 August": "date(2026, 7, 6) + days(28)"},
}

NAMESPACE = {"__builtins__": {}, "date": date, "days": lambda n: timedelta(days=n), "len": len}


class Problems:
    """Problems found so far; check(cond, *msg) records one when cond is false."""

    def __init__(self):
        self.errors = []

    def check(self, cond, *msg):
        if not cond:
            self.errors.append(" ".join(str(m) for m in msg))
        return cond

    def report(self):
        if self.errors:
            print("\n".join(self.errors))
            print(len(self.errors), "problem(s)")
        return not self.errors


def read_rows(path, problems):
    """(line number, JSON object) for each line; an empty, invalid or non-object line is a problem with its number."""
    rows = []
    with open(path, encoding="utf-8") as handle:
        for n, line in enumerate(handle, 1):
            if not line.strip():
                problems.check(False, "line", n, "is empty")
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                problems.check(False, "line", n, "is not valid JSON:", exc)
                continue
            if problems.check(isinstance(row, dict), "line", n, "is not a JSON object"):
                rows.append((n, row))
    return rows


def split_sentences(text):
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


def value(token):
    """Exact value of a number token or of an amount like "JOD 45" / "₴1,050" / "2,900 BDT"."""
    return Fraction(NUMBER.search(token).group().replace(",", ""))


def numbers(text):
    """Values of the numbers in text, times (14:00) split into their two parts."""
    return {Fraction(t.replace(",", "")) for t in NUMBER.findall(text.replace(":", " "))}


def expressions(answer):
    """(text, correct, result) for each "a × b = c" expression in answer."""
    found = []
    for m in EXPRESSION.finditer(answer):
        left, right = m.group().rsplit("=", 1)
        code = ""
        for piece in re.split(r"([\u00d7\u00f7+\u2212])", left):
            code += OPS[piece] if piece in OPS else f"Fraction({value(piece).numerator}, {value(piece).denominator})"
        result = value(right)
        found.append((m.group(), eval(code, {"__builtins__": {}, "Fraction": Fraction}) == result, result))
    return found


def check_contexts(n, row, problems, domain_contexts):
    """N_PASSAGES contexts of exactly {id, text}, each of exactly N_SENTENCES sentences, ids distinct, the same
    passages as the domain's other rows. Returns the context ids."""
    rid, ctx = row.get("id"), row.get("contexts")
    if not problems.check(isinstance(ctx, list) and len(ctx) == N_PASSAGES, "line", n, rid, "needs", N_PASSAGES,
                          "contexts"):
        return []
    for c in ctx:
        ok = isinstance(c, dict) and set(c) == {"id", "text"}
        if not problems.check(ok, "line", n, rid, "each context needs exactly the keys id and text"):
            continue
        problems.check(isinstance(c["id"], str) and c["id"].strip(), "line", n, rid, "context id must be a string")
        if problems.check(isinstance(c["text"], str) and c["text"].strip(), "line", n, rid, c["id"], "empty text"):
            problems.check(len(split_sentences(c["text"])) == N_SENTENCES, "line", n, rid, c["id"], "passage needs",
                           N_SENTENCES, "sentences, has", len(split_sentences(c["text"])))
            problems.check(len(re.findall(r"[.!?](?=\s|$)", c["text"].strip())) == N_SENTENCES, "line", n, rid,
                           c["id"], "sentence ends do not count", N_SENTENCES)
    cids = [c.get("id") for c in ctx if isinstance(c, dict)]
    problems.check(len(cids) == len(set(cids)), "line", n, rid, "duplicate context ids")
    key = json.dumps(ctx, sort_keys=True)
    problems.check(domain_contexts.setdefault(row.get("domain"), key) == key, "line", n, rid,
                   "contexts differ within domain", row.get("domain"))
    return cids


def check_passages(domain_contexts, problems):
    """No passage text or id in two domains; every passage is a source of some row."""
    texts, seen_ids = {}, {}
    for domain, key in domain_contexts.items():
        for c in json.loads(key):
            if not (isinstance(c, dict) and isinstance(c.get("text"), str)):
                continue
            pid = c.get("id")
            problems.check(c["text"] not in texts, "passage", pid, "of", domain, "repeats one of", texts.get(c["text"]))
            problems.check(pid not in seen_ids, "passage id", pid, "used in", domain, "and", seen_ids.get(pid))
            texts[c["text"]], seen_ids[pid] = domain, domain
    used = set().union(*SOURCES.values())
    problems.check(set(seen_ids) <= used, "passages no row draws on:", sorted(set(seen_ids) - used))


def check_shape(n, r, problems):
    """The surface each shape needs."""
    check, rid, a, shape = problems.check, r["id"], r["answer"], r["shape"]
    lines = a.split("\n")
    if shape in ("markdown", "receipt"):
        check("**" in a and any(x.startswith("- ") for x in lines), "line", n, rid, shape,
              "needs bullets and a bold label")
    if shape == "receipt":
        check(sum(1 for x in lines if x.startswith("- ")) >= 2, "line", n, rid, "receipt needs 2 or more lines")
        check(any(x.lstrip("*").startswith("Total") for x in lines), "line", n, rid, "receipt needs a Total line")
    if shape == "hedged":
        check(a.startswith(HEDGES), "line", n, rid, "hedged answer must open with one of", HEDGES)
    if shape == "yes-no":
        check(a.startswith(YES_NO), "line", n, rid, "yes-no answer must open with one of", YES_NO)
    if shape in ("plain", "combine", "hedged", "yes-no", "citation"):
        check("\n" not in a and "**" not in a, "line", n, rid, shape, "answer must be running text")
    if shape != "citation":
        check(not CITATION.search(a), "line", n, rid, "only citation rows cite passages")
    if shape == "combine":
        check(len(split_sentences(a)) == 1, "line", n, rid, "combine answer must be one sentence")
        check(len(SOURCES.get(rid, ())) == 2, "line", n, rid, "combine answer must draw on exactly 2 passages")


def check_numbers(n, r, problems):
    """Expressions evaluate (all but the planted one in an arithmetic row); every number the answer states comes
    from its passages or question, from one of its own expressions, from DERIVED, or from its FAULT_AT fragment."""
    check, rid, a = problems.check, r["id"], r["answer"]
    source = r["question"] + " " + " ".join(c.get("text", "") for c in r["contexts"] if isinstance(c, dict))
    found = expressions(a)
    wrong = [text for text, ok, _ in found if not ok]
    if r.get("fault") == "arithmetic":
        check(len(wrong) == 1, "line", n, rid, "arithmetic row needs exactly 1 wrong expression, has", wrong)
        check(all(w in FAULT_AT.get(rid, "") for w in wrong), "line", n, rid, "wrong expression outside FAULT_AT")
    else:
        check(not wrong, "line", n, rid, "wrong arithmetic:", wrong)
    # 1 starts every count ("Hours 1–3"); 100 turns a percentage in the passages into a fraction
    base = numbers(source) | {Fraction(1)} | ({Fraction(100)} if "%" in source else set())
    allowed = base | {result for _, ok, result in found if ok}
    body = CITATION.sub(" ", a)
    fragment = FAULT_AT.get(rid)
    if fragment:
        allowed |= numbers(CITATION.sub(" ", fragment))
    for text, code in DERIVED.get(rid, {}).items():
        if not check(text in a, "line", n, rid, "DERIVED text", repr(text), "not in the answer"):
            continue
        got = eval(code, NAMESPACE)
        if isinstance(got, date):
            check(f"{got.day} {got:%B}" == text, "line", n, rid, "DERIVED", repr(text), "gives", got)
        else:
            check(Fraction(got) == value(text), "line", n, rid, "DERIVED", repr(text), "gives", got)
            stray = numbers(re.sub(r"'[^']*'|date\([^)]*\)", " ", code)) - allowed
            check(not stray, "line", n, rid, "DERIVED", repr(text), "uses numbers from nowhere:", sorted(stray))
        allowed |= numbers(text)
    for text in (r["question"], a):
        for day_name, day, month in WEEKDAY_DATE.findall(text):
            got = date(YEAR, MONTHS.index(month) + 1, int(day))
            check(f"{got:%A}" == day_name, "line", n, rid, f"{day_name} {day} {month}", "is a", f"{got:%A}", "in",
                  YEAR)
    for t in TIME.findall(body):
        check(t in source, "line", n, rid, "time", t, "is not in the passages or question")
    stray = numbers(TIME.sub(" ", body)) - allowed
    check(not stray, "line", n, rid, "numbers from nowhere:", sorted(str(s) for s in stray))


def check_row(n, r, problems, domain_contexts):
    check = problems.check
    rid = r.get("id")
    keys = set(r)
    check(keys >= REQUIRED, "line", n, rid, "missing keys", REQUIRED - keys)
    check(keys <= ALLOWED, "line", n, rid, "unknown keys", keys - ALLOWED)
    if not keys >= REQUIRED:
        return
    check(isinstance(rid, str) and re.fullmatch(PREFIX + r"-\d{3}", rid), "line", n, rid, "id must look like",
          PREFIX + "-NNN")
    for k in ("domain", "question", "answer"):
        check(isinstance(r[k], str) and r[k].strip(), "line", n, rid, k, "must be a non-empty string")
    if not all(isinstance(r[k], str) and r[k].strip() for k in ("domain", "question", "answer")):
        return
    check(r["expect"] in EXPECTS, "line", n, rid, "bad expect", r["expect"])
    check(r["shape"] in SHAPES, "line", n, rid, "bad shape", r["shape"])
    check((r["expect"] == "unsupported") == ("fault" in r), "line", n, rid,
          "fault must be present exactly on unsupported rows")
    check("fault" not in r or r["fault"] in FAULTS, "line", n, rid, "bad fault", r.get("fault"))
    check(r.get("citation") in (None, "misattributed"), "line", n, rid, "bad citation value", r.get("citation"))
    check(r.get("citation") is None or (r["expect"] == "faithful" and r["shape"] == "citation"), "line", n, rid,
          "misattributed citation only on faithful citation rows")
    check(len(split_sentences(r["answer"])) <= 4 or "\n" in r["answer"], "line", n, rid,
          "answer longer than 4 sentences")
    cids = check_contexts(n, r, problems, domain_contexts)
    if len(cids) != N_PASSAGES:
        return
    check_shape(n, r, problems)
    check_numbers(n, r, problems)
    fragment = FAULT_AT.get(rid)
    check((r["expect"] == "unsupported") == (fragment is not None), "line", n, rid,
          "FAULT_AT entry needed exactly on unsupported rows")
    check(fragment is None or fragment in r["answer"], "line", n, rid, "answer lacks its FAULT_AT fragment",
          repr(fragment))
    sources = SOURCES.get(rid)
    if not check(sources is not None, "line", n, rid, "has no SOURCES entry"):
        return
    check(sources <= set(cids), "line", n, rid, "SOURCES", sorted(sources), "not all among its contexts")
    refs = [ref.strip() for ref in CITATION.findall(r["answer"])]
    cited = set()
    for ref in refs:
        if ref in cids:
            cited.add(ref)
        elif ref.isdigit() and 1 <= int(ref) <= len(cids):
            cited.add(cids[int(ref) - 1])
        else:
            check(False, "line", n, rid, "citation", repr(ref), "points to no passage")
    check(r["shape"] != "citation" or refs, "line", n, rid, "citation row without citations")
    if cited:
        if r.get("citation") == "misattributed":
            check(not cited & sources, "line", n, rid, "marked misattributed but cites a passage that holds the fact")
        else:
            check(cited <= sources, "line", n, rid, "cites", sorted(cited), "but the facts are in", sorted(sources))


def check_counts(rows, problems):
    check = problems.check
    ids = [r.get("id") for r in rows]
    check(len(rows) == N_ROWS, "expected", N_ROWS, "rows, found", len(rows))
    check(len(ids) == len(set(ids)), "duplicate ids:", sorted(i for i, c in Counter(ids).items() if c > 1))
    check(ids == [f"{PREFIX}-{i:03d}" for i in range(1, len(ids) + 1)],
          f"ids must run {PREFIX}-001, {PREFIX}-002, ... in order")
    for table, name in ((SOURCES, "SOURCES"), (FAULT_AT, "FAULT_AT"), (DERIVED, "DERIVED")):
        check(set(table) <= set(ids), name, "names rows not in the data:", sorted(set(table) - set(ids)))
    exp_total = Counter(r.get("expect") for r in rows)
    check(dict(exp_total) == TOTALS, "expect totals", dict(exp_total), "should be", TOTALS)
    faults = Counter(r.get("fault") for r in rows if "fault" in r)
    check(dict(faults) == FAULT_TOTALS, "fault totals", dict(faults), "should be", FAULT_TOTALS)
    for exp, want in SHAPE_TOTALS.items():
        got = Counter(r.get("shape") for r in rows if r.get("expect") == exp)
        check(dict(got) == want, exp, "shape totals", dict(got), "should be", want)
    domains = Counter(r.get("domain") for r in rows)
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, found", len(domains))
    for dom, n in domains.items():
        check(n == ROWS_PER_DOMAIN, dom, "has", n, "rows, expected", ROWS_PER_DOMAIN)
        per = Counter(r.get("expect") for r in rows if r.get("domain") == dom)
        for exp, want in PER_DOMAIN.items():
            check(per.get(exp, 0) == want, dom, exp, per.get(exp, 0), "expected", want)
    currencies = []
    for dom in domains:
        m = re.search(r"\(([A-Z]{3})\)$", dom) if isinstance(dom, str) else None
        if not check(m, "domain", repr(dom), "must end with its currency code, like (JOD)"):
            continue
        cur = m.group(1)
        currencies.append(cur)
        check(cur not in USED_CURRENCIES, "currency", cur, "is already used by an existing set")
        mark = CURRENCY_MARK.get(cur)
        ctx = next(r.get("contexts") for r in rows if r.get("domain") == dom)
        text = " ".join(c.get("text", "") for c in ctx if isinstance(c, dict)) if isinstance(ctx, list) else ""
        check(mark and mark in text, "domain", dom, "passages never show its currency")
    check(len(currencies) == len(set(currencies)), "currencies repeat:", sorted(currencies))
    n_mis = sum(1 for r in rows if r.get("citation"))
    check(n_mis == N_MISATTRIBUTED, "expected", N_MISATTRIBUTED, "misattributed citation rows, found", n_mis)


def main(path=DATA):
    problems = Problems()
    numbered = read_rows(path, problems)
    rows = [r for _, r in numbered]
    domain_contexts = {}
    for n, r in numbered:
        check_row(n, r, problems, domain_contexts)
    check_passages(domain_contexts, problems)
    check_counts(rows, problems)
    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(Counter(r["expect"] + ("/misattributed" if r.get("citation") else "")
                                   for r in rows).items()))
    print("shape x expect", sorted(Counter((r["shape"], r["expect"]) for r in rows).items()))
    print("fault", sorted(Counter(r["fault"] for r in rows if "fault" in r).items()))
    print("domain x expect", sorted(Counter((r["domain"], r["expect"]) for r in rows).items()))
    print("expressions", sum(len(expressions(r["answer"])) for r in rows), "checked;",
          sum(len(v) for v in DERIVED.values()), "derived numbers and dates")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else DATA))
