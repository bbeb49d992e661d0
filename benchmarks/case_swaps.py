"""Numbers given to two cases in one sentence, swapped: does `faithkit check` catch the swap and keep the copy?

    PYTHONPATH=src python benchmarks/case_swaps.py

A passage sentence such as "A check-up costs $185 for adults and $120 for children under 14." gives each number to
its case. Here every sentence of the bundled sets' passages (the help-center suite, the shapes and numbers sets
under ``benchmarks/``; not shapes_dev, whose vet clinic the rule was found on) that gives two or more numbers of
one kind to "for ..." / "on ..." cases (``rules.alignment_cases``) yields, for each ordered pair of its cases, four
one-claim answers over the same passages: the first case's own number as the sentence writes it and as a label
line ("Adults: $185"), and the other case's number in both forms ("... costs $120 for adults", "Adults: $120").
Prints how many right claims are supported and how many swaps are flagged. The sentences are found by the rule's
own reading, not chosen; nothing was tuned on them.
"""

from __future__ import annotations

import glob
import itertools
import json
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "src"))
from discourse_openers import check  # noqa: E402

from faithkit.checkers.rules.alignment_cases import case_parts  # noqa: E402
from faithkit.text.sentences import split_sentences  # noqa: E402

SETS = [ROOT / "benchmarks/helpcenter/interactions.jsonl", *sorted(Path(p) for p in glob.glob(
    str(ROOT / "benchmarks/*/*.jsonl")) if "helpcenter" not in p)]
_AMOUNT = re.compile(r"(?:[$€£¥]|\b(?:CHF|SEK|USD|EUR|GBP)\s?)?\d[\d,.]*(?:\s?(?:per|a|an)\s\w+)?")
_CASE = re.compile(r"\b(?:for|on)\s+((?:[\w-]+\s?){1,5}?)(?=,|\sand\s|\sor\s|\splus\s|;|\.$|$)")


def sentences(keep: Callable[[str], bool] = lambda text: len(case_parts(text)) >= 2) -> list[tuple[str, list[dict]]]:
    """(sentence, the passages of a prompt it is in) for each passage sentence of the sets that ``keep`` accepts
    (by default: two or more number cases); shared with ``count_swaps.py``."""
    found: dict[str, list[dict]] = {}
    for path in SETS:
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            contexts = [c if isinstance(c, dict) else {"id": f"p{i}", "text": c}
                        for i, c in enumerate(record.get("contexts") or [])]
            for passage in contexts:
                for s in split_sentences(passage["text"]):
                    if s.text not in found and keep(s.text):
                        found[s.text] = contexts
    return list(found.items())


def cases(sentence: str) -> list[tuple[str, str]]:
    """(amount as written, its case as written) in order: "$185", "adults"."""
    out = []
    for m in _AMOUNT.finditer(sentence):
        case = _CASE.match(sentence, m.end() + 1) if m.end() < len(sentence) else None
        if case is not None:
            out.append((m.group(0).strip(), case.group(1).strip()))
    return out


def right_and_swapped(answers: list[tuple[str, str, str, list[dict]]], forms: tuple[str, ...], name: str
                      ) -> tuple[list[dict], dict[str, tuple[str, str]], dict[str, bool]]:
    """Checks (kind, form, answer, passages) one-claim answers with `faithkit check` and prints, per kind ("right",
    "swap") and form, how many rights are supported and swaps flagged; the records, their kinds and verdicts.
    Shared with ``count_swaps.py``."""
    records = [{"id": str(n), "question": "?", "contexts": contexts, "answer": text}
               for n, (_, _, text, contexts) in enumerate(answers)]
    kinds = {str(n): (kind, form) for n, (kind, form, _, _) in enumerate(answers)}
    with tempfile.TemporaryDirectory() as tmp:
        verdicts = check(records, Path(tmp), name)
    for kind in ("right", "swap"):
        for form in forms:
            keys = [k for k, v in kinds.items() if v == (kind, form)]
            good = sum(verdicts[k] if kind == "right" else not verdicts[k] for k in keys)
            what = "supported" if kind == "right" else "flagged"
            print(f"{kind:6s} {form:9s} {what:10s} {good}/{len(keys)}")
    return records, kinds, verdicts


def main() -> int:
    answers = []
    found = sentences()
    for sentence, contexts in found:
        subject = sentence[: re.search(r"[$€£¥]|\b(?:CHF|SEK)\b|\d", sentence).start()].strip()
        for (a_amount, a_case), (b_amount, _) in itertools.permutations(cases(sentence), 2):
            label = f"{a_case[0].upper()}{a_case[1:]}"
            answers += [("right", "sentence", f"{subject} {a_amount} for {a_case}.", contexts),
                        ("right", "label", f"{label}: {a_amount}", contexts),
                        ("swap", "sentence", f"{subject} {b_amount} for {a_case}.", contexts),
                        ("swap", "label", f"{label}: {b_amount}", contexts)]
    print(f"{len(found)} sentences give numbers to cases; {len(answers)} one-claim answers")
    right_and_swapped(answers, ("sentence", "label"), "cases")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
