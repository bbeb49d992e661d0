"""Does the shared ``content_words`` (``faithkit.text.words``) change any window-veto decision of the NLI checker?

Until issue 12 the veto picked "the sentence a claim is about" with its own word measure (tokens ``[\\w€$%]+``
minus a shorter stopword list, no plural folding). This compares that old measure with the shared one on every
multi-sentence window of the WiCE dev claims and the Larkspur claims: where the two pick a different sentence,
both sentences are scored with the bundled model, and the veto decision (contradiction >= the veto threshold) is
compared. Only a changed decision can change a verdict.

    PYTHONPATH=src .venv/bin/python benchmarks/veto_content_words.py
"""

from __future__ import annotations

import json
import os
import re
from collections import defaultdict
from pathlib import Path

from faithkit.checkers.nli import DEFAULT_WINDOW_VETO, NLIChecker
from faithkit.records import Passage
from faithkit.text.windows import all_windows
from faithkit.text.words import content_words

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("FAITHKIT_DATA", "/work/shared/data"))
_OLD_STOP = frozenset(
    "a an the and or but if of to in on at by for with from as is are was were be been it its this that these those "
    "you your we our they their he she his her can could will would may might do does did not no than then so "
    "such also only all any each every per".split())


def old_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[\w€$%]+", text.lower()) if w not in _OLD_STOP}


def claims() -> list[tuple[str, tuple[Passage, ...]]]:
    rows: list[tuple[str, tuple[Passage, ...]]] = []
    groups: dict[str, list[dict]] = defaultdict(list)
    wice = DATA / "dev" / "wice_claim_dev.jsonl"
    if wice.exists():
        for line in wice.open(encoding="utf-8"):
            row = json.loads(line)
            groups[row["group"]].append(row)
    rows += [(g[0]["claim"], tuple(Passage(r["id"], r["doc"]) for r in g)) for g in groups.values()]
    for name in ("labeled_claims.jsonl", "faithful_claims.jsonl", "mutants_reviewed.jsonl"):
        for line in (ROOT / "examples" / "larkspur" / name).open(encoding="utf-8"):
            row = json.loads(line)
            if "contexts" in row:
                rows.append((row["claim"], tuple(Passage(c["id"], c["text"]) for c in row["contexts"])))
    return rows


def main() -> int:
    pairs: dict[tuple[str, str], int] = {}
    cases: list[tuple[str, str, str]] = []
    windows = 0
    rows = claims()
    for claim, passages in rows:
        found = all_windows(passages, 3)
        singles = {}
        for w in found:
            key = (w.passage_id, w.start)
            if key not in singles or w.end < singles[key].end:
                singles[key] = w
        for w in found:
            inside = [s for s in singles.values()
                      if s.passage_id == w.passage_id and s.start >= w.start and s.end <= w.end]
            if len(inside) < 2:
                continue
            windows += 1
            old = max(inside, key=lambda s: (len(old_words(claim) & old_words(s.text)), -s.start))
            new = max(inside, key=lambda s: (len(content_words(claim) & content_words(s.text)), -s.start))
            if old.start != new.start:
                cases.append((claim, old.text, new.text))
                pairs.setdefault((old.text, claim), len(pairs))
                pairs.setdefault((new.text, claim), len(pairs))
    print(f"claims {len(rows)}, multi-sentence windows {windows}, 'about' sentence differs {len(cases)}")
    scores = NLIChecker().load().scorer.score(list(pairs)) if pairs else None
    flips = [c for c in cases if scores is not None and (
        (scores.probs[pairs[(c[1], c[0])], 2] >= DEFAULT_WINDOW_VETO)
        != (scores.probs[pairs[(c[2], c[0])], 2] >= DEFAULT_WINDOW_VETO))]
    print(f"windows whose veto decision changes: {len(flips)} (claims: {len({c[0] for c in flips})})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
