#!/usr/bin/env python3
"""Checks amounts_dev.jsonl (standard library only; uses no project code).

Run: python3 benchmarks/amounts_dev/validate.py   (exit 0 = all checks pass)
"""
import ast
import json
import operator
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

PATH = Path(__file__).with_name("amounts_dev.jsonl")
CURRENCIES = ("NZD", "ISK", "KES", "VND")
AMOUNT_RE = re.compile(r"\b(" + "|".join(CURRENCIES) + r") (\d{1,3}(?:,\d{3})*(?:\.\d+)?)(?![\d,]*\d)")
NUMBER_RE = re.compile(r"\d[\d,]*(?:\.\d+)?")
PERCENT_RE = re.compile(r"\d+(?:\.\d+)?%")
SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"(])")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20}
CONSTANTS = {1, 100}
SHAPES = {"worked-number", "comparison", "multi-item", "markdown-list"}
REQUIRED = {"id", "question", "contexts", "answer", "expect", "shape", "fault", "computed"}
ALLOWED = REQUIRED | {"domain", "swap"}
OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}

errors = []


def err(rid, msg):
    errors.append(f"{rid}: {msg}")


def amounts(text):
    """Currency amounts in text, as normalised strings 'CUR number'."""
    return [f"{cur} {num}" for cur, num in AMOUNT_RE.findall(text)]


def value(amount):
    return float(amount.split(" ", 1)[1].replace(",", ""))


def numbers(text):
    out = {float(n.replace(",", "")) for n in NUMBER_RE.findall(text)}
    for w in re.findall(r"[a-z]+", text.lower()):
        if w in WORDS:
            out.add(float(WORDS[w]))
    return out


