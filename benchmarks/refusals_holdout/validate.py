"""Structural check of refusals_holdout.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/shapes_holdout3/validate.py.
"""
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from blind_set_checks import Problems, check_contexts, check_passages_unique, read_rows  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "refusals_holdout.jsonl")
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
SHAPE_FOR = {"refusal": "refusal", "faithful": "negative-fact"}
N_ROWS = 80
N_DOMAINS = 5
PER_DOMAIN_EXPECT = 8
CURRENCIES = ("AUD", "NOK", "CHF", "CAD", "JPY", "$", "€", "£", "¥", "%")


def main():
    problems = Problems()
    check = problems.check
    rows = read_rows(DATA, problems)
    check(len(rows) == N_ROWS, "expected", N_ROWS, "rows, found", len(rows))
    ids = [r.get("id") for r in rows]
    check(len(ids) == len(set(ids)), "duplicate ids:", [i for i, c in Counter(ids).items() if c > 1])
    check(ids == [f"rh-{i:03d}" for i in range(1, len(rows) + 1)], "ids must run rh-001, rh-002, ... in order")
    domain_contexts = {}
    for r in rows:
        rid = r.get("id")
        keys = set(r)
        check(keys == REQUIRED, rid, "keys must be exactly", sorted(REQUIRED), "missing", REQUIRED - keys,
              "unknown", keys - REQUIRED)
        if not keys >= REQUIRED:
            continue
        check(isinstance(rid, str) and re.fullmatch(r"rh-\d{3}", rid), rid, "id must look like rh-NNN")
        for k in ("domain", "question", "answer"):
            check(isinstance(r[k], str) and r[k].strip(), rid, k, "must be a non-empty string")
        check(r["expect"] in SHAPE_FOR, rid, "bad expect", r["expect"])
        check(SHAPE_FOR.get(r["expect"]) == r["shape"], rid, "expect", r["expect"], "needs shape",
              SHAPE_FOR.get(r["expect"]), "not", r["shape"])
        answer = r["answer"] if isinstance(r["answer"], str) else ""
        check("*" not in answer and "#" not in answer and "\n" not in answer and "[" not in answer, rid,
              "answers must be plain text without markdown or citations")
        if r["expect"] == "refusal":
            check(not re.search(r"\d", answer), rid, "refusal answer contains a digit")
            for cur in CURRENCIES:
                check(cur not in answer, rid, "refusal answer mentions", repr(cur))
        check_contexts(r, problems, domain_contexts, fewest=4, most=6)
    check_passages_unique(domain_contexts, problems)
    expects = Counter(r.get("expect") for r in rows)
    check(expects == Counter({"refusal": 40, "faithful": 40}), "need 40 refusal and 40 faithful rows, found",
          dict(expects))
    domains = sorted({r.get("domain") for r in rows})
    check(len(domains) == N_DOMAINS, "need", N_DOMAINS, "domains, found", len(domains))
    pairs = Counter((r.get("domain"), r.get("expect")) for r in rows)
    for dom in domains:
        for exp in SHAPE_FOR:
            check(pairs[(dom, exp)] == PER_DOMAIN_EXPECT, dom, exp, "needs", PER_DOMAIN_EXPECT, "rows, found",
                  pairs[(dom, exp)])
    answers = [r.get("answer") for r in rows]
    check(len(answers) == len(set(answers)), "duplicate answers:", [a for a, c in Counter(answers).items() if c > 1])
    questions = [(r.get("domain"), r.get("question")) for r in rows]
    check(len(questions) == len(set(questions)), "duplicate questions within a domain")
    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(expects.items()))
    print("shape", sorted(Counter(r["shape"] for r in rows).items()))
    for dom in domains:
        print(f"  {dom:<32} refusal {pairs[(dom, 'refusal')]}  faithful {pairs[(dom, 'faithful')]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
