"""Structural and arithmetic check of shapes_dev2.jsonl (python3 stdlib only; no checker involved)."""
import datetime
import json
import os
import re
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = {"id", "domain", "question", "contexts", "answer", "expect", "shape"}
SHAPES = {"plain", "copy", "paraphrase", "reorder", "hedged", "yes-no", "markdown", "citation", "combine",
          "multi", "derived-number", "refusal"}
FAULTS = {"number", "unit", "negation", "entity", "temporal", "added-fact", "derived-number", "dropped-condition"}
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
D = datetime.date
Y = 2027  # any year works for the day/month sums below, except d2-031, which names a weekday


def days(start, n):
    return start + datetime.timedelta(days=n)


def months(start, n):
    m = start.month - 1 + n
    return D(start.year + m // 12, m % 12 + 1, start.day)


def working_days(start, n):
    day = start
    while n:
        day += datetime.timedelta(days=1)
        if day.weekday() < 5:
            n -= 1
    return day


# id -> [(correct value from the passages and the question, text that must appear in the answer,
#         whether the answer's number in that text is meant to be correct)]
# The number read from the text is its first number (thousands commas dropped), or "<day> <Month>" for dates.
ARITH = {
    # cloud photo storage (USD)
    "d2-001": [(12 * 2.99, "$35.88", True), (12 * 2.99 - 29.99, "$5.89", True)],
    "d2-002": [(10 * (1 - 0.30), "$7 a month", True)],
    "d2-003": [(10 + 4, "$14 a month", True), ((10 + 4) / 5, "$2.80", True)],
    "d2-004": [(5 - 2, "3 extra", True), ((5 - 2) * 5, "$15 a month", True), (10 + (5 - 2) * 5, "$25 a month", True)],
    "d2-005": [(10 - 2, "8 extra", True), ((10 - 2) * 5, "$40 a month", True),
               (10 + (10 - 2) * 5, "$50 a month", True)],
    "d2-006": [(days(D(Y, 5, 3), 30), "2 June", True)],
    "d2-007": [(60 * 0.25, "**$15.00**", True), (2 * 1.50, "**$3.00**", True),
               (60 * 0.25 + 2 * 1.50 + 4.95, "$22.95", True)],  # $18 is not over $20, so shipping is charged
    "d2-008": [(12 * 10, "($120)", True), (12 * 10 - 100, "$20 less", True)],
    "d2-009": [(100 * 0.25, "$25,", True)],
    "d2-010": [(100, "$70", False)],  # the student discount does not apply to yearly billing
    "d2-011": [(10 + (6 - 2) * 5, "$40 a month", False)],  # 2 TB are included: 4 blocks, not 6
    "d2-012": [(50 * 0.25, "$12.50", True), (50 * 0.25 + 4.95, "$18.45", False)],
    # moving-van rental (EUR)
    "d2-020": [(3 * 69, "€207", True), (3 * 150, "450 km", True)],
    "d2-021": [(95 + 10, "€105", True), (2 * (95 + 10), "€210", True), (2 * 150, "300 km", True),
               (400 - 2 * 150, "100 extra", True), ((400 - 2 * 150) * 0.30, "which is €30", True),
               (2 * (95 + 10) + (400 - 2 * 150) * 0.30, "€240", True)],
    "d2-022": [(7 * 49, "€343", True), (7 * 49 * 0.85, "€291.55", True)],
    "d2-023": [(max(2, 3) * 14, "€42", True)],
    "d2-024": [(6 * 8, "€48", True), (min(6 * 8, 40), "you'd pay €40", True)],
    "d2-025": [(4 * 49, "= **€196**", True), (4 * 12, "= **€48**", True), (4 * 15, "= **€60**", True),
               (4 * 49 + 4 * 12 + 4 * 15, "Total: €304", True)],
    "d2-026": [(10 * 2.20, "€22 +", True), (10 * 2.20 + 15, "= €37", True)],
    "d2-027": [(3, "as 3 hours", True), (min(3 * 20, 69), "hours: €60", True)],
    "d2-028": [(1500 - 300, "by €1,200", True)],
    "d2-029": [(min(5 * 20, 49), "€100", False)],  # capped at one extra day (€49, or €59 at the weekend rate)
    "d2-030": [(2 * (69 + 10), "€138", False)],  # Saturday pick-up: weekend rate
    "d2-031": [(working_days(D(2026, 12, 4), 5), "9 December", False)],  # Friday 4 Dec 2026 + 5 working days
    # hostel chain (JPY)
    "d2-039": [(3 * 3800, "¥11,400", True)],
    "d2-040": [(4600 + 800, "¥5,400", True), (2 * (4600 + 800), "¥10,800", True)],
    "d2-041": [(5 * 11000, "¥55,000", True), (11000 + 2000, "¥13,000", True), (2 * 13000, "¥26,000", True),
               (5 * 11000 + 2 * 13000, "¥81,000", True), ((5 * 11000 + 2 * 13000) * 0.9, "¥72,900", True)],
    "d2-042": [(2 * 11000, "¥22,000", True), (2 * 11000 * 0.05, "¥1,100", True), (2 * 11000 * 0.95, "¥20,900", True)],
    "d2-043": [(900 * 4 * 3, "¥10,800", True)],
    "d2-044": [(days(D(Y, 8, 20), -3), "17 August", True)],
    "d2-045": [(12 * 2 * 3800, "¥91,200", True), (12 * 2 * 3800 * 0.20, "¥18,240", True)],
    "d2-046": [(2 * 4600, "¥9,200", True), (11000 - 2 * 4600, "¥1,800", True), (11000 / 2, "¥5,500", True)],
    "d2-047": [(3 * 2 * 500, "¥4,000", False)],  # Monday is the departure day (free): Tue, Wed, Thu are charged
    "d2-048": [(5 * 3800 + 2 * 4600, "¥28,200", True), ((5 * 3800 + 2 * 4600) * 0.9, "¥25,380", True),
               ((5 * 3800 + 2 * 4600) * 0.9, "¥24,111", False)],  # member discount not on 7-night stays
    "d2-049": [(2 * (11000 + 2000), "¥23,600", False)],  # private twin surcharge is ¥2,000, not ¥800
    # music school (CAD)
    "d2-057": [(10 * 54, "$540", True), (10 * 54 * 0.92, "$496.80", True)],
    "d2-058": [(10 * 38, "= $380", True), (38 - 5, "$33 (", True), (10 * (38 - 5), "= $330", True),
               (10 * 38 + 10 * (38 - 5) + 35, "total: $745", True)],
    "d2-059": [(2 * 38, "$76", True), (2 * 38 - 70, "$6 cheaper", True)],
    "d2-060": [(220 / 10, "$22 per", True), (70 - 220 / 10, "$48 less", True)],
    "d2-061": [(4 - 1, "3 months", True), ((4 - 1) * 25, "$75", True)],
    "d2-062": [(days(D(Y, 3, 3), 14), "17 March", True)],
    "d2-063": [(min(3, 2), "2 of the 3", True)],
    "d2-064": [(2 * 220, "$440", True)],
    "d2-065": [(10 * 38 + 10 * (38 - 5), "$660", False)],  # only the second child gets $5 off
    "d2-066": [((5 - 1) * 30, "$150", False)],  # new students get the first month free
    "d2-067": [(10 * 70, "$700", True), (10 * 70 * 0.92, "$652", False)],
    # yoga studio (SEK)
    "d2-076": [(10 * 180, "SEK 1,800", True), (10 * 180 - 1500, "SEK 300", True), (1500 / 10, "SEK 150", True)],
    "d2-077": [(3 * 890, "SEK 2,670", True)],
    "d2-078": [(890 * 0.8, "SEK 712", True), (3 * 890 * 0.8, "SEK 2,136", True)],
    "d2-079": [(6 * 180, "SEK 1,080", True), (6 * 180 - 890, "SEK 190", True)],
    "d2-080": [(months(D(Y, 1, 15), 6), "15 July", True)],
    "d2-081": [(1.5 * 950, "SEK 1,425", True), (1.5 * 950 / 3, "SEK 475", True)],
    "d2-082": [(30 + 20, "SEK 50", True), (8 * (30 + 20), "SEK 400", True)],
    "d2-083": [(24 - 16, "8 more", True), (24 / 16, "1.5 times", True)],
    "d2-084": [(5 * 50, "SEK 250", True)],
    "d2-085": [(min(10, 8) * 50, "SEK 500", False)],  # a freeze is 2 to 8 weeks at most
    "d2-086": [(1500, "SEK 1,200", False)],  # the student discount is not on class cards
    "d2-087": [(months(D(Y, 2, 2), 6), "10 July", False)],  # 6 months from the first class, not the purchase
}


def stated(text):
    date = re.search(r"(\d{1,2}) (" + "|".join(MONTHS) + ")", text)
    if date:
        return (int(date.group(1)), MONTHS.index(date.group(2)) + 1)
    return float(re.search(r"\d[\d,]*(?:\.\d+)?", text).group(0).replace(",", ""))


def same(value, text):
    if isinstance(value, datetime.date):
        return (value.day, value.month) == stated(text)
    return abs(value - stated(text)) < 0.005


def sentences(text):
    return len([s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s])


with open(os.path.join(HERE, "shapes_dev2.jsonl"), encoding="utf-8") as handle:
    rows = [json.loads(line) for line in handle]
ids = [r["id"] for r in rows]
assert len(ids) == len(set(ids)) and all(i.startswith("d2-") for i in ids), "ids"
passages = {}
for r in rows:
    assert KEYS <= set(r) <= KEYS | {"fault"}, r["id"]
    assert r["expect"] in {"faithful", "unsupported", "refusal"} and r["shape"] in SHAPES, r["id"]
    assert (r["expect"] == "unsupported") == ("fault" in r), r["id"]
    assert "fault" not in r or r["fault"] in FAULTS, r["id"]
    assert (r["expect"] == "refusal") == (r["shape"] == "refusal"), r["id"]
    assert all(isinstance(r[k], str) and r[k].strip() for k in ("domain", "question", "answer")), r["id"]
    assert len(r["contexts"]) == 3 and all(set(c) == {"id", "text"} for c in r["contexts"]), r["id"]
    assert all(4 <= sentences(c["text"]) <= 6 for c in r["contexts"]), r["id"]
    # every answer of a domain sees the same three passages
    assert passages.setdefault(r["domain"], r["contexts"]) == r["contexts"], r["id"]
    cids = {c["id"] for c in r["contexts"]}
    for ref in re.findall(r"\[([^\]]+)\]", r["answer"]):
        assert ref in cids or (ref.isdigit() and 1 <= int(ref) <= 3), (r["id"], ref)
for i, checks in ARITH.items():
    assert i in ids, i
    ans = rows[ids.index(i)]["answer"]
    for value, text, correct in checks:
        assert ans.count(text) == 1, (i, text)
        assert same(value, text) == correct, (i, value, text)
for i, r in zip(ids, rows):
    worked = r["shape"] == "derived-number" or r.get("fault") == "derived-number"
    assert worked == (i in ARITH), i
    if r.get("fault") == "derived-number":  # exactly one of its numbers is wrong
        assert sum(not c for _, _, c in ARITH[i]) == 1, i
    elif worked:
        assert all(c for _, _, c in ARITH[i]), i

print(len(rows), "rows OK")
print("expect", sorted(Counter(r["expect"] for r in rows).items()))
print("shape", sorted(Counter(r["shape"] for r in rows).items()))
print("fault", sorted(Counter(r["fault"] for r in rows if "fault" in r).items()))
print("domain", sorted(Counter(r["domain"] for r in rows).items()))
print("faithful shapes", sorted(Counter(r["shape"] for r in rows if r["expect"] == "faithful").items()))
print("by domain and expect", sorted(Counter((r["domain"], r["expect"]) for r in rows).items()))
