"""Structural check of rates_holdout.jsonl (python3 standard library only; of the project it reads only
benchmarks/blind_set_checks.py, the format checks every set shares, and no checker is involved). Adapted from the
structure of periods_holdout's validate.py; it checks the format, the counts, the shared passages and the worked
numbers: every expression written like "a × b = c" in an answer must evaluate exactly (except the one planted wrong
result in an `arithmetic` row), and every number an answer states must come from the row's passages or question,
from the row's FAULT_AT fragment (unsupported rows), or be listed in DERIVED with the expression that gives it
(evaluated here with fractions.Fraction).

Usage: python3 benchmarks/rates_holdout/validate.py [path]   (exits 0 and prints "40 rows OK" when all is well)
"""
import json
import os
import re
import sys
from collections import Counter
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from blind_set_checks import (  # noqa: E402  (the format checks every set shares)
    Problems,
    check_contexts,
    check_passages_unique,
    read_rows,
)

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "rates_holdout.jsonl")
PREFIX = "rt"
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault"}
EXPECTS = {"faithful", "unsupported"}
SHAPES = {"plain", "markdown", "citation", "hedged", "yes-no"}
FAULTS = {"arithmetic", "other-rate", "other-period", "dropped-condition"}
TOTALS = {"faithful": 24, "unsupported": 16}
PER_DOMAIN = {"faithful": 6, "unsupported": 4}
FAULT_TOTALS = {"arithmetic": 4, "other-rate": 4, "other-period": 4, "dropped-condition": 4}
SHAPE_TOTALS = {"faithful": {"plain": 5, "markdown": 5, "citation": 5, "hedged": 5, "yes-no": 4},
                "unsupported": {"plain": 3, "markdown": 3, "citation": 3, "hedged": 3, "yes-no": 4}}
N_ROWS, N_DOMAINS, ROWS_PER_DOMAIN = 40, 4, 10
N_PASSAGES, FEWEST_SENTENCES, MOST_SENTENCES = 3, 4, 6
MAX_ANSWER_SENTENCES = 4
# currencies the brief ruled out (used by earlier sets)
USED_CURRENCIES = {"AED", "AUD", "BRL", "CAD", "CHF", "CLP", "COP", "CZK", "DKK", "EUR", "GBP", "GEL", "HKD", "HUF",
                   "IDR", "ILS", "INR", "ISK", "JPY", "KES", "KRW", "MAD", "MXN", "MYR", "NGN", "NOK", "NZD", "PEN",
                   "PHP", "PLN", "RON", "RSD", "SEK", "SGD", "THB", "TRY", "TWD", "USD", "UYU", "VND", "ZAR", "EGP",
                   "KZT", "LKR", "CRC", "BDT", "JOD", "UAH", "TND"}
# the currency of each domain, written as the code before the number ("QAR 20")
CURRENCIES = ("QAR", "BGN", "MNT", "OMR")
HEDGES = ("According to the help center, ", "From what I can see, ")
YES_NO = ("Yes, ", "No, ", "Yes \u2014 ", "No \u2014 ")
# citations in answers: [1] or [passage-id]
CITATION = re.compile(r"\[([^\]]+)\]")
NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
# an amount inside an expression: a bare number or "QAR 20", "MNT 18,000", "OMR 0.100"
TERM = r"(?:(?:" + "|".join(CURRENCIES) + r") )?\d+(?:,\d{3})*(?:\.\d+)?"
OPS = {"\u00d7": "*", "\u00f7": "/", "+": "+", "\u2212": "-"}
# "a × b = c", "a + b + c = d"; the result may be bold ("= **QAR 20**")
EXPRESSION = re.compile(TERM + r"(?:[ \t]*[\u00d7\u00f7+\u2212][ \t]*" + TERM + r")+[ \t]*=[ \t]*(?:\*\*)?" + TERM)
# numbers a DERIVED expression may use besides the row's own: 1 (counting), days per week, minutes per hour
CONSTANTS = {Fraction(1), Fraction(7), Fraction(60)}

