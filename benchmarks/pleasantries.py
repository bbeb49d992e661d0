"""What an assistant says to the user around its answer, through `faithkit check`: does the answer keep its status?

    PYTHONPATH=src python benchmarks/pleasantries.py [--answers 60]

Real assistant answers open with a greeting and close with a sign-off, an offer of more help or a question back
("Hi there!", "I hope this helps!", "Let me know if you need anything else.", "Would you like help with anything
else?"). None of these says anything about the sources, so an answer must keep its status with them: a faithful
answer stays faithful, an unsupported one stays unsupported, a refusal stays a refusal. Here the first
``--answers`` answers of the help-center suite (whatever their labels) are checked as written and then with each
addition; prints, per addition, how many answers keep the status (``scored`` with or without an unsupported claim,
``refusal``) they have as written. Nothing here was chosen from these answers: the additions are the usual ones.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from discourse_openers import checked  # noqa: E402

SUITE = ROOT / "benchmarks" / "helpcenter" / "interactions.jsonl"
ADDITIONS = (("Hi there! {}", "greeting"), ("Great question! {}", "compliment"), ("{} I hope this helps!", "hope"),
             ("{} Let me know if you need anything else.", "let me know"),
             ("{} Would you like help with anything else?", "question back"),
             ("{} Happy to help with anything else!", "offer"), ("{} Have a great day!", "farewell"))


def statuses(records: list[dict], work: Path, name: str) -> dict[str, str]:
    """Each record's id -> its status, with ``scored`` split by whether a claim is unsupported."""
    found = {}
    for key, record in checked(records, work, name).items():
        status = record.get("status", "")
        if status == "scored":
            status = "unsupported" if any(c["verdict"] != "supported" for c in record.get("claims") or ()) \
                else "faithful"
        found[key] = status
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=60)
    args = parser.parse_args(argv)
    answers = [json.loads(line) for line in SUITE.read_text(encoding="utf-8").splitlines()][: args.answers]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        plain = statuses(answers, work, "plain")
        varied = [{**a, "id": f"{k}|{a['id']}", "answer": form.format(a["answer"])}
                  for k, (form, _) in enumerate(ADDITIONS) for a in answers]
        after = statuses(varied, work, "varied")
    counts = {s: sum(v == s for v in plain.values()) for s in ("faithful", "unsupported", "refusal")}
    print(f"{len(answers)} help-center answers as written: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    print(f"{'addition':16s} {'same status':>12s} {'faithful kept':>14s}")
    same_all = kept_all = 0
    for k, (_, name) in enumerate(ADDITIONS):
        same = sum(after[f"{k}|{i}"] == s for i, s in plain.items())
        kept = sum(after[f"{k}|{i}"] == "faithful" for i, s in plain.items() if s == "faithful")
        same_all, kept_all = same_all + same, kept_all + kept
        print(f"{name:16s} {same:>6d}/{len(plain):<5d} {kept:>8d}/{counts['faithful']}")
    print(f"{'all additions':16s} {same_all:>6d}/{len(plain) * len(ADDITIONS):<5d} "
          f"{kept_all:>8d}/{counts['faithful'] * len(ADDITIONS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
