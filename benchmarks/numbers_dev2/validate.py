"""Structural and arithmetic check of numbers_dev2.jsonl (python3 stdlib only; no checker involved).

Adapted from benchmarks/numbers_holdout4/validate.py and self-contained, like that one. numbers_dev2 is a
DEVELOPMENT set (rules may be chosen on it; never train on it), written blind: 4 domains of 16 consecutive rows,
each with 10 faithful, 5 unsupported and 1 refusal row (40 / 20 / 4 in all), passages of 4 to 6 sentences, a
currency of its own per domain (none of them USD), and a check that no domain repeats one used by an earlier set
(as far as their READMEs show). The data file carries only the fields of the set (`id`, `domain`, `question`,
`contexts`, `answer`, `expect`, `shape`, `fault`); the computations live here, in WORK (the computation each answer
makes, one or more steps separated by "; ") and CORRECT (the right computation for each unsupported row, or a
"note:" where the right answer is not a new computation). Do not show this file to a checker.

A step is `EXPRESSION = RESULT` (numbers, + − × ÷, parentheses, N%, max(), min(), ceil()) or
`YYYY-MM-DD ± N days = YYYY-MM-DD`. Steps are evaluated exactly (Fraction arithmetic). They must all hold in
faithful rows and in unsupported rows whose fault is not "arithmetic" or "date"; an "arithmetic" row needs a false
numeric step; a "date" row needs a date result that differs from CORRECT's (a false step, or the right sum counted
from the wrong event). Every step's result must appear in the answer, and every operand must come from the passages,
the question (digits, or a number word such as "four"), an earlier step or a small set of unit constants (not
checked in added-fact rows, whose extra number is made up on purpose). A date step's start date must appear in the
question, and a weekday written next to a date ("Saturday 14 August 2027") must be that date's weekday.
"""
import datetime
import os
import re
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "numbers_dev2.jsonl")
PREFIX = "nd2"
EXPECT_ORDER = ["faithful", "unsupported", "refusal"]
PER_DOMAIN = {"faithful": (10, 10), "unsupported": (5, 5), "refusal": (1, 1)}  # (min, max) rows per domain
TOTALS = {"faithful": 40, "unsupported": 20, "refusal": 4}
N_DOMAINS = 4
ROWS_PER_DOMAIN = 16
N_PASSAGES = 3
SENTENCES = (4, 6)
# domains of the earlier sets, as their READMEs (and shapes_dev.jsonl) show; this set must use new ones
OLD_DOMAINS = ("veterinary", "parcel", "concert", "cargo", "pottery", "holiday park", "instrument", "sauna",
               "bike repair", "language", "pet sitting", "boat hire", "climbing", "print shop", "car sharing",
               "storage", "dry cleaning", "laundry", "coworking", "escape room", "driving school", "campsite",
               "translation", "esim", "ski", "ferry", "insurance", "water utility", "dental", "grocery",
               "balloon", "bouldering", "photo", "co-living", "tool library", "horse", "riding", "phone repair",
               "moving", "van rental", "hostel", "music school", "yoga", "ev charging", "museum")
MIN_PER_FAULT = 2
MIN_PER_SHAPE = 5
CONSTANTS = {Fraction(n) for n in (1, 2, 7, 12, 24, 60, 100, 1000)}
WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
         "eleven": 11, "twelve": 12}
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"(₩])")
CURRENCY = re.compile(r"[A-Z]{1,3}\$|THB|KRW|RON|BRL|[₩€£$]")
NO_USD = True  # no domain may price in USD
WEEKDAY_DATE = re.compile(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? (\d{1,2}) ([A-Z][a-z]+) "
                          r"(\d{4})")

