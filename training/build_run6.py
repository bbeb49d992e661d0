"""Run-6 training data: negation read clause by clause, and one fact in its negated wordings (issue 11).

    PYTHONPATH=src python training/build_run6.py --run3 .carry/nli/data3 --out .carry/nli/data6

Why, from probes of the shipped model in session 7 (MODEL_CARD.md, session 7):

- it reads a negation anywhere in the premise as a contradiction: "Annual Enterprise contracts can be refunded in
  full within 14 days of signing." scores entailment 0.21 / contradiction 0.79 against the sentence it was cut
  from, whose *other* clause says "after that they are not refundable";
- it does not know that one negated fact has several wordings: "Memberships are non-transferable." *contradicts*
  "Memberships cannot be transferred to another person." at 0.96.

Runs 4 and 5 joined claims on the claim side and rewrote positives; neither built a premise that holds an
affirmative and a negated clause. This builds, from sentences of run 3's training premises (train/ only):

- **mixed-polarity premises**: two sentences of one premise joined into one sentence with the second negated
  ("A; B-negated" or "A, but B-negated"). Claims: each clause copied (entailed), each clause flipped
  (contradicted). Balanced, so a negation word predicts neither label;
- **policy wordings** (templates, help-center shaped): "X are non-refundable" / "X are not refundable" / "X cannot
  be refunded" / "X can't be refunded" against each other (entailed) and against the affirmative wordings
  (contradicted), for 24 verbs and 30 subjects; the affirmative wordings against each other too.

They are mixed with a uniform sample of run 3's rows (every source in its run-3 share), so the model keeps what it
had. Seeded: the same seed gives the same rows.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
from pathlib import Path

from faithkit.mutation import InjectorContext, flip_negation
from faithkit.text.sentences import split_sentences

sys.path.insert(0, str(Path(__file__).parent))
from hard_negatives import _lower_first, _strip_end  # noqa: E402
from rows_io import write_rows  # noqa: E402

ENTAIL, CONTRA = (0, 1), (2, 0)  # (y3, yb): y3 0 entailment / 2 contradiction, yb 1 supported / 0 not

ABLE = {  # adjective -> the participle of its verb
    "refundable": "refunded", "transferable": "transferred", "exchangeable": "exchanged",
    "returnable": "returned", "cancellable": "cancelled", "changeable": "changed", "bookable": "booked",
    "renewable": "renewed", "usable": "used", "editable": "edited", "shareable": "shared",
    "downloadable": "downloaded", "removable": "removed", "redeemable": "redeemed", "claimable": "claimed",
    "extendable": "extended", "combinable": "combined", "replaceable": "replaced", "reusable": "reused",
    "upgradable": "upgraded", "resellable": "resold", "payable": "paid", "recyclable": "recycled",
    "adjustable": "adjusted",
}
SUBJECTS = (
    "Gift cards", "Saver tickets", "Memberships", "Deposits", "Sale items", "Digital downloads", "Annual plans",
    "Booking fees", "Vouchers", "Season passes", "Personalised items", "Opened software", "Event tickets",
    "Trial accounts", "Promo codes", "Class credits", "Guest passes", "Delivery slots", "Custom orders",
    "Railcards", "Monthly bundles", "Starter kits", "Reward points", "Family plans", "Refurbished phones",
    "Hotel prepayments", "Workshop seats", "Parking permits", "Storage add-ons", "Student discounts",
)
CONDITIONS = ("", "", " once they have been used", " after the first month", " at any time",
              " in the app", " for any reason", " to another account", " after checkout", " once issued")


def _negated(subject: str, adjective: str, participle: str, rng: random.Random) -> str:
    return rng.choice([f"{subject} are non-{adjective}", f"{subject} are not {adjective}",
                       f"{subject} cannot be {participle}", f"{subject} can't be {participle}",
                       f"{subject} can never be {participle}", f"{subject} aren't {adjective}"])


def _affirmative(subject: str, adjective: str, participle: str, rng: random.Random) -> str:
    return rng.choice([f"{subject} are {adjective}", f"{subject} can be {participle}",
                       f"{subject} are fully {adjective}", f"You can get {subject.lower()} {participle}"
                       if participle in ("refunded", "exchanged", "replaced", "renewed") else
                       f"{subject} can be {participle}"])


def policy_rows(n: int, rng: random.Random) -> list[dict]:
    rows = []
    adjectives = sorted(ABLE)
    for _ in range(n):
        subject, adjective = rng.choice(SUBJECTS), rng.choice(adjectives)
        participle, condition = ABLE[adjective], rng.choice(CONDITIONS)
        premise_negated = rng.random() < 0.6
        make_p = _negated if premise_negated else _affirmative
        premise = f"{make_p(subject, adjective, participle, rng)}{condition}."
        if rng.random() < 0.5:  # a neighbour sentence about something else, as a window holds
            other, other_adjective = rng.choice([s for s in SUBJECTS if s != subject]), rng.choice(adjectives)
            make_n = rng.choice([_negated, _affirmative])
            neighbour = f"{make_n(other, other_adjective, ABLE[other_adjective], rng)}."
            premise = f"{premise} {neighbour}" if rng.random() < 0.5 else f"{neighbour} {premise}"
        same = make_p(subject, adjective, participle, rng) + condition + "."
        flipped = (_affirmative if premise_negated else _negated)(subject, adjective, participle, rng) + condition + "."
        rows.append(_row(premise, same, ENTAIL, "run6_policy_same"))
        rows.append(_row(premise, flipped, CONTRA, "run6_policy_flip"))
    return rows


def _row(premise: str, hypothesis: str, label: tuple[int, int], source: str) -> dict:
    return {"premise": premise, "hypothesis": hypothesis, "y3": label[0], "yb": label[1], "source": source}


def mixed_rows(premises: list[str], per_premise: int, rng: random.Random) -> list[dict]:
    ctx = InjectorContext(passages=(), seed=0)
    rows: list[dict] = []
    for premise in premises:
        sents = [s.text for s in split_sentences(premise) if 6 <= len(s.text.split()) <= 30]
        if len(sents) < 2:
            continue
        for _ in range(per_premise):
            a, b = rng.sample(sents, 2)
            b_neg = flip_negation(b, ctx)
            a_neg = flip_negation(a, ctx)
            if not b_neg or not a_neg or b_neg == b or a_neg == a:
                continue
            glue = rng.choice(["; ", ", but "])
            joined = f"{_strip_end(a)}{glue}{_lower_first(_strip_end(b_neg))}."
            rows.append(_row(joined, a, ENTAIL, "run6_mixed_copy"))
            rows.append(_row(joined, b_neg[:1].upper() + b_neg[1:], ENTAIL, "run6_mixed_copy"))
            rows.append(_row(joined, a_neg, CONTRA, "run6_mixed_flip"))
            rows.append(_row(joined, b, CONTRA, "run6_mixed_flip"))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run3", type=Path, required=True, help="folder with run 3's train.jsonl.gz")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=61)
    ap.add_argument("--run3-rows", type=int, default=12000)
    ap.add_argument("--mixed-premises", type=int, default=1600)
    ap.add_argument("--policy", type=int, default=1200, help="policy templates (2 rows each)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    run3: list[dict] = []
    premises: list[str] = []
    with gzip.open(args.run3 / "train.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row["source"] == "summedits_long":
                continue  # slow on CPU and not shaped like 1-3 sentence windows (as run 5)
            run3.append(row)
            if row["source"].startswith("synth_") and re.search(r"[.!?]\s+[A-Z]", row["premise"]):
                premises.append(row["premise"])
    premises = sorted(set(premises))
    rows = rng.sample(run3, min(args.run3_rows, len(run3)))
    rows += mixed_rows(rng.sample(premises, min(args.mixed_premises, len(premises))), 1, rng)
    rows += policy_rows(args.policy, rng)
    rng.shuffle(rows)
    write_rows(args.out, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
