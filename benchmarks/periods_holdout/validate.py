"""Structural check of periods_holdout.jsonl (python3 standard library only, self-contained: it imports nothing
from the project and no checker is involved). Adapted from leaning_holdout's validate.py; instead of leaning pairs
it checks the worked amounts and dates: every expression written like "a × b = c" in an answer, and every number
an answer states (each must come from the row's passages or question, be the 1 that starts a count like
"Nights 1–7", be the result of one of the answer's own expressions, or be listed in DERIVED with the expression
that gives it); and, for every row, the passages its answer draws on (SOURCES) and, for an unsupported row, the
fragment that holds its one wrong claim (FAULT_AT)."""
import json
import os
import re
import sys
from collections import Counter
from datetime import date, timedelta
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "periods_holdout.jsonl")
PREFIX = "ph"
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
# currencies of the shapes_*, numbers_*, refusals_* and leaning_holdout sets that existed when this set was written
USED_CURRENCIES = {"AED", "AUD", "BRL", "CAD", "CHF", "CLP", "COP", "CZK", "DKK", "EUR", "GBP", "GEL", "HKD", "HUF",
                   "IDR", "ILS", "INR", "ISK", "JPY", "KES", "KRW", "MAD", "MXN", "MYR", "NGN", "NOK", "NZD", "PEN",
                   "PHP", "PLN", "RON", "RSD", "SEK", "SGD", "THB", "TRY", "TWD", "USD", "UYU", "VND", "ZAR"}
# the mark by which each currency appears in its passages
CURRENCY_MARK = {"EGP": "EGP", "KZT": "KZT", "LKR": "LKR", "CRC": "\u20a1"}
HEDGES = ("According to the help center, ", "From what I can see, ")
YES_NO = ("Yes \u2014 ", "No \u2014 ")
# citations in answers: [1] or [doc-id]
CITATION = re.compile(r"\[([^\]]+)\]")
TIME = re.compile(r"\b\d{1,2}:\d{2}\b")
NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
# an amount inside an expression: a bare number, "EGP 2,400", "KZT 9,900", "LKR 300" or "₡85,000"
TERM = r"(?:(?:EGP|KZT|LKR) |\u20a1)?\d+(?:,\d{3})*(?:\.\d+)?"
OPS = {"\u00d7": "*", "\u00f7": "/", "+": "+", "\u2212": "-"}
EXPRESSION = re.compile(TERM + r"(?:[ \t]*[\u00d7\u00f7+\u2212][ \t]*" + TERM + r")+[ \t]*=[ \t]*" + TERM)

# row -> passages its answer draws on (a combine row draws on exactly 2; a correctly attributed citation cites only
# these, a misattributed one cites none of them)
SOURCES = {
    "ph-001": {"stay-rates"}, "ph-002": {"stay-rates"}, "ph-003": {"payments-deposit", "stay-rates"},
    "ph-004": {"stay-rates"}, "ph-005": {"stay-rates"}, "ph-006": {"changes-leaving"},
    "ph-007": {"payments-deposit"}, "ph-008": {"changes-leaving", "stay-rates"},
    "ph-009": {"changes-leaving", "stay-rates"}, "ph-010": {"stay-rates", "changes-leaving", "payments-deposit"},
    "ph-011": {"payments-deposit"}, "ph-012": {"stay-rates", "payments-deposit"},
    "ph-013": {"plans-prices"}, "ph-014": {"plans-prices"}, "ph-015": {"plans-prices"},
    "ph-016": {"plans-prices", "minimum-cancel"}, "ph-017": {"minimum-cancel", "plans-prices"},
    "ph-018": {"billing-pausing", "plans-prices"}, "ph-019": {"plans-prices", "minimum-cancel"},
    "ph-020": {"plans-prices"}, "ph-021": {"billing-pausing"}, "ph-022": {"plans-prices", "billing-pausing"},
    "ph-023": {"minimum-cancel"}, "ph-024": {"billing-pausing", "minimum-cancel"},
    "ph-025": {"hourly-daily"}, "ph-026": {"passes"}, "ph-027": {"passes"}, "ph-028": {"pass-changes"},
    "ph-029": {"passes"}, "ph-030": {"hourly-daily"}, "ph-031": {"hourly-daily", "pass-changes"},
    "ph-032": {"hourly-daily"}, "ph-033": {"pass-changes"}, "ph-034": {"hourly-daily"},
    "ph-035": {"hourly-daily"}, "ph-036": {"passes", "pass-changes"},
    "ph-037": {"enrolment", "fees"}, "ph-038": {"leaving-holidays"}, "ph-039": {"fees"},
    "ph-040": {"leaving-holidays"}, "ph-041": {"fees"}, "ph-042": {"fees"}, "ph-043": {"leaving-holidays", "fees"},
    "ph-044": {"enrolment"}, "ph-045": {"fees"}, "ph-046": {"fees", "leaving-holidays"}, "ph-047": {"enrolment"},
    "ph-048": {"leaving-holidays", "fees"},
}