# row -> passages its answer draws on (a citation may cite only these)
SOURCES = {
    "rt-001": {"passes", "parking-deposit"}, "rt-002": {"passes"}, "rt-003": {"parking-deposit"},
    "rt-004": {"passes"}, "rt-005": {"passes"}, "rt-006": {"passes"}, "rt-007": {"extra-time"},
    "rt-008": {"extra-time"}, "rt-009": {"extra-time"}, "rt-010": {"parking-deposit"},
    "rt-011": {"courses"}, "rt-012": {"housing"}, "rt-013": {"courses"}, "rt-014": {"housing"},
    "rt-015": {"extras"}, "rt-016": {"extras"}, "rt-017": {"courses"}, "rt-018": {"courses"},
    "rt-019": {"housing"}, "rt-020": {"housing"},
    "rt-021": {"plans"}, "rt-022": {"extras-pressing"}, "rt-023": {"plans"}, "rt-024": {"extras-pressing"},
    "rt-025": {"plans"}, "rt-026": {"pickups-pausing"}, "rt-027": {"extras-pressing"},
    "rt-028": {"plans"}, "rt-029": {"pickups-pausing", "plans"}, "rt-030": {"plans"},
    "rt-031": {"booking-rates", "fuel-charging"}, "rt-032": {"booking-rates"}, "rt-033": {"fuel-charging"},
    "rt-034": {"membership"}, "rt-035": {"booking-rates"}, "rt-036": {"booking-rates", "membership"},
    "rt-037": {"membership"}, "rt-038": {"membership", "booking-rates"},
    "rt-039": {"booking-rates", "fuel-charging"}, "rt-040": {"booking-rates", "fuel-charging"},
}

# unsupported row -> the fragment of its answer that holds the one wrong claim (numbers in it are exempt from the
# number check; in an arithmetic row the one wrong expression must lie inside it); the comment gives the right claim
FAULT_AT = {
    "rt-002": "6 \u00d7 60 = 340",                           # arithmetic: 6 × 60 = 360 minutes
    "rt-005": "**Free swaps:** 6 per week",                   # other-rate: 6 is the annual members' rate; 4 → 16
    "rt-007": "2 guest rides per day",                        # other-period: 2 per week → 4 guest rides
    "rt-010": "6 \u00d7 QAR 10 = QAR 60 for the month",      # dropped-condition: capped at QAR 40 per month
    "rt-012": "5 \u00d7 BGN 150 = BGN 650",                  # arithmetic: BGN 750
    "rt-015": "Extra private lessons cost BGN 45 per hour",   # other-rate: Saturdays BGN 60 → BGN 180
    "rt-017": "5 lessons of 90 minutes per day",              # other-period: 5 per week → 10 lessons
    "rt-020": "5 nights come to 5 \u00d7 BGN 20 = BGN 100",  # dropped-condition: up to 3 nights per month
    "rt-022": "3 \u00d7 MNT 18,000 = MNT 56,000",            # arithmetic: MNT 54,000
    "rt-025": "Your first month costs MNT 40,000",            # other-rate: Basic's; Family MNT 70,000 → 170,000
    "rt-027": "5 free shirt presses per week",                # other-period: 5 per month; 15 × 2,500 = 37,500
    "rt-030": "plus last month's 4: 4 + 4 = 8 bags",          # dropped-condition: at most 2 carry over → 6
    "rt-032": "3 \u00d7 150 = **400 km**",                   # arithmetic: 450 km
    "rt-035": "Hourly bookings cost OMR 3 per hour",          # other-rate: Friday is weekend, OMR 4 → OMR 20
    "rt-037": "5 free weekday driving hours per week",        # other-period: 5 per month → 5 hours
    "rt-040": "4 booking days include 4 \u00d7 150 = 600 km",  # dropped-condition: capped at 450 km → OMR 25
}

# row -> {number as written in the answer: expression that gives it}
DERIVED = {
    "rt-001": {"225": "3 * 75"},
    "rt-002": {"120": "6 * 20"},
    "rt-003": {"2": "5 - 3", "20": "2 * 10"},
    "rt-004": {"24": "4 * 6"},
    "rt-005": {"24": "4 * 6"},
    "rt-006": {"330": "90 + 2 * 120"},
    "rt-007": {"14": "2 * 7", "28": "14 * 2"},
    "rt-008": {"6": "3 * 2"},
    "rt-009": {"8": "2 * 60 / 15", "24": "8 * 3"},
    "rt-011": {"30": "3 * 10", "45": "30 * 90 / 60"},
    "rt-013": {"720": "4 * 180", "760": "720 + 40"},
    "rt-014": {"15": "3 * 5", "630": "3 * 210", "680": "630 + 50"},
    "rt-015": {"135": "3 * 45"},
    "rt-016": {"8": "4 * 2"},
    "rt-017": {"14": "2 * 7", "70": "14 * 5"},
    "rt-018": {"2,320": "8 * 290"},
    "rt-019": {"10": "5 * 2"},
    "rt-020": {"100": "5 * 20"},
    "rt-021": {"2": "3 - 1", "160,000": "40000 + 2 * 60000"},
    "rt-023": {"8": "4 * 2", "48": "8 * 6"},
    "rt-024": {"45,000": "3 * 15000", "7": "12 - 5", "17,500": "7 * 2500", "62,500": "45000 + 17500"},
    "rt-025": {"140,000": "40000 + 100000"},
    "rt-026": {"1": "3 - 2"},
    "rt-027": {"20": "4 * 5"},
    "rt-028": {"5": "4 + 1"},
    "rt-029": {"200,000": "2 * 100000"},
    "rt-030": {"8": "4 + 4"},
    "rt-031": {"44": "2 * 22", "300": "2 * 150"},
    "rt-032": {"66": "3 * 22"},
    "rt-033": {"12": "3 * 4", "3": "15 - 12", "6": "3 * 2"},
    "rt-034": {"30": "3 * 10", "15": "3 * 5"},
    "rt-035": {"15": "5 * 3"},
    "rt-036": {"56": "2 * 28", "10": "2 * 5", "66": "56 + 10"},
    "rt-037": {"20": "4 * 5"},
    "rt-038": {"16": "4 * 4", "60": "4 * 15"},
    "rt-039": {"750": "5 * 150"},
    "rt-040": {"600": "4 * 150", "100": "700 - 600", "10": "100 * 0.100"},
}


