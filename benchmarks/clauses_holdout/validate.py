"""Structural and arithmetic check of clauses_holdout.jsonl (python3 standard library and
benchmarks/blind_set_checks.py, the line reading every set shares; no checker is involved). Adapted from
shapes_holdout7's validate.py, with this
set's shapes, faults and counts. Usage: python3 validate.py [path/to/file.jsonl]; exits 1 on any problem."""
import json
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from blind_set_checks import Problems, read_rows  # noqa: E402  (the reading every set shares)

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "clauses_holdout.jsonl")
PREFIX = "ch"
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
    # water park (DOP)
    # 2 adults + 2 children aged 4 to 12, online at least 24 hours ahead (15% off), not a public holiday
    "ch-003": [(2 * 1800, "= RD$3,600", True), (2 * 1200, "= RD$2,400", True),
               (2 * 1800 + 2 * 1200, "**Subtotal:** RD$6,000", True),
               ((2 * 1800 + 2 * 1200) * 0.15, "\u2212RD$900", True),
               ((2 * 1800 + 2 * 1200) * (1 - 0.15), "**Total: RD$5,100**", True)],
    # Season Pass holders: 20% off a RD$4,000 cabana on weekdays
    "ch-013": [(4000 * (1 - 0.20), "RD$3,200 instead", True), (4000 * 0.20, "RD$800 off", True)],
    # the split is wrong: 4,000 / 5 = 800
    "ch-014": [(4000 / 5, "RD$750 each", False)],
    # cinema (PKR)
    "ch-017": [(1200 + 300, "= PKR 1,500", True), (2 * (1200 + 300), "PKR 3,000 for two", True)],
    # Half-Price Day for members on a PKR 2,500 Recliner seat
    "ch-023": [(2500 / 2, "PKR 1,250 instead", True)],
    # 2 adults, 2 under-12s at PKR 800, app booking fee PKR 50 per ticket (not Club members)
    "ch-031": [(2 * 1200, "= PKR 2,400", True), (2 * 800, "= PKR 1,600", True), (4 * 50, "= PKR 200", True),
               (2 * 1200 + 2 * 800 + 4 * 50, "**Total: PKR 4,200**", True)],
    # fitness club (AZN)
    # monthly Standard for a year + joining fee vs annual (joining fee waived)
    "ch-035": [(12 * 60, "= AZN 720", True), (12 * 60 + 30, "so AZN 750", True),
               (12 * 60 + 30 - 600, "save AZN 150", True)],
    # 20% off Standard for over-65s
    "ch-040": [(60 * (1 - 0.20), "AZN 48 a month", True), (60 * 0.20, "AZN 12 off", True)],
    # the lines are right, the saving is not: 400 - 340 = 60
    "ch-041": [(10 * 40, "= AZN 400", True), (10 * 40 - 340, "saves you AZN 40", False)],
    # pool closes an hour before the club (20:00 at weekends); the fault of this row is elsewhere (an added fact)
    "ch-045": [(20 - 1, "until 19:00", True)],
    # Premium on the no-contract option, first month with the joining fee
    "ch-047": [(95 + 15, "= **AZN 110", True), (95 + 15 + 30, "comes to AZN 140", True)],
    # airport lounge (NPR)
    # 5 hours: 3 included hours + 2 extra hours at NPR 1,000
    "ch-049": [(5 - 3, "2 \u00d7 NPR 1,000", True), (4500 + (5 - 3) * 1000, "**NPR 6,500**", True)],
    # 2 adults, a child aged 7 at half price, a child aged 1 free
    "ch-054": [(2 * 4500, "= NPR 9,000", True), (4500 / 2, "= NPR 2,250", True),
               (2 * 4500 + 4500 / 2, "**Total: NPR 11,250**", True)],
    # the lines are right, the total is not: 36,000 - 5,400 = 30,600
    "ch-057": [(8 * 4500, "= NPR 36,000", True), (8 * 4500 * 0.15, "(NPR 5,400)", True),
               (8 * 4500 * (1 - 0.15), "comes to NPR 31,600", False)],
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
