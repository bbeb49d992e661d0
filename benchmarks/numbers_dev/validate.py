"""Structural and arithmetic check of numbers_dev.jsonl (python3 stdlib only; no checker involved).

Run from anywhere: python3 benchmarks/numbers_dev/validate.py
"""
import ast
import datetime
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from blind_set_checks import Problems, check_contexts, read_rows, sentences  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "numbers_dev.jsonl")

REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape", "arithmetic"}
ALLOWED = REQUIRED | {"fault"}
GRADING = ("expect", "shape", "fault", "arithmetic")
EXPECTS = {"faithful", "unsupported"}
FAULTS = {"wrong-result", "wrong-operand", "ignored-condition", "wrong-unit", "wrong-date"}
N_ROWS, N_FAITHFUL, N_UNSUPPORTED = 72, 48, 24
PER_DOMAIN = {"faithful": 12, "unsupported": 6}
N_DOMAINS = 4
MIN_PER_FAULT = 4

# Numbers an arithmetic step may use without a source in the passages or the question
# (general knowledge: days in a week, months in a year, hours in a day, minutes in an hour, percent, thousand).
CONSTANTS = {1.0, 7.0, 12.0, 24.0, 60.0, 100.0, 1000.0}
WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "half": 2, "halves": 2}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]

# Computation kinds each row involves (first = main kind). Used for the README counts only.
KINDS_ALLOWED = {"rate × quantity", "percent off", "percent or fraction of", "total of several items",
                 "difference / saving", "split between people", "cap", "minimum", "free threshold",
                 "date ± N days", "unit conversion", "multi-step"}
R, OFF, OF, TOT, DIFF, SPLIT, CAP, MIN, THR, DATE, CONV, MULTI = (
    "rate × quantity", "percent off", "percent or fraction of", "total of several items", "difference / saving",
    "split between people", "cap", "minimum", "free threshold", "date ± N days", "unit conversion", "multi-step")
KINDS = {
    "nd-001": [TOT, R], "nd-002": [OFF], "nd-003": [TOT, R], "nd-004": [MULTI, R, OFF, TOT],
    "nd-005": [CAP, R], "nd-006": [R], "nd-007": [MIN, R], "nd-008": [OF, DIFF, DATE],
    "nd-009": [OFF, R, MULTI], "nd-010": [DATE], "nd-011": [CONV, R], "nd-012": [TOT, R],
    "nd-013": [CONV, R], "nd-014": [DIFF, R], "nd-015": [R], "nd-016": [SPLIT, R, TOT],
    "nd-017": [DATE], "nd-018": [MULTI, OFF, R, TOT],
    "nd-019": [R], "nd-020": [MIN, R], "nd-021": [R], "nd-022": [CONV, R],
    "nd-023": [MULTI, OF, R, TOT], "nd-024": [R], "nd-025": [OFF, R], "nd-026": [THR, TOT],
    "nd-027": [TOT], "nd-028": [THR, R], "nd-029": [DATE], "nd-030": [OFF],
    "nd-031": [DATE], "nd-032": [MULTI, OF, TOT], "nd-033": [R], "nd-034": [CAP, OFF, R],
    "nd-035": [DIFF, R], "nd-036": [DATE],
    "nd-037": [R], "nd-038": [R], "nd-039": [DIFF, R], "nd-040": [OFF],
    "nd-041": [OFF], "nd-042": [MULTI, OF, DIFF], "nd-043": [TOT, R], "nd-044": [OFF],
    "nd-045": [SPLIT], "nd-046": [CAP, OF], "nd-047": [DIFF], "nd-048": [CONV],
    "nd-049": [DATE], "nd-050": [R], "nd-051": [DATE], "nd-052": [DIFF],
    "nd-053": [DATE], "nd-054": [TOT, R],
    "nd-055": [DIFF, TOT], "nd-056": [TOT, R], "nd-057": [DIFF, R], "nd-058": [OF],
    "nd-059": [TOT], "nd-060": [OFF], "nd-061": [MULTI, R, TOT], "nd-062": [R],
    "nd-063": [OF, TOT], "nd-064": [DIFF, R], "nd-065": [OFF, TOT], "nd-066": [CAP, R],
    "nd-067": [SPLIT, MULTI], "nd-068": [CONV, R], "nd-069": [DIFF, R], "nd-070": [R],
    "nd-071": [DATE], "nd-072": [TOT],
}

