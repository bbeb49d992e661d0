"""A discourse opener in front of a supported sentence, through `faithkit check`: does the sentence stay supported?

    PYTHONPATH=src python benchmarks/discourse_openers.py [--claims 40]

Assistants tie a sentence to the one before it: "Either way, ...", "Also, ...", "Note that ...". The opener states
no fact, so a faithful sentence must keep its verdict with it. Here the help-center suite's faithful claims that
the default checker supports on their own (the first ``--claims`` of them, in the suite's order) are each checked
again with every opener in front (first letter lower-cased), as a one-sentence answer to the same question over
the same passages; so are as many of its faults that the checker flags on their own. Prints, per opener, how many
faithful claims stay supported and how many faults stay flagged. Nothing here was chosen from these claims: the
openers are common English discourse markers (checked one by one on the model, before any rule, they left 12-19
of 23 faithful claims supported).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "benchmarks" / "helpcenter"
OPENERS = ("Either way,", "In any case,", "Also,", "Plus,", "In addition,", "Note that", "Keep in mind that",
           "Just so you know,", "Please note that", "Good news:", "By the way,", "However,", "That said,",
           # session 22: steps in order, fillers, a summing-up
           "First,", "Then,", "Next,", "After that,", "Finally,", "Lastly,", "Basically,", "Actually,", "So,",
           "Here's the deal:", "Here's how it works:", "In short,", "In a nutshell,", "Put simply,", "To be clear,",
           "For reference,",
           # session 22, second list: the assistant's framing and confidence
           "It's worth noting that", "Worth noting:", "One thing to note:", "Importantly,", "Great news —",
           "To answer your question,", "Here's what I found:", "If I understand correctly,", "From what I understand,",
           "I think", "I believe",
           # session 30: an answer to "Is there a fee?" in front of the fact ("No fee: bookings can be cancelled ...")
           "No fee:", "There's no charge —",
           # session 32: a negative short answer with an apology, or "it doesn't", in front of the fact
           "Sorry, no:", "Unfortunately, no —", "Sadly, no:", "Unfortunately it doesn't —", "I'm afraid not:")


def checked(records: list[dict], work: Path, name: str) -> dict[str, dict]:
    """``faithkit check`` (the command, default checker) over ``records``: each record's id -> its result line.
    Shared with ``pleasantries.py``."""
    log, out = work / f"{name}.jsonl", work / name
    log.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "faithkit", "check", str(log), "--out", str(out), "--quiet",
                    "--no-report"], check=True, cwd=ROOT)
    lines = (out / "results.jsonl").read_text(encoding="utf-8").splitlines()
    return {record["id"]: record for record in map(json.loads, lines)}


def check(records: list[dict], work: Path, name: str) -> dict[str, bool]:
    """Each record's id -> whether its one claim came back supported."""
    return {key: len(record.get("claims") or []) == 1 and record["claims"][0]["verdict"] == "supported"
            for key, record in checked(records, work, name).items()}


class SuiteClaims:
    """The help-center suite's labelled claims, each checkable as a one-sentence answer to its own question over
    its own passages. Shared with ``line_marks.py``."""

    def __init__(self) -> None:
        self.interactions = {json.loads(line)["id"]: json.loads(line) for line in
                             (SUITE / "interactions.jsonl").read_text(encoding="utf-8").splitlines()}
        self.labels = [json.loads(line) for line in
                       (SUITE / "labels.jsonl").read_text(encoding="utf-8").splitlines()]

    def record(self, key: str, row: dict, answer: str) -> dict:
        item = self.interactions[row["answer_id"]]
        return {"id": key, "question": item.get("question", ""), "contexts": item["contexts"], "answer": answer}

    def kept_and_caught(self, work: Path, n: int) -> tuple[list[dict], list[dict]]:
        """The first ``n`` faithful claims the default checker supports on their own, and the first ``n`` faults
        it flags on their own."""
        faithful = [row for row in self.labels if row["label"] == "supported"]
        faults = [row for row in self.labels if row["label"] != "supported"]
        alone = check([self.record(row["id"], row, row["claim"]) for row in faithful + faults], work, "alone")
        return ([row for row in faithful if alone[row["id"]]][:n], [row for row in faults if not alone[row["id"]]][:n])

    def variant_table(self, variants: list[tuple[str, Callable[[dict], str]]], n: int, shape: str, first: str,
                      width: int) -> None:
        """Each variant (name, the claim row -> the answer written that way) of the first ``n`` supported and the
        first ``n`` flagged claims through `faithkit check`; prints how many stay supported and stay flagged.
        Shared by this benchmark, ``line_marks.py`` and ``source_references.py``."""
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            kept, caught = self.kept_and_caught(work, n)
            records = [self.record(f"{k}|{row['id']}", row, write(row))
                       for k, (_, write) in enumerate(variants) for row in kept + caught]
            verdicts = check(records, work, "variants")
        print(f"{len(kept)} faithful help-center claims supported and {len(caught)} faults flagged on their own; "
              f"with {shape}:")
        print(f"{first:{width}s} {'still supported':>16s} {'still flagged':>14s}")
        totals = [0, 0]
        for k, (name, _) in enumerate(variants):
            still = sum(verdicts[f"{k}|{row['id']}"] for row in kept)
            flagged = sum(not verdicts[f"{k}|{row['id']}"] for row in caught)
            totals = [totals[0] + still, totals[1] + flagged]
            print(f"{name:{width}s} {still:>10d}/{len(kept):<5d} {flagged:>8d}/{len(caught)}")
        print(f"{'all ' + first + 's':{width}s} {totals[0]:>10d}/{len(kept) * len(variants):<5d} "
              f"{totals[1]:>8d}/{len(caught) * len(variants)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=40)
    parser.add_argument("--last", type=int, default=0, help="only the last N openers of the list (a new batch)")
    args = parser.parse_args(argv)
    openers = OPENERS[-args.last:] if args.last else OPENERS
    SuiteClaims().variant_table(
        [(opener, lambda row, o=opener: f"{o} {row['claim'][0].lower()}{row['claim'][1:]}") for opener in openers],
        args.claims, "an opener in front", "opener", 28)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
