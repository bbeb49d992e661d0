"""Arithmetic the claim writes out itself: "€14.70 in total (3 × €3.90)", "96 hours (72 + 24)", "3 × €25 = €75".

Why: the derivation search asks whether a claim's number *can* be computed from the passages, and "€14.70" can
(3 × €4.90, the M-locker price), so "Three parcels from S lockers cost €14.70 in total (3 × €3.90)." passed,
although the claim's own expression gives €11.70. A reader checks the sum the answer shows first. Here an
expression written in the claim (in brackets right after the number it works out, or as ``A op B = C``) is
evaluated, and a result that differs from the number it stands for makes the claim not supported, whatever
the model or the search says. The operands' own support is the numbers stage's business as before.

Only plain expressions are read: numbers (currency signs, unit words and thousands separators allowed), the
operators × x * · + − - – / ÷ and the words plus, minus, times; anything else in the brackets means it is not an
expression (a year, a range "(2–4 days)", an aside), and nothing is checked.
"""

from __future__ import annotations

import ast
import operator
import re
from dataclasses import dataclass
from functools import lru_cache

from faithkit.checkers.numbers.extract import quantities
from faithkit.checkers.numbers.quantity import CURRENCY_CODE_PREFIX, CURRENCY_SIGNS, Quantity

_OPS = {"×": "*", "x": "*", "*": "*", "·": "*", "times": "*", "+": "+", "plus": "+", "−": "-", "-": "-",
        "minus": "-", "/": "/", "÷": "/"}
# a currency before the number: a sign ("€34"), a sign with its country ("CA$34") or a code ("CHF 34")
_CURRENCY = r"(?:" + CURRENCY_CODE_PREFIX + r"|(?:\b[A-Z]{1,2})?" + CURRENCY_SIGNS + r"\s?)"
_NUMBER = _CURRENCY + r"?\d[\d,]*(?:\.\d+)?\s?%?"
_UNIT = r"(?:\s+[a-zA-Z]{1,12})?"
_OP = r"\s*(?:[×x*·+−/÷]|\s(?:plus|minus|times)\s|\s-\s)\s*"
_EXPRESSION = rf"{_NUMBER}{_UNIT}(?:{_OP}{_NUMBER}{_UNIT})+"
_BRACKETED = re.compile(rf"\(\s*(?P<expr>{_EXPRESSION})\s*\)")
_EQUATION = re.compile(rf"(?P<expr>{_EXPRESSION})\s*=\s*(?P<result>{_NUMBER})")
_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}


@dataclass(frozen=True)
class WrittenSum:
    """An expression written in a claim, what it evaluates to, and the number it stands for."""

    expression: str
    value: float
    stated: str
    stated_value: float

    @property
    def agrees(self) -> bool:
        return abs(self.value - self.stated_value) <= max(0.005, 0.005 * abs(self.stated_value))

    @property
    def reason(self) -> str:
        shown = f"{self.value:,.2f}".rstrip("0").rstrip(".")
        return f"the claim writes {self.expression.strip()} = {shown}, but states {self.stated.strip()}"


def _value(expression: str) -> float | None:
    """The value of a plain expression (module docstring), or None when it is not one."""
    text = re.sub(r"(?:\b[A-Z]{1,2})?" + CURRENCY_SIGNS, "", expression)
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    text = re.sub(r"\b[a-zA-Z]{2,12}\b", lambda m: f" {_OPS[m.group(0).lower()]} "
                  if m.group(0).lower() in _OPS else " ", text)
    text = "".join(_OPS.get(ch, ch) for ch in text)
    # a percentage added or taken off is a share of what it follows ("DKK 380 minus 15%" = 380 × 0.85), any other
    # a fraction ("15% × 380")
    text = re.sub(r"([-+])\s*(\d+(?:\.\d+)?)\s*%", r"*(1\g<1>\2/100)", text)
    text = re.sub(r"(\d+(?:\.\d+)?)\s*%", r"(\1/100)", text)
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        return None

    def walk(node: ast.AST) -> float:
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            return _BINARY[type(node.op)](walk(node.left), walk(node.right))
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return float(node.value)
        raise ValueError("not a plain expression")

    try:
        return walk(tree)
    except (ValueError, ZeroDivisionError):
        return None


