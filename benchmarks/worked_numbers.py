"""The exact arithmetic the worked-number sets' validators re-check (numbers_holdout2-5, numbers_dev2).

Each set's ``validate.py`` keeps its own data tables (``WORK``: the steps of every answer, ``CORRECT``: the right
result of every wrong one) and its own currency pattern; the evaluation of a step is the same everywhere and lives
here, written once. Standard library only, like the validators.

A step is ``"2 × 79 = 158"`` (exact, in fractions: ``%`` is a hundredth, ``max`` / ``min`` / ``ceil`` allowed) or a
date step ``"2027-03-01 + 14 days = 2027-03-15"``.
"""

from __future__ import annotations

import datetime
import math
import re
from fractions import Fraction

NUM = r"\d[\d,]*(?:\.\d+)?"
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
