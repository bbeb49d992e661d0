#!/usr/bin/env python3
"""Validate case_sentences.jsonl (plain python3, no project code).

Checks:
  * every line is a JSON object with keys id, domain, contexts
  * record ids are unique; context ids are unique within a record
  * contexts is a non-empty list of {"id": str, "text": str} with non-empty text
  * every record contains at least one "case sentence"

A "case sentence" is a sentence in which at least two numbers are each
followed (after at most three unit/rate words such as "days", "per hour",
"per kWh") by "for" or "on", i.e. two or more numbers are attached to
different cases: "Entry costs EUR 14 for adults and EUR 9 for children."

Usage: python3 validate.py [path/to/case_sentences.jsonl] [-v]
Exit status 0 if all checks pass, 1 otherwise.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "case_sentences.jsonl")

# split after . ! ? when followed by whitespace and an upper-case letter or digit
SENT_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\u00C0-\u00DE])")
# a number, optional glued suffix (p, %, :00, -minute, ...), up to 3 words, then for/on
CASE_NUM = re.compile(
    r"\d+(?:[.,]\d+)*[^\s,;:.!?]*(?::\d+)?(?:\s+[A-Za-z][\w'-]*){0,3}?\s+(?:for|on)\b",
    re.IGNORECASE,
)


def sentences(text):
    return [s for s in SENT_SPLIT.split(text.strip()) if s]


def is_case_sentence(sent):
    return len(CASE_NUM.findall(sent)) >= 2


def main(argv):
    verbose = "-v" in argv
    args = [a for a in argv if a != "-v"]
    path = args[0] if args else DEFAULT
    errors = []
    ids = set()
    n_records = n_case = 0
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                errors.append(f"line {ln}: empty line")
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                errors.append(f"line {ln}: invalid JSON ({e})")
                continue
            if not isinstance(rec, dict):
                errors.append(f"line {ln}: not a JSON object")
                continue
            n_records += 1
            for key in ("id", "domain", "contexts"):
                if key not in rec:
                    errors.append(f"line {ln}: missing key {key!r}")
            rid = rec.get("id")
            if not isinstance(rid, str) or not rid:
                errors.append(f"line {ln}: id must be a non-empty string")
            elif rid in ids:
                errors.append(f"line {ln}: duplicate id {rid!r}")
            else:
                ids.add(rid)
            if not isinstance(rec.get("domain"), str) or not rec.get("domain"):
                errors.append(f"line {ln}: domain must be a non-empty string")
            ctxs = rec.get("contexts")
            if not isinstance(ctxs, list) or not ctxs:
                errors.append(f"line {ln}: contexts must be a non-empty list")
                continue
            cids = set()
            rec_cases = []
            for j, c in enumerate(ctxs):
                if not isinstance(c, dict) or set(c) != {"id", "text"}:
                    errors.append(f"line {ln}: contexts[{j}] must have exactly keys id, text")
                    continue
                if not isinstance(c["id"], str) or not c["id"]:
                    errors.append(f"line {ln}: contexts[{j}].id must be a non-empty string")
                elif c["id"] in cids:
                    errors.append(f"line {ln}: duplicate context id {c['id']!r}")
                cids.add(c["id"])
                if not isinstance(c["text"], str) or not c["text"].strip():
                    errors.append(f"line {ln}: contexts[{j}].text must be non-empty")
                    continue
                rec_cases += [s for s in sentences(c["text"]) if is_case_sentence(s)]
            n_case += len(rec_cases)
            if not rec_cases:
                errors.append(f"line {ln}: record {rid!r} has no case sentence")
            if verbose:
                print(f"{rid}: {len(rec_cases)} case sentences")
                for s in rec_cases:
                    print(f"   - {s}")
    for e in errors:
        print("ERROR:", e)
    print(f"{n_records} records, {n_case} case sentences, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
