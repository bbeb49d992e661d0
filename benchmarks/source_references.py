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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from discourse_openers import SuiteClaims  # noqa: E402

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

    suite.variant_table([(name, lambda row, f=form: written(f, row)) for name, form in FORMS], args.claims,
                        "a reference to a source", "form", 34)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
