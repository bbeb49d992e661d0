"""Bold label lines parted by a single newline, through `faithkit check`: does the answer keep its status?

    PYTHONPATH=src python benchmarks/label_lines.py [--answers 120]

Assistants write one fact per line with a bold label in front ("**Cars:** $11/hour\n**Vans:** $15/hour"), one
newline apart and with no full stop. A chat window shows the lines one under the other; CommonMark joins them into
one paragraph. Here each help-center answer of two or more sentences that `faithkit check` scores as written is
rewritten with every sentence on a line of its own behind a bold label ("**Answer:**" on the first line,
"**Details:**" on the others; or "**Step 1:**", "**Step 2:**" ...) and without its full stop, and as a question and
answer pair ("**Q:** <the user's question>" over "**A:** <the answer>"), and checked again; prints how many
answers keep their status (faithful, or with an unsupported claim) and how many faithful answers stay faithful.
Nothing here was chosen from these answers: every answer of the suite that fits the shape is used, in order.
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


def _sentences(answer: str) -> list[str]:
    return [s.text.strip() for s in split_sentences(answer) if s.text.strip()]


def label_lines(answer: str, question: str = "") -> str | None:
    """The answer as bold label lines, one sentence each without its full stop, one newline apart; None for a
    one-sentence answer."""
    sentences = _sentences(answer)
    if len(sentences) < 2:
        return None
    labels = ["Answer"] + ["Details"] * (len(sentences) - 1)
    return "\n".join(f"**{label}:** {s.removesuffix('.')}" for label, s in zip(labels, sentences))


def step_lines(answer: str, question: str = "") -> str | None:
    """The same with "**Step 1:**", "**Step 2:**" ... as the labels."""
    sentences = _sentences(answer)
    return "\n".join(f"**Step {n}:** {s.removesuffix('.')}" for n, s in enumerate(sentences, 1)) \
        if len(sentences) >= 2 else None


def question_and_answer(answer: str, question: str = "") -> str | None:
    """The user's question under "**Q:**" and the answer under "**A:**", as FAQ-style answers are written."""
    return f"**Q:** {question.strip()}\n**A:** {answer}" if question.strip().endswith("?") else None


SHAPES = (("Answer/Details label lines", label_lines), ("Step N label lines", step_lines),
          ("Q: question, A: answer", question_and_answer))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=120)
    args = parser.parse_args(argv)
    suite = [json.loads(line) for line in SUITE.read_text(encoding="utf-8").splitlines()]
    answers = [a for a in suite if label_lines(a["answer"])][: args.answers]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        plain = {k: s for k, s in statuses(answers, work, "plain").items() if s in ("faithful", "unsupported")}
        shaped = [{**a, "id": f"{n}|{a['id']}", "answer": shape(a["answer"], a.get("question", ""))}
                  for n, (_, shape) in enumerate(SHAPES) for a in answers
                  if a["id"] in plain and shape(a["answer"], a.get("question", ""))]
        found = statuses(shaped, work, "shaped")
    faithful = [k for k, s in plain.items() if s == "faithful"]
    print(f"{len(plain)} help-center answers of 2+ sentences scored as written: {len(faithful)} faithful, "
          f"{len(plain) - len(faithful)} with an unsupported claim")
    for n, (name, _) in enumerate(SHAPES):
        written = {k: s for k, s in plain.items() if f"{n}|{k}" in found}
        same = sum(found[f"{n}|{k}"] == s for k, s in written.items())
        kept = sum(found[f"{n}|{k}"] == "faithful" for k, s in written.items() if s == "faithful")
        caught = sum(found[f"{n}|{k}"] == "unsupported" for k, s in written.items() if s == "unsupported")
        n_faithful = sum(s == "faithful" for s in written.values())
        print(f"{name:28s} same status {same}/{len(written)}, faithful kept {kept}/{n_faithful}, "
              f"unsupported kept {caught}/{len(written) - n_faithful}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