def safe_eval(expr):
    """Evaluates + - * / and parentheses over numeric literals; returns (value, operands)."""
    operands = []

    def ev(node):
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            operands.append(float(node.value))
            return float(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in OPS:
            return OPS[type(node.op)](ev(node.left), ev(node.right))
        raise ValueError(f"unsupported syntax in {expr!r}")

    return ev(ast.parse(expr, mode="eval")), operands


def sentences(text):
    return [s for s in SENTENCE_SPLIT.split(text.strip()) if s]


def main():
    lines = PATH.read_text(encoding="utf-8").splitlines()
    if len(lines) != 48:
        err("file", f"expected 48 lines, found {len(lines)}")
    rows = []
    for n, line in enumerate(lines, 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as e:
            err(f"line {n}", f"invalid JSON: {e}")
    ids = [r.get("id") for r in rows]
    if len(set(ids)) != len(ids):
        err("file", "duplicate ids: " + ", ".join(i for i, k in Counter(ids).items() if k > 1))
    if ids != [f"ad-{i:03d}" for i in range(1, 49)]:
        err("file", "ids are not ad-001 .. ad-048 in order")
    expects = Counter(r.get("expect") for r in rows)
    if expects != Counter({"faithful": 36, "unsupported": 12}):
        err("file", f"expected 36 faithful / 12 unsupported, found {dict(expects)}")

    by_domain = defaultdict(list)
    for r in rows:
        rid = r.get("id", "?")
        keys = set(r)
        if REQUIRED - keys:
            err(rid, f"missing keys {sorted(REQUIRED - keys)}")
        if keys - ALLOWED:
            err(rid, f"unexpected keys {sorted(keys - ALLOWED)}")
        by_domain[r.get("domain")].append(r)
        if r.get("shape") not in SHAPES:
            err(rid, f"bad shape {r.get('shape')!r}")
        if r.get("expect") == "faithful" and r.get("fault") is not None:
            err(rid, "faithful row has a fault")
        if r.get("expect") == "unsupported":
            if r.get("fault") != "moved-amount":
                err(rid, f"unsupported row has fault {r.get('fault')!r}")
            if r.get("shape") != "worked-number":
                err(rid, "unsupported rows should be worked-number")

        ctx = r.get("contexts")
        if not isinstance(ctx, list) or len(ctx) != 3:
            err(rid, "contexts must be a list of 3 passages")
            continue
        for p in ctx:
            if not isinstance(p, dict) or not p.get("id") or not p.get("text"):
                err(rid, f"context item without id/text: {p!r}")
                continue
            ns = len(sentences(p["text"]))
            if not 4 <= ns <= 6:
                err(rid, f"passage {p['id']} has {ns} sentences (want 4-6)")
        passage_text = " ".join(p.get("text", "") for p in ctx if isinstance(p, dict))
        passage_amounts = set(amounts(passage_text))
        passage_numbers = numbers(passage_text)
        question_numbers = numbers(r.get("question", ""))
        answer = r.get("answer", "")
        answer_amounts = amounts(answer)

        is_list = "\n- " in "\n" + answer
        if not is_list and not 1 <= len(sentences(answer)) <= 3:
            err(rid, f"answer has {len(sentences(answer))} sentences (want 1-3)")
        if r.get("shape") == "markdown-list" and not is_list:
            err(rid, "markdown-list shape without a list")

        # computed amounts: arithmetic re-evaluated, operands traced, amount present in the answer
        computed = r.get("computed") or []
        computed_amounts = set()
        known = passage_numbers | question_numbers | {float(c) for c in CONSTANTS}
        for c in computed:
            amt, why, expr = c.get("amount"), c.get("why"), c.get("why_expr")
            if not (amt and why and expr):
                err(rid, f"computed entry needs amount, why, why_expr: {c!r}")
                continue
            if not AMOUNT_RE.fullmatch(amt):
                err(rid, f"computed amount {amt!r} is not a currency amount")
                continue
            try:
                got, operands = safe_eval(expr)
            except (ValueError, SyntaxError, ZeroDivisionError) as e:
                err(rid, f"cannot evaluate {expr!r}: {e}")
                continue
            if abs(got - value(amt)) > 1e-6:
                err(rid, f"{amt}: {expr} = {got}, not {value(amt)}")
            for o in operands:
                if o not in known:
                    err(rid, f"{amt}: operand {o:g} in {expr!r} is not from the passages, question, "
                             f"an earlier computed amount or the constants")
            if amt not in answer_amounts:
                err(rid, f"computed amount {amt} does not appear in the answer")
            computed_amounts.add(amt)
            known.add(value(amt))

        for amt in answer_amounts:
            if amt not in passage_amounts and amt not in computed_amounts:
                err(rid, f"answer amount {amt} is neither in a passage nor in 'computed'")
        for pct in PERCENT_RE.findall(answer):
            if pct not in passage_text:
                err(rid, f"answer percentage {pct} is not in the passages")
        currencies = {a.split()[0] for a in passage_amounts}
        if len(currencies) != 1:
            err(rid, f"passages use several currencies: {currencies}")
        elif any(a.split()[0] not in currencies for a in answer_amounts):
            err(rid, "answer uses a currency the passages do not use")

        if r.get("expect") == "faithful":
            if "swap" in r:
                err(rid, "faithful row has a swap")
            if not computed:
                err(rid, "faithful row computes nothing")
        else:
            swap = r.get("swap") or {}
            stated, correct = swap.get("stated"), swap.get("correct")
            if not (stated and correct) or stated == correct:
                err(rid, f"bad swap {swap!r}")
                continue
            for name, amt in (("stated", stated), ("correct", correct)):
                if amt not in passage_amounts:
                    err(rid, f"swap {name} amount {amt} is not in the passages")
            if stated not in answer_amounts:
                err(rid, f"swapped amount {stated} is not in the answer")
            if correct in answer_amounts:
                err(rid, f"correct amount {correct} appears in the answer")
            # the total must be computed from the correct rate, not from the stated one
            cv = value(correct)
            uses_correct = [c for c in computed if cv in safe_eval(c["why_expr"])[1]]
            if not uses_correct:
                err(rid, f"no computed amount uses the correct rate {correct}")
            for c in uses_correct:
                wrong_expr = re.sub(r"(?<![\d.])" + re.escape(f"{cv:g}") + r"(?![\d.])",
                                    f"{value(stated):g}", c["why_expr"])
                if abs(safe_eval(wrong_expr)[0] - value(c["amount"])) < 1e-6:
                    err(rid, f"{c['amount']} would also follow from the stated {stated}")

    if len(by_domain) != 4:
        err("file", f"expected 4 businesses, found {len(by_domain)}")
    for dom, rs in by_domain.items():
        cnt = Counter(r.get("expect") for r in rs)
        if cnt != Counter({"faithful": 9, "unsupported": 3}):
            err(dom, f"expected 9 faithful + 3 unsupported, found {dict(cnt)}")
        if any(r.get("contexts") != rs[0].get("contexts") for r in rs):
            err(dom, "contexts differ between rows of one business")

    shapes = Counter(r.get("shape") for r in rows)
    print(f"rows: {len(rows)}  expect: {dict(expects)}  shapes: {dict(shapes)}")
    print("businesses: " + ", ".join(f"{d} ({len(rs)})" for d, rs in by_domain.items()))
    print(f"computed amounts checked: {sum(len(r.get('computed') or []) for r in rows)}")
    if errors:
        print(f"FAIL: {len(errors)} problem(s)")
        for e in errors:
            print("  " + e)
        return 1
    print("OK: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
