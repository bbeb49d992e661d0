"""Structural and arithmetic check of shapes_holdout3.jsonl (python3 stdlib only; no checker involved)."""
import datetime
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from blind_set_checks import Problems, check_contexts, read_rows  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "shapes_holdout3.jsonl")
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault", "citation"}
EXPECTS = {"faithful", "unsupported", "refusal"}
SHAPES = {"plain", "copy", "paraphrase", "reorder", "hedged", "yes-no", "markdown", "citation", "combine",
          "multi", "derived-number", "refusal"}
FAULTS = {"number", "unit", "negation", "entity", "temporal", "added-fact", "derived-number", "dropped-condition"}

D = datetime.date
DAYS = datetime.timedelta
# id -> list of (computed value, text that must appear in the answer, does the answer state it correctly?)
# The computations use only numbers from the passages or the question.
ARITH = {
    "h3-001": [(119 * (1 - 0.30), "SGD 83.30", True)],
    "h3-002": [(150 / 10, "SGD 15 a session", True), (10 * 18 - 150, "SGD 30", True)],
    "h3-003": [(D(2026, 5, 20) + DAYS(days=14), "3 June", True)],
    "h3-014": [(3 * 15, "SGD 54", False)],
    "h3-017": [(40 * 0.80, "PLN 32.00", True), ((130 - 100) * 0.99, "PLN 29.70", True),
               (40 * 0.80 + (130 - 100) * 0.99, "PLN 61.70", True)],
    "h3-018": [(4 * 60, "240 minutes", True), (4 * 60 * 0.80, "PLN 192", True), (4 * 60 * 0.80 - 189, "PLN 3 ", True)],
    "h3-030": [(189 + 39, "PLN 218", False)],
    "h3-033": [(95 + 110, "CAD 205", True), (130 - 110, "CAD 20 ", True)],
    "h3-034": [(450 * (1 - 0.10), "CAD 405", True)],
    "h3-035": [(1800 / 12, "CAD 150", True)],
    "h3-049": [(95 + 8.50, "NZD 103.50", True)],
    "h3-050": [(4 * 8.50, "NZD 34", True), (4 * 8.50 - 14.99, "NZD 19.01", True)],
    "h3-062": [(8.50 - 4, "NZD 5.50", False)],
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
        check(isinstance(rid, str) and re.fullmatch(r"h3-\d{3}", rid), rid, "id must look like h3-NNN")
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
        cids = check_contexts(r, problems, domain_contexts, fewest=4, most=6)
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
