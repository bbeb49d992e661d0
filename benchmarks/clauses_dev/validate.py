"""Structural and arithmetic check of clauses_dev.jsonl (python3 standard library and
benchmarks/blind_set_checks.py, the line reading every set shares; no checker is involved). Adapted from
clauses_holdout's validate.py, with this set's ids, domains and arithmetic; the shapes, faults and counts are the
same. Usage: python3 validate.py [path/to/file.jsonl]; exits 1 on any problem."""
import json
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from blind_set_checks import Problems, read_rows  # noqa: E402  (the reading every set shares)

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "clauses_dev.jsonl")
PREFIX = "cd"
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault", "citation"}
EXPECTS = {"faithful", "unsupported", "refusal"}
SHAPES = {"one-clause", "combine", "paraphrase", "reorder", "plain", "hedged", "yes-no", "markdown", "citation",
          "derived-number", "refusal"}
FAULTS = {"dropped-condition", "moved-condition", "widened", "narrowed", "negation", "entity-swap", "wrong-subject",
          "number", "unit", "added-fact", "derived-number"}
# expected totals over the whole set, and allowed ranges per domain
TOTALS = {"faithful": 36, "unsupported": 22, "refusal": 6}
FAULT_TOTALS = {"dropped-condition": 3, "moved-condition": 2, "widened": 2, "narrowed": 1, "negation": 2,
                "entity-swap": 2, "wrong-subject": 2, "number": 2, "unit": 1, "added-fact": 2, "derived-number": 3}
PER_DOMAIN = {"faithful": (9, 9), "unsupported": (5, 6), "refusal": (1, 2)}
N_ROWS, N_DOMAINS, ROWS_PER_DOMAIN = 64, 4, 16
N_PASSAGES, FEWEST_SENTENCES, MOST_SENTENCES = 3, 5, 5
N_MISATTRIBUTED = 3
MIN_NON_USD = 4
# citations in answers: [1], [doc-id] and "(source: doc-id)"
CITATION = re.compile(r"\[([^\]]+)\]|\(source:\s*([^)]+)\)")

# id -> list of (computed value, text that must appear in the answer, does the answer state it correctly?)
# The computations use only numbers from the passages or the question. The text's first number is compared.
ARITH = {
    # zoo (UGX)
    # 2 adults, children aged 7 and 10, a 2-year-old free, online at least a day ahead (10% off), not a holiday
    "cd-001": [(2 * 40000, "= UGX 80,000", True), (2 * 20000, "= UGX 40,000", True),
               (2 * 40000 + 2 * 20000, "**Subtotal:** UGX 120,000", True),
               ((2 * 40000 + 2 * 20000) * 0.10, "\u2212UGX 12,000", True),
               ((2 * 40000 + 2 * 20000) * (1 - 0.10), "**Total: UGX 108,000**", True)],
    # 5 adult gate tickets against the UGX 150,000 Annual Pass
    "cd-006": [(5 * 40000, "= UGX 200,000", True), (5 * 40000 - 150000, "saves you UGX 50,000", True)],
    # Night Safari: an adult and a child at half the adult price
    "cd-013": [(50000 / 2, "is UGX 25,000", True), (50000 + 50000 / 2, "pay UGX 75,000", True)],
    # the lines are right, the total is not: 180,000 + 15,000 = 195,000
    "cd-014": [(3 * 60000, "= UGX 180,000", True), (3 * 5000, "= UGX 15,000", True),
               (3 * 60000 + 3 * 5000, "makes UGX 185,000", False)],
    # hair salon (TTD)
    # 3.5 hours of braids at TT$150 an hour, less the TT$100 deposit paid when booking
    "cd-017": [(3.5 * 150, "= TT$525", True), (3.5 * 150 - 100, "leaving TT$425", True)],
    # student 15% off a TT$250 cut and blow-dry on a Tuesday
    "cd-024": [(250 * (1 - 0.15), "TT$212.50 instead", True), (250 * 0.15, "a saving of TT$37.50", True)],
    # go-kart track (MUR)
    # 2 adult 20-minute sessions booked online at least 48 hours ahead (10% off)
    "cd-033": [(2 * 1600, "= MUR 3,200", True), (2 * 1600 * 0.10, "\u2212MUR 320", True),
               (2 * 1600 * (1 - 0.10), "**Total: MUR 2,880**", True)],
    # the product is right, the saving is not: 9,000 - 7,500 = 1,500
    "cd-036": [(10 * 900, "= MUR 9,000", True), (10 * 900 - 7500, "saves you MUR 1,000", False)],
    # birthday party for 9 children, two junior sessions each
    "cd-040": [(9 * 1200, "= MUR 10,800", True), (9 * 2, "makes 18 junior sessions", True)],
    # group race for 12 drivers, 30% deposit, split 12 ways
    "cd-047": [(12 * 1800, "= MUR 21,600", True), (12 * 1800 * 0.30, "is MUR 6,480", True),
               (12 * 1800 * 0.30 / 12, "MUR 540 each", True)],
    # cable car (BOB)
    # 2 adult returns, a child of 9, a child of 3 free on a lap, Sky Walk for the three aged 8 and over
    "cd-049": [(2 * 120, "= BOB 240", True), (3 * 30, "= BOB 90", True),
               (2 * 120 + 60 + 3 * 30, "**Total: BOB 390**", True)],
    # the product is right, the saving is not: 5,400 - 4,500 = 900
    "cd-053": [(12 * 450, "= BOB 5,400", True), (12 * 450 - 4500, "saves you BOB 1,100", False)],
    # a BOB 900 private cabin split between 6
    "cd-056": [(900 / 6, "BOB 150 each", True)],
}


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
    """No passage text or passage id in two domains."""
    texts, ids = {}, {}
    for domain, key in domain_contexts.items():
        for c in json.loads(key):
            if isinstance(c, dict) and isinstance(c.get("text"), str):
                problems.check(c["text"] not in texts, "passage", c.get("id"), "of", domain, "repeats one of",
                               texts.get(c["text"]))
                problems.check(c.get("id") not in ids, "passage id", c.get("id"), "of", domain, "is also used by",
                               ids.get(c.get("id")))
                texts[c["text"]] = domain
                ids[c.get("id")] = domain


