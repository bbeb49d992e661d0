"""Check a log of mutated answers with `faithkit check` and print, per set, how many were flagged.

Shared by ``number_mutations.py`` and ``time_mutations.py``: each builds mutants (one faithful answer with one
thing made wrong, an ``id`` naming the change) per set, and this runs them all in one check, so that a tree is
read once and two trees compare on the same mutants. A mutant counts as flagged when its answer is unsupported.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from faithkit.stats import wilson_interval  # noqa: E402


def mutant(row: dict, found: re.Match[str], new: str) -> dict:
    """``row`` with the answer's ``found`` replaced by ``new``, named by the change, grading fields left out."""
    answer = row["answer"][: found.start()] + new + row["answer"][found.end():]
    return {"id": f"{row['id']}@{found.start()}:{found.group(0)}->{new}", "question": row.get("question", ""),
            "contexts": row["contexts"], "answer": answer}


def mutation_parser(description: str, seed: int) -> argparse.ArgumentParser:
    """The options every mutation benchmark takes: the sets, how many mutants per answer, the seed, --misses."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--sets", nargs="+", default=["dev", "held-out"], help="dev, held-out or data files")
    ap.add_argument("--per-answer", type=int, default=2)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--misses", action="store_true", help="print each mutant not flagged, with its claims")
    return ap


def check_mutants(by_set: dict[str, list[dict]], *, misses: bool = False, check_args: tuple[str, ...] = ()) -> None:
    """Run every mutant of ``by_set`` through one `faithkit check` (``check_args`` added to its command line) and
    print the flagged share per set and in all, with 95% Wilson intervals; ``misses``: each mutant not flagged,
    with its claims."""
    rows = [row for found in by_set.values() for row in found]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "mutants.jsonl"
        log.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        subprocess.run([sys.executable, "-m", "faithkit", "check", str(log), "--out", str(Path(tmp) / "out"),
                        "--quiet", "--no-report", *check_args], check=False, capture_output=True)
        results = {}
        for line in (Path(tmp) / "out" / "results.jsonl").read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            results[record["id"]] = record
    print(f"{'set':18s} {'flagged':>9s}  95% interval")
    total = flagged_all = 0
    for name, found in by_set.items():
        if not found:
            continue
        flagged = sum(results.get(r["id"], {}).get("unsupported") is True for r in found)
        total, flagged_all = total + len(found), flagged_all + flagged
        ci = wilson_interval(flagged, len(found))
        print(f"{name:18s} {flagged:>4d}/{len(found):<4d}  [{ci.low:.3f}, {ci.high:.3f}]")
    ci = wilson_interval(flagged_all, total)
    print(f"{'all':18s} {flagged_all:>4d}/{total:<4d}  [{ci.low:.3f}, {ci.high:.3f}]")
    missing = [r["id"] for r in rows if r["id"] not in results]
    if missing:
        print(f"{len(missing)} mutants have no record: {missing[:5]}")
    if misses:
        for row in rows:
            record = results.get(row["id"], {})
            if record.get("unsupported") is not True:
                print(f"\nnot flagged {row['id']} ({record.get('status')})")
                for claim in record.get("claims", []):
                    print(f"   [{claim['verdict']}/{claim['stage']}] {claim['text']!r}: "
                          f"{claim.get('detail', {}).get('reason', '')[:200]}")
