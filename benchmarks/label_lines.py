"""Bold label lines parted by a single newline, through `faithkit check`: does the answer keep its status?

    PYTHONPATH=src python benchmarks/label_lines.py [--answers 120]

Assistants write one fact per line with a bold label in front ("**Cars:** $11/hour\n**Vans:** $15/hour"), one
newline apart and with no full stop. A chat window shows the lines one under the other; CommonMark joins them into
one paragraph. Here each help-center answer of two or more sentences that `faithkit check` scores as written is
rewritten with every sentence on a line of its own behind a bold label ("**Answer:**" on the first line,
"**Details:**" on the others) and without its full stop, and checked again; prints how many answers keep their
status (faithful, or with an unsupported claim) and how many faithful answers stay faithful. Nothing here was
chosen from these answers: every answer of the suite that fits the shape is used, in the suite's order.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "src"))
from pleasantries import statuses  # noqa: E402

from faithkit.text.sentences import split_sentences  # noqa: E402

SUITE = ROOT / "benchmarks" / "helpcenter" / "interactions.jsonl"


def label_lines(answer: str) -> str | None:
    """The answer as bold label lines, one sentence each without its full stop, one newline apart; None for a
    one-sentence answer."""
    sentences = [s.text.strip() for s in split_sentences(answer) if s.text.strip()]
    if len(sentences) < 2:
        return None
    labels = ["Answer"] + ["Details"] * (len(sentences) - 1)
    return "\n".join(f"**{label}:** {s.removesuffix('.')}" for label, s in zip(labels, sentences))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=120)
    args = parser.parse_args(argv)
    suite = [json.loads(line) for line in SUITE.read_text(encoding="utf-8").splitlines()]
    answers = [a for a in suite if label_lines(a["answer"])][: args.answers]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        plain = {k: s for k, s in statuses(answers, work, "plain").items() if s in ("faithful", "unsupported")}
        lined = statuses([{**a, "answer": label_lines(a["answer"])} for a in answers if a["id"] in plain],
                         work, "lined")
    faithful = [k for k, s in plain.items() if s == "faithful"]
    same = sum(lined[k] == s for k, s in plain.items())
    kept = sum(lined[k] == "faithful" for k in faithful)
    caught = sum(lined[k] == "unsupported" for k, s in plain.items() if s == "unsupported")
    print(f"{len(plain)} help-center answers of 2+ sentences scored as written: {len(faithful)} faithful, "
          f"{len(plain) - len(faithful)} with an unsupported claim")
    print(f"as label lines: same status {same}/{len(plain)}, faithful kept {kept}/{len(faithful)}, "
          f"unsupported kept {caught}/{len(plain) - len(faithful)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
