"""Structural and arithmetic check of numbers_holdout3.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/numbers_holdout2/validate.py (self-contained, like that one): 4 domains instead of 5, 9
faithful rows per domain and 5 or 6 unsupported and 1 or 2 refusal rows (36 / 22 / 6 in all), passages of 3 to 6
sentences, more currency symbols, and a check that no domain repeats one of the earlier sets. The data file
carries only the fields of
the set (`id`, `domain`, `question`, `contexts`, `answer`, `expect`, `shape`, `fault`); the computations live here,
in WORK (the computation each answer makes, one or more steps separated by "; ") and CORRECT (the right computation
for each unsupported row, or a "note:" where the fault is not a number). Do not show this file to a checker.

A step is `EXPRESSION = RESULT` (numbers, + − × ÷, parentheses, N%, max(), min()) or
`YYYY-MM-DD ± N days = YYYY-MM-DD`. Steps are evaluated exactly (Fraction arithmetic). They must all hold in
faithful rows and in unsupported rows whose fault is not "arithmetic" or "date"; an "arithmetic" row needs a false
numeric step; a "date" row needs a date result that differs from CORRECT's (a false step, or the right sum counted
from the wrong event). Every step's result must appear in the answer, and every operand must come from the passages,
the question, an earlier step or a small set of unit constants (not checked in added-fact rows, whose extra number
is made up on purpose). A date step's start date must appear in the question.
"""
import os
import re
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "numbers_holdout3.jsonl")
PREFIX = "nh3"
EXPECT_ORDER = ["faithful", "unsupported", "refusal"]
PER_DOMAIN = {"faithful": (9, 9), "unsupported": (5, 6), "refusal": (1, 2)}  # (min, max) rows per domain
TOTALS = {"faithful": 36, "unsupported": 22, "refusal": 6}
N_DOMAINS = 4
N_PASSAGES = 3
SENTENCES = (3, 6)
# domains of shapes_dev.jsonl and numbers_holdout2 (this set must use new ones)
OLD_DOMAINS = ("veterinary", "parcel", "concert", "cargo", "pottery", "holiday park", "instrument", "sauna")
MIN_PER_FAULT = 3
MIN_PER_SHAPE = 5
CONSTANTS = {Fraction(n) for n in (1, 2, 7, 12, 24, 60, 100, 1000)}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(])")
CURRENCY = re.compile(r"[A-Z]{1,3}\$|CHF|SEK|AUD|GBP|[€£$]")

