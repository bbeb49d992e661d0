"""A reference to a source written into a supported sentence, through `faithkit check`: does it stay supported?

    PYTHONPATH=src python benchmarks/source_references.py [--claims 40]

Assistants name where a fact comes from in words: "(see the Fees article)", "(per the fees page)", ", as the Fees
article explains", "— source: fees", "(Fees, section 2)", or a "Sources:" line under the answer. The reference
states nothing about the fact, so a faithful sentence must keep its verdict with it and a fault must stay flagged.
As in ``discourse_openers.py``: the help-center suite's first ``--claims`` faithful claims the default checker
supports on their own and as many faults it flags on their own, each checked again with every form, naming the
first passage of its prompt (which may not be the one that supports it: only the verdict is measured here, not the
citation). Nothing here was chosen from these claims: the forms are the usual ones.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from discourse_openers import SuiteClaims, check  # noqa: E402

FORMS = (("(see the {Name} article)", "{body} (see the {Name} article)."),
         ("(per the {id} page)", "{body} (per the {id} page)."),
         (", as the {Name} article explains", "{body}, as the {Name} article explains."),
         ("— source: {id}", "{body} — source: {id}."),
         ("({Name}, section 2)", "{body} ({Name}, section 2)."),
         ("Sources: {id} (a line under it)", "{claim}\n\nSources: {id}"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=40)
    args = parser.parse_args(argv)
    suite = SuiteClaims()

    def written(form: str, row: dict) -> str:
        pid = suite.interactions[row["answer_id"]]["contexts"][0]["id"]
        body = row["claim"].rstrip().rstrip(".")
        return form.format(body=body, claim=row["claim"], id=pid, Name=pid.replace("_", " ").title())

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        kept, caught = suite.kept_and_caught(work, args.claims)
        referenced = [suite.record(f"{k}|{row['id']}", row, written(form, row))
                      for k, (_, form) in enumerate(FORMS) for row in kept + caught]
        verdicts = check(referenced, work, "references")
    print(f"{len(kept)} faithful help-center claims supported and {len(caught)} faults flagged on their own; "
          "with a reference to a source:")
    print(f"{'form':34s} {'still supported':>16s} {'still flagged':>14s}")
    totals = [0, 0]
    for k, (name, _) in enumerate(FORMS):
        still = sum(verdicts[f"{k}|{row['id']}"] for row in kept)
        flagged = sum(not verdicts[f"{k}|{row['id']}"] for row in caught)
        totals = [totals[0] + still, totals[1] + flagged]
        print(f"{name:34s} {still:>10d}/{len(kept):<5d} {flagged:>8d}/{len(caught)}")
    print(f"{'all forms':34s} {totals[0]:>10d}/{len(kept) * len(FORMS):<5d} "
          f"{totals[1]:>8d}/{len(caught) * len(FORMS)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