NUM_RE = re.compile(r"\d[\d,]*(?:\.\d+)?")
DATE_STEP = re.compile(r"^(\d{4}-\d{2}-\d{2}) ([+−-]) (\d+) days? = (\d{4}-\d{2}-\d{2})$")
NUM_STEP = re.compile(r"^(.+?) = (-?\d+(?:\.\d+)?)$")
TOL = 1e-6


def numbers_in(text):
    """Numbers written in a text (digits with thousands commas, and small number words)."""
    found = set()
    for m in NUM_RE.finditer(text):
        s = m.group().rstrip(",").replace(",", "")
        if s:
            found.add(float(s))
    for w in re.findall(r"[A-Za-z]+", text.lower()):
        if w in WORD_NUMBERS:
            found.add(float(WORD_NUMBERS[w]))
    return found


def safe_eval(expr):
    """Evaluate + - × ÷, parentheses, N% (= N/100), min() and max()."""
    py = expr.replace("×", "*").replace("÷", "/").replace("−", "-")
    py = re.sub(r"(\d+(?:\.\d+)?)%", r"(\1/100)", py)
    tree = ast.parse(py, mode="eval")

    def ev(node):
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return float(node.value)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
            a, b = ev(node.left), ev(node.right)
            return {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b,
                    ast.Div: a / b if b else float("nan")}[type(node.op)]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -ev(node.operand)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max")
                and node.args and not node.keywords):
            vals = [ev(a) for a in node.args]
            return min(vals) if node.func.id == "min" else max(vals)
        raise ValueError("unsupported expression: " + ast.dump(node))

    return ev(tree)


def parse_steps(arith):
    """Yield dicts: kind ('num' or 'date'), text, ok (stated result right?), operands, result."""
    steps = []
    for raw in arith.split(";"):
        text = raw.strip()
        m = DATE_STEP.match(text)
        if m:
            start = datetime.date.fromisoformat(m.group(1))
            n = int(m.group(3))
            stated = datetime.date.fromisoformat(m.group(4))
            want = start + datetime.timedelta(days=n if m.group(2) == "+" else -n)
            steps.append({"kind": "date", "text": text, "ok": stated == want, "operands": [float(n)],
                          "start": start, "result": stated, "want": want})
            continue
        m = NUM_STEP.match(text)
        if not m:
            steps.append({"kind": "bad", "text": text})
            continue
        lhs, stated = m.group(1), float(m.group(2))
        value = safe_eval(lhs)
        operands = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", lhs)]
        steps.append({"kind": "num", "text": text, "ok": abs(value - stated) < TOL, "operands": operands,
                      "result": stated, "want": value})
    return steps


def date_words(d):
    return {f"{d.day} {MONTHS[d.month - 1]}", f"{MONTHS[d.month - 1]} {d.day}"}


