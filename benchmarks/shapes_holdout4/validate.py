"""Structural and arithmetic check of shapes_holdout4.jsonl (python3 stdlib only; no checker involved)."""
import datetime
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from blind_set_checks import Problems, check_contexts, read_rows  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "shapes_holdout4.jsonl")
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

D = datetime.date
DAYS = datetime.timedelta
# id -> list of (computed value, text that must appear in the answer, does the answer state it correctly?)
# The computations use only numbers from the passages or the question.
ARITH = {
    "sh4-002": [(2 * 340 + 2 * 240, "CHF 1,160", True)],
    "sh4-003": [(340 / 2, "CHF 170", True), (340 + 340 / 2, "CHF 510", True)],
    "sh4-004": [(340 * (1 - 0.10), "CHF 306", True), (8 * 340 * (1 - 0.10), "CHF 2,448", True),
                (8 * 340 * 0.10, "CHF 272", True)],
    "sh4-009": [(D(2026, 3, 3) + DAYS(days=14), "17 March", True)],
    "sh4-014": [(3 * 340 + 240, "CHF 1,240", False)],
    "sh4-018": [(11 * 3800, "¥41,800", True), (12 * 3800 - 11 * 3800, "saves you ¥3,800", True)],
    "sh4-019": [(3 * 4500, "¥13,500", True)],
    "sh4-021": [(8 * 4500, "¥36,000", True), (0.70 * 8 * 4500, "¥25,200", True), (0.50 * 98000, "¥49,000", True)],
    # the credit is capped at 50% of the list price: min(70% of 148,800, 50% of 180,000) = 90,000
    "sh4-029": [(24 * 6200, "¥148,800", True), (min(0.70 * 24 * 6200, 0.50 * 180000), "¥104,160", False)],
    "sh4-034": [(2 * 245, "NOK 490", True), (2 * 145, "NOK 290", True), (2 * 245 + 2 * 145, "NOK 780", True),
                (4 * 40, "NOK 160", True), (2 * 245 + 2 * 145 + 4 * 40, "NOK 940", True)],
    "sh4-035": [(10 * 245, "NOK 2,450", True), (10 * 245 - 690, "NOK 1,760", True)],
    # two months of the Full membership are 2 x 990; the answer uses the Daytime price (690)
    "sh4-047": [(2 * 99, "NOK 198", True), (2 * 990, "NOK 1,380", False), (2 * 990 - 2 * 99, "NOK 1,182", False)],
    "sh4-050": [(149 / 2, "AUD 74.50", True), (149 / 2 + 5 * 149, "AUD 819.50", True),
                (6 * 149 * (1 - 0.10), "AUD 804.60", True), (149 / 2 + 5 * 149 - 6 * 149 * 0.90, "AUD 14.90", True)],
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
        check(isinstance(rid, str) and re.fullmatch(r"sh4-\d{3}", rid), rid, "id must look like sh4-NNN")
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
        cids = check_contexts(r, problems, domain_contexts, fewest=5, most=6)
        refs = re.findall(r"\[([^\]]+)\]", r["answer"])
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
    check(ids == [f"sh4-{i:03d}" for i in range(1, len(ids) + 1)], "ids must run sh4-001, sh4-002, ... in order")
    exp_total = Counter(r.get("expect") for r in rows)
    check(dict(exp_total) == TOTALS, "expect totals", dict(exp_total), "should be", TOTALS)
    domains = Counter(r.get("domain") for r in rows)
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, found", len(domains))
    for dom, n in domains.items():
        check(n == ROWS_PER_DOMAIN, dom, "has", n, "rows, expected", ROWS_PER_DOMAIN)
        per = Counter(r.get("expect") for r in rows if r.get("domain") == dom)
        for exp, (lo, hi) in PER_DOMAIN.items():
            check(lo <= per.get(exp, 0) <= hi, dom, exp, per.get(exp, 0), "outside", (lo, hi))
    check(sum(1 for r in rows if r.get("citation")) >= 1, "no misattributed citation row")
    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(Counter(r["expect"] + ("/misattributed" if r.get("citation") else "")
                                   for r in rows).items()))
    print("shape", sorted(Counter(r["shape"] for r in rows).items()))
    print("fault", sorted(Counter(r["fault"] for r in rows if "fault" in r).items()))
    print("domain", sorted(Counter(r["domain"] for r in rows).items()))
    print("faithful shapes", sorted(Counter(r["shape"] for r in rows
                                            if r["expect"] == "faithful" and not r.get("citation")).items()))
    print("unsupported shapes", sorted(Counter(r["shape"] for r in rows if r["expect"] == "unsupported").items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
