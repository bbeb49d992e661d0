"""Structural and arithmetic check of numbers_holdout.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/shapes_holdout3/validate.py. Each row carries an `arithmetic` field: one or more steps
separated by "; ", each either `EXPRESSION = RESULT` (numbers, currency signs, + − × ÷, parentheses, N%, max(),
min()) or `YYYY-MM-DD ± N days = YYYY-MM-DD`. The field records the computation the answer makes. It must hold
exactly (Fraction arithmetic) in faithful rows and in unsupported rows whose fault is not in the arithmetic itself;
in "wrong-result" rows a numeric step and in "wrong-date" rows a date step must be false. Every step's result must
appear in the answer, and every operand must come from the passages, the question, an earlier step or a small set
of unit constants. For unsupported rows, CORRECT holds the right computation, whose result must differ.
"""
import datetime
import os
import re
import sys
from collections import Counter
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from blind_set_checks import Problems, check_contexts, read_rows  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "numbers_holdout.jsonl")
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape", "arithmetic"}
ALLOWED = REQUIRED | {"fault"}
EXPECTS = {"faithful", "unsupported"}
FAULTS = {"wrong-result", "wrong-operand", "ignored-condition", "wrong-unit", "wrong-date"}
PER_DOMAIN = {"faithful": 12, "unsupported": 6}
N_DOMAINS = 4
MIN_PER_FAULT = 4
# unit constants an operand may be without appearing in the texts (months a year, minutes an hour, days a week, ...)
CONSTANTS = {Fraction(n) for n in (1, 2, 7, 12, 24, 60, 100, 1000)}

KIND_NAMES = {"rate-quantity", "percent", "total", "difference", "split", "cap-minimum", "threshold", "date",
              "unit-conversion", "twice"}
# id -> computation kinds (for the README counts; every row has at least one)
KINDS = {
    "nh-001": ["date"], "nh-002": ["rate-quantity", "total", "threshold"], "nh-003": ["date"],
    "nh-004": ["rate-quantity", "difference"], "nh-005": ["percent"], "nh-006": ["total", "threshold", "split"],
    "nh-007": ["rate-quantity", "threshold"], "nh-008": ["rate-quantity", "percent"],
    "nh-009": ["difference", "rate-quantity", "total"], "nh-010": ["rate-quantity", "threshold"],
    "nh-011": ["rate-quantity", "total"], "nh-012": ["rate-quantity", "threshold"],
    "nh-013": ["rate-quantity", "cap-minimum"], "nh-014": ["total", "percent"],
    "nh-015": ["rate-quantity", "cap-minimum"], "nh-016": ["rate-quantity", "cap-minimum"],
    "nh-017": ["rate-quantity"], "nh-018": ["rate-quantity", "threshold"],
    "nh-019": ["rate-quantity", "threshold", "cap-minimum"], "nh-020": ["rate-quantity", "threshold"],
    "nh-021": ["rate-quantity"], "nh-022": ["date"], "nh-023": ["unit-conversion", "rate-quantity", "threshold"],
    "nh-024": ["rate-quantity", "total", "split"], "nh-025": ["rate-quantity", "difference"],
    "nh-026": ["rate-quantity", "difference"], "nh-027": ["rate-quantity", "percent"],
    "nh-028": ["rate-quantity", "difference"], "nh-029": ["rate-quantity", "total"],
    "nh-030": ["threshold", "rate-quantity", "total"], "nh-031": ["date"], "nh-032": ["rate-quantity", "total"],
    "nh-033": ["rate-quantity", "total"], "nh-034": ["date"], "nh-035": ["twice", "rate-quantity"],
    "nh-036": ["rate-quantity", "total", "difference"],
    "nh-037": ["unit-conversion", "rate-quantity", "difference"], "nh-038": ["rate-quantity", "total"],
    "nh-039": ["total"], "nh-040": ["date"], "nh-041": ["rate-quantity", "percent"],
    "nh-042": ["rate-quantity", "difference"], "nh-043": ["rate-quantity"], "nh-044": ["rate-quantity", "total"],
    "nh-045": ["percent", "difference"], "nh-046": ["percent"], "nh-047": ["total", "split"],
    "nh-048": ["percent", "total"], "nh-049": ["percent", "difference"], "nh-050": ["rate-quantity", "difference"],
    "nh-051": ["date"], "nh-052": ["percent"], "nh-053": ["percent", "total"], "nh-054": ["total"],
    "nh-055": ["rate-quantity", "threshold"], "nh-056": ["rate-quantity", "percent", "threshold"],
    "nh-057": ["threshold", "percent", "total"], "nh-058": ["date"],
    "nh-059": ["total", "threshold", "percent", "split"], "nh-060": ["date"], "nh-061": ["date"],
    "nh-062": ["total", "threshold", "percent"], "nh-063": ["total", "rate-quantity"],
    "nh-064": ["unit-conversion", "rate-quantity"], "nh-065": ["date"],
    "nh-066": ["unit-conversion", "threshold", "rate-quantity"], "nh-067": ["twice", "rate-quantity", "total"],
    "nh-068": ["total"], "nh-069": ["rate-quantity", "total"], "nh-070": ["rate-quantity", "threshold"],
    "nh-071": ["rate-quantity", "percent"], "nh-072": ["rate-quantity", "total"],
}
# unsupported id -> the right computation (its final result must differ from the answer's)
CORRECT = {
    "nh-003": "2027-04-28 + 5 days = 2027-05-03",
    "nh-007": "13 × 4.80 = 62.40",
    "nh-008": "10 × 4.80 = 48",
    "nh-011": "2 × 18 + 12 = 48",
    "nh-013": "max(4 × 4.80, 24) = 24",
    "nh-018": "(25 − 10) ÷ 5 × 3 = 9",
    "nh-020": "0 × 0.10 = 0",
    "nh-021": "36 × 0.39 = 14.04",
    "nh-022": "2027-03-03 + 30 days = 2027-04-02",
    "nh-026": "150 × (0.59 − 0.45) − 5.99 = 15.01",
    "nh-032": "38 × 0.59 + 1 = 23.42",
    "nh-033": "40 × 0.45 + 1 = 19",
    "nh-039": "185 + 20 = 205",
    "nh-041": "3 × 42 + 3 × 42 × (1 − 10%) = 239.40",
    "nh-043": "3 × 36 = 108",
    "nh-045": "555 − 555 × 25% = 416.25",
    "nh-051": "2027-08-01 − 14 days = 2027-07-18",
    "nh-054": "185 + 5 × 6 = 215",
    "nh-055": "(60000 − 30000) ÷ 10000 × 200 = 600",
    "nh-056": "4 × 2400 = 9600",
    "nh-060": "2027-03-02 − 3 days = 2027-02-27",
    "nh-064": "(14 − 7) × 500 × 3 = 10500",
    "nh-068": "3200 + 900 = 4100",
    "nh-071": "6 × 2400 × (1 − 10%) = 12960",
}

