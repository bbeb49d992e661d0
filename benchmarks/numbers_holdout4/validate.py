"""Structural and arithmetic check of numbers_holdout4.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/numbers_holdout3/validate.py (self-contained, like that one), with the same design: 4
domains, 9 faithful rows per domain and 5 or 6 unsupported and 1 or 2 refusal rows (36 / 22 / 6 in all), passages of
3 to 6 sentences, and a check that no domain repeats one of the earlier sets (shapes_dev.jsonl, numbers_holdout2,
numbers_holdout3). The data file carries only the fields of the set (`id`, `domain`, `question`, `contexts`,
`answer`, `expect`, `shape`, `fault`); the computations live here, in WORK (the computation each answer makes, one
or more steps separated by "; ") and CORRECT (the right computation for each unsupported row, or a "note:" where the
fault is not a number). Do not show this file to a checker.

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
DATA = os.path.join(HERE, "numbers_holdout4.jsonl")
PREFIX = "nh4"
EXPECT_ORDER = ["faithful", "unsupported", "refusal"]
PER_DOMAIN = {"faithful": (9, 9), "unsupported": (5, 6), "refusal": (1, 2)}  # (min, max) rows per domain
TOTALS = {"faithful": 36, "unsupported": 22, "refusal": 6}
N_DOMAINS = 4
N_PASSAGES = 3
SENTENCES = (3, 6)
# domains of shapes_dev.jsonl, numbers_holdout2 and numbers_holdout3 (this set must use new ones)
OLD_DOMAINS = ("veterinary", "parcel", "concert", "cargo", "pottery", "holiday park", "instrument", "sauna",
               "bike repair", "language school", "pet sitting", "boat hire")
MIN_PER_FAULT = 3
MIN_PER_SHAPE = 5
CONSTANTS = {Fraction(n) for n in (1, 2, 7, 12, 24, 60, 100, 1000)}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(])")
CURRENCY = re.compile(r"[A-Z]{1,3}\$|NOK|EUR|SGD|USD|[€£$]")

# id -> the computation the answer makes (every faithful and unsupported row)
WORK = {
    'nh4-002': '60 + 40 = 100; 100 − 100 × 20% = 80; 10 × 80 = 800',
    'nh4-003': '3 × 2 × 490 = 2940',
    'nh4-004': '3 × 595 = 1785',
    'nh4-005': '6 × 100 = 600',
    'nh4-006': '2027-09-03 + 30 days = 2027-10-02',
    'nh4-007': '1500 + 900 = 2500',
    'nh4-008': '8 × 150 = 1200; 1200 × 15% = 180; 1200 − 180 = 1020',
    'nh4-009': '2 × 150 = 300; 3 × 60 = 180; 300 + 180 + 180 = 660; 660 + 25 = 685',
    'nh4-010': '1600 × 10% = 160; 1600 − 160 = 1440',
    'nh4-011': '12 × 180 = 2160; 12 − 10 = 2; 2 × 180 = 360; 1500 + 360 = 1860; 2160 − 1860 = 300',
    'nh4-012': '6 × 250 = 1500; max(1500, 2000) = 2000',
    'nh4-013': '10 × 180 = 1800; 1800 × 15% = 270; 1800 − 270 = 1530; '
               '10 × 60 = 600; 1530 + 600 = 2130; 2130 ÷ 10 = 213',
    'nh4-014': '110 − 40 = 70; 2 × 70 = 140',
    'nh4-015': '2027-06-12 − 21 days = 2027-05-22',
    'nh4-016': '2 × 180 = 360; 3 × 60 = 180; 2 × 40 = 80; 360 + 110 + 180 + 80 = 730',
    'nh4-017': '200 × 0.10 = 20',
    'nh4-018': '3 × 69 = 207; 207 + 24 = 231; 231 ÷ 4 = 57.75',
    'nh4-019': '1000 ÷ 250 = 4; 4 × 35 = 140',
    'nh4-020': '0.4 × 18 = 7.20; max(7.20, 12) = 12',
    'nh4-021': '2 × 120 = 240; 240 × 0.45 = 108; 2 × 3.50 = 7; 108 + 7 + 9.50 = 124.50',
    'nh4-022': '2 × 29 = 58; 1 × 3.50 = 3.50; 400 × 0.10 = 40; 58 + 3.50 + 40 = 111.50',
    'nh4-023': '50 × 0.45 = 22.50',
    'nh4-024': '800 × 0.10 = 80; 80 × 20% = 16; 80 − 16 = 64',
    'nh4-025': '2027-03-08 − 5 days = 2027-03-03',
    'nh4-026': '300 × 0.45 = 135; 135 + 3.50 = 138.50; 138.50 × 10% = 13.85; 138.50 − 13.85 = 124.65',
    'nh4-027': '2027-05-10 + 30 days = 2027-06-09',
    'nh4-028': '0.25 × 24 = 6; 3 × 6 = 18',
    'nh4-029': '4 × 18 = 72; 72 × 15% = 10.80; 72 − 10.80 = 61.20; 61.20 + 25 = 86.20; 86.20 − 72 = 14.20',
    'nh4-031': '2 × 24 = 48; 48 × 50% = 24; 48 + 24 = 72; 2 × 15 = 30; 72 + 30 = 102',
    'nh4-032': '600 × 0.10 = 60; 60 − 60 × 20% = 48; 48 − 48 × 10% = 43.20; 60 − 43.20 = 16.80',
    'nh4-033': '2027-07-05 + 30 days = 2027-08-05',
    'nh4-035': '4 × 50 = 200; 3 × 200 = 600',
    'nh4-036': '2027-03-10 + 60 days = 2027-05-09',
    'nh4-038': '4 × 5 × 13 = 260; 260 × 25% = 65; 65 − 20 = 45',
    'nh4-039': '45 ÷ 15 = 3; 3 × 25 = 75',
    'nh4-040': '11 × 13 = 143; 50 × 0.40 = 20; 143 + 20 = 163',
    'nh4-041': '4 × 9 = 36; 60 × 0.40 = 24; 36 + 24 + 5 = 65',
    'nh4-042': '3 × 9 = 27; 30 × 0.40 = 12; 27 + 12 + 15 = 54; 54 + 3 = 57',
    'nh4-043': '9 + 2 = 11; 12 × 11 = 132; min(132, 85) = 85; 200 × 0.40 = 80; 85 + 80 = 165',
    'nh4-044': '6 × 13 = 78; 78 × 25% = 19.50; 78 − 19.50 = 58.50; 100 × 0.40 = 40; 58.50 + 40 = 98.50',
    'nh4-045': '6 × 9 = 54; 90 × 0.40 = 32; 54 + 32 = 86; 86 ÷ 2 = 43',
    'nh4-046': '9 + 2 = 11; 10 × 11 = 110; min(110, 85) = 85; 140 × 0.40 = 56; 85 + 56 = 141; 141 ÷ 3 = 47',
    'nh4-047': '6 × 9 = 54; 54 × 50% = 27',
    'nh4-048': '5 × 9 = 45; 80 × 0.40 = 32; 45 + 32 = 77; 77 × 15% = 11.55; 77 − 11.55 = 65.45',
    'nh4-050': '45 + 12 + 18 = 75',
    'nh4-051': '45 × 10% = 4.50; 45 − 4.50 = 40.50',
    'nh4-052': '2027-08-31 − 10 days = 2027-08-21',
    'nh4-053': '85 + 12 + 10 = 107; 107 + 5 = 112',
    'nh4-054': '12 × 150 = 1800; 1800 × 15% = 270; 1800 − 270 = 1530; 12 × 22 = 264; 1530 + 264 = 1794',
    'nh4-055': '85 + 85 × 20% = 102; 102 × 10% = 10.20; 102 − 10.20 = 91.80',
    'nh4-056': '5 − 3 = 2; 2 × 15 = 30',
    'nh4-057': '85 × 50% = 42.50; 6 − 1 = 5; 5 × 85 = 425; 42.50 + 425 = 467.50; '
               '6 × 85 = 510; 510 × 10% = 51; 510 − 51 = 459; 467.50 − 459 = 8.50',
    'nh4-058': '12 × 150 = 1800; 1800 − 1800 × 10% = 1620; 1800 − 1620 = 180',
    'nh4-059': '85 × 50% = 42.50; 42.50 + 12 = 54.50',
    'nh4-060': '45 × 10% = 4.50; 45 − 4.50 = 40.50; 40.50 + 22 = 62.50',
    'nh4-061': '6 × 45 = 270; 270 × 10% = 27; 270 − 27 = 243; 6 × 12 = 72; 243 + 72 + 18 = 323',
    'nh4-062': '2027-03-01 + 5 days = 2027-03-06',
    'nh4-064': '150 × 20% = 30; 150 + 30 = 180; 180 + 12 = 192; 192 ÷ 3 = 64',
}
# unsupported id -> the right computation (its final result must differ), or a note
CORRECT = {
    'nh4-003': '3 × 490 = 1470',
    'nh4-005': '4 × 100 + (6 − 4) × 180 = 760',
    'nh4-006': '2027-09-03 + 30 days = 2027-10-03',
    'nh4-007': '1500 + 900 = 2400',
    'nh4-008': 'min(8 × 150, 8 × 180 − 8 × 180 × 15%) = 1200',
    'nh4-009': '300 + 180 + 180 = 660',
    'nh4-017': '2 × 200 × 0.10 = 40',
    'nh4-022': '58 + 3.50 + 40 = 101.50',
    'nh4-023': '50 × 2 × 0.45 = 45',
    'nh4-027': '2027-05-14 + 30 days = 2027-06-13',
    'nh4-028': '3 × max(0.25 × 24, 12) = 36',
    'nh4-032': '60 − 60 × 20% = 48; 60 − 48 = 12',
    'nh4-033': '2027-07-05 + 30 days = 2027-08-04',
    'nh4-035': '3 × 50 = 150',
    'nh4-040': 'min(11 × 13, 120) + 50 × 0.40 = 140',
    'nh4-042': '27 + 12 + 15 = 54',
    'nh4-045': '54 + 90 × 0.40 = 90; 90 ÷ 2 = 45',
    'nh4-053': '85 + 12 + 10 = 107',
    'nh4-055': '85 + 85 × 20% = 102',
    'nh4-058': '1800 × 15% = 270',
    'nh4-060': '40.50 + 12 = 52.50',
    'nh4-061': '243 + 72 + 18 = 333',
}


# the checks every worked-number set shares, and its exact arithmetic (benchmarks/worked_numbers.py)
sys.path.insert(0, os.path.dirname(HERE))
from worked_numbers import validate  # noqa: E402


def main():
    return validate(sys.modules[__name__])


if __name__ == "__main__":
    sys.exit(main())
