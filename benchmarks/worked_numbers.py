"""The exact arithmetic the worked-number sets' validators re-check (numbers_holdout2-5, numbers_dev2).

Each set's ``validate.py`` keeps its own data tables (``WORK``: the steps of every answer, ``CORRECT``: the right
result of every wrong one), its constants (counts, shapes, faults, currency pattern) and any check of its own; the
evaluation of a step and the checks every set shares (``validate``) are the same everywhere and live here, written
once. Standard library only, like the validators.

A step is ``"2 × 79 = 158"`` (exact, in fractions: ``%`` is a hundredth, ``max`` / ``min`` / ``ceil`` allowed) or a
date step ``"2027-03-01 + 14 days = 2027-03-15"``.
"""

from __future__ import annotations

import datetime
import json
import math
import re
from collections import Counter
from fractions import Fraction
from typing import Any

from blind_set_checks import Problems, read_rows

NUM = r"\d[\d,]*(?:\.\d+)?"
# the row schema every worked-number set shares; a validator may set its own instead (``validate`` reads ``cfg``'s)
REQUIRED = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
ALLOWED = REQUIRED | {"fault"}
EXPECTS = {"faithful", "unsupported", "refusal"}
SHAPES = {"receipt", "inline", "parenthetical", "percent", "split", "chain", "date", "compare", "cap", "yes-no",
          "refusal"}
FAULTS = {"arithmetic", "operand", "ignored-condition", "ignored-cap", "unit", "date", "added-fact"}
DATE_STEP = re.compile(r"^(\d{4}-\d{2}-\d{2}) ([+−-]) (\d+) days? = (\d{4}-\d{2}-\d{2})$")


def number(text: str) -> Fraction:
    return Fraction(text.replace(",", ""))


def numbers_in(text: str) -> set[Fraction]:
    return {number(m.group().rstrip(",")) for m in re.finditer(NUM, text)}


def eval_expr(expr: str, currency: re.Pattern[str]) -> tuple[Fraction, list[Fraction]]:
    """Exact value of an arithmetic expression, and the list of its numeric operands."""
    s = currency.sub("", expr)
    s = s.replace("×", "*").replace("÷", "/").replace("−", "-")
    s = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", s)
    if not re.fullmatch(r"[\d.%+\-*/(), ]*", re.sub(r"\b(?:max|min|ceil)\(", "(", s)):
        raise ValueError("unexpected characters in " + repr(expr))
    operands: list[Fraction] = []

    def lit(m: re.Match[str]) -> str:
        operands.append(Fraction(m.group(1)))
        return f"F({m.group(1)!r}){'/100' if m.group(2) else ''}"

    code = re.sub(r"(\d+(?:\.\d+)?)(%?)", lit, s)
    env = {"__builtins__": {}, "F": Fraction, "max": max, "min": min, "ceil": math.ceil}
    return eval(code, env), operands  # noqa: S307


def eval_step(step: str, currency: re.Pattern[str]) -> tuple:
    """(kind, computed, stated, operands, start) for one step."""
    m = DATE_STEP.match(step)
    if m:
        start = datetime.date.fromisoformat(m.group(1))
        delta = datetime.timedelta(days=int(m.group(3)))
        computed = start + delta if m.group(2) == "+" else start - delta
        return "date", computed, datetime.date.fromisoformat(m.group(4)), [Fraction(int(m.group(3)))], start
    if step.count("=") != 1:
        raise ValueError("a step needs exactly one '=': " + repr(step))
    left, right = (p.strip() for p in step.split("="))
    computed, operands = eval_expr(left, currency)
    stated, _ = eval_expr(right, currency)
    return "number", computed, stated, operands, None


def steps_of(text: str) -> list[str]:
    return [s.strip() for s in text.split(";") if s.strip()]


def day_month(d: datetime.date) -> str:
    return f"{d.day} {d.strftime('%B')}"