# id -> the computation the answer makes (every faithful and unsupported row)
WORK = {
    'nd2-001': '12 × 65 = 780; ceil(12 ÷ 5) = 3; 3 × 85 = 255; 780 + 255 = 1035',
    'nd2-003': '12 × 49 = 588; 588 − 490 = 98',
    'nd2-004': '8 × 65 = 520',
    'nd2-005': '2 × 120 = 240; 240 × 15% = 36; 240 − 36 = 204; 3 × 12 = 36; 204 + 36 = 250',
    'nd2-006': '2 × 160 = 320; 5 × 12 = 60; min(60, 48) = 48; 320 + 48 = 368; 368 ÷ 5 = 73.60',
    'nd2-007': '2 × 160 = 320; 320 × 15% = 48; 320 − 48 = 272',
    'nd2-008': '2 × 90 = 180; 180 × 15% = 27; 180 − 27 = 153',
    'nd2-009': '6 × 12 = 72; 120 + 72 = 192; 192 ÷ 6 = 32',
    'nd2-010': '3 × 120 = 360',
    'nd2-011': '2027-08-14 − 2 days = 2027-08-13',
    'nd2-012': '2027-06-18 − 10 days = 2027-06-08',
    'nd2-013': '10 × 65 = 650; 650 − 200 = 450',
    'nd2-014': '4 × 12 = 48; 160 + 48 = 208; 208 ÷ 4 = 52',
    'nd2-015': '10 × 22 = 220; 220 − 150 = 70',
    'nd2-016': '2 × 120 = 240; 4 × 12 = 48; 240 + 48 = 288',
    'nd2-017': '2 × 1500 = 3000; 2 × 2600 = 5200; 5200 − 3000 = 2400',
    'nd2-019': '2027-12-09 − 7 days = 2027-12-02',
    'nd2-020': '9000 ÷ 4 = 2250; 400 ÷ 4 = 100',
    'nd2-021': '7 × 2200 = 15400',
    'nd2-022': '7 − 4 = 3; 3 × 1800 = 5400; 9000 + 5400 = 14400',
    'nd2-023': '6 × 150 = 900; min(900, 600) = 600',
    'nd2-024': '8 × 2600 = 20800; 20800 × 10% = 2080; 20800 − 2080 = 18720',
    'nd2-025': '2027-04-20 + 30 days = 2027-05-20',
    'nd2-026': '2 × 2600 = 5200; 5200 − 200 = 5000',
    'nd2-027': '2 × 1500 = 3000; 1500 − 1500 × 40% = 900; 3 × 300 = 900; 3000 + 900 + 900 = 4800',
    'nd2-028': '2 × 1500 = 3000; 3000 + 300 = 3300',
    'nd2-029': '3 × 150 = 450',
    'nd2-030': '9000 + 1800 = 10800; 10800 ÷ 5 = 2160',
    'nd2-031': '4 × 1500 = 6000; 9000 − 6000 = 3000',
    'nd2-032': '450 − 350 = 100',
    'nd2-033': '69000 ÷ 3 = 23000',
    'nd2-034': '12 × 28000 = 336000; 2 × 22000 = 44000; 336000 + 44000 = 380000',
    'nd2-035': '12000 + 3000 = 15000',
    'nd2-036': '15 × 28000 = 420000; 3 × 22000 = 66000; 420000 + 66000 = 486000; 486000 ÷ 3 = 162000',
    'nd2-037': '2 × 24000 = 48000; 3 × 3000 = 9000; 48000 + 12000 + 9000 = 69000',
    'nd2-038': '10 × 18000 = 180000; 180000 − 150000 = 30000',
    'nd2-039': '2 × 18000 = 36000; 36000 × 20% = 7200; 36000 − 7200 = 28800',
    'nd2-040': '2027-09-04 − 7 days = 2027-08-28',
    'nd2-041': '45 ÷ 15 = 3; 3 × 5000 = 15000; 15000 × 50% = 7500',
    'nd2-042': 'min(90, 60) = 60; 60 ÷ 15 = 4; 4 × 5000 = 20000',
    'nd2-043': '2027-07-05 + 30 days = 2027-08-04',
    'nd2-044': '24000 + 3000 = 27000; 4 × 27000 = 108000; 27000 + 2000 = 29000',
    'nd2-046': '150000 × 20% = 30000; 150000 − 30000 = 120000',
    'nd2-047': '2027-11-20 − 5 days = 2027-11-16',
    'nd2-048': '12 × 33000 = 396000; 396000 × 10% = 39600; 396000 − 39600 = 356400',
    'nd2-049': '35 + 15 = 50; 55 + 15 = 70; 70 − 50 = 20',
    'nd2-050': '8 × 55 = 440; 440 − 149 = 291',
    'nd2-051': '149 × 25% = 37.25; 149 − 37.25 = 111.75; 149 + 111.75 = 260.75',
    'nd2-052': '55 + 15 = 70; 70 + 30 = 100',
    'nd2-053': '350 + 120 = 470; 500 − 470 = 30',
    'nd2-054': '60 ÷ 4 = 15; 15 × 5 = 75',
    'nd2-055': '55 + 15 = 70; 8 × 5 = 40; 70 + 30 + 40 = 140',
    'nd2-056': '80 × 20% = 16; 80 − 16 = 64',
    'nd2-057': '2027-03-22 + 365 days = 2028-03-21',
    'nd2-058': '350 × 10% = 35; 350 − 35 = 315',
    'nd2-059': '80 + 15 = 95; 80 − 80 × 20% = 64; 95 − 95 × 20% = 76; 64 + 76 = 150',
    'nd2-061': '55 − 55 × 20% = 44; 44 + 30 = 74',
    'nd2-062': '20 ÷ 4 = 5; 5 × 5 = 25',
    'nd2-063': '450 + 120 = 570; 570 ÷ 3 = 190',
    'nd2-064': 'max(120, 150) = 150',
}
# unsupported id -> the right computation (its final result must differ), or a note
CORRECT = {
    'nd2-005': '204 + 36 = 240',
    'nd2-008': '2 × 90 = 180',
    'nd2-009': '120 + min(72, 48) = 168; 168 ÷ 6 = 28',
    'nd2-011': '2027-08-14 − 2 days = 2027-08-12',
    'nd2-016': '2 × 160 = 320; 320 + 48 = 368',
    'nd2-017': '5200 − 3000 = 2200',
    'nd2-020': '9000 ÷ 4 = 2250',
    'nd2-021': 'max(7 × 2200, 22000) = 22000',
    'nd2-025': '2027-05-10 + 30 days = 2027-06-09',
    'nd2-028': '2 × 1500 + 2 × 300 = 3600',
    'nd2-033': '3 × 69000 = 207000',
    'nd2-034': '12 × 33000 = 396000; 396000 + 44000 = 440000',
    'nd2-044': '24000 + 3000 = 27000',
    'nd2-046': 'note: visit cards cannot be combined with the weekday 20% discount; the card is ₩150,000',
    'nd2-047': '2027-11-20 − 5 days = 2027-11-15',
    'nd2-049': '80 + 15 − 50 = 45',
    'nd2-054': 'min(15 × 5, 40) = 40',
    'nd2-055': '8 ÷ 4 × 5 = 10; 70 + 30 + 10 = 110',
    'nd2-059': '64 + 76 = 140',
    'nd2-061': '55 + 30 = 85',
}