def is_expression(text: str) -> bool:
    """Whether ``text`` is nothing but a plain expression ("4 × £2.50", "72 hours plus 24")."""
    stripped = text.strip(" ()")
    return bool(re.fullmatch(_EXPRESSION, stripped)) and _value(stripped) is not None


def _plain_value(number: str) -> float:
    return float(re.sub(r"[^\d.]", "", number.replace(",", "")))


def written_sums(claim: str) -> list[WrittenSum]:
    """Every expression the claim writes with the number it stands for: the quantity right before a bracketed
    expression ("€14.70 in total (3 × €3.90)": at most four words between), or the result of ``A op B = C``."""
    out = []
    for match in _EQUATION.finditer(claim):
        value = _value(match.group("expr"))
        if value is not None:
            out.append(WrittenSum(match.group("expr"), value, match.group("result"),
                                  _plain_value(match.group("result"))))
    for match in _BRACKETED.finditer(claim):
        value = _value(match.group("expr"))
        before = [q for q in quantities(claim)
                  if q.end <= match.start() and len(claim[q.end:match.start()].split()) <= 4]
        stated = _stands_for(before, value, match.group("expr")) if value is not None else None
        if stated is not None:
            out.append(WrittenSum(match.group("expr"), value, stated.text, float(stated.value)))
    return out


def _stands_for(before: list[Quantity], value: float, expression: str) -> Quantity | None:
    """The number a bracketed expression works out, among the quantities at most four words before it: one it
    agrees with ("CA$24 for the 4 months (4 × CA$6)": the CA$24, not the 4 months), else the last that is not one
    of its own operands ("two" in "for the two of you (2 × NZ$24)" is the 2 of the expression); None when every
    one is an operand."""
    agreeing = [q for q in before if WrittenSum(expression, value, q.text, float(q.value)).agrees]
    if agreeing:
        return agreeing[-1]
    operands = {_plain_value(m.group(0)) for m in re.finditer(r"\d[\d,]*(?:\.\d+)?", expression)}
    return next((q for q in reversed(before) if float(q.value) not in operands), None)


@lru_cache(maxsize=8192)
def wrong_written_sum(claim: str) -> WrittenSum | None:
    """The first expression written in the claim whose value differs from the number it stands for, or None.
    Memoized: the numbers stage asks it before the inner checker (``settled``) and again after."""
    return next((s for s in written_sums(claim) if not s.agrees), None)


_PLUS_ONLY = re.compile(r"[^×x*·−/÷-]*")  # no operator but "+" (and "plus") between the numbers
_OPERAND = re.compile(r"\d[\d,]*(?:\.\d+)?")


def shown_totals(claim: str, least: int = 4) -> list[tuple[tuple[int, int], tuple[tuple[int, int], ...]]]:
    """The totals a claim adds up in writing, as (the result's span, each operand's span), for every correct
    ``a + b + c + d = e`` of at least ``least`` operands: a receipt's "Total: JOD 95 + JOD 130 + JOD 30 + JOD 150
    = JOD 405". Why: the derivation search stops at three operands, so a total of four items was a number no
    passage states, although the answer shows every step; the reader checks such a sum by adding it up. Whether
    each operand is grounded is the caller's business."""
    out = []
    for match in _EQUATION.finditer(claim):
        expression = match.group("expr")
        if not _PLUS_ONLY.fullmatch(re.sub(r"\bplus\b", "+", expression)):
            continue
        value = _value(expression)
        if value is None or not WrittenSum(expression, value, match.group("result"),
                                           _plain_value(match.group("result"))).agrees:
            continue
        operands = tuple((match.start("expr") + m.start(), match.start("expr") + m.end())
                         for m in _OPERAND.finditer(expression))
        if len(operands) >= least:
            result = _OPERAND.search(match.group("result"))
            if result is not None:
                out.append(((match.start("result") + result.start(), match.start("result") + result.end()),
                            operands))
    return out

