"""Structural and arithmetic check of shapes_holdout5.jsonl (python3 stdlib only; no checker involved). The
reading and context checks every set shares are in benchmarks/blind_set_checks.py."""
import datetime
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from blind_set_checks import Problems, check_contexts, read_rows  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "shapes_holdout5.jsonl")
PREFIX = "sh5"
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
MIN_NON_USD = 3
# citations in answers: [1], [doc-id] and "(source: doc-id)"
CITATION = re.compile(r"\[([^\]]+)\]|\(source:\s*([^)]+)\)")

D = datetime.date
DAYS = datetime.timedelta
# id -> list of (computed value, text that must appear in the answer, does the answer state it correctly?)
# The computations use only numbers from the passages or the question. Prices in pence are computed in pence.
ARITH = {
    "sh5-002": [(2 * 9, "€18", True), (13 + 2 * 9, "€31", True), (3 * 4, "€12", True),
                (13 + 2 * 9 + 3 * 4, "€43", True)],
    "sh5-004": [(10 * 13, "€130", True), (10 * 13 - 115, "saves you €15", True)],
    "sh5-008": [(3 * 46, "€138", True), (3 * 46 + 25, "€163", True)],
    # 12 x 58 = 696
    "sh5-011": [(12 * 58, "€686", False)],
    "sh5-017": [(12 + 5, "17p", True), (40 * (12 + 5) / 100, "£6.80", True)],
    "sh5-019": [(200 * 25 / 100, "£50", True), (200 * 25 / 100 * (1 - 0.20), "£40", True)],
    "sh5-023": [(36 - 20, "16 extra pages", True), ((36 - 20) / 2, "8 extra pairs", True),
                ((36 - 20) / 2 * 1.50, "(£12)", True), (24 + (36 - 20) / 2 * 1.50, "costs £36", True)],
    # the lines are right, the total is not: 11.52 + 2.99 = 14.51
    "sh5-024": [(120 * 12 / 100, "£14.40", True), (120 * 12 / 100 * 0.20, "£2.88", True),
                (120 * 12 / 100 * (1 - 0.20), "£11.52", True),
                (120 * 12 / 100 * (1 - 0.20) + 2.99, "£15.51", False)],
    "sh5-028": [(D(2026, 5, 12) + DAYS(days=30), "11 June", True)],
    "sh5-033": [(2 * 6400, "DKK 12,800", True), (2 * 6400 + 6400, "DKK 19,200", True)],
    "sh5-036": [(180 * 2.90, "DKK 522", True)],
    "sh5-038": [(5 - 3, "2 extra nights", True), ((5 - 3) * 150, "DKK 300", True)],
    "sh5-042": [(6 * 7900, "DKK 47,400", True), (6 * 7900 * 0.05, "DKK 2,370", True),
                (6 * 7900 * (1 - 0.05), "DKK 45,030", True)],
    "sh5-047": [(D(2026, 8, 31) + DAYS(days=30), "30 September", True)],
    # the late fee is capped at CZK 600 per tool
    "sh5-051": [(20 * 40, "CZK 800", True), (min(20 * 40, 600), "pay CZK 600", True)],
    "sh5-052": [(2 * 1000 + 3000, "CZK 5,000", True)],
    "sh5-055": [(7 + 2 * 7, "21 days", True)],
    # the fee is per tool: 3 tools x 4 days x CZK 40 = CZK 480; the answer leaves out the 3 tools
    "sh5-060": [(3 * 4 * 40, "CZK 160", False)],
    "sh5-063": [(D(2026, 6, 29) + DAYS(days=3), "2 July", True)],
}


def stated(text, value):
    """The value the answer's text states, in the type of the computed value."""
    if isinstance(value, datetime.date):
        parsed = datetime.datetime.strptime(text.strip(), "%d %B")
        return (parsed.month, parsed.day), (value.month, value.day)
    match = re.search(r"\d[\d,]*(?:\.\d+)?", text)
    return float(match.group().replace(",", "")), round(float(value), 6)


def main():
    problems = Problems()
    check = problems.check
    rows = read_rows(DATA, problems)
    ids = [r.get("id") for r in rows]
    check(len(ids) == len(set(ids)), "duplicate ids:", [i for i, c in Counter(ids).items() if c > 1])
    domain_contexts = {}
    for r in rows:
        rid = r.get("id")
        keys = set(r)
        check(keys >= REQUIRED, rid, "missing keys", REQUIRED - keys)
        check(keys <= ALLOWED, rid, "unknown keys", keys - ALLOWED)
        if not keys >= REQUIRED:
            continue
        check(isinstance(rid, str) and re.fullmatch(PREFIX + r"-\d{3}", rid), rid, "id must look like",
              PREFIX + "-NNN")
        for k in ("domain", "question", "answer"):
            check(isinstance(r[k], str) and r[k].strip(), rid, k, "must be a non-empty string")
        check(r["expect"] in EXPECTS, rid, "bad expect", r["expect"])
        check(r["shape"] in SHAPES, rid, "bad shape", r["shape"])
        check((r["expect"] == "unsupported") == ("fault" in r), rid,
              "fault must be present exactly on unsupported rows")
        check("fault" not in r or r["fault"] in FAULTS, rid, "bad fault", r.get("fault"))
        check((r["expect"] == "refusal") == (r["shape"] == "refusal"), rid, "refusal expect and shape must go together")
        check(r.get("citation") in (None, "misattributed"), rid, "bad citation value", r.get("citation"))
        check(r.get("citation") is None or (r["expect"] == "faithful" and r["shape"] == "citation"), rid,
              "misattributed citation only on faithful citation rows")
        cids = check_contexts(r, problems, domain_contexts, N_PASSAGES, FEWEST_SENTENCES, MOST_SENTENCES)
        refs = [(a or b).strip() for a, b in CITATION.findall(r["answer"])]
        for ref in refs:
            ok = ref in cids or (ref.isdigit() and 1 <= int(ref) <= len(cids))
            check(ok, rid, "citation", repr(ref), "points to no passage")
        check(r["shape"] != "citation" or refs, rid, "citation row without citations")
    by_id = {r.get("id"): r for r in rows}
    for rid, items in ARITH.items():
        r = by_id.get(rid)
        check(r is not None, rid, "in ARITH but not in data")
        if r is None:
            continue
        for value, text, correct in items:
            check(text in r["answer"], rid, "answer lacks", repr(text))
            if text not in r["answer"]:
                continue
            got, want = stated(text, value)
            ok = got == want if isinstance(got, tuple) else abs(got - want) < 1e-6
            check(ok == correct, rid, "arithmetic", repr(text), "vs computed", want,
                  "expected correct" if correct else "expected wrong")
        if r["expect"] == "faithful":
            check(all(c for _, _, c in items), rid, "faithful row with a wrong number")
        elif r.get("fault") == "derived-number":
            check(not all(c for _, _, c in items), rid, "derived-number fault with no wrong number")
        else:
            check(False, rid, "ARITH row must be faithful or a derived-number fault")
    for r in rows:
        if r.get("fault") == "derived-number" or (r.get("shape") == "derived-number" and r.get("expect") == "faithful"):
            check(r.get("id") in ARITH, r.get("id"), "worked-number row without an ARITH entry")
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
    currencies = {m.group(1) for d in domains if isinstance(d, str) for m in [re.search(r"\(([A-Z]{3})\)$", d)] if m}
    check(len(currencies - {"USD"}) >= MIN_NON_USD, "expected at least", MIN_NON_USD, "non-USD currencies, found",
          sorted(currencies))
    check(sum(1 for r in rows if r.get("citation")) >= 1, "no misattributed citation row")
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
