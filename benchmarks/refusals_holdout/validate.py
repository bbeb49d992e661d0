"""Structural check of refusals_holdout.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/shapes_holdout3/validate.py.
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "refusals_holdout.jsonl")
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
SHAPE_FOR = {"refusal": "refusal", "faithful": "negative-fact"}
N_ROWS = 80
N_DOMAINS = 5
PER_DOMAIN_EXPECT = 8
CURRENCIES = ("AUD", "NOK", "CHF", "CAD", "JPY", "$", "€", "£", "¥", "%")


def sentences(text):
    return len(re.findall(r"[.!?](?=\s|$)", text.strip()))


def main():
    errors = []

    def check(cond, *msg):
        if not cond:
            errors.append(" ".join(str(m) for m in msg))

    rows = []
    with open(DATA, encoding="utf-8") as handle:
        for n, line in enumerate(handle, 1):
            if not line.strip():
                check(False, "line", n, "is empty")
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                check(False, "line", n, "is not valid JSON:", exc)
                continue
            check(isinstance(row, dict), "line", n, "is not a JSON object")
            if isinstance(row, dict):
                rows.append(row)
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
        ctx = r["contexts"]
        check(isinstance(ctx, list) and len(ctx) == 3, rid, "needs 3 contexts")
        if not isinstance(ctx, list):
            continue
        for c in ctx:
            ok = isinstance(c, dict) and set(c) == {"id", "text"}
            check(ok, rid, "each context needs exactly the keys id and text")
            if not ok:
                continue
            check(isinstance(c["id"], str) and c["id"].strip(), rid, "context id must be a non-empty string")
            check(isinstance(c["text"], str) and c["text"].strip(), rid, c["id"], "context text must be non-empty")
            if isinstance(c["text"], str):
                check(4 <= sentences(c["text"]) <= 6, rid, c["id"], "passage needs 4 to 6 sentences")
        cids = [c.get("id") for c in ctx if isinstance(c, dict)]
        check(len(cids) == len(set(cids)), rid, "duplicate context ids")
        key = json.dumps(ctx, sort_keys=True)
        check(domain_contexts.setdefault(r["domain"], key) == key, rid, "contexts differ within domain", r["domain"])
    texts = {}
    for dom, key in domain_contexts.items():
        for c in json.loads(key):
            if isinstance(c, dict) and isinstance(c.get("text"), str):
                check(c["text"] not in texts, "passage", c.get("id"), "of", dom, "repeats one of", texts.get(c["text"]))
                texts[c["text"]] = dom
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
    if errors:
        print("\n".join(errors))
        print(len(errors), "problem(s)")
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(expects.items()))
    print("shape", sorted(Counter(r["shape"] for r in rows).items()))
    for dom in domains:
        print(f"  {dom:<32} refusal {pairs[(dom, 'refusal')]}  faithful {pairs[(dom, 'faithful')]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
