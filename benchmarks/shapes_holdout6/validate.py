"""Structural and arithmetic check of shapes_holdout6.jsonl (python3 standard library only, self-contained: it
imports nothing from the project and no checker is involved). Adapted from shapes_holdout5's validate.py, with the
shared reading and context checks written out here."""
import datetime
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "shapes_holdout6.jsonl")
PREFIX = "sh6"
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault", "citation"}
EXPECTS = {"faithful", "unsupported", "refusal"}
SHAPES = {"plain", "copy", "paraphrase", "reorder", "hedged", "yes-no", "markdown", "citation", "combine",
          "multi", "derived-number", "refusal"}
FAULTS = {"number", "unit", "negation", "entity", "condition", "temporal", "added-fact", "derived-number", "count"}
# expected totals over the whole set, and allowed ranges per domain
TOTALS = {"faithful": 37, "unsupported": 22, "refusal": 5}
PER_DOMAIN = {"faithful": (9, 10), "unsupported": (5, 6), "refusal": (1, 2)}
N_ROWS, N_DOMAINS, ROWS_PER_DOMAIN = 64, 4, 16
N_PASSAGES, FEWEST_SENTENCES, MOST_SENTENCES = 3, 5, 5
N_MISATTRIBUTED = 3
MIN_NON_USD = 4
# citations in answers: [1], [doc-id] and "(source: doc-id)"
CITATION = re.compile(r"\[([^\]]+)\]|\(source:\s*([^)]+)\)")

