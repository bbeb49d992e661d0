"""A deterministic synthetic help-center log for speed and scale benchmarks (issue 16).

    python benchmarks/synthetic_log.py --answers 300 --seed 16 > log.jsonl

Every interaction has 4 passages of 3-6 sentences drawn from help-center templates with random plans, prices,
limits and days (so pairs rarely repeat across interactions and dedup does not flatter faithkit), and an answer
of 2-5 sentences: copies or light rewrites of passage sentences (supported), the same with a changed number
or plan (unsupported), and an occasional sentence no passage mentions. Sentences avoid abbreviations and decimal
points so that the lesson's regex splitter and faithkit's splitter mostly split alike. The same seed and size
always give the same bytes.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator

PLANS = ["Starter", "Team", "Business", "Enterprise", "Growth", "Scale", "Pro", "Basic"]
THINGS = ["exports", "invoices", "reports", "backups", "audit logs", "API keys", "workspaces", "webhooks"]
PLACES = ["Settings", "the billing page", "the admin console", "the security tab", "the profile menu"]
TEMPLATES = [
    "The {plan} plan costs ${price} per user per month.",
    "The {plan} plan includes up to {users} users.",
    "Each user on the {plan} plan gets {gb} GB of storage.",
    "Refunds for the {plan} plan are available within {days} days of purchase.",
    "Workspace owners can download {thing} from {place}.",
    "Links to {thing} expire after {days} days.",
    "Single sign-on is available on the {plan} plan only.",
    "Support replies to {plan} customers within {hours} hours.",
    "You can cancel the {plan} plan at any time from {place}.",
    "Deleted {thing} can be restored for {days} days.",
    "Admins can create up to {users} {thing} per workspace.",
    "Two-factor authentication can be enforced from {place}.",
]
REWRITES = [("You can", "Owners can"), ("The ", "Our "), ("costs", "is priced at"), ("gets", "receives")]
UNRELATED = [
    "Our office in Lisbon is open on weekends.",
    "The mobile app supports offline editing of {thing}.",
    "Every plan includes a free onboarding call.",
    "Customers on the {plan} plan get a dedicated manager.",
]
QUESTIONS = [
    "What does the {plan} plan include?",
    "How do refunds work on the {plan} plan?",
    "Where can I find {thing}?",
    "How long are {thing} kept?",
]


def _slots(rng: random.Random) -> dict[str, object]:
    return {
        "plan": rng.choice(PLANS),
        "price": rng.randint(4, 90),
        "users": rng.randint(3, 500),
        "gb": rng.choice([5, 10, 20, 50, 100, 250]),
        "days": rng.randint(2, 60),
        "hours": rng.randint(1, 72),
        "thing": rng.choice(THINGS),
        "place": rng.choice(PLACES),
    }


def _sentence(rng: random.Random) -> str:
    return rng.choice(TEMPLATES).format(**_slots(rng))


def _unsupported(rng: random.Random, sentence: str) -> str:
    """The sentence with one number or plan changed (or, without either, a sentence about something else)."""
    words = sentence.split()
    numbered = [i for i, w in enumerate(words) if any(ch.isdigit() for ch in w)]
    if numbered:
        i = rng.choice(numbered)
        digits = "".join(ch for ch in words[i] if ch.isdigit())
        words[i] = words[i].replace(digits, str(int(digits) + rng.randint(1, 9)))
        return " ".join(words)
    plans = [i for i, w in enumerate(words) if w in PLANS]
    if plans:
        i = rng.choice(plans)
        words[i] = rng.choice([p for p in PLANS if p != words[i]])
        return " ".join(words)
    return rng.choice(UNRELATED).format(**_slots(rng))


def interaction(rng: random.Random, index: int) -> dict[str, object]:
    passages = [[_sentence(rng) for _ in range(rng.randint(3, 6))] for _ in range(4)]
    pool = [s for p in passages for s in p]
    answer = []
    for _ in range(rng.randint(2, 5)):
        sentence = rng.choice(pool)
        roll = rng.random()
        if roll < 0.2:
            old, new = rng.choice(REWRITES)
            sentence = sentence.replace(old, new, 1)
        elif roll < 0.45:
            sentence = _unsupported(rng, sentence)
        elif roll < 0.5:
            sentence = rng.choice(UNRELATED).format(**_slots(rng))
        answer.append(sentence)
    return {
        "id": f"syn-{index:06d}",
        "question": rng.choice(QUESTIONS).format(**_slots(rng)),
        "contexts": [{"id": f"kb-{index}-{k}", "text": " ".join(p)} for k, p in enumerate(passages)],
        "answer": " ".join(answer),
    }


def synthetic_log(answers: int, seed: int = 16) -> Iterator[dict[str, object]]:
    """``answers`` interactions, the same ones for the same seed (one Random per interaction: the first N of a
    bigger log are the smaller log)."""
    for index in range(answers):
        yield interaction(random.Random(f"{seed}-{index}"), index)


def write_log(path, answers: int, seed: int = 16) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for record in synthetic_log(answers, seed):
            handle.write(json.dumps(record) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=int, default=300)
    ap.add_argument("--seed", type=int, default=16)
    args = ap.parse_args(argv)
    for record in synthetic_log(args.answers, args.seed):
        sys.stdout.write(json.dumps(record) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
