"""Structural and arithmetic check of numbers_holdout2.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/numbers_holdout/validate.py, but self-contained. The data file carries only the fields of
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
DATA = os.path.join(HERE, "numbers_holdout2.jsonl")
PREFIX = "nh2"
PER_DOMAIN = {"faithful": 8, "unsupported": 5, "refusal": 1}
N_DOMAINS = 5
N_PASSAGES = 3
SENTENCES = (5, 6)
MIN_PER_FAULT = 3
MIN_PER_SHAPE = 5
CONSTANTS = {Fraction(n) for n in (1, 2, 7, 12, 24, 60, 100, 1000)}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(])")
CURRENCY = re.compile(r"[A-Z]{2,3}\$|DKK|GBP|NZD|CAD|EUR|[€£$]")

# id -> the computation the answer makes (every faithful and unsupported row)
WORK = {
    'nh2-001': '6 − 4 = 2; 2 × 45 = 90',
    'nh2-002': '2 × 45 = 90',
    'nh2-003': '380 − 380 × 15% = 323',
    'nh2-004': '10 × 210 = 2100; 2100 × 15% = 315; 2100 − 315 = 1785',
    'nh2-005': '17 − 9 = 8; 8 × 45 = 360; min(360, 300) = 300',
    'nh2-006': '2 × 7 × 210 = 2940; 2940 ÷ 4 = 735',
    'nh2-007': '6 × 380 = 2280; 7 × 210 = 1470; 2280 − 1470 = 810',
    'nh2-008': '4 × 300 = 1200; 1200 − 1200 × 10% = 1090',
    'nh2-009': '18 − 9 = 9; 9 × 60 = 540',
    'nh2-011': '1 × 75 = 75',
    'nh2-012': '4 × 45 = 180; 180 − 99 = 81',
    'nh2-013': '3 × 50 = 150; 150 + 30 = 180',
    'nh2-014': '3 × 60 = 180; 180 + 25 + 40 = 245',
    'nh2-015': '210 × 20% = 42; 210 − 42 = 168',
    'nh2-016': '210 × 20% = 42; 210 − 42 = 168',
    'nh2-017': '2 × 2 = 4',
    'nh2-018': '5 × 15 = 75',
    'nh2-019': '2027-01-20 + 60 days = 2027-03-21',
    'nh2-020': '4 × 18 = 72; 5 × 16 = 80; 80 − 72 = 8',
    'nh2-021': '30 − 24 = 6; 6 × 6 = 36; 85 + 36 = 121',
    'nh2-022': '11 − 8 = 3; 3 × 4 = 12',
    'nh2-023': '3 × 18 = 54; 54 + 20 + 20 = 94',
    'nh2-024': '2 × 20 = 40',
    'nh2-025': '4 × 32 = 128; 128 + 18 = 146; 146 ÷ 4 = 36.50',
    'nh2-026': '90 − 85 = 5',
    'nh2-028': '2027-05-10 − 14 days = 2027-04-27',
    'nh2-029': '3 × 130 = 390; 2 × 20 × 3 = 120; 4 × 15 = 60; 390 + 120 + 60 = 570; 570 ÷ 4 = 142.50',
    'nh2-030': '8 − 1 = 7; 2 × 24 = 48; 7 × 48 = 336',
    'nh2-032': '2 × 130 = 260',
    'nh2-033': '4 × 15 = 60',
    'nh2-034': '3 × 24 + 12 = 84; 4 × 84 = 336; 336 ÷ 2 = 158',
    'nh2-035': '2 × 18 × 3 = 108; 12 × 3 = 36; 108 + 36 = 144',
    'nh2-036': '2 × 50 = 100; 100 ÷ 2 = 50',
    'nh2-037': '5 × 2 = 10',
    'nh2-038': '2027-03-03 − 7 days = 2027-02-24',
    'nh2-039': '5 × 130 = 650; 650 × 10% = 65; 65 − 35 = 30',
    'nh2-040': '3 × 95 = 285; 285 × 10% = 28.50; 285 − 28.50 = 256.50',
    'nh2-041': '2 × 24 × 3 = 144; 12 × 3 = 36; 144 + 36 = 180',
    'nh2-042': 'max(18, 40) = 40; 2 × 40 = 80',
    'nh2-043': '25 − 5 = 20; 35 − 5 = 30; 20 + 30 = 50',
    'nh2-044': '24 × 25 = 600; 600 ÷ 2 = 300; 420 − 300 = 120',
    'nh2-045': '2.5 × 60 = 150; 4 × 6 = 24; 24 + 50 = 74; 150 − 74 = 76',
    'nh2-046': '8 × 35 = 280; 280 ÷ 2 = 140; 650 − 140 = 510',
    'nh2-047': '10 × 45 = 450; 450 − 450 × 10% = 405; 450 − 405 = 55',
    'nh2-048': '2027-04-20 + 14 days = 2027-05-04',
    'nh2-050': '4 × 45 = 180; 180 + 40 = 220; 220 ÷ 4 = 55',
    'nh2-051': '2027-05-31 + 14 days = 2027-06-14',
    'nh2-052': '2 × 35 = 70; 70 + 40 = 110',
    'nh2-053': '45 + 40 + 6 = 91',
    'nh2-054': '5 × 6 = 30',
    'nh2-055': '6 × 35 = 210; 210 ÷ 2 = 105; 420 − 105 = 315',
    'nh2-056': '10 × 25 = 250; 250 × 10% = 25; 250 − 25 = 225; 225 + 40 = 265',
    'nh2-057': '3 × 120 = 360; 8 × 18 = 144; 360 + 144 = 504; 504 ÷ 8 = 63',
    'nh2-059': '10 × 16 = 160; 160 − 130 = 30',
    'nh2-060': '4 × 3 = 12; 16 + 12 + 7 = 35',
    'nh2-061': '3 × 120 = 360; 7 × 18 = 126; 360 + 126 = 476',
    'nh2-062': '2 × 95 = 190',
    'nh2-063': '16 − 12 = 4',
    'nh2-064': '2027-04-15 + 180 days = 2027-10-12',
    'nh2-065': '2027-03-01 + 180 days = 2027-08-28',
    'nh2-066': '6 × 10 = 60; 6 × 16 = 96; 96 − 60 = 36',
    'nh2-067': '16 + 2 × 3 = 22',
    'nh2-068': '65 × 15% = 9.75; 65 − 9.75 = 55.25',
    'nh2-069': '12 × 69 = 828; 828 − 690 = 138',
    'nh2-070': '2 × 16 = 32; 3 × 4 = 12; 32 + 8 + 12 = 52',
}
# unsupported id -> the right computation (its final result must differ), or a note
CORRECT = {
    'nh2-004': '10 × 210 = 2100',
    'nh2-008': '1200 − 1200 × 10% = 1080',
    'nh2-009': 'min(9 × 60, 380) = 380',
    'nh2-011': '2 × 75 = 150',
    'nh2-013': '3 × 50 = 150',
    'nh2-015': '210 − 0 = 210',
    'nh2-017': '3 × 2 × 2 = 12',
    'nh2-018': '3 × 15 = 45',
    'nh2-024': '2 × 12 = 24',
    'nh2-028': '2027-05-10 − 14 days = 2027-04-26',
    'nh2-032': '2 × 95 = 190',
    'nh2-034': '336 ÷ 2 = 168',
    'nh2-035': '108 + 9 × 3 = 135',
    'nh2-036': '2 × 3 × 50 = 300; 300 ÷ 2 = 150',
    'nh2-037': 'note: dogs are not allowed in cabins',
    'nh2-047': '450 − 405 = 45',
    'nh2-048': '2027-04-30 + 14 days = 2027-05-14',
    'nh2-052': '3 × 35 + 40 = 145',
    'nh2-054': 'note: the passages say nothing about loss or theft',
    'nh2-055': '650 − 105 = 545',
    'nh2-060': '16 + 4 × 3 + 7 = 35',
    'nh2-061': '360 + 126 = 486',
    'nh2-063': '16 − 0 = 16',
    'nh2-065': '2027-03-20 + 180 days = 2027-09-16',
    'nh2-066': '4 × 10 + 2 × 16 = 72; 96 − 72 = 24',
}


# the checks every worked-number set shares, and its exact arithmetic (benchmarks/worked_numbers.py)
sys.path.insert(0, os.path.dirname(HERE))
from worked_numbers import validate  # noqa: E402


def main():
    return validate(sys.modules[__name__])


if __name__ == "__main__":
    sys.exit(main())
