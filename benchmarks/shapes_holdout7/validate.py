"""Structural and arithmetic check of shapes_holdout7.jsonl (python3 standard library only, self-contained: it
imports nothing from the project and no checker is involved). Adapted from shapes_holdout6's validate.py; dates
may carry a weekday ("Monday 5 October"), which is checked too."""
import datetime
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "shapes_holdout7.jsonl")
PREFIX = "sh7"
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
    # scuba diving centre (MYR)
    # two friends booking the Open Water course on the same dates: 10% off each course
    "sh7-001": [(1650 * 0.10, "RM 165 each", True), (1650 * (1 - 0.10), "RM 1,485 per person", True),
                (2 * 1650 * (1 - 0.10), "RM 2,970", True)],
    # 10 or more dives in one stay: RM 140 per dive instead of RM 320 per two-dive trip
    "sh7-004": [(12 * 140, "RM 1,680", True), (12 / 2, "6 trips", True), (12 / 2 * 320, "RM 1,920", True),
                (12 / 2 * 320 - 12 * 140, "save RM 240", True)],
    # the lines are right, the total is not: 640 + 220 = 860
    "sh7-008": [(2 * 320, "RM 640", True), (2 * 110, "RM 220", True), (2 * 320 + 2 * 110, "Total: RM 880", False)],
    # cancel at least 7 days before the first dive to keep the deposit
    "sh7-013": [(D(2026, 10, 12) - DAYS(days=7), "Monday 5 October", True)],
    # repair cost capped at RM 2,500 per set
    "sh7-015": [(min(3100, 2500), "pay **RM 2,500**", True)],
    # city bike share (TRY)
    "sh7-017": [(20 * 3, "\u20ba60", True), (15 + 20 * 3, "= \u20ba75", True)],
    "sh7-020": [(690 * 0.25, "\u20ba172.50", True), (690 * (1 - 0.25), "**\u20ba517.50**", True)],
    # the minutes are right, the total is not: 25 + 150 = 175
    "sh7-024": [(30 * 5, "\u20ba150", True), (25 + 30 * 5, "**\u20ba185**", False)],
    # the lost-bike fee is refunded if the bike is back within 7 days of the charge
    "sh7-030": [(D(2026, 6, 2) + DAYS(days=7), "Tuesday 9 June", True)],
    # Day Pass rides are included up to 45 minutes, then TRY 2 per extra minute
    "sh7-031": [(55 - 45, "extra 10 minutes", True), ((55 - 45) * 2, "**\u20ba20**", True)],
    # tailoring and alterations (HKD)
    # express adds 50% with a minimum express charge of HK$100
    "sh7-033": [(120 * 0.5, "HK$60", True), (max(120 * 0.5, 100), "HK$100 minimum applies", True),
                (120 + max(120 * 0.5, 100), "= HK$220", True)],
    "sh7-036": [(6800 + 1500, "= HK$8,300", True), ((6800 + 1500) * 0.40, "**HK$3,320**", True),
                ((6800 + 1500) * (1 - 0.40), "HK$4,980", True)],
    "sh7-041": [(D(2026, 3, 1) + DAYS(days=60), "Thursday 30 April", True)],
    # the lines are right, the total is not: 720 - 72 = 648
    "sh7-042": [(6 * 120, "= HK$720", True), (6 * 120 * 0.10, "\u2212HK$72", True),
                (6 * 120 * (1 - 0.10), "You pay: HK$658", False)],
    # pay-as-you-go solar home systems (KES)
    # installation free within 20 km, then KES 30 per extra km
    "sh7-049": [(35 - 20, "15 km past", True), ((35 - 20) * 30, "= **KES 450**", True)],
    "sh7-051": [(365 * 50, "= KES 18,250", True), (2500 + 365 * 50, "KES 20,750 in total", True),
                (2500 + 365 * 50 - 18000, "**KES 2,750 more**", True)],
    # 7 days paid in one go cost the price of 6
    "sh7-056": [(6 * 120, "**KES 720**", True), (7 * 120, "KES 840", True), (7 * 120 - 6 * 120, "save KES 120", True)],
    # the daily line is right, the total is not: 5,000 + 87,600 = 92,600
    "sh7-059": [(730 * 120, "= KES 87,600", True), (5000 + 730 * 120, "Total: KES 91,600", False)],
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
    """The value the answer's text states, in the type of the computed value. A date is "5 October" or
    "Monday 5 October"; with a weekday, the weekday is compared as well."""
    if isinstance(value, datetime.date):
        words = text.strip().split()
        want = (value.month, value.day)
        if len(words) == 3:
            parsed = datetime.datetime.strptime(" ".join(words[1:]), "%d %B")
            return (parsed.month, parsed.day, words[0]), want + (value.strftime("%A"),)
        parsed = datetime.datetime.strptime(text.strip(), "%d %B")
        return (parsed.month, parsed.day), want
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