def in_text(kind: str, value: object, text: str) -> bool:
    if kind == "date":
        return day_month(value) in text  # type: ignore[arg-type]
    return value in numbers_in(text)


def sentences(text: str, sentence_end: re.Pattern[str]) -> list[str]:
    return [s for s in sentence_end.split(text.strip()) if s]


def table(title: str, counter: dict, keys: list | None = None) -> None:
    keys = keys or sorted(counter)
    print(f"\n| {title} | n |\n|---|---|")
    for k in keys:
        print(f"| {k} | {counter[k]} |")
    print(f"| **total** | **{sum(counter[k] for k in keys)}** |")


def _bounds(n: int | tuple[int, int]) -> tuple[int, int]:
    return n if isinstance(n, tuple) else (n, n)


def validate(cfg: Any) -> int:
    """Check a worked-number set against its validator module ``cfg`` (its constants, ``WORK`` and ``CORRECT``),
    print the problems or the set's tables; 0 when it holds. A set's own extra checks are optional functions of
    ``cfg``: ``row_check(r, rid, check)``, ``extra_sources(r)``, ``answer_check(r, rid, steps, results, sources,
    check)`` (rows without an added fact) and ``set_check(rows, check)``; ``TOTALS``, ``OLD_DOMAINS`` and ``NO_USD``
    are optional constants."""
    problems = Problems()
    check = problems.check
    schema = {name: getattr(cfg, name, default) for name, default in (
        ("REQUIRED", REQUIRED), ("ALLOWED", ALLOWED), ("EXPECTS", EXPECTS), ("SHAPES", SHAPES), ("FAULTS", FAULTS))}
    rows = read_rows(cfg.DATA, problems)
    per_domain_bounds = {e: _bounds(n) for e, n in cfg.PER_DOMAIN.items()}
    expect_order = getattr(cfg, "EXPECT_ORDER", list(cfg.PER_DOMAIN))
    ids = [r.get("id") for r in rows]
    check(len(set(ids)) == len(ids), "ids are not unique:", [k for k, n in Counter(ids).items() if n > 1])
    check(ids == [f"{cfg.PREFIX}-{i:03d}" for i in range(1, len(rows) + 1)],
          f"ids must run {cfg.PREFIX}-001, ... in order")
    totals = getattr(cfg, "TOTALS", None)
    total = sum(totals.values()) if totals else cfg.N_DOMAINS * sum(lo for lo, _ in per_domain_bounds.values())
    check(len(rows) == total, "expected", total, "rows, found", len(rows))
    if totals:
        expects = Counter(r.get("expect") for r in rows)
        for e, n in totals.items():
            check(expects[e] == n, "expected", n, e, "rows, found", expects[e])

    domain_contexts: dict[str, str] = {}
    per_domain: Counter = Counter()
    for r in rows:
        rid = r.get("id")
        keys = set(r)
        check(keys >= schema["REQUIRED"], rid, "missing keys", schema["REQUIRED"] - keys)
        check(keys <= schema["ALLOWED"], rid, "unknown keys", keys - schema["ALLOWED"])
        if not keys >= schema["REQUIRED"]:
            continue
        for k in ("domain", "question", "answer", "expect", "shape"):
            check(isinstance(r[k], str) and r[k].strip(), rid, k, "must be a non-empty string")
        check(r["expect"] in schema["EXPECTS"], rid, "bad expect", r["expect"])
        check(r["shape"] in schema["SHAPES"], rid, "bad shape", r["shape"])
        check((r["expect"] == "refusal") == (r["shape"] == "refusal"), rid, "shape refusal iff expect refusal")
        check((r["expect"] == "unsupported") == ("fault" in r), rid, "fault must be present exactly on unsupported")
        check("fault" not in r or r["fault"] in schema["FAULTS"], rid, "bad fault", r.get("fault"))
        check(re.search(r"\(([A-Z]{3})\)$", r["domain"]), rid, "domain should end with its currency, e.g. (EUR)")
        check(not any(w in r["domain"].lower() for w in getattr(cfg, "OLD_DOMAINS", ())), rid,
              "domain repeats an earlier set's")
        if hasattr(cfg, "row_check"):
            cfg.row_check(r, rid, check)
        per_domain[(r["domain"], r["expect"])] += 1
        ctx = r["contexts"]
        if not _contexts_ok(cfg, r, rid, check, domain_contexts):
            continue
        if r["expect"] == "refusal":
            check(rid not in cfg.WORK and rid not in cfg.CORRECT, rid, "refusal rows have no WORK / CORRECT")
            continue
        if not check(rid in cfg.WORK, rid, "needs a WORK entry"):
            continue
        sources = numbers_in(r["question"]) | set().union(*(numbers_in(c["text"]) for c in ctx))
        if hasattr(cfg, "extra_sources"):
            sources |= cfg.extra_sources(r)
        _check_work(cfg, r, rid, sources, check)

    check(set(cfg.WORK) <= set(ids), "WORK ids not in the data:", sorted(set(cfg.WORK) - set(ids)))
    check(set(cfg.CORRECT) <= set(ids), "CORRECT ids not in the data:", sorted(set(cfg.CORRECT) - set(ids)))
    domains = sorted({r.get("domain") for r in rows})
    check(len(domains) == cfg.N_DOMAINS, "expected", cfg.N_DOMAINS, "domains, found", domains)
    for d in domains:
        for e, (lo, hi) in per_domain_bounds.items():
            check(lo <= per_domain[(d, e)] <= hi, d, e, "expected", lo, "to", hi, "found", per_domain[(d, e)])
    check(len(set(domain_contexts.values())) == len(domain_contexts), "two domains share their passages")
    if hasattr(cfg, "set_check"):
        cfg.set_check(rows, check)
    currencies = {m.group(1) for d in domains if (m := re.search(r"\(([A-Z]{3})\)$", d or ""))}
    if getattr(cfg, "NO_USD", False):
        check("USD" not in currencies, "no domain may use USD, found", sorted(currencies))
    else:
        check(len(currencies - {"USD"}) >= 2, "need at least two non-USD currencies, found", sorted(currencies))
    check(len(currencies) == cfg.N_DOMAINS, "each domain should have its own currency, found", sorted(currencies))
    faults = Counter(r.get("fault") for r in rows if r.get("expect") == "unsupported")
    for f in schema["FAULTS"]:
        check(faults[f] >= cfg.MIN_PER_FAULT, "fault", f, "needs at least", cfg.MIN_PER_FAULT, "rows, found", faults[f])
    shapes = Counter(r.get("shape") for r in rows)
    for s in schema["SHAPES"] - {"refusal"}:
        check(shapes[s] >= cfg.MIN_PER_SHAPE, "shape", s, "needs at least", cfg.MIN_PER_SHAPE, "rows, found",
              shapes[s])

    if not problems.report():
        return 1
    print(len(rows), "rows OK")
    table("expect", Counter(r["expect"] for r in rows), expect_order)
    print("\n| domain | faithful | unsupported | refusal |\n|---|---|---|---|")
    for d in domains:
        print(f"| {d} | " + " | ".join(str(per_domain[(d, e)]) for e in expect_order) + " |")
    print("\n| shape | faithful | unsupported | refusal | total |\n|---|---|---|---|---|")
    by = Counter((r["shape"], r["expect"]) for r in rows)
    for s in ["receipt", "inline", "parenthetical", "percent", "split", "chain", "date", "compare", "cap", "yes-no",
              "refusal"]:
        print(f"| {s} | {by[(s, 'faithful')]} | {by[(s, 'unsupported')]} | {by[(s, 'refusal')]} | {shapes[s]} |")
    table("fault", faults, ["arithmetic", "operand", "ignored-condition", "ignored-cap", "unit", "date",
                            "added-fact"])
    return 0


