"""Structural and arithmetic check of numbers_holdout5.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/numbers_holdout4/validate.py (self-contained, like that one), with the same design: 4
domains, 9 faithful rows per domain and 5 or 6 unsupported and 1 or 2 refusal rows (36 / 22 / 6 in all), passages of
4 to 6 sentences, and a check that no domain repeats one of the earlier sets (shapes_dev.jsonl, numbers_dev,
numbers_holdout2 to numbers_holdout4, shapes_dev2, shapes_holdout2 to shapes_holdout5, as far as their READMEs show).
The data file carries only the fields of the set (`id`, `domain`, `question`, `contexts`, `answer`, `expect`,
`shape`, `fault`); the computations live here, in WORK (the computation each answer makes, one or more steps
separated by "; ") and CORRECT (the right computation for each unsupported row, or a "note:" where the fault is not a
number). Do not show this file to a checker.

A step is `EXPRESSION = RESULT` (numbers, + − × ÷, parentheses, N%, max(), min()) or
`YYYY-MM-DD ± N days = YYYY-MM-DD`. Steps are evaluated exactly (Fraction arithmetic). They must all hold in
faithful rows and in unsupported rows whose fault is not "arithmetic" or "date"; an "arithmetic" row needs a false
numeric step; a "date" row needs a date result that differs from CORRECT's (a false step, or the right sum counted
from the wrong event). Every step's result must appear in the answer, and every operand must come from the passages,
the question, an earlier step or a small set of unit constants (not checked in added-fact rows, whose extra number
is made up on purpose). A date step's start date must appear in the question. New here: every number written in a
faithful or unsupported answer (other than an added-fact one) must likewise come from the passages, the question,
a step's result (a date result gives its day of the month) or the unit constants, and every date written in an
answer must be the question's or a step's.
"""
import os
import re
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "numbers_holdout5.jsonl")
PREFIX = "nh5"
EXPECT_ORDER = ["faithful", "unsupported", "refusal"]
PER_DOMAIN = {"faithful": (9, 9), "unsupported": (5, 6), "refusal": (1, 2)}  # (min, max) rows per domain
TOTALS = {"faithful": 36, "unsupported": 22, "refusal": 6}
N_DOMAINS = 4
N_PASSAGES = 3
SENTENCES = (4, 6)
# domains of shapes_dev.jsonl and of the earlier sets whose READMEs were read (this set must use new ones)
OLD_DOMAINS = ("veterinary", "parcel", "concert", "cargo", "pottery", "holiday park", "instrument", "sauna",
               "bike repair", "language", "pet sitting", "boat hire", "climbing", "print", "car sharing", "storage",
               "campsite", "translation", "esim", "ski", "ferry", "insurance", "water", "dental", "grocery",
               "balloon", "bouldering", "photo", "co-living", "tool library", "van", "hostel", "music", "yoga")
MIN_PER_FAULT = 3
MIN_PER_SHAPE = 5
CONSTANTS = {Fraction(n) for n in (1, 2, 7, 12, 24, 60, 100, 1000)}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(])")
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
DATE_TEXT = re.compile(rf"\b(\d{{1,2}}) ({MONTHS}) (\d{{4}})\b")
CURRENCY = re.compile(r"PLN|ZAR|MXN|HUF|[€£$]")

