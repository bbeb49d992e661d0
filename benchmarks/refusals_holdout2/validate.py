"""Structural check of refusals_holdout2.jsonl, a HELD-OUT set (python3 standard library only, self-contained;
no checker involved). Never read this set's failures to choose rules.

Run from the repository root:  python3 benchmarks/refusals_holdout2/validate.py
Exit status 0 when every check passes (the counts are printed), 1 otherwise (each problem is printed).
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "refusals_holdout2.jsonl")
PREFIX = "rh2"
N_ROWS, N_DOMAINS, ROWS_PER_DOMAIN = 64, 4, 16
N_PASSAGES, PASSAGE_SENTENCES = 3, 5
MOST_REFUSAL_SENTENCES = 4
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault"}
# allowed shapes for each expect
SHAPES = {
    "refusal": {"refusal"},
    "faithful": {"partial", "negative-fact"},
    "unsupported": {"partial", "refusal-plus"},
}
FAULTS = {"number", "unit", "negation", "entity", "condition", "temporal", "added-fact", "count"}
# faults whose wrong claim is a number that the passages and question do not contain
INVENTED_NUMBER_FAULTS = {"number"}
# faults whose wrong claim may or may not be a new number (no number-provenance check either way)
FREE_NUMBER_FAULTS = {"count", "added-fact"}
# rows per (expect, shape), per domain and in total
PER_DOMAIN = {
    ("refusal", "refusal"): 8,
    ("faithful", "partial"): 4,
    ("faithful", "negative-fact"): 2,
    ("unsupported", "partial"): 1,
    ("unsupported", "refusal-plus"): 1,
}
TOTALS = {"refusal": 32, "faithful": 24, "unsupported": 8}
CITATION = re.compile(r"\[([^\]\n]+)\]")
NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
WORD = re.compile(r"[a-z0-9][a-z0-9'’-]*")


class Problems:
    def __init__(self):
        self.items = []

    def check(self, ok, *msg):
        if not ok:
            self.items.append(" ".join(str(m) for m in msg))
        return ok

    def report(self):
        for item in self.items:
            print("PROBLEM:", item)
        return not self.items


def numbers(text):
    """The numbers written with digits in text, as floats (thousands commas removed; 07:00 gives 7 and 0)."""
    return {float(m.replace(",", "")) for m in NUMBER.findall(text)}


def citation_refs(answer):
    """The bracketed markers in answer that look like citations ([1], [passage-id])."""
    refs = []
    for ref in CITATION.findall(answer):
        ref = ref.strip()
        if ref.isdigit() or re.fullmatch(r"[a-z][a-z0-9-]*", ref):
            refs.append(ref)
    return refs


def without_citations(answer):
    return CITATION.sub(" ", answer)


def opening(answer, n=3):
    """The first n words of an answer, lower-cased, markdown and punctuation removed."""
    return tuple(WORD.findall(without_citations(answer).lower().replace("’", "'"))[:n])


def read_rows(path, problems):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                problems.check(False, "line", n, "is empty")
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as e:
                problems.check(False, "line", n, "is not valid JSON:", e)
                continue
            if problems.check(isinstance(row, dict), "line", n, "is not a JSON object"):
                row["_line"] = n
                rows.append(row)
    return rows


def check_contexts(r, problems, domain_contexts, rid):
    """3 passages with unique ids and exactly 5 sentences, identical for all rows of a domain; returns the ids."""
    check = problems.check
    ctx = r["contexts"]
    if not check(isinstance(ctx, list) and len(ctx) == N_PASSAGES, rid, "needs", N_PASSAGES, "contexts"):
        return []
    cids = []
    for c in ctx:
        ok = isinstance(c, dict) and set(c) == {"id", "text"} and all(
            isinstance(c[k], str) and c[k].strip() for k in ("id", "text"))
        if not check(ok, rid, "context must be {id, text} with non-empty strings"):
            return []
        n = len(SENTENCE_END.findall(c["text"]))
        check(n == PASSAGE_SENTENCES, rid, c["id"], "has", n, "sentences, expected", PASSAGE_SENTENCES)
        check(c["text"].rstrip().endswith("."), rid, c["id"], "must end with a full stop")
        cids.append(c["id"])
    check(len(set(cids)) == len(cids), rid, "duplicate context ids")
    key = json.dumps(ctx, sort_keys=True, ensure_ascii=False)
    first = domain_contexts.setdefault(r["domain"], key)
    check(first == key, rid, "contexts differ from the first row of its domain")
    return cids


def check_row(r, problems, domain_contexts):
    line = r.pop("_line", "?")
    rid, check = f"line {line} ({r.get('id')})", problems.check
    keys = set(r)
    check(keys >= REQUIRED, rid, "missing keys", sorted(REQUIRED - keys))
    check(keys <= ALLOWED, rid, "unknown keys", sorted(keys - ALLOWED))
    if not keys >= REQUIRED:
        return False
    check(isinstance(r["id"], str) and re.fullmatch(PREFIX + r"-\d{3}", r["id"]), rid, "id must look like",
          PREFIX + "-NNN")
    for k in ("domain", "question", "answer", "expect", "shape"):
        if not check(isinstance(r[k], str) and r[k].strip(), rid, k, "must be a non-empty string"):
            return False
    check(re.search(r"\([A-Z]{3}\)$", r["domain"]), rid, "domain must end with a currency code like (EUR)")
    expect, shape = r["expect"], r["shape"]
    if not check(expect in SHAPES, rid, "bad expect", repr(expect)):
        return False
    check(shape in SHAPES[expect], rid, "shape", repr(shape), "not allowed with expect", repr(expect))
    check((expect == "unsupported") == ("fault" in r), rid, "fault must be present exactly on unsupported rows")
    check("fault" not in r or r["fault"] in FAULTS, rid, "bad fault", r.get("fault"))
    cids = check_contexts(r, problems, domain_contexts, rid)
    for ref in citation_refs(r["answer"]):
        ok = ref in cids or (ref.isdigit() and 1 <= int(ref) <= len(cids))
        check(ok, rid, "citation", repr(ref), "points to no passage")
    if expect == "refusal":
        n = len(SENTENCE_END.findall(without_citations(r["answer"]).strip()))
        check(1 <= max(n, 1) <= MOST_REFUSAL_SENTENCES, rid, "refusal has", n, "sentences, expected 1 to",
              MOST_REFUSAL_SENTENCES)
    # number provenance: every number written with digits in the answer (citation markers removed) must occur in
    # the passages or the question; a `number` fault must have one that does not
    source = numbers(r["question"]) | set().union(*(numbers(c["text"]) for c in r["contexts"]))
    invented = sorted(numbers(without_citations(r["answer"])) - source)
    fault = r.get("fault")
    if fault in INVENTED_NUMBER_FAULTS:
        check(invented, rid, "fault", fault, "but every number in the answer is in the passages or question")
    elif fault not in FREE_NUMBER_FAULTS:
        check(not invented, rid, expect, "answer has numbers not in its passages or question:", invented)
    return True


def main():
    problems = Problems()
    check = problems.check
    if not check(os.path.exists(DATA), "missing", DATA):
        problems.report()
        return 1
    rows = read_rows(DATA, problems)
    domain_contexts = {}
    rows = [r for r in rows if check_row(r, problems, domain_contexts)] if rows else rows
    ids = [r.get("id") for r in rows]
    check(len(ids) == len(set(ids)), "duplicate ids:", [i for i, c in Counter(ids).items() if c > 1])
    check(ids == [f"{PREFIX}-{i:03d}" for i in range(1, len(ids) + 1)], f"ids must run {PREFIX}-001, ... in order")
    check(len(rows) == N_ROWS, "expected", N_ROWS, "valid rows, found", len(rows))
    answers = Counter(r["answer"] for r in rows)
    check(all(c == 1 for c in answers.values()), "duplicate answers")
    questions = Counter((r["domain"], r["question"]) for r in rows)
    check(all(c == 1 for c in questions.values()), "duplicate questions within a domain")
    totals = Counter(r["expect"] for r in rows)
    check(dict(totals) == TOTALS, "expect totals", dict(totals), "should be", TOTALS)
    # no two refusal answers open with the same first three words
    openings = {}
    for r in rows:
        if r["expect"] == "refusal":
            openings.setdefault(opening(r["answer"]), []).append(r["id"])
    for words, rids in openings.items():
        check(len(rids) == 1, "refusals", rids, "share the opening", repr(" ".join(words)))
    domains = Counter(r["domain"] for r in rows)
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, found", len(domains))
    # passages are not repeated across domains (neither the set nor any single passage text)
    owner = {}
    for dom, key in domain_contexts.items():
        for c in json.loads(key):
            other = owner.setdefault(c["text"], dom)
            check(other == dom, "passage", repr(c["id"]), "of", dom, "repeats a passage of", other)
    for dom, n in domains.items():
        check(n == ROWS_PER_DOMAIN, dom, "has", n, "rows, expected", ROWS_PER_DOMAIN)
        pos = [i for i, r in enumerate(rows) if r["domain"] == dom]
        check(pos == list(range(pos[0], pos[0] + len(pos))), dom, "rows are not consecutive")
        per = Counter((r["expect"], r["shape"]) for r in rows if r["domain"] == dom)
        for pair, want in PER_DOMAIN.items():
            check(per.get(pair, 0) == want, dom, pair, "has", per.get(pair, 0), "rows, expected", want)
        faults = [r["fault"] for r in rows if r["domain"] == dom and "fault" in r]
        check(len(set(faults)) == len(faults), dom, "repeats a fault:", faults)
    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(totals.items()))
    print("expect x shape", sorted(Counter((r["expect"], r["shape"]) for r in rows).items()))
    print("fault", sorted(Counter(r["fault"] for r in rows if "fault" in r).items()))
    for dom in domains:
        per = Counter((r["expect"], r["shape"]) for r in rows if r["domain"] == dom)
        print("domain", dom, dict(sorted(per.items())))
    refusals = [r for r in rows if r["expect"] == "refusal"]
    print("refusals with a number (all from the passages or question):",
          sum(1 for r in refusals if numbers(without_citations(r["answer"]))))
    print("refusals with a citation marker:", sum(1 for r in refusals if citation_refs(r["answer"])))
    print("distinct refusal openings (first three words):", len(openings), "of", len(refusals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
