"""The format checks every hand-written answer set shares (python3 standard library only, no checker involved).

Each set's ``validate.py`` was written with its set by a helper session that read no code, and each repeated the
same reading and context checks. They live here once: read the JSONL lines (a bad line is reported with its number
and the rest still read), count problems, and check one row's contexts (their number, keys and sentence count, and
that a domain's rows share one set of passages). What is particular to a set (its ids, shapes, faults, arithmetic)
stays in its own ``validate.py``.
"""

from __future__ import annotations

import json
import re


class Problems:
    """Problems found so far; ``check(cond, *msg)`` records one when ``cond`` is false."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def check(self, cond: object, *msg: object) -> object:
        """Records the problem when ``cond`` is false; returns ``cond``, so a caller can skip what depends on it."""
        if not cond:
            self.errors.append(" ".join(str(m) for m in msg))
        return cond

    def report(self) -> bool:
        """Print the problems, if any; True when there were none."""
        if self.errors:
            print("\n".join(self.errors))
            print(len(self.errors), "problem(s)")
        return not self.errors


def read_rows(path: str, problems: Problems, numbered: bool = False) -> list:
    """The JSON objects of a JSONL file; an empty, invalid or non-object line is a problem with its number.
    ``numbered``: (line number, object) pairs, for a validator that names the line of each later problem."""
    rows: list = []
    with open(path, encoding="utf-8") as handle:
        for n, line in enumerate(handle, 1):
            if not line.strip():
                problems.check(False, "line", n, "is empty")
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                problems.check(False, "line", n, "is not valid JSON:", exc)
                continue
            problems.check(isinstance(row, dict), "line", n, "is not a JSON object")
            if isinstance(row, dict):
                rows.append((n, row) if numbered else row)
    return rows


def sentences(text: str) -> int:
    return len(re.findall(r"[.!?](?=\s|$)", text.strip()))


def check_contexts(row: dict, problems: Problems, domain_contexts: dict[str, str], count: int = 3,
                   fewest: int = 4, most: int = 6) -> list[str]:
    """Check one row's contexts: ``count`` of them, each exactly {id, text} with ``fewest`` to ``most`` sentences,
    ids distinct, and the same passages as the domain's other rows (``domain_contexts``: domain -> its first row's
    contexts). Returns the context ids."""
    rid, ctx = row.get("id"), row.get("contexts")
    problems.check(isinstance(ctx, list) and len(ctx) == count, rid, f"needs {count} contexts")
    if not isinstance(ctx, list):
        return []
    for c in ctx:
        ok = isinstance(c, dict) and set(c) == {"id", "text"}
        problems.check(ok, rid, "each context needs exactly the keys id and text")
        if not ok:
            continue
        problems.check(isinstance(c["id"], str) and c["id"].strip(), rid, "context id must be a non-empty string")
        problems.check(isinstance(c["text"], str) and c["text"].strip(), rid, c["id"],
                       "context text must be non-empty")
        if isinstance(c["text"], str):
            problems.check(fewest <= sentences(c["text"]) <= most, rid, c["id"],
                           f"passage needs {fewest} to {most} sentences")
    cids = [c.get("id") for c in ctx if isinstance(c, dict)]
    problems.check(len(cids) == len(set(cids)), rid, "duplicate context ids")
    key = json.dumps(ctx, sort_keys=True)
    problems.check(domain_contexts.setdefault(row.get("domain"), key) == key, rid, "contexts differ within domain",
                   row.get("domain"))
    return cids


def check_passages_unique(domain_contexts: dict[str, str], problems: Problems) -> None:
    """No passage text in two domains."""
    texts: dict[str, str] = {}
    for domain, key in domain_contexts.items():
        for c in json.loads(key):
            if isinstance(c, dict) and isinstance(c.get("text"), str):
                problems.check(c["text"] not in texts, "passage", c.get("id"), "of", domain, "repeats one of",
                               texts.get(c["text"]))
                texts[c["text"]] = domain