D = datetime.date
DAYS = datetime.timedelta
# id -> list of (computed value, text that must appear in the answer, does the answer state it correctly?)
# The computations use only numbers from the passages or the question. The text's first number is compared.
ARITH = {
    # laundry and dry cleaning (ZAR)
    "sh6-001": [(5 * 38, "R190", True), (2 * 25, "R50", True), (5 * 38 + 170 + 2 * 25, "Total: R410", True)],
    # 3 kg x R38 = R114 is under the R150 minimum charge per order
    "sh6-004": [(3 * 38, "R114", True), (max(3 * 38, 150), "pay R150", True)],
    # 10 items in one order: 15% off the dry-cleaning total
    "sh6-008": [(4 * 290, "R1,160", True), (6 * 95, "R570", True), (4 * 290 + 6 * 95, "Subtotal: R1,730", True),
                ((4 * 290 + 6 * 95) * 0.15, "R259.50", True), ((4 * 290 + 6 * 95) * 0.85, "R1,470.50", True)],
    # up to 10 times the cleaning price, capped at R3,000 per item
    "sh6-010": [(min(10 * 160, 3000), "R1,600", True)],
    # the lines are right, the total is not: 304 + 152 = 456
    "sh6-011": [(8 * 38, "R304", True), (8 * 38 * 0.5, "R152", True), (8 * 38 * 1.5, "R466", False)],
    "sh6-014": [(D(2026, 8, 18) + DAYS(days=30), "17 September", True),
                (D(2026, 8, 18) + DAYS(days=14), "1 September", True)],
    # R290 is not over R300, so the R45 delivery fee applies
    "sh6-016": [(290 + 45, "R335", True)],
    # coworking space (HUF)
    "sh6-017": [(68000 * 0.20, "HUF 13,600", True), (68000 * (1 - 0.20), "HUF 54,400", True)],
    "sh6-021": [(10 * 6500, "HUF 65,000", True), (10 * 6500 - 55000, "save HUF 10,000", True)],
    # 4 free small-room hours a month for hot-desk members
    "sh6-024": [(6 - 4, "only 2 of", True), ((6 - 4) * 5000, "HUF 10,000", True)],
    # 136,000 - 18,000 = 118,000
    "sh6-030": [(2 * 9000, "HUF 18,000", True), (2 * 68000, "HUF 136,000", True),
                (2 * 68000 - 2 * 9000, "HUF 108,000", False)],
    # a full day (up to 9 hours) in the large room is a flat HUF 80,000
    "sh6-031": [(8 * 12000, "HUF 96,000", True), (min(8 * 12000, 80000), "flat HUF 80,000", True),
                (10 * 800, "= HUF 8,000", True), (80000 + 10 * 800, "Total:** HUF 88,000", True)],
    # horse riding tours (ISK)
    "sh6-034": [(3 * 24500, "ISK 73,500", True), (3 * 2 * 3500, "ISK 21,000", True),
                (3 * 24500 + 2000 + 3 * 2 * 3500, "Total: ISK 96,500", True)],
    "sh6-037": [(6 * 11900, "ISK 71,400", True), (6 * 11900 * 0.10, "ISK 7,140", True),
                (6 * 11900 * (1 - 0.10), "ISK 64,260", True)],
    "sh6-041": [(5 * 9800, "ISK 49,000", True), (5 * 9800 - 44000, "save ISK 5,000", True)],
    # free cancellation up to 48 hours before departure
    "sh6-043": [(D(2026, 9, 14) - DAYS(days=2), "12 September", True)],
    # the lines are right, the total is not: 47,600 + 14,000 = 61,600
    "sh6-046": [(4 * 11900, "ISK 47,600", True), (4 * 3500, "ISK 14,000", True),
                (4 * 11900 + 4 * 3500, "ISK 65,600", False)],
    # phone repair (INR)
    "sh6-050": [(12500 * 0.10, "\u20b91,250", True), (12500 * (1 - 0.10), "\u20b911,250", True)],
    # the INR 500 diagnosis is deducted from the repair price
    "sh6-053": [(1600 - 500, "\u20b91,100", True), (500 + (1600 - 500), "\u20b91,600 in total", True)],
    # INR 4,400 is not over INR 5,000, so pickup is INR 250 per phone
    "sh6-056": [(2 * 2200, "\u20b94,400", True), (2 * 250, "\u20b9500 for the two", True),
                (2 * 2200 + 2 * 250, "\u20b94,900", True)],
    "sh6-059": [(D(2026, 10, 20) + DAYS(days=60), "19 December", True)],
    # 9,600 + 2,200 = 11,800
    "sh6-062": [(2 * 4800, "\u20b99,600", True), (2 * 4800 + 2200, "\u20b912,800", False)],
    "sh6-064": [(2200 + 600, "\u20b92,800", True)],
}


class Problems:
    """Problems found so far; check(cond, *msg) records one when cond is false."""

    def __init__(self):
        self.errors = []

    def check(self, cond, *msg):
        if not cond:
            self.errors.append(" ".join(str(m) for m in msg))

    def report(self):
        if self.errors:
            print("\n".join(self.errors))
            print(len(self.errors), "problem(s)")
        return not self.errors


def read_rows(path, problems):
    """The JSON objects of a JSONL file; an empty, invalid or non-object line is a problem with its number."""
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
            problems.check(isinstance(row, dict), "line", n, "is not a JSON object")
            if isinstance(row, dict):
                rows.append(row)
    return rows


def sentences(text):
    return len(re.findall(r"[.!?](?=\s|$)", text.strip()))