def split_sentences(text):
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


def value(token):
    """Exact value of a number token or of an amount like "QAR 20" / "MNT 18,000" / "OMR 0.100"."""
    return Fraction(NUMBER.search(token).group().replace(",", ""))


def numbers(text):
    return {Fraction(t.replace(",", "")) for t in NUMBER.findall(text)}


def exact(code):
    """Evaluate an arithmetic expression of plain numbers with fractions.Fraction."""
    if not re.fullmatch(r"[\d.,\s()+\-*/]+", code):
        raise ValueError("not a plain arithmetic expression: " + code)
    code = NUMBER.sub(lambda m: 'Fraction("' + m.group().replace(",", "") + '")', code)
    return eval(code, {"__builtins__": {}, "Fraction": Fraction})


def expressions(answer):
    """(text, correct, result) for each "a × b = c" expression in answer."""
    found = []
    for m in EXPRESSION.finditer(answer):
        left, right = m.group().rsplit("=", 1)
        code = ""
        for piece in re.split(r"([\u00d7\u00f7+\u2212])", left):
            code += OPS[piece] if piece in OPS else str(value(piece))
        result = value(right)
        found.append((m.group(), exact(code) == result, result))
    return found


def check_passages(domain_contexts, problems):
    """No passage text (``blind_set_checks.check_passages_unique``) or id in two domains; every passage is a source
    of some row."""
    check_passages_unique(domain_contexts, problems)
    seen_ids = {}
    for domain, key in domain_contexts.items():
        for c in json.loads(key):
            if isinstance(c, dict):
                pid = c.get("id")
                problems.check(pid not in seen_ids, "passage id", pid, "used in", domain, "and", seen_ids.get(pid))
                seen_ids[pid] = domain
    used = set().union(*SOURCES.values())
    problems.check(set(seen_ids) <= used, "passages no row draws on:", sorted(set(seen_ids) - used))


def check_shape(n, r, problems):
    """The surface each shape needs."""
    check, rid, a, shape = problems.check, r["id"], r["answer"], r["shape"]
    lines = a.split("\n")
    if shape == "markdown":
        check("**" in a and sum(1 for x in lines if x.startswith("- ")) >= 2, "line", n, rid,
              "markdown needs 2 or more bullets and a bold label")
    else:
        check("\n" not in a and "**" not in a, "line", n, rid, shape, "answer must be running text")
    if shape == "hedged":
        check(a.startswith(HEDGES), "line", n, rid, "hedged answer must open with one of", HEDGES)
    else:
        check(not a.startswith(HEDGES), "line", n, rid, "only hedged answers open with a hedge")
    if shape == "yes-no":
        check(a.startswith(YES_NO), "line", n, rid, "yes-no answer must open with one of", YES_NO)
    if shape == "citation":
        check(CITATION.search(a), "line", n, rid, "citation row without citations")
    else:
        check(not CITATION.search(a), "line", n, rid, "only citation rows cite passages")
    if "\n" not in a:
        check(len(split_sentences(a)) <= MAX_ANSWER_SENTENCES, "line", n, rid, "answer longer than",
              MAX_ANSWER_SENTENCES, "sentences")
    else:
        check(len(lines) <= MAX_ANSWER_SENTENCES, "line", n, rid, "list answer longer than", MAX_ANSWER_SENTENCES,
              "lines")