def _contexts_ok(cfg: Any, r: dict, rid: str, check, domain_contexts: dict[str, str]) -> bool:
    """The row's passages: the set's count, each with its id and text and a sentence count in range, the same
    passages for every row of a domain."""
    ctx = r["contexts"]
    ok = check(isinstance(ctx, list) and len(ctx) == cfg.N_PASSAGES, rid, "needs", cfg.N_PASSAGES, "contexts")
    if ok:
        for c in ctx:
            if not check(isinstance(c, dict) and set(c) == {"id", "text"} and all(
                    isinstance(c[k], str) and c[k].strip() for k in ("id", "text")), rid, "bad context", c):
                ok = False
                continue
            n = len(sentences(c["text"], cfg.SENTENCE_END))
            check(cfg.SENTENCES[0] <= n <= cfg.SENTENCES[1], rid, "passage", c["id"], "has", n, "sentences")
        check(len({c.get("id") for c in ctx if isinstance(c, dict)}) == len(ctx), rid, "context ids repeat")
    if ok:
        frozen = json.dumps(ctx, sort_keys=True, ensure_ascii=False)
        check(domain_contexts.setdefault(r["domain"], frozen) == frozen, rid, "passages differ within domain")
    return bool(ok)


def _check_work(cfg: Any, r: dict, rid: str, sources: set, check) -> None:
    """A row's ``WORK``: every step evaluates, its operands come from the sources, an earlier step or
    ``CONSTANTS``, the answer states every result; a faulty row's ``CORRECT`` holds and differs where it should."""
    work = cfg.WORK[rid]
    try:
        steps = [eval_step(s, cfg.CURRENCY) for s in steps_of(work)]
    except (ValueError, SyntaxError, TypeError, ZeroDivisionError) as exc:
        check(False, rid, "cannot evaluate WORK:", exc)
        return
    fault = r.get("fault")
    results: list = []
    for text, (kind, _computed, stated, operands, start) in zip(steps_of(work), steps):
        if fault != "added-fact":
            for op in operands:
                check(op in sources or op in cfg.CONSTANTS or op in results, rid, "operand", op,
                      "is not in the passages, the question, an earlier step or CONSTANTS:", repr(text))
        if start is not None:
            check(day_month(start) in r["question"], rid, "start date not in the question:", repr(text))
        check(in_text(kind, stated, r["answer"]), rid, "answer does not state the result of", repr(text))
        results.append(stated if kind == "number" else None)
    if fault != "added-fact" and hasattr(cfg, "answer_check"):
        cfg.answer_check(r, rid, steps, results, sources, check)
    truth = [(k, c == s) for k, c, s, _, _ in steps]
    if fault == "arithmetic":
        check(any(k == "number" and not t for k, t in truth), rid, "arithmetic row with no false numeric step")
    elif fault == "date":
        check(any(k == "date" for k, _ in truth), rid, "date row with no date step")
        check(all(t for k, t in truth if k == "number"), rid, "date row with a false numeric step")
    else:
        check(all(t for _, t in truth), rid, "WORK does not hold:", repr(work))
    if r["expect"] == "unsupported":
        if check(rid in cfg.CORRECT, rid, "unsupported row without a CORRECT entry") and \
                not cfg.CORRECT[rid].startswith("note:"):
            right = [eval_step(s, cfg.CURRENCY) for s in steps_of(cfg.CORRECT[rid])]
            check(all(c == s for _, c, s, _, _ in right), rid, "CORRECT computation does not hold")
            if fault == "added-fact":
                check(right[-1][2] == steps[-1][2] or right[-1][2] in numbers_in(r["answer"]), rid,
                      "added-fact row: the right result should still be in the answer")
            else:
                check(right[-1][2] != steps[-1][2], rid, "the right result equals the answer's result")
    else:
        check(rid not in cfg.CORRECT, rid, "faithful row in CORRECT")
