"""Assemble the help-center dev suite from its hand-written sources.

    python benchmarks/helpcenter/build.py          # rewrite interactions.jsonl and labels.jsonl
    python benchmarks/helpcenter/build.py --check  # exit 1 if the two files are out of date

Why a build step: each domain's passages are shared by many interactions, and writing them once in
``source/<domain>.yaml`` keeps every copy identical (an edited passage cannot drift between answers). The
build only assembles: every answer sentence and its label are written by hand in the source, one line each::

    - "paraphrase | Each large bag can weigh at most 30 kg."
    - "negation[except] | The 16-25 Railcard can never be used before 10:00 on weekdays."

The tag before ``|`` is the case type (short name, see ``TAGS``), with an optional ``[detail]``: the negation
form, the arithmetic operation, or ``trap`` for a wrong number that equals another number in the passages.
``particle`` marks a bare "Yes." / "No." that faithkit's splitter drops: it is part of the answer and gets no
label row. A ``refusal`` line is the whole answer, and its label row holds the whole answer.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "source"
INTERACTIONS = HERE / "interactions.jsonl"
LABELS = HERE / "labels.jsonl"

SUPPORTED, NOT_SUPPORTED = "supported", "not_supported"

# short tag -> (case type, label). Faults are read "not supported" by a careful reader; dropped conditions
# too, but they are tracked apart because a claim checker sees only the claim, never what it left out.
TAGS: dict[str, tuple[str, str]] = {
    "copy": ("faithful_copy", SUPPORTED),
    "paraphrase": ("faithful_paraphrase", SUPPORTED),
    "reorder": ("faithful_reorder", SUPPORTED),
    "combined": ("faithful_combined", SUPPORTED),
    "yesno": ("faithful_yesno", SUPPORTED),
    "derived": ("faithful_derived", SUPPORTED),
    "refusal": ("refusal", SUPPORTED),
    "number": ("fault_number", NOT_SUPPORTED),
    "unit": ("fault_unit", NOT_SUPPORTED),
    "negation": ("fault_negation", NOT_SUPPORTED),
    "entity": ("fault_entity", NOT_SUPPORTED),
    "added": ("fault_added", NOT_SUPPORTED),
    "wrongcalc": ("fault_derived", NOT_SUPPORTED),
    "dropped": ("dropped_condition", NOT_SUPPORTED),
}
PARTICLE = "particle"


class SourceError(ValueError):
    """A malformed line in a source file (the message names the file and item)."""


def parse_line(line: str, where: str) -> tuple[str, str | None, str]:
    """``"negation[only] | text"`` -> ``("negation", "only", "text")``."""
    tag, sep, text = line.partition(" | ")
    if not sep or not text.strip():
        raise SourceError(f"{where}: expected 'TAG | sentence', got {line!r}")
    tag = tag.strip()
    detail = None
    if tag.endswith("]") and "[" in tag:
        tag, _, detail = tag[:-1].partition("[")
    if tag != PARTICLE and tag not in TAGS:
        raise SourceError(f"{where}: unknown tag {tag!r}")
    return tag, detail, text.strip()


def build_domain(path: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The interaction records and label rows of one source file."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    domain, passages = data["domain"], data["passages"]
    interactions: list[dict[str, Any]] = []
    labels: list[dict[str, Any]] = []
    for item in data["items"]:
        iid = item["id"]
        parsed = [parse_line(line, f"{path.name}:{iid}") for line in item["answer"]]
        answer = " ".join(text for _, _, text in parsed)
        contexts = [{"id": pid, "text": " ".join(passages[pid].split())} for pid in item["ctx"]]
        interactions.append({"id": iid, "question": item["q"], "contexts": contexts, "answer": answer,
                             "metadata": {"domain": domain}})
        claims = [(tag, detail, text) for tag, detail, text in parsed if tag != PARTICLE]
        if any(tag == "refusal" for tag, _, _ in claims) and len(parsed) != 1:
            raise SourceError(f"{path.name}:{iid}: a refusal must be the whole answer")
        for number, (tag, detail, text) in enumerate(claims, start=1):
            case, label = TAGS[tag]
            row = {"id": f"{iid}#{number}", "answer_id": iid, "sentence": number, "claim": text,
                   "label": label, "case": case, "domain": domain}
            if detail:
                row["detail"] = detail
            labels.append(row)
    return interactions, labels


def build() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """All domains, in file-name order."""
    interactions: list[dict[str, Any]] = []
    labels: list[dict[str, Any]] = []
    for path in sorted(SOURCE.glob("*.yaml")):
        more_i, more_l = build_domain(path)
        interactions += more_i
        labels += more_l
    return interactions, labels


def to_jsonl(rows: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the built files are up to date")
    args = parser.parse_args(argv)
    interactions, labels = build()
    wanted = {INTERACTIONS: to_jsonl(interactions), LABELS: to_jsonl(labels)}
    if args.check:
        stale = [p.name for p, text in wanted.items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
        if stale:
            print(f"out of date: {', '.join(stale)} (run build.py)", file=sys.stderr)
            return 1
        return 0
    for path, text in wanted.items():
        path.write_text(text, encoding="utf-8")
    print(f"{len(interactions)} interactions, {len(labels)} labelled claims")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