# unsupported row -> fragment of its answer that holds the one wrong claim (numbers in it are exempt from the
# number check; in an arithmetic row the one wrong expression must lie inside it)
FAULT_AT = {
    "ph-002": "EGP 21,000 + EGP 10,500 + EGP 600 = EGP 31,100",            # arithmetic: should be 32,100
    "ph-004": "up to 10 kWh per week included",                              # period: 10 kWh per night
    "ph-007": "4 × EGP 40,000 = EGP 160,000",                                # intro: only the first month
    "ph-009": "2-month minimum term",                                        # term: 3 months
    "ph-011": "by 10 June",                                                  # reference: 7 days after check-out
    "ph-014": "first 3 Classic boxes",                                       # first-n: first 2
    "ph-016": "your first 2 boxes back would cost 2 × KZT 9,900 = KZT 19,800",  # condition: not within 6 months
    "ph-018": "KZT 226,800 \u2212 KZT 204,000 = KZT 21,800",                 # arithmetic: should be 22,800
    "ph-020": "KZT 34,500 per month",                                        # period: per week
    "ph-022": "4 × KZT 18,900 = KZT 75,600",                                 # wrong-item: Classic price
    "ph-026": "9 × LKR 30,000 = LKR 270,000",                                # intro: first 3 full months only
    "ph-028": "by 17 August",                                                # reference: 14 days before 1 September
    "ph-030": "LKR 2,000 per calendar day",                                  # wrong-item: car cap, not motorcycle
    "ph-032": "the first 60 minutes",                                        # first-n: first 30 minutes
    "ph-034": "LKR 300 per 30 minutes [hourly-daily], so 4 hours would be LKR 2,400",  # period: per hour
    "ph-038": "1 month's written notice",                                    # term: 2 months
    "ph-040": "ends on 10 July",                                             # reference: from 1 June, to 31 July
    "ph-042": "3 × \u20a120,000 = \u20a150,000",                             # arithmetic: should be 60,000
    "ph-044": "March is also charged at the settling-in rate",               # intro: only the 2 weeks before
    "ph-046": "since she'll be away you can keep the place by paying half the monthly fee",  # condition: whole month
}

# row -> {text in the answer: expression that gives it}. A number is checked against its value, a date ("31 March")
# against day and month; numbers in an expression outside date(...) must come from the passages, the question or
# the answer's own expressions. Calendar dates use 2025 (14 October 2025 is a Tuesday).
DERIVED = {
    "ph-001": {"10,200": "9600 + 600"},
    "ph-002": {"8": "7 + 1"},
    "ph-003": {"10 April": "date(2025, 3 + 1, 10)", "10 May": "date(2025, 3 + 2, 10)"},
    "ph-005": {"5,400": "4800 + 600"},
    "ph-006": {"31 March": "date(2025, 3, 1) + days(30)"},
    "ph-010": {"15": "14 + 1"},
    "ph-013": {"3": "2 + 1", "4": "6 - 2"},
    "ph-021": {"9 October": "date(2025, 10, 14) - days(5)", "8 October": "date(2025, 10, 14) - days(6)"},
    "ph-025": {"3": "len(['Monday', 'Tuesday', 'Wednesday'])"},
    "ph-026": {"4": "3 + 1", "9": "12 - 3"},
    "ph-027": {"20": "30 - 11 + 1"},
    "ph-033": {"4 April": "date(2025, 3, 5) + days(30)"},
    "ph-035": {"3": "len(['Saturday', 'Sunday', 'Monday'])"},
    "ph-036": {"17 September": "date(2025, 10, 1) - days(14)"},
    "ph-041": {"19,000": "190000 * 10 / 100"},
    "ph-042": {"4": "-(-50 // 15)"},
    "ph-047": {"13 March": "date(2025, 3, 3) + days(10)"},
    "ph-048": {"1 April": "date(2025, 3 + 1, 1)", "1 May": "date(2025, 3 + 2, 1)"},
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
    """Exact value of a number token or of an amount like "EGP 2,400" / "₡85,000"."""
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
    # 1 starts every count ("Nights 1–7"); 100 turns a percentage in the passages into a fraction
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
            stray = numbers(re.sub(r"'[^']*'", " ", code)) - allowed
            check(not stray, "line", n, rid, "DERIVED", repr(text), "uses numbers from nowhere:", sorted(stray))
        allowed |= numbers(text)
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
        if not check(m, "domain", repr(dom), "must end with its currency code, like (EGP)"):
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