def check_contexts(row, problems, domain_contexts):
    """N_PASSAGES contexts of exactly {id, text}, each with FEWEST..MOST sentences, ids distinct, and the same
    passages as the domain's other rows. Returns the context ids."""
    rid, ctx = row.get("id"), row.get("contexts")
    problems.check(isinstance(ctx, list) and len(ctx) == N_PASSAGES, rid, "needs", N_PASSAGES, "contexts")
    if not isinstance(ctx, list):
        return []
    for c in ctx:
        ok = isinstance(c, dict) and set(c) == {"id", "text"}
        problems.check(ok, rid, "each context needs exactly the keys id and text")
        if not ok:
            continue
        problems.check(isinstance(c["id"], str) and c["id"].strip(), rid, "context id must be a non-empty string")
        problems.check(isinstance(c["text"], str) and c["text"].strip(), rid, c["id"], "context text is empty")
        if isinstance(c["text"], str):
            problems.check(FEWEST_SENTENCES <= sentences(c["text"]) <= MOST_SENTENCES, rid, c["id"],
                           "passage needs", FEWEST_SENTENCES, "to", MOST_SENTENCES, "sentences")
    cids = [c.get("id") for c in ctx if isinstance(c, dict)]
    problems.check(len(cids) == len(set(cids)), rid, "duplicate context ids")
    key = json.dumps(ctx, sort_keys=True)
    problems.check(domain_contexts.setdefault(row.get("domain"), key) == key, rid, "contexts differ within domain",
                   row.get("domain"))
    return cids


def check_passages_unique(domain_contexts, problems):
    """No passage text in two domains."""
    texts = {}
    for domain, key in domain_contexts.items():
        for c in json.loads(key):
            if isinstance(c, dict) and isinstance(c.get("text"), str):
                problems.check(c["text"] not in texts, "passage", c.get("id"), "of", domain, "repeats one of",
                               texts.get(c["text"]))
                texts[c["text"]] = domain


def stated(text, value):
    """The value the answer's text states, in the type of the computed value."""
    if isinstance(value, datetime.date):
        parsed = datetime.datetime.strptime(text.strip(), "%d %B")
        return (parsed.month, parsed.day), (value.month, value.day)
    match = re.search(r"\d[\d,]*(?:\.\d+)?", text)
    return float(match.group().replace(",", "")), round(float(value), 6)


def check_row(r, problems, domain_contexts):
    check = problems.check
    rid = r.get("id")
    keys = set(r)
    check(keys >= REQUIRED, rid, "missing keys", REQUIRED - keys)
    check(keys <= ALLOWED, rid, "unknown keys", keys - ALLOWED)
    if not keys >= REQUIRED:
        return
    check(isinstance(rid, str) and re.fullmatch(PREFIX + r"-\d{3}", rid), rid, "id must look like", PREFIX + "-NNN")
    for k in ("domain", "question", "answer"):
        check(isinstance(r[k], str) and r[k].strip(), rid, k, "must be a non-empty string")
    if not all(isinstance(r[k], str) for k in ("domain", "question", "answer")):
        return
    check(r["expect"] in EXPECTS, rid, "bad expect", r["expect"])
    check(r["shape"] in SHAPES, rid, "bad shape", r["shape"])
    check((r["expect"] == "unsupported") == ("fault" in r), rid, "fault must be present exactly on unsupported rows")
    check("fault" not in r or r["fault"] in FAULTS, rid, "bad fault", r.get("fault"))
    check((r["expect"] == "refusal") == (r["shape"] == "refusal"), rid, "refusal expect and shape must go together")
    check(r.get("citation") in (None, "misattributed"), rid, "bad citation value", r.get("citation"))
    check(r.get("citation") is None or (r["expect"] == "faithful" and r["shape"] == "citation"), rid,
          "misattributed citation only on faithful citation rows")
    cids = check_contexts(r, problems, domain_contexts)
    refs = [(a or b).strip() for a, b in CITATION.findall(r["answer"])]
    for ref in refs:
        ok = ref in cids or (ref.isdigit() and 1 <= int(ref) <= len(cids))
        check(ok, rid, "citation", repr(ref), "points to no passage")
    check(r["shape"] != "citation" or refs, rid, "citation row without citations")