def main():
    problems = Problems()
    check = problems.check
    rows = read_rows(DATA, problems)
    # ids, counts
    ids = [r.get("id") for r in rows]
    check(ids == [f"nd-{i:03d}" for i in range(1, N_ROWS + 1)], f"ids must be nd-001 .. nd-{N_ROWS:03d} in order")
    check(len(rows) == N_ROWS, "expected", N_ROWS, "rows, got", len(rows))
    exp = Counter(r.get("expect") for r in rows)
    check(exp["faithful"] == N_FAITHFUL and exp["unsupported"] == N_UNSUPPORTED, "expect counts", dict(exp))
    by_domain = Counter((r.get("domain"), r.get("expect")) for r in rows)
    domains = sorted({r.get("domain") for r in rows})
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, got", domains)
    for d in domains:
        for e, n in PER_DOMAIN.items():
            check(by_domain[(d, e)] == n, "domain", repr(d), e, "count", by_domain[(d, e)], "!=", n)
    faults = Counter(r.get("fault") for r in rows if r.get("expect") == "unsupported")
    for f in FAULTS:
        check(faults[f] >= MIN_PER_FAULT, "fault", f, "has", faults[f], "rows, need at least", MIN_PER_FAULT)

    domain_contexts = {}
    for r in rows:
        rid = r.get("id")
        keys = set(r)
        check(keys >= REQUIRED, rid, "missing keys", REQUIRED - keys)
        check(keys <= ALLOWED, rid, "unknown keys", keys - ALLOWED)
        if not keys >= REQUIRED:
            continue
        for k in ("domain", "question", "answer", "arithmetic"):
            check(isinstance(r[k], str) and r[k].strip(), rid, k, "must be a non-empty string")
        check(r["expect"] in EXPECTS, rid, "bad expect", r["expect"])
        check(r["shape"] == "derived-number", rid, "shape must be derived-number")
        check((r["expect"] == "unsupported") == ("fault" in r), rid,
              "fault must be present exactly on unsupported rows")
        check("fault" not in r or r["fault"] in FAULTS, rid, "bad fault", r.get("fault"))

        # passages: 3 per domain, 5-6 sentences, identical within a domain, distinct across domains
        check_contexts(r, problems, domain_contexts, fewest=5, most=6)
        ctx = r["contexts"]

        # answer length: 1-3 sentences unless it is a markdown list
        is_list = any(line.lstrip().startswith(("- ", "* ")) for line in r["answer"].splitlines())
        if not is_list:
            check(1 <= sentences(r["answer"]) <= 3, rid, "answer without a list should have 1 to 3 sentences")

        # computation kinds (README bookkeeping)
        kinds = KINDS.get(rid)
        check(kinds and set(kinds) <= KINDS_ALLOWED, rid, "missing or unknown computation kinds", kinds)

        # arithmetic
        try:
            steps = parse_steps(r["arithmetic"])
        except (ValueError, SyntaxError) as exc:
            check(False, rid, "arithmetic does not parse:", exc)
            continue
        bad = [s["text"] for s in steps if s["kind"] == "bad"]
        check(not bad, rid, "unparseable arithmetic steps", bad)
        if bad:
            continue
        sources = numbers_in(" ".join(c["text"] for c in ctx)) | numbers_in(r["question"]) | CONSTANTS
        for s in steps:
            missing = [x for x in s["operands"] if x not in sources]
            check(not missing, rid, "operand(s)", missing, "in", repr(s["text"]),
                  "not found in passages, question or earlier steps")
            if s["kind"] == "date":
                check(any(w in r["question"] for w in date_words(s["start"])), rid,
                      "start date", s["start"], "not in the question")
                sources |= {float(s["result"].day), float(s["result"].year)}
            else:
                sources.add(s["result"])
        last = steps[-1]
        if last["kind"] == "date":
            check(any(w in r["answer"] for w in date_words(last["result"])), rid,
                  "answer lacks the final date", last["result"])
        else:
            check(any(abs(x - last["result"]) < TOL for x in numbers_in(r["answer"])), rid,
                  "answer lacks the final result", last["result"])
        # every number in the answer comes from the passages, the question or a step
        stray = sorted(x for x in numbers_in(r["answer"]) if x not in sources)
        check(not stray, rid, "answer numbers with no source or step:", stray)

        wrong = [s for s in steps if not s["ok"]]
        if r["expect"] == "faithful":
            check(not wrong, rid, "faithful row with a wrong step:", [s["text"] for s in wrong])
        elif r.get("fault") == "wrong-result":
            check(any(s["kind"] == "num" for s in wrong), rid, "wrong-result row with no wrong numeric step")
            check(all(s["kind"] == "num" for s in wrong), rid, "wrong-result row with a wrong date step")
        elif r.get("fault") == "wrong-date":
            check(any(s["kind"] == "date" for s in wrong), rid, "wrong-date row with no wrong date step")
            check(all(s["kind"] == "date" for s in wrong), rid, "wrong-date row with a wrong numeric step")
        else:
            # wrong-operand, ignored-condition, wrong-unit: the arithmetic is right, the fault lies elsewhere
            check(not wrong, rid, r.get("fault"), "row should have correct arithmetic:", [s["text"] for s in wrong])

    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(Counter(r["expect"] for r in rows).items()))
    print("fault", sorted(Counter(r["fault"] for r in rows if "fault" in r).items()))
    for d in domains:
        print("domain", repr(d), {e: by_domain[(d, e)] for e in PER_DOMAIN},
              sorted(Counter(r["fault"] for r in rows if r["domain"] == d and "fault" in r).items()))
    for e in ("faithful", "unsupported"):
        main_kind = Counter(KINDS[r["id"]][0] for r in rows if r["expect"] == e)
        any_kind = Counter(k for r in rows if r["expect"] == e for k in set(KINDS[r["id"]]))
        print(e, "main kind", sorted(main_kind.items()))
        print(e, "rows involving kind", sorted(any_kind.items()))
    print("strip before checking:", ", ".join(GRADING))
    return 0


if __name__ == "__main__":
    sys.exit(main())