# the checks every worked-number set shares, and its exact arithmetic (benchmarks/worked_numbers.py)
sys.path.insert(0, os.path.dirname(HERE))
from worked_numbers import validate  # noqa: E402


def row_check(r, rid, check):
    """A weekday written next to a date must be that date's."""
    for m in WEEKDAY_DATE.finditer(r["question"] + " " + r["answer"]):
        try:
            d = datetime.datetime.strptime(" ".join(m.groups()[1:]), "%d %B %Y").date()
        except ValueError:
            check(False, rid, "bad date", repr(m.group()))
            continue
        check(d.strftime("%A") == m.group(1), rid, repr(m.group()), "is a", d.strftime("%A"))


def extra_sources(r):
    """Quantities a user writes as words in a question ("Four of us", "three families")."""
    return number_words_in(r["question"])


def set_check(rows, check):
    """Each domain fills ROWS_PER_DOMAIN consecutive rows."""
    blocks = [r.get("domain") for r in rows[::ROWS_PER_DOMAIN]]
    check(len(set(blocks)) == len(blocks) and all(
        r.get("domain") == blocks[i // ROWS_PER_DOMAIN] for i, r in enumerate(rows)),
        "each domain must fill", ROWS_PER_DOMAIN, "consecutive rows")


def number_words_in(text):
    """Quantities a user writes as words in a question ("Four of us", "three families")."""
    return {Fraction(WORDS[w]) for w in re.findall(r"[a-z]+", text.lower()) if w in WORDS}


def main():
    return validate(sys.modules[__name__])


if __name__ == "__main__":
    sys.exit(main())