def check_arith(by_id, problems):
    check = problems.check
    for rid, items in ARITH.items():
        r = by_id.get(rid)
        check(r is not None, rid, "in ARITH but not in data")
        if r is None or not isinstance(r.get("answer"), str):
            continue
        for value, text, correct in items:
            check(text in r["answer"], rid, "answer lacks", repr(text))
            if text not in r["answer"]:
                continue
            got, want = stated(text, value)
            ok = got == want if isinstance(got, tuple) else abs(got - want) < 1e-6
            check(ok == correct, rid, "arithmetic", repr(text), "vs computed", want,
                  "expected correct" if correct else "expected wrong")
        if r.get("expect") == "faithful":
            check(all(c for _, _, c in items), rid, "faithful row with a wrong number")
        elif r.get("fault") == "derived-number":
            check(not all(c for _, _, c in items), rid, "derived-number fault with no wrong number")
        else:
            check(False, rid, "ARITH row must be faithful or a derived-number fault")
    for r in by_id.values():
        worked = r.get("shape") == "derived-number" and r.get("expect") == "faithful"
        if r.get("fault") == "derived-number" or worked:
            check(r.get("id") in ARITH, r.get("id"), "worked-number row without an ARITH entry")


def check_counts(rows, problems):
    check = problems.check
    ids = [r.get("id") for r in rows]
    check(len(rows) == N_ROWS, "expected", N_ROWS, "rows, found", len(rows))
    check(ids == [f"{PREFIX}-{i:03d}" for i in range(1, len(ids) + 1)],
          f"ids must run {PREFIX}-001, {PREFIX}-002, ... in order")
    exp_total = Counter(r.get("expect") for r in rows)
    check(dict(exp_total) == TOTALS, "expect totals", dict(exp_total), "should be", TOTALS)
    domains = Counter(r.get("domain") for r in rows)
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, found", len(domains))
    for dom, n in domains.items():
        check(n == ROWS_PER_DOMAIN, dom, "has", n, "rows, expected", ROWS_PER_DOMAIN)
        per = Counter(r.get("expect") for r in rows if r.get("domain") == dom)
        for exp, (lo, hi) in PER_DOMAIN.items():
            check(lo <= per.get(exp, 0) <= hi, dom, exp, per.get(exp, 0), "outside", (lo, hi))
    currencies = [m.group(1) for d in domains if isinstance(d, str) for m in [re.search(r"\(([A-Z]{3})\)$", d)] if m]
    non_usd = set(currencies) - {"USD"}
    check(len(non_usd) >= MIN_NON_USD and len(currencies) == len(set(currencies)), "expected at least",
          MIN_NON_USD, "different non-USD currencies, found", sorted(currencies))
    n_mis = sum(1 for r in rows if r.get("citation"))
    check(n_mis == N_MISATTRIBUTED, "expected", N_MISATTRIBUTED, "misattributed citation rows, found", n_mis)


def main():
    problems = Problems()
    rows = read_rows(DATA, problems)
    ids = [r.get("id") for r in rows]
    problems.check(len(ids) == len(set(ids)), "duplicate ids:", [i for i, c in Counter(ids).items() if c > 1])
    domain_contexts = {}
    for r in rows:
        check_row(r, problems, domain_contexts)
    check_passages_unique(domain_contexts, problems)
    check_arith({r.get("id"): r for r in rows}, problems)
    check_counts(rows, problems)
    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(Counter(r["expect"] + ("/misattributed" if r.get("citation") else "")
                                   for r in rows).items()))
    print("shape", sorted(Counter(r["shape"] for r in rows).items()))
    print("fault", sorted(Counter(r["fault"] for r in rows if "fault" in r).items()))
    print("domain", sorted(Counter(r["domain"] for r in rows).items()))
    print("domain x expect", sorted(Counter((r["domain"], r["expect"]) for r in rows).items()))
    print("faithful shapes", sorted(Counter(r["shape"] for r in rows
                                            if r["expect"] == "faithful" and not r.get("citation")).items()))
    print("unsupported shapes", sorted(Counter(r["shape"] for r in rows if r["expect"] == "unsupported").items()))
    print("ARITH rows", len(ARITH))
    return 0


if __name__ == "__main__":
    sys.exit(main())