# id -> the computation the answer makes (every faithful and unsupported row)
WORK = {
    'nh3-001': '2027-06-03 + 10 days = 2027-06-13',
    'nh3-002': '159 × 15% = 23.85; 159 − 23.85 = 135.15',
    'nh3-003': '75 + 30 = 105',
    'nh3-004': '2 × 18 = 36; 2 × 9 = 18; 159 + 39 + 36 + 18 = 242',
    'nh3-005': '4 × 18 = 72; 3 × 9 = 27; 72 + 27 = 99; 99 ÷ 3 = 33',
    'nh3-006': '89 − 75 = 14; 2 × 14 = 28; 60 − 28 = 32',
    'nh3-007': '5 × 15 = 75',
    'nh3-008': '96 × 30 ÷ 60 = 48',
    'nh3-009': '30 − 14 = 16',
    'nh3-010': '2 × 14 = 28',
    'nh3-011': '159 − 89 = 70',
    'nh3-013': '2 × 24 + 39 = 87; 87 − 87 × 15% = 73.95',
    'nh3-014': '14 × 5 = 70; 2 × 70 = 140',
    'nh3-015': '2027-04-20 + 10 days = 2027-04-30',
    'nh3-016': '2 × 24 = 48; 159 + 30 + 48 = 237',
    'nh3-018': '4200 − 4200 × 20% = 3360; 2 × 3360 = 6720; 6720 − 600 = 6120',
    'nh3-019': '24 − 15 + 10 = 19',
    'nh3-020': '10 × 650 = 6500; 6500 − 5800 = 700',
    'nh3-021': '4200 + 395 = 4595; 4595 + 250 = 4845',
    'nh3-022': '5 × 650 = 3250',
    'nh3-023': '2027-04-19 − 14 days = 2027-04-05',
    'nh3-024': '2027-08-30 − 21 days = 2027-08-09; 4200 × 50% = 2100',
    'nh3-025': '5800 ÷ 2 = 2900; 5800 ÷ 10 = 580',
    'nh3-026': '4200 × 10% = 420; 4200 − 420 = 3780; 3780 + 395 = 4175',
    'nh3-027': '2600 + 395 = 2995',
    'nh3-028': '2027-01-18 − 21 days = 2026-12-29',
    'nh3-029': '3 × 2600 = 7800; 7800 + 395 = 8195',
    'nh3-030': '4200 × 20% = 840; 4200 − 840 = 3360',
    'nh3-031': '3 × 650 = 1950; 1950 + 395 = 2345',
    'nh3-032': '4200 − 4200 × 10% = 3780; 6 × 3780 = 22680',
    'nh3-033': '2027-02-22 + 14 days = 2027-03-08',
    'nh3-034': '2 × 6 × 35 = 420; 420 ÷ 2 = 205',
    'nh3-035': '28 + 10 = 38',
    'nh3-036': '7 × 95 = 665; 665 × 10% = 66.50; 665 − 66.50 = 598.50; 598.50 + 15 = 613.50',
    'nh3-037': '4 × 55 = 220; 4 × 95 = 380; 380 − 220 = 160',
    'nh3-038': '32 + 12 = 44; 10 × 44 = 440; 440 ÷ 2 = 220',
    'nh3-039': '28 + 6 = 34; 5 × 34 = 170',
    'nh3-040': '1 × 35 = 35',
    'nh3-041': '3 × 95 = 285; 285 × 50% = 142.50',
    'nh3-042': '8 × 95 = 760; 760 × 10% = 76; 760 − 76 = 684',
    'nh3-044': '2027-05-02 + 90 days = 2027-07-31',
    'nh3-045': '2 × 3 = 6; 6 × 32 = 192',
    'nh3-046': '5 × 35 = 175',
    'nh3-048': '45 × 50% = 22.50; 45 + 22.50 = 67.50',
    'nh3-049': '5 × 55 = 275; 5 × 10 = 50; 275 + 50 = 325',
    'nh3-050': '4 × 30 = 120; 120 − 120 × 10% = 108',
    'nh3-051': '6 × 38 = 228; 228 − 210 = 18',
    'nh3-052': '55 + 5 = 60; 4 × 60 = 240; 300 − 240 = 50',
    'nh3-053': '2 × 300 = 600; 600 − 20 = 580; 580 ÷ 10 = 58',
    'nh3-054': '14 + 5 = 19; 2 × 19 = 38; 2 × 8 = 16; 38 + 16 = 54',
    'nh3-055': '2027-08-20 − 7 days = 2027-08-13; 210 × 50% = 105; 210 − 105 − 15 = 90',
    'nh3-057': '2 × 100 = 200; 2 × 3 × 38 = 218; 218 + 10 = 228',
    'nh3-058': '5 × 30 = 150; 5 × 38 = 190; 190 − 150 = 40',
    'nh3-059': '4 × 3 × 38 = 456; 4 × 3 × 30 = 360; 456 − 360 = 96; 96 − 45 = 51',
    'nh3-060': '2027-06-05 − 7 days = 2027-05-29',
    'nh3-061': '38 + 5 = 43; 3 × 43 = 129; 2 × 10 = 20; 129 + 20 = 149',
    'nh3-062': '4 × 55 = 220; 220 × 10% = 22; 220 − 22 = 198',
    'nh3-063': '2 × 38 = 76',
}
# unsupported id -> the right computation (its final result must differ), or a note
CORRECT = {
    'nh3-004': '159 + 39 + 36 + 18 = 252',
    'nh3-007': 'min(5 × 15, 60) = 60',
    'nh3-010': '2 × 14 × 4 = 112',
    'nh3-011': '159 − 75 = 84',
    'nh3-013': '2 × 24 + 39 = 87',
    'nh3-015': '2027-04-26 + 10 days = 2027-05-06',
    'nh3-018': '2 × 3360 = 6720',
    'nh3-021': '4200 + 395 = 4595',
    'nh3-022': '5 × 90 ÷ 60 × 650 = 4875',
    'nh3-026': '4200 − 4200 × 20% = 3360; 3360 + 395 = 3755',
    'nh3-027': '2 × 2600 + 395 = 5595',
    'nh3-028': '2027-01-18 − 21 days = 2026-12-28',
    'nh3-034': '420 ÷ 2 = 210',
    'nh3-036': '665 − 66.50 = 598.50',
    'nh3-040': '2 × 35 = 70',
    'nh3-044': '2027-05-10 + 90 days = 2027-08-08',
    'nh3-046': '5 × 55 = 275',
    'nh3-049': '275 + 10 = 285',
    'nh3-050': '4 × 30 = 120',
    'nh3-052': '300 − 240 = 60',
    'nh3-055': '210 − 210 × 50% = 105',
    'nh3-057': '2 × 3 × 38 = 228; 228 + 10 = 238',
}


# the checks every worked-number set shares, and its exact arithmetic (benchmarks/worked_numbers.py)
sys.path.insert(0, os.path.dirname(HERE))
from worked_numbers import validate  # noqa: E402


def main():
    return validate(sys.modules[__name__])


if __name__ == "__main__":
    sys.exit(main())