def check_currency(n, r, problems):
    """The domain's currency, written as the code before the number, and no other currency in the row."""
    check, rid = problems.check, r["id"]
    m = re.search(r"\(([A-Z]{3})\)$", r["domain"])
    if not check(m, "line", n, rid, "domain must end with its currency code, like (QAR)"):
        return
    cur = m.group(1)
    check(cur in CURRENCIES, "line", n, rid, "currency", cur, "is not one of", CURRENCIES)
    check(cur not in USED_CURRENCIES, "line", n, rid, "currency", cur, "is ruled out")
    texts = [r["question"], r["answer"]] + [c["text"] for c in r["contexts"] if isinstance(c, dict)
                                            and isinstance(c.get("text"), str)]
    whole = " ".join(texts)
    check(re.search(cur + r" \d", whole), "line", n, rid, "the row never shows an amount in", cur)
    for code in re.findall(r"\b[A-Z]{3}\b", whole):
        check(code not in USED_CURRENCIES and (code not in CURRENCIES or code == cur), "line", n, rid,
              "foreign currency", code)
    for t in texts:
        check(not re.search(cur + r"(?! \d)", t), "line", n, rid, cur, "must be followed by a space and a number")
        check(not re.search(r"\d ?" + cur, t), "line", n, rid, "the code must come before the number, not after")


def check_numbers(n, r, problems):
    """Expressions evaluate (all but the planted one in an arithmetic row); every number the answer states comes
    from its passages or question, from DERIVED, or from its FAULT_AT fragment."""
    check, rid, a = problems.check, r["id"], r["answer"]
    source = r["question"] + " " + " ".join(c.get("text", "") for c in r["contexts"] if isinstance(c, dict))
    body = CITATION.sub(" ", a)
    found = expressions(body)
    wrong = [text for text, ok, _ in found if not ok]
    fragment = FAULT_AT.get(rid)
    if r.get("fault") == "arithmetic":
        check(len(wrong) == 1, "line", n, rid, "arithmetic row needs exactly 1 wrong expression, has", wrong)
        check(all(w in (fragment or "") for w in wrong), "line", n, rid, "wrong expression outside FAULT_AT")
    else:
        check(not wrong, "line", n, rid, "wrong arithmetic:", wrong)
    allowed = numbers(source)
    if fragment:
        allowed |= numbers(fragment)
    stated = numbers(body)
    for text, code in DERIVED.get(rid, {}).items():
        if not check(value(text) in stated and text in a, "line", n, rid, "DERIVED number", repr(text),
                     "is not in the answer"):
            continue
        try:
            got = exact(code)
        except (ValueError, SyntaxError, ZeroDivisionError) as exc:
            check(False, "line", n, rid, "DERIVED", repr(text), "cannot be evaluated:", exc)
            continue
        check(got == value(text), "line", n, rid, "DERIVED", repr(text), "=", repr(code), "gives", got)
        stray = numbers(code) - allowed - CONSTANTS
        check(not stray, "line", n, rid, "DERIVED", repr(text), "uses numbers from nowhere:",
              sorted(str(s) for s in stray))
        allowed.add(value(text))
    stray = stated - allowed
    check(not stray, "line", n, rid, "numbers from nowhere:", sorted(str(s) for s in stray))


def check_row(n, r, problems, domain_contexts):
    check = problems.check
    rid = r.get("id")
    keys = set(r)
    check(keys >= REQUIRED, "line", n, rid, "missing keys", sorted(REQUIRED - keys))
    check(keys <= ALLOWED, "line", n, rid, "unknown keys", sorted(keys - ALLOWED))
    if not keys >= REQUIRED:
        return
    check(isinstance(rid, str) and re.fullmatch(PREFIX + r"-\d{3}", rid), "line", n, rid, "id must look like",
          PREFIX + "-NNN")
    for k in ("domain", "question", "answer"):
        check(isinstance(r[k], str) and r[k].strip(), "line", n, rid, k, "must be a non-empty string")
    if not all(isinstance(r[k], str) and r[k].strip() for k in ("domain", "question", "answer")):
        return
    check(r["expect"] in EXPECTS, "line", n, rid, "bad expect", r["expect"])
    check(r["shape"] in SHAPES, "line", n, rid, "bad shape", r["shape"])
    check((r["expect"] == "unsupported") == ("fault" in r), "line", n, rid,
          "fault must be present exactly on unsupported rows")
    check("fault" not in r or r["fault"] in FAULTS, "line", n, rid, "bad fault", r.get("fault"))
    cids = check_contexts(r, problems, domain_contexts, N_PASSAGES, FEWEST_SENTENCES, MOST_SENTENCES)
    if len(cids) != N_PASSAGES or r["shape"] not in SHAPES:
        return
    check_shape(n, r, problems)
    check_currency(n, r, problems)
    fragment = FAULT_AT.get(rid)
    check((r["expect"] == "unsupported") == (fragment is not None), "line", n, rid,
          "FAULT_AT entry needed exactly on unsupported rows")
    check(fragment is None or fragment in r["answer"], "line", n, rid, "answer lacks its FAULT_AT fragment",
          repr(fragment))
    check_numbers(n, r, problems)
    sources = SOURCES.get(rid)
    if not check(sources is not None, "line", n, rid, "has no SOURCES entry"):
        return
    check(sources <= set(cids), "line", n, rid, "SOURCES", sorted(sources), "not all among its contexts")
    cited = set()
    for ref in (ref.strip() for ref in CITATION.findall(r["answer"])):
        if ref in cids:
            cited.add(ref)
        elif ref.isdigit() and 1 <= int(ref) <= len(cids):
            cited.add(cids[int(ref) - 1])
        else:
            check(False, "line", n, rid, "citation", repr(ref), "points to no passage")
    check(cited <= sources, "line", n, rid, "cites", sorted(cited), "but the facts are in", sorted(sources))


