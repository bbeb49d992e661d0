"""Check a log of mutated answers with `faithkit check` and print, per set, how many were flagged.

Shared by ``number_mutations.py`` and ``time_mutations.py``: each builds mutants (one faithful answer with one
thing made wrong, an ``id`` naming the change) per set, and this runs them all in one check, so that a tree is
read once and two trees compare on the same mutants. A mutant counts as flagged when its answer is unsupported.

Only mutants of answers the checker keeps unmutated are counted: each mutant's faithful answer is checked in the
same run, and the mutants of one it does not keep (flagged, or read as a refusal) are reported apart. Why (session
44): a mutant of an answer flagged for another reason is flagged for that same reason and measures no detection, so
a rule that wrongly flags a faithful answer raised the figure and one that starts keeping it lowered it (a mutant of
shapes_holdout4's sh4-017).
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
sys.path.insert(0, str(ROOT / "benchmarks"))
from shapes_dev import split_check_args  # noqa: E402

from faithkit.stats import wilson_interval  # noqa: E402


def mutant(row: dict, found: re.Match[str], new: str) -> dict:
    """``row`` with the answer's ``found`` replaced by ``new``, named by the change, grading fields left out."""
    answer = row["answer"][: found.start()] + new + row["answer"][found.end():]
    return {"id": f"{row['id']}@{found.start()}:{found.group(0)}->{new}", "question": row.get("question", ""),
            "contexts": row["contexts"], "answer": answer, "base": row["id"], "base_answer": row["answer"]}


_BASE = "unmutated:"  # the id prefix of a mutant's answer as it was, checked in the same run


def _log_rows(rows: list[dict]) -> list[dict]:
    """The mutants without their base fields, then each base answer once (id ``unmutated:<answer id>``)."""
    out, bases = [], {}
    for row in rows:
        out.append({k: v for k, v in row.items() if k not in ("base", "base_answer")})
        bases.setdefault(row["base"], {**out[-1], "id": _BASE + row["base"], "answer": row["base_answer"]})
    return out + list(bases.values())


def mutation_parser(description: str, seed: int) -> argparse.ArgumentParser:
    """The options every mutation benchmark takes: the sets, how many mutants per answer, the seed, --misses."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--sets", nargs="+", default=["dev", "held-out"], help="dev, held-out or data files")
    ap.add_argument("--per-answer", type=int, default=2)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--misses", action="store_true", help="print each mutant not flagged, with its claims")
    return ap


def parse_args(ap: argparse.ArgumentParser, argv: list[str] | None = None
               ) -> tuple[argparse.Namespace, tuple[str, ...]]:
    """The benchmark's options, and what follows a ``--``: added to the `faithkit check` command line, so that one
    tree measures a rule turned off (``-- --no-window-veto``, ``-- --checker nli:alignment_rules=...``) as
    ``rule_ablation.py`` does for the answer sets."""
    own, extra = split_check_args(sys.argv[1:] if argv is None else argv)
    return ap.parse_args(own), tuple(extra)


def check_mutants(by_set: dict[str, list[dict]], *, misses: bool = False, check_args: tuple[str, ...] = ()) -> None:
    """Run every mutant of ``by_set`` through one `faithkit check` (``check_args`` added to its command line) and
    print the flagged share per set and in all, with 95% Wilson intervals; ``misses``: each mutant not flagged,
    with its claims."""
    rows = [row for found in by_set.values() for row in found]
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "mutants.jsonl"
        log.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in _log_rows(rows)), encoding="utf-8")
        subprocess.run([sys.executable, "-m", "faithkit", "check", str(log), "--out", str(Path(tmp) / "out"),
                        "--quiet", "--no-report", *check_args], check=False, capture_output=True)
        results = {}
        for line in (Path(tmp) / "out" / "results.jsonl").read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            results[record["id"]] = record
    print(f"{'set':18s} {'flagged':>9s}  95% interval    not counted (answer not kept unmutated)")
    total = flagged_all = apart_all = 0
    for name, found in by_set.items():
        if not found:
            continue
        flagged, counted, apart = tally(found, results)
        total, flagged_all, apart_all = total + counted, flagged_all + flagged, apart_all + apart
        ci = wilson_interval(flagged, counted)
        print(f"{name:18s} {flagged:>4d}/{counted:<4d}  [{ci.low:.3f}, {ci.high:.3f}]  {apart}")
    ci = wilson_interval(flagged_all, total)
    print(f"{'all':18s} {flagged_all:>4d}/{total:<4d}  [{ci.low:.3f}, {ci.high:.3f}]  {apart_all}")
    missing = [r["id"] for r in rows if r["id"] not in results]
    missing += sorted({_BASE + r["base"] for r in rows} - results.keys())
    if missing:
        print(f"{len(missing)} mutants or unmutated answers have no record: {missing[:5]}")
    if misses:
        for row in (r for r in rows if _kept_unmutated(r, results)):
            record = results.get(row["id"], {})
            if record.get("unsupported") is not True:
                print(f"\nnot flagged {row['id']} ({record.get('status')})")
                for claim in record.get("claims", []):
                    print(f"   [{claim['verdict']}/{claim['stage']}] {claim['text']!r}: "
                          f"{claim.get('detail', {}).get('reason', '')[:200]}")


def _kept_unmutated(row: dict, results: dict[str, dict]) -> bool:
    """Whether the checker keeps the mutant's answer as it was (scored and not unsupported)."""
    return results.get(_BASE + row["base"], {}).get("unsupported") is False


def tally(found: list[dict], results: dict[str, dict]) -> tuple[int, int, int]:
    """(mutants flagged, mutants counted, mutants not counted) of one set: only the mutants of an answer the
    checker keeps unmutated count (module docstring); ``results`` maps record ids to `faithkit check` records."""
    counted = [r for r in found if _kept_unmutated(r, results)]
    flagged = sum(results.get(r["id"], {}).get("unsupported") is True for r in counted)
    return flagged, len(counted), len(found) - len(counted)
