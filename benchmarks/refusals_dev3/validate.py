"""Structural check of refusals_dev3.jsonl (python3 standard library only, self-contained; no checker involved).

Run from the repository root:  python3 benchmarks/refusals_dev3/validate.py
Exit status 0 when every check passes (the counts are printed), 1 otherwise (each problem is printed).
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "refusals_dev3.jsonl")
PREFIX = "rd3"
N_ROWS, N_DOMAINS, ROWS_PER_DOMAIN = 64, 4, 16
N_PASSAGES, SENTENCES = 3, 5
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
NUMBER_FAULTS = {"number", "added-fact"}
# rows per (expect, shape) in each domain
PER_DOMAIN = {
    ("refusal", "refusal"): 8,
    ("faithful", "partial"): 4,
    ("faithful", "negative-fact"): 2,
    ("unsupported", "partial"): 1,
    ("unsupported", "refusal-plus"): 1,
}
TOTALS = {"refusal": 32, "faithful": 24, "unsupported": 8}
TOTALS_BY_SHAPE = {
    ("refusal", "refusal"): 32,
    ("faithful", "partial"): 16,
    ("faithful", "negative-fact"): 8,
    ("unsupported", "partial"): 4,
    ("unsupported", "refusal-plus"): 4,
}
# currencies already used by the shapes_*, numbers_* and refusals_* sets (read from their READMEs)
USED_CURRENCIES = {"USD", "EUR", "GBP", "JPY", "CAD", "SEK", "CHF", "NOK", "AUD", "SGD", "PLN", "NZD", "DKK",
                   "CZK", "ZAR", "HUF", "ISK", "INR", "BRL", "THB", "KRW", "RON", "MXN"}
CITATION = re.compile(r"\[([^\]\n]+)\]")
NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
WORD = re.compile(r"[a-z0-9']+")
# words many refusal detectors key on; only counted (printed), never required or forbidden
COMMON_CUES = re.compile(r"\b(mention\w*|information|find|found)\b", re.I)


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
    """The numbers written with digits in text, as floats (thousands commas removed; 07:30 gives 7 and 30)."""
    return {float(m.replace(",", "")) for m in NUMBER.findall(text)}


def citation_refs(answer, cids):
    refs = []
    for ref in CITATION.findall(answer):
        ref = ref.strip()
        if ref in cids or ref.isdigit() or re.fullmatch(r"[a-z][a-z0-9-]*", ref):
            refs.append(ref)
    return refs


def without_citations(answer):
    return CITATION.sub(" ", answer)


def opening(answer, n=3):
    """The first n words of an answer, lower-cased, with markdown and punctuation removed."""
    text = answer.lower().replace("\u2019", "'")
    return tuple(w.strip("'") for w in WORD.findall(text)[:n])


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
                rows.append(row)
    return rows


def check_contexts(r, problems, domain_contexts):
    """3 passages with unique ids and exactly 5 sentences, identical for all rows of a domain; returns the ids."""
    rid, check = r["id"], problems.check
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
        check(n == SENTENCES, rid, c["id"], "has", n, "sentences, expected", SENTENCES)
        check(c["text"].rstrip().endswith("."), rid, c["id"], "must end with a full stop")
        cids.append(c["id"])
    check(len(set(cids)) == len(cids), rid, "duplicate context ids")
    key = json.dumps(ctx, sort_keys=True)
    first = domain_contexts.setdefault(r["domain"], key)
    check(first == key, rid, "contexts differ from the first row of its domain")
    return cids


def check_row(r, problems, domain_contexts):
    rid, check = r.get("id"), problems.check
    keys = set(r)
    check(keys >= REQUIRED, rid, "missing keys", sorted(REQUIRED - keys))
    check(keys <= ALLOWED, rid, "unknown keys", sorted(keys - ALLOWED))
    if not keys >= REQUIRED:
        return
    check(isinstance(rid, str) and re.fullmatch(PREFIX + r"-\d{3}", rid), rid, "id must look like", PREFIX + "-NNN")
    for k in ("domain", "question", "answer"):
        if not check(isinstance(r[k], str) and r[k].strip(), rid, k, "must be a non-empty string"):
            return
    m = re.search(r"\(([A-Z]{3})\)$", r["domain"])
    if check(m, rid, "domain must end with a currency code like (EUR)"):
        check(m.group(1) not in USED_CURRENCIES, rid, "currency", m.group(1), "was already used by another set")
    expect, shape = r["expect"], r["shape"]
    if not check(expect in SHAPES, rid, "bad expect", expect):
        return
    check(shape in SHAPES[expect], rid, "shape", repr(shape), "not allowed with expect", repr(expect))
    check((expect == "unsupported") == ("fault" in r), rid, "fault must be present exactly on unsupported rows")
    check("fault" not in r or r["fault"] in FAULTS, rid, "bad fault", r.get("fault"))
    cids = check_contexts(r, problems, domain_contexts)
    for ref in citation_refs(r["answer"], cids):
        ok = ref in cids or (ref.isdigit() and 1 <= int(ref) <= len(cids))
        check(ok, rid, "citation", repr(ref), "points to no passage")
    # number provenance: every number in the answer must occur in the passages or the question, except in rows
    # whose fault is a wrong or made-up number, which must have one that does not
    source = numbers(r["question"]) | set().union(*(numbers(c["text"]) for c in r["contexts"]))
    invented = sorted(numbers(without_citations(r["answer"])) - source)
    if r.get("fault") in NUMBER_FAULTS:
        check(invented, rid, "fault", r["fault"], "but every number in the answer is in the passages or question")
    else:
        check(not invented, rid, expect, "answer has numbers not in its passages or question:", invented)


def main():
    problems = Problems()
    check = problems.check
    if not check(os.path.exists(DATA), "missing", DATA):
        problems.report()
        return 1
    rows = read_rows(DATA, problems)
    domain_contexts = {}
    for r in rows:
        check_row(r, problems, domain_contexts)
    if not problems.report():
        return 1
    ids = [r["id"] for r in rows]
    check(len(ids) == len(set(ids)), "duplicate ids:", [i for i, c in Counter(ids).items() if c > 1])
    check(ids == [f"{PREFIX}-{i:03d}" for i in range(1, len(ids) + 1)], f"ids must run {PREFIX}-001, ... in order")
    check(len(rows) == N_ROWS, "expected", N_ROWS, "rows, found", len(rows))
    answers = Counter(r["answer"] for r in rows)
    check(all(c == 1 for c in answers.values()), "duplicate answers")
    questions = Counter((r["domain"], r["question"]) for r in rows)
    check(all(c == 1 for c in questions.values()), "duplicate questions within a domain")
    totals = Counter(r["expect"] for r in rows)
    check(dict(totals) == TOTALS, "expect totals", dict(totals), "should be", TOTALS)
    by_shape = Counter((r["expect"], r["shape"]) for r in rows)
    check(dict(by_shape) == TOTALS_BY_SHAPE, "expect x shape totals", dict(by_shape), "should be", TOTALS_BY_SHAPE)
    domains = Counter(r["domain"] for r in rows)
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, found", len(domains))
    currencies = [re.search(r"\(([A-Z]{3})\)$", d).group(1) for d in domains]
    check(len(set(currencies)) == len(currencies), "two domains share a currency", currencies)
    # passages: no passage text (and no whole passage set) is repeated across domains
    passage_domains = {}
    for dom, key in domain_contexts.items():
        for c in json.loads(key):
            passage_domains.setdefault(c["text"], set()).add(dom)
    for text, doms in passage_domains.items():
        check(len(doms) == 1, "a passage is shared by domains", sorted(doms), ":", text[:60])
    for dom, n in domains.items():
        check(n == ROWS_PER_DOMAIN, dom, "has", n, "rows, expected", ROWS_PER_DOMAIN)
        pos = [i for i, r in enumerate(rows) if r["domain"] == dom]
        check(pos == list(range(pos[0], pos[0] + len(pos))), dom, "rows are not consecutive")
        per = Counter((r["expect"], r["shape"]) for r in rows if r["domain"] == dom)
        for pair, want in PER_DOMAIN.items():
            check(per.get(pair, 0) == want, dom, pair, per.get(pair, 0), "expected", want)
    # refusal openings: no two refusal answers start with the same first three words
    openings = {}
    for r in rows:
        if r["expect"] == "refusal":
            openings.setdefault(opening(r["answer"]), []).append(r["id"])
    for op, rids in openings.items():
        check(len(rids) == 1, "refusals share the opening", repr(" ".join(op)), rids)
    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(totals.items()))
    print("expect x shape", sorted(by_shape.items()))
    print("fault", sorted(Counter(r["fault"] for r in rows if "fault" in r).items()))
    print("domain", sorted(domains.items()))
    refusals = [r for r in rows if r["expect"] == "refusal"]
    print("refusals with distinct three-word openings:", len(openings), "of", len(refusals))
    print("refusals with a number written in digits (all from the question):",
          sum(1 for r in refusals if numbers(without_citations(r["answer"]))))
    print("refusals using 'mention', 'information', 'find' or 'found':",
          sum(1 for r in refusals if COMMON_CUES.search(r["answer"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