def check_counts(rows, problems):
    check = problems.check
    ids = [r.get("id") for r in rows]
    check(len(rows) == N_ROWS, "expected", N_ROWS, "rows, found", len(rows))
    check(len(ids) == len(set(ids)), "duplicate ids:", sorted(str(i) for i, c in Counter(ids).items() if c > 1))
    check(ids == [f"{PREFIX}-{i:03d}" for i in range(1, len(ids) + 1)],
          f"ids must run {PREFIX}-001, {PREFIX}-002, ... in order")
    for table, name in ((SOURCES, "SOURCES"), (FAULT_AT, "FAULT_AT"), (DERIVED, "DERIVED")):
        check(set(table) <= set(ids), name, "names rows not in the data:", sorted(set(table) - set(ids)))
    exp_total = Counter(r.get("expect") for r in rows)
    check(dict(exp_total) == TOTALS, "expect totals", dict(exp_total), "should be", TOTALS)
    faults = Counter(r.get("fault") for r in rows if "fault" in r)
    check(dict(faults) == FAULT_TOTALS, "fault totals", dict(faults), "should be", FAULT_TOTALS)
    for exp, want in SHAPE_TOTALS.items():
        got = Counter(r.get("shape") for r in rows if r.get("expect") == exp)
        check(dict(got) == want, exp, "shape totals", dict(got), "should be", want)
    domains = Counter(r.get("domain") for r in rows)
    check(len(domains) == N_DOMAINS, "expected", N_DOMAINS, "domains, found", len(domains))
    for dom, k in domains.items():
        check(k == ROWS_PER_DOMAIN, dom, "has", k, "rows, expected", ROWS_PER_DOMAIN)
        per = Counter(r.get("expect") for r in rows if r.get("domain") == dom)
        for exp, want in PER_DOMAIN.items():
            check(per.get(exp, 0) == want, dom, exp, per.get(exp, 0), "expected", want)
        per_fault = Counter(r.get("fault") for r in rows if r.get("domain") == dom and "fault" in r)
        check(set(per_fault) == FAULTS and set(per_fault.values()) == {1}, dom, "needs one row of each fault, has",
              dict(per_fault))
    codes = [re.search(r"\(([A-Z]{3})\)$", d).group(1) for d in domains
             if isinstance(d, str) and re.search(r"\(([A-Z]{3})\)$", d)]
    check(len(codes) == len(set(codes)), "currencies repeat across domains:", sorted(codes))


def main(path=DATA):
    problems = Problems()
    numbered = read_rows(path, problems, numbered=True)
    rows = [r for _, r in numbered]
    domain_contexts = {}
    for n, r in numbered:
        check_row(n, r, problems, domain_contexts)
    check_passages(domain_contexts, problems)
    check_counts(rows, problems)
    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    print("expect", sorted(Counter(r["expect"] for r in rows).items()))
    print("shape x expect", sorted(Counter((r["shape"], r["expect"]) for r in rows).items()))
    print("fault", sorted(Counter(r["fault"] for r in rows if "fault" in r).items()))
    print("domain x expect", sorted(Counter((r["domain"], r["expect"]) for r in rows).items()))
    print("expressions", sum(len(expressions(CITATION.sub(" ", r["answer"]))) for r in rows), "checked;",
          sum(len(v) for v in DERIVED.values()), "derived numbers")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else DATA))