# id -> the computation the answer makes (every faithful and unsupported row)
WORK = {
    'nh5-001': '3 × 45 = 135; 135 − 135 × 15% = 114.75; 135 − 135 × 10% = 121.50',
    'nh5-002': '9 × 14 = 126; 3 × 65 = 195; 126 + 195 = 321; 321 ÷ 3 = 107',
    'nh5-003': '2 × 12 = 24; 24 × 79 = 1896; 1896 − 1896 × 15% = 1611.60; 1611.60 + 40 = 1651.60; '
               '1896 − 1651.60 = 244.40',
    'nh5-004': '10 × 79 = 790; 2027-05-24 + 7 days = 2027-05-31',
    'nh5-005': '79 × 50% = 39.50; 79 + 39.50 = 118.50',
    'nh5-006': '2 × 79 = 158; 158 × 50% = 79; 158 + 79 = 237',
    'nh5-007': '3 × 79 = 237; 2 × 120 = 240; 237 + 240 = 487',
    'nh5-008': '10 × 14 = 140; 15 × 6 = 90; 140 + 90 = 230',
    'nh5-009': '79 + 120 = 199; 199 × 15% = 29.85; 199 − 29.85 = 169.15',
    'nh5-010': '5 × 22 = 110; 110 − 110 × 15% = 93.50',
    'nh5-011': '2 × 65 = 130; 4 × 25 = 100; 130 + 100 = 230',
    'nh5-012': '2027-04-09 + 60 days = 2027-06-08',
    'nh5-013': '4 × 28 = 112; 2 × 45 = 90; 112 + 90 + 120 = 322',
    'nh5-015': '7 × 14 = 98; 98 + 65 = 163; 163 + 8 = 171',
    'nh5-016': '8 × 14 = 112; 12 × 6 = 72; min(72, 60) = 60; 112 + 60 = 172',
    'nh5-017': '10 × 420 = 4200',
    'nh5-018': '8 − 5 = 3; 180 − 180 × 20% = 144; 3 × 144 = 432',
    'nh5-019': '2027-03-03 + 14 days = 2027-03-17',
    'nh5-020': '3400 − 3400 × 15% = 2890; 6 × 2890 = 17340; 6 × 3400 = 20400; 20400 − 17340 = 3060',
    'nh5-021': '2 × 30 = 60',
    'nh5-022': '9 × 250 = 2250; 2250 − 2000 = 250',
    'nh5-023': '6 − 4 = 2; 2 × 120 = 240',
    'nh5-024': 'max(1, 2) = 2; 2 × 420 = 840',
    'nh5-025': '4900 + 200 + 350 = 5550',
    'nh5-026': '4900 × 15% = 735; 4900 − 735 = 4165; 12 × 4165 = 49980; 12 × 4900 = 58800; 58800 − 49980 = 8820',
    'nh5-027': '6 × 180 = 1080; 6 × 30 = 180; 1080 + 180 = 1260',
    'nh5-028': '2 × 180 = 360; 4 × 95 = 380; 360 + 380 = 740; 740 + 50 = 790',
    'nh5-029': '2027-01-20 + 90 days = 2027-04-20',
    'nh5-030': '3 × 180 = 540; 250 + 120 + 30 + 540 = 940',
    'nh5-031': '9 × 420 = 3780; min(3780, 2800) = 2800; 5 × 95 = 475; 2800 + 475 = 3275; 3275 ÷ 5 = 655',
    'nh5-033': '2027-08-14 − 7 days = 2027-08-07; 14 − 5 = 9',
    'nh5-034': '360 − 360 × 20% = 288; 5 × 288 = 1440; 5 × 360 = 1800; 1800 − 1800 × 10% = 1620',
    'nh5-035': '5 × 320 = 1600',
    'nh5-036': '420 − 420 × 20% = 336; 2 × 336 = 672',
    'nh5-037': '2 × 360 + 2 × 250 = 1220',
    'nh5-038': '2027-02-02 + 180 days = 2027-08-01',
    'nh5-039': '6 × 320 = 1920; 1920 − 1920 × 15% = 1632; 1920 + 1632 = 3552; 3552 ÷ 6 = 602',
    'nh5-040': '7 × 320 = 2240; 7 × 90 = 630; 2240 + 600 + 630 = 3470',
    'nh5-042': '8 × 320 = 2560; 2560 × 30% = 768; 2560 − 768 = 1792',
    'nh5-043': '6 × 320 = 1920; 2 × 600 = 1200; 6 × 90 = 540; 6 × 35 = 210; 1920 + 1200 + 540 + 210 = 3870',
    'nh5-044': '5 × 360 = 1800; 5 × 80 = 400; 1800 + 400 = 2200; 2200 ÷ 5 = 440',
    'nh5-045': '360 − 360 × 20% = 288; 4 × 288 = 1152; 4 × 360 = 1440',
    'nh5-046': '2027-09-20 − 3 days = 2027-09-18',
    'nh5-048': '420 − 420 × 20% = 336; 3 × 336 = 1008; max(1008, 1100) = 1100; 3 × 420 = 1260; 1260 − 1100 = 160',
    'nh5-049': '30 × 14000 = 420000; 420000 + 45000 = 465000; 465000 − 390000 = 75000',
    'nh5-051': '4 × 8000 = 32000; min(32000, 24000) = 24000',
    'nh5-052': '10 × 12500 = 125000; 125000 − 115000 = 10000',
    'nh5-053': '2027-07-23 + 10 days = 2027-08-02; 30 − 23 = 7',
    'nh5-055': '4 × 12500 = 50000; 50000 − 50000 × 10% = 45000; 45000 + 50000 = 95000; 95000 ÷ 2 = 47500',
    'nh5-056': '390000 × 8% = 31200; 390000 − 31200 = 358800',
    'nh5-057': '6 × 12500 = 75000; 75000 × 10% = 7500; 75000 − 7500 = 67500',
    'nh5-058': '5 × 12500 = 62500; 8 − 5 = 3; 3 × 300 = 900; 5 × 900 = 4500; 62500 + 4500 = 67000',
    'nh5-059': '7 × 14000 = 96000',
    'nh5-060': '390000 × 5% = 19500; 390000 + 19500 = 409500; 409500 ÷ 3 = 136500',
    'nh5-061': '6 × 10500 = 63000; 63000 − 5000 = 58000',
    'nh5-062': '2027-03-15 + 180 days = 2027-09-11',
    'nh5-063': '4 × 14000 = 56000; 56000 + 15000 + 11000 = 82000',
    'nh5-064': '6 × 12500 = 75000; 9 − 5 = 4; 4 × 300 = 1200; 75000 + 1200 = 76200',
}
# unsupported id -> the right computation (its final result must differ), or a note
CORRECT = {
    'nh5-004': '2027-05-28 + 7 days = 2027-06-04',
    'nh5-005': '120 + 120 × 50% = 180',
    'nh5-007': '237 + 240 = 477',
    'nh5-008': '10 × 14 + min(15 × 6, 60) = 200',
    'nh5-010': '5 × 22 = 110',
    'nh5-015': '98 + 65 = 163',
    'nh5-017': 'min(10 × 420, 2800) = 2800',
    'nh5-019': '2027-03-03 + 30 days = 2027-04-02; 2027-04-02 + 14 days = 2027-04-16',
    'nh5-020': '6 × 3400 − 6 × 3400 = 0',
    'nh5-021': '5 × 2 × 30 = 300',
    'nh5-025': '4900 + 200 + 350 = 5450',
    'nh5-028': '360 + 380 = 740',
    'nh5-035': '5 × 360 = 1800',
    'nh5-036': 'max(2 × 336, 1100) = 1100',
    'nh5-039': '3552 ÷ 6 = 592',
    'nh5-040': '2240 + 3 × 600 + 630 = 4670',
    'nh5-046': '2027-09-20 − 3 days = 2027-09-17',
    'nh5-049': '30 × 12500 + 45000 − 390000 = 30000',
    'nh5-056': '390000 × 1 = 390000',
    'nh5-059': '7 × 14000 = 98000',
    'nh5-061': '6 × 10500 = 63000',
    'nh5-064': '75000 + 6 × 1200 = 82200',
}


# the checks every worked-number set shares, and its exact arithmetic (benchmarks/worked_numbers.py)
sys.path.insert(0, os.path.dirname(HERE))
from worked_numbers import (  # noqa: E402
    day_month,
    numbers_in,
    validate,  # noqa: E402
)


def answer_check(r, rid, steps, results, sources, check):
    """Every number and date the answer writes comes from the passages, the question or a step."""
    dates = [s for k, _, s, _, _ in steps if k == "date"]
    allowed = sources | CONSTANTS | {x for x in results if x is not None} | {Fraction(d.day) for d in dates}
    for value in sorted(numbers_in(r["answer"]) - allowed):
        check(False, rid, "number", value, "in the answer is not in the passages, the question, a step or "
              "CONSTANTS")
    question_dates = {m.group() for m in DATE_TEXT.finditer(r["question"])}
    for m in DATE_TEXT.finditer(r["answer"]):
        check(m.group() in question_dates or any(day_month(d) + f" {d.year}" == m.group() for d in dates),
              rid, "date", repr(m.group()), "in the answer is neither the question's nor a step's")


def main():
    return validate(sys.modules[__name__])


if __name__ == "__main__":
    sys.exit(main())
