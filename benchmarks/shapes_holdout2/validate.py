"""Structural and arithmetic check of shapes_holdout2.jsonl (no checker involved)."""
import datetime
import json
import os
import re
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SHAPES = {"plain", "paraphrase", "copy", "reorder", "multi", "combine", "hedged", "markdown",
          "citation", "yes-no", "derived-number", "refusal"}
FAULTS = {"number", "unit", "entity", "negation", "temporal", "added-fact", "derived-number", "dropped-condition"}
# id -> list of (computed value, string that must appear in the answer, answer states it correctly?)
ARITH = {
    "h2-002": [(2 * 95 + 48 + 0, "NOK 238", True)],
    "h2-003": [(310 + (8 - 6) * 62, "NOK 434", True)],
    "h2-005": [(6200 / 40, "NOK 155", True), (310 / (6200 / 40), "halves", True)],
    "h2-012": [(434 * 0.5, "NOK 207", False)],
    "h2-016": [(12 * 21, "£252", True), (12 * 21 - 230, "£22", True)],
    "h2-018": [(3200 - 500, "£2,700", True)],
    "h2-028": [(320 - 230, "£80", False)],
    "h2-032": [(3 * 115, "CHF 345", True), (round(3 * 115 * 0.85, 2), "CHF 293.25", True)],
    "h2-037": [(5 * 8, "CHF 40", True), (320 + 5 * 8, "CHF 360", True)],
    "h2-047": [(200 * 2.48, "$496", True), (50 * 3.12, "$156", True), (200 * 2.48 + 50 * 3.12, "$652", True)],
    "h2-048": [(96.40 * 0.5, "$48.20", True)],
    "h2-051": [((datetime.date(2026, 3, 3) + datetime.timedelta(days=21)).day, "24 March", True)],
    "h2-059": [(200 * 2.48 + 30 * 3.12, "$579.60", False)],
}

def num(s):
    if s == "halves":
        return 2.0
    return float(re.sub(r"[^0-9.]", "", s.split(" ")[0] if s[0].isdigit() else s.split(" ")[-1].lstrip("£$")))

with open(os.path.join(HERE, "shapes_holdout2.jsonl"), encoding="utf-8") as handle:
    rows = [json.loads(line) for line in handle]
ids = [r["id"] for r in rows]
assert len(ids) == len(set(ids)) and all(i.startswith("h2-") for i in ids)
for r in rows:
    assert {"id", "domain", "question", "contexts", "answer", "expect", "shape"} <= set(r), r["id"]
    assert set(r) <= {"id", "domain", "question", "contexts", "answer", "expect", "shape", "fault", "citation"}, r["id"]
    assert r["expect"] in {"faithful", "unsupported", "refusal"} and r["shape"] in SHAPES, r["id"]
    assert (r["expect"] == "unsupported") == ("fault" in r), r["id"]
    assert "fault" not in r or r["fault"] in FAULTS, r["id"]
    assert (r["expect"] == "refusal") == (r["shape"] == "refusal"), r["id"]
    assert r.get("citation") in (None, "misattributed") and (r.get("citation") is None or r["expect"] == "faithful")
    assert len(r["contexts"]) == 3 and all(3 <= t["text"].count(". ") + 1 <= 5 for t in r["contexts"]), r["id"]
    cids = {c["id"] for c in r["contexts"]}
    for ref in re.findall(r"\[([^\]]+)\]", r["answer"]):
        assert ref in cids or (ref.isdigit() and 1 <= int(ref) <= 3), (r["id"], ref)
for i, checks in ARITH.items():
    ans = rows[ids.index(i)]["answer"]
    for value, text, correct in checks:
        assert text in ans, (i, text)
        assert (abs(value - num(text)) < 1e-6) == correct, (i, value, text)
for i, r in zip(ids, rows):
    if r.get("fault") == "derived-number" or (r["shape"] == "derived-number" and r["expect"] == "faithful"):
        assert i in ARITH, i
print(len(rows), "rows OK")
print(Counter(r["expect"] + ("/misattributed" if r.get("citation") else "") for r in rows))
print("shape", sorted(Counter(r["shape"] for r in rows).items()))
print("fault", sorted(Counter(r["fault"] for r in rows if "fault" in r).items()))
print("domain", sorted(Counter(r["domain"] for r in rows).items()))
faithful = Counter(r["shape"] for r in rows if r["expect"] == "faithful" and not r.get("citation"))
print("faithful shapes", sorted(faithful.items()))
print("unsupported shapes", sorted(Counter(r["shape"] for r in rows if r["expect"] == "unsupported").items()))