def stated(text):
    """The first number written in the text (thousands commas allowed)."""
    match = re.search(r"\d[\d,]*(?:\.\d+)?", text)
    return float(match.group().replace(",", "")) if match else None


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
    check(r["expect"] not in ("faithful", "unsupported") or r["answer"].strip(), rid,
          "faithful and unsupported rows need a non-empty answer")
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
    """Every ARITH text is in its answer and its first number equals the computed value exactly when the entry
    says it is correct. Faithful rows and unsupported rows whose fault is not derived-number have only correct
    numbers; a derived-number fault has at least one wrong number; every derived-number row has an entry."""
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
            got = stated(text)
            ok = got is not None and abs(got - round(float(value), 6)) < 1e-6
            check(ok == correct, rid, "arithmetic", repr(text), "vs computed", round(float(value), 6),
                  "expected correct" if correct else "expected wrong")
        if r.get("fault") == "derived-number":
            check(not all(c for _, _, c in items), rid, "derived-number fault with no wrong number")
        elif r.get("expect") in ("faithful", "unsupported"):
            check(all(c for _, _, c in items), rid, "a wrong number in a row whose fault is not derived-number")
        else:
            check(False, rid, "ARITH row must be faithful or unsupported")
    for r in by_id.values():
        if r.get("shape") == "derived-number" or r.get("fault") == "derived-number":
            check(r.get("id") in ARITH, r.get("id"), "worked-number row without an ARITH entry")


def check_counts(rows, problems):
    check = problems.check
    ids = [r.get("id") for r in rows]
    check(len(rows) == N_ROWS, "expected", N_ROWS, "rows, found", len(rows))
    check(ids == [f"{PREFIX}-{i:03d}" for i in range(1, len(ids) + 1)],
          f"ids must run {PREFIX}-001, {PREFIX}-002, ... in order")
    exp_total = Counter(r.get("expect") for r in rows)
    check(dict(exp_total) == TOTALS, "expect totals", dict(exp_total), "should be", TOTALS)
    fault_total = Counter(r.get("fault") for r in rows if "fault" in r)
    check(dict(fault_total) == FAULT_TOTALS, "fault totals", dict(fault_total), "should be", FAULT_TOTALS)
    domains = Counter(r.get("domain") for r in rows)
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, found", len(domains))
    order = [r.get("domain") for r in rows]
    check(all(order[i] == order[i - 1] for i in range(1, len(order)) if i % ROWS_PER_DOMAIN),
          "each domain's rows must be consecutive blocks of", ROWS_PER_DOMAIN)
    for dom, n in domains.items():
        check(n == ROWS_PER_DOMAIN, dom, "has", n, "rows, expected", ROWS_PER_DOMAIN)
        per = Counter(r.get("expect") for r in rows if r.get("domain") == dom)
        for exp, (lo, hi) in PER_DOMAIN.items():
            check(lo <= per.get(exp, 0) <= hi, dom, exp, per.get(exp, 0), "outside", (lo, hi))
    currencies = [m.group(1) for d in domains if isinstance(d, str) for m in [re.search(r"\(([A-Z]{3})\)$", d)] if m]
    non_usd = set(currencies) - {"USD"}
    check(len(currencies) == len(domains) and "USD" not in currencies, "every domain needs a non-USD currency code",
          sorted(currencies))
    check(len(non_usd) >= MIN_NON_USD and len(currencies) == len(set(currencies)), "expected at least",
          MIN_NON_USD, "different non-USD currencies, found", sorted(currencies))
    n_mis = sum(1 for r in rows if r.get("citation"))
    check(n_mis == N_MISATTRIBUTED, "expected", N_MISATTRIBUTED, "misattributed citation rows, found", n_mis)


def main(argv):
    path = argv[1] if len(argv) > 1 else DATA
    problems = Problems()
    rows = read_rows(path, problems)
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
    sys.exit(main(sys.argv))
