"""Structural and arithmetic check of clauses_dev.jsonl: clauses_holdout's checks (the same recipe, shapes, faults
and counts; ``benchmarks/clauses_holdout/validate.py``, python3 standard library and benchmarks/blind_set_checks.py)
run with this set's file, id prefix and arithmetic. Usage: python3 validate.py [path/to/file.jsonl]; exits 1 on any
problem."""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_SPEC = importlib.util.spec_from_file_location(
    "clauses_holdout_checks", os.path.join(os.path.dirname(HERE), "clauses_holdout", "validate.py"))
checks = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(checks)

# id -> list of (computed value, text that must appear in the answer, does the answer state it correctly?)
# The computations use only numbers from the passages or the question. The text's first number is compared.
ARITH = {
    # zoo (UGX)
    # 2 adults, children aged 7 and 10, a 2-year-old free, online at least a day ahead (10% off), not a holiday
    "cd-001": [(2 * 40000, "= UGX 80,000", True), (2 * 20000, "= UGX 40,000", True),
               (2 * 40000 + 2 * 20000, "**Subtotal:** UGX 120,000", True),
               ((2 * 40000 + 2 * 20000) * 0.10, "\u2212UGX 12,000", True),
               ((2 * 40000 + 2 * 20000) * (1 - 0.10), "**Total: UGX 108,000**", True)],
    # 5 adult gate tickets against the UGX 150,000 Annual Pass
    "cd-006": [(5 * 40000, "= UGX 200,000", True), (5 * 40000 - 150000, "saves you UGX 50,000", True)],
    # Night Safari: an adult and a child at half the adult price
    "cd-013": [(50000 / 2, "is UGX 25,000", True), (50000 + 50000 / 2, "pay UGX 75,000", True)],
    # the lines are right, the total is not: 180,000 + 15,000 = 195,000
    "cd-014": [(3 * 60000, "= UGX 180,000", True), (3 * 5000, "= UGX 15,000", True),
               (3 * 60000 + 3 * 5000, "makes UGX 185,000", False)],
    # hair salon (TTD)
    # 3.5 hours of braids at TT$150 an hour, less the TT$100 deposit paid when booking
    "cd-017": [(3.5 * 150, "= TT$525", True), (3.5 * 150 - 100, "leaving TT$425", True)],
    # student 15% off a TT$250 cut and blow-dry on a Tuesday
    "cd-024": [(250 * (1 - 0.15), "TT$212.50 instead", True), (250 * 0.15, "a saving of TT$37.50", True)],
    # go-kart track (MUR)
    # 2 adult 20-minute sessions booked online at least 48 hours ahead (10% off)
    "cd-033": [(2 * 1600, "= MUR 3,200", True), (2 * 1600 * 0.10, "\u2212MUR 320", True),
               (2 * 1600 * (1 - 0.10), "**Total: MUR 2,880**", True)],
    # the product is right, the saving is not: 9,000 - 7,500 = 1,500
    "cd-036": [(10 * 900, "= MUR 9,000", True), (10 * 900 - 7500, "saves you MUR 1,000", False)],
    # birthday party for 9 children, two junior sessions each
    "cd-040": [(9 * 1200, "= MUR 10,800", True), (9 * 2, "makes 18 junior sessions", True)],
    # group race for 12 drivers, 30% deposit, split 12 ways
    "cd-047": [(12 * 1800, "= MUR 21,600", True), (12 * 1800 * 0.30, "is MUR 6,480", True),
               (12 * 1800 * 0.30 / 12, "MUR 540 each", True)],
    # cable car (BOB)
    # 2 adult returns, a child of 9, a child of 3 free on a lap, Sky Walk for the three aged 8 and over
    "cd-049": [(2 * 120, "= BOB 240", True), (3 * 30, "= BOB 90", True),
               (2 * 120 + 60 + 3 * 30, "**Total: BOB 390**", True)],
    # the product is right, the saving is not: 5,400 - 4,500 = 900
    "cd-053": [(12 * 450, "= BOB 5,400", True), (12 * 450 - 4500, "saves you BOB 1,100", False)],
    # a BOB 900 private cabin split between 6
    "cd-056": [(900 / 6, "BOB 150 each", True)],
}

checks.DATA, checks.PREFIX, checks.ARITH = os.path.join(HERE, "clauses_dev.jsonl"), "cd", ARITH

if __name__ == "__main__":
    sys.exit(checks.main(sys.argv))