NUM = r"\d[\d,]*(?:\.\d+)?"
DATE_STEP = re.compile(r"^(\d{4}-\d{2}-\d{2}) ([+−-]) (\d+) days? = (\d{4}-\d{2}-\d{2})$")
CURRENCY = re.compile(r"CHF|EUR|GBP|JPY|[€£¥$]")


def number(text):
    return Fraction(text.replace(",", ""))


def numbers_in(text):
    return {number(m.group().rstrip(",")) for m in re.finditer(NUM, text)}


def eval_expr(expr):
    """Exact value of an arithmetic expression, and the list of its numeric operands."""
    s = CURRENCY.sub("", expr)
    s = s.replace("×", "*").replace("÷", "/").replace("−", "-")
    s = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", s)  # thousands separators
    if not re.fullmatch(r"[\d.%+\-*/(), ]*", re.sub(r"\b(?:max|min)\(", "(", s)):
        raise ValueError("unexpected characters in " + repr(expr))
    operands = []

    def lit(m):
        value = Fraction(m.group(1))
        operands.append(value)
        return f"F({m.group(1)!r}){'/100' if m.group(2) else ''}"

    code = re.sub(r"(\d+(?:\.\d+)?)(%?)", lit, s)
    return eval(code, {"__builtins__": {}, "F": Fraction, "max": max, "min": min}), operands  # noqa: S307


def eval_step(step):
    """(kind, computed, stated, operands) for one step."""
    m = DATE_STEP.match(step)
    if m:
        start = datetime.date.fromisoformat(m.group(1))
        delta = datetime.timedelta(days=int(m.group(3)))
        computed = start + delta if m.group(2) == "+" else start - delta
        return "date", computed, datetime.date.fromisoformat(m.group(4)), [Fraction(int(m.group(3)))]
    if step.count("=") != 1:
        raise ValueError("a step needs exactly one '=': " + repr(step))
    left, right = (p.strip() for p in step.split("="))
    computed, operands = eval_expr(left)
    stated, _ = eval_expr(right)
    return "number", computed, stated, operands


def steps_of(text):
    return [s.strip() for s in text.split(";") if s.strip()]


def in_answer(kind, value, answer):
    if kind == "date":
        return f"{value.day} {value.strftime('%B')}" in answer
    return value in numbers_in(answer)


