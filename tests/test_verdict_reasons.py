"""Every verdict says in words what decided it (issue 35): a log with a number, a unit and a condition fault and a
faithful answer, through the real `faithkit check` and the bundled checker."""

from __future__ import annotations

import json

from faithkit.cli import main

CONTEXTS = [
    {"id": "plans", "text": "The Explorer plan costs $29 per month. Unlocking a bike costs $1."},
    {"id": "helmets", "text": "Helmets can be rented for $2 per day. Riders under 16 must be accompanied by an adult."},
    {"id": "rooms", "text": "Meeting rooms cost €25 per hour for members and €40 per hour for guests."},
]
ROWS = [
    ("number", "The Explorer plan costs $25 per month.", ["$25 appears in no passage", "[plans] says $29"]),
    ("unit", "Helmets can be rented for $2 per week.", ["[helmets]", "units"]),
    ("condition", "Meeting rooms cost €25 per hour for guests.", ["[rooms]", "binding"]),
    ("faithful", "Helmets can be rented for $2 per day.", ["[helmets] states it word for word"]),  # a copy
]


def test_every_verdict_names_what_decided_it_and_where(tmp_path) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps({"id": rid, "question": "?", "answer": answer, "contexts": CONTEXTS}) + "\n"
                           for rid, answer, _ in ROWS), encoding="utf-8")
    assert main(["check", str(log), "--out", str(tmp_path / "run"), "--quiet", "--no-report"]) == 0
    records = {r["id"]: r for r in map(json.loads, (tmp_path / "run" / "results.jsonl").read_text().splitlines())}
    for rid, _, expected in ROWS:
        claim = records[rid]["claims"][0]
        assert (claim["verdict"] == "supported") == (rid == "faithful"), (rid, claim)
        for words in expected:
            assert words in claim["detail"]["reason"], (rid, claim["detail"]["reason"])