def main():
    problems = Problems()
    check = problems.check
    rows = read_rows(DATA, problems)
    ids = [r.get("id") for r in rows]
    check(ids == [f"nh-{i:03d}" for i in range(1, len(rows) + 1)], "ids must run nh-001, nh-002, ... in order")
    check(len(rows) == N_DOMAINS * sum(PER_DOMAIN.values()), "expected", N_DOMAINS * sum(PER_DOMAIN.values()),
          "rows, found", len(rows))
    domain_contexts = {}
    per_domain = Counter()
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
        per_domain[(r["domain"], r["expect"])] += 1
        check_contexts(r, problems, domain_contexts, fewest=5, most=6)
        ctx = r["contexts"]
        check(re.search(r"\(([A-Z]{3})\)$", r["domain"]), rid, "domain should end with its currency, e.g. (EUR)")

        # arithmetic
        sources = numbers_in(r["question"]) | set().union(*(numbers_in(c["text"]) for c in ctx))
        results, truth = [], []
        try:
            steps = [eval_step(s) for s in steps_of(r["arithmetic"])]
        except (ValueError, SyntaxError, TypeError, ZeroDivisionError) as exc:
            check(False, rid, "cannot evaluate arithmetic:", exc)
            continue
        check(steps, rid, "arithmetic has no step")
        for text, (kind, computed, stated, operands) in zip(steps_of(r["arithmetic"]), steps):
            truth.append((kind, computed == stated))
            for op in operands:
                check(op in sources or op in CONSTANTS or op in results, rid, "operand", op,
                      "is not in the passages, the question, an earlier step or CONSTANTS:", repr(text))
            check(in_answer(kind, stated, r["answer"]), rid, "answer does not state the result of", repr(text))
            results.append(stated if kind == "number" else None)
        fault = r.get("fault")
        if fault == "wrong-result":
            check(any(k == "number" and not ok for k, ok in truth), rid, "wrong-result row with no false numeric step")
            check(all(ok for k, ok in truth if k == "date"), rid, "wrong-result row with a false date step")
        elif fault == "wrong-date":
            check(any(k == "date" and not ok for k, ok in truth), rid, "wrong-date row with no false date step")
            check(all(ok for k, ok in truth if k == "number"), rid, "wrong-date row with a false numeric step")
        else:
            check(all(ok for _, ok in truth), rid, "arithmetic does not hold:", repr(r["arithmetic"]))
        if r["expect"] == "unsupported":
            check(rid in CORRECT, rid, "unsupported row without a CORRECT entry")
            if rid in CORRECT:
                right = [eval_step(s) for s in steps_of(CORRECT[rid])]
                check(all(c == s for _, c, s, _ in right), rid, "CORRECT computation does not hold")
                check(right[-1][2] != steps[-1][2], rid, "the right result equals the answer's result")
        else:
            check(rid not in CORRECT, rid, "faithful row in CORRECT")
        kinds = KINDS.get(rid)
        check(kinds and set(kinds) <= KIND_NAMES, rid, "needs KINDS from", sorted(KIND_NAMES))
        if fault == "wrong-date" or (kinds and "date" in kinds):
            check(kinds and "date" in kinds and any(k == "date" for k, _ in truth), rid,
                  "date kind and date step must go together")

    check(set(KINDS) == set(ids), "KINDS ids differ from the data:", sorted(set(KINDS) ^ set(ids)))
    check(set(CORRECT) <= set(ids), "CORRECT ids not in the data:", sorted(set(CORRECT) - set(ids)))
    domains = sorted({r.get("domain") for r in rows})
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, found", domains)
    for d in domains:
        for e, n in PER_DOMAIN.items():
            check(per_domain[(d, e)] == n, d, e, "expected", n, "found", per_domain[(d, e)])
    check(len(set(domain_contexts.values())) == len(domain_contexts), "two domains share their passages")
    currencies = {re.search(r"\(([A-Z]{3})\)$", d).group(1) for d in domains if re.search(r"\(([A-Z]{3})\)$", d)}
    check(len(currencies) >= 3, "need at least three currencies, found", sorted(currencies))
    faults = Counter(r.get("fault") for r in rows if r.get("expect") == "unsupported")
    for f in FAULTS:
        check(faults[f] >= MIN_PER_FAULT, "fault", f, "needs at least", MIN_PER_FAULT, "rows, found", faults[f])
    faithful_kinds = Counter(k for r in rows if r.get("expect") == "faithful" for k in KINDS.get(r.get("id"), []))
    for k in KIND_NAMES:
        check(faithful_kinds[k] >= 2, "computation kind", k, "needs at least 2 faithful rows, found", faithful_kinds[k])

    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(Counter(r["expect"] for r in rows).items()))
    print("fault", sorted(faults.items()))
    print("domain", sorted(Counter(r["domain"] for r in rows).items()))
    print("kinds (faithful)", sorted(faithful_kinds.items()))
    print("kinds (unsupported)", sorted(Counter(k for r in rows if r["expect"] == "unsupported"
                                                for k in KINDS[r["id"]]).items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
