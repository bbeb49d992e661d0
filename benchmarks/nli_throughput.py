"""NLI throughput on this machine: pairs/s for short window pairs and long pairs, and what length-sorted
batching and pair dedup buy, measured side by side in one run (machines are noisy: read the ratios).

    python benchmarks/nli_throughput.py [--model PATH] [--pairs 512] [--threads N]

Short pairs are Larkspur-style windows (15–60 tokens); long pairs are ~256 tokens.
"""

from __future__ import annotations

import argparse
import random
import time

from faithkit.checkers.nli import NLIChecker, PairScorer
from faithkit.records import ClaimCheck, Passage

SENTENCES = [
    "The Team plan costs €12 per user per month and includes up to 10 users.",
    "Single sign-on (SSO) is available only on the Enterprise plan.",
    "Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded.",
    "Annual Enterprise contracts can be refunded in full within 14 days of signing.",
    "Each user on the Team plan gets 50 GB of storage, pooled across the workspace.",
    "Workspace owners can export all data as a ZIP file from Settings.",
    "Export links expire after 7 days.",
    "Guests can view shared boards but cannot edit them.",
    "Deleted items stay in the trash for 30 days.",
    "API requests are limited to 100 per minute per workspace.",
]
CLAIMS = ["The Team plan includes SSO.", "Export links expire after 7 days.", "Storage is pooled.",
          "The current month is refunded.", "Eight users would pay €96 a month."]


def short_pairs(n: int, rng: random.Random) -> list[tuple[str, str]]:
    out = []
    for _ in range(n):
        k = rng.choice([1, 2])
        out.append((" ".join(rng.sample(SENTENCES, k)), rng.choice(CLAIMS) + f" Case {rng.randint(0, 10**6)}."))
    return out


def long_pairs(n: int, rng: random.Random) -> list[tuple[str, str]]:
    return [(" ".join(rng.choices(SENTENCES, k=14)), rng.choice(CLAIMS)) for _ in range(n)]


def timed(fn, *args) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def unsorted_score(scorer: PairScorer, pairs: list[tuple[str, str]]) -> None:
    """The same model without length sorting: batches in input order, padded to their longest pair."""
    import torch

    with torch.inference_mode():
        for i in range(0, len(pairs), scorer.batch_size):
            chunk = pairs[i:i + scorer.batch_size]
            batch = scorer.tokenizer([p for p, _ in chunk], [h for _, h in chunk], truncation=True,
                                     max_length=scorer.max_length, padding="longest", return_tensors="pt")
            scorer.model(**batch)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", help="NLI model folder (default: the bundled model)")
    parser.add_argument("--pairs", type=int, default=512)
    parser.add_argument("--threads", type=int, help="torch threads (default: torch's choice)")
    args = parser.parse_args()
    import torch

    if args.threads:
        torch.set_num_threads(args.threads)
    rng = random.Random(0)
    checker = NLIChecker(args.model).load()
    scorer = checker.scorer
    short, long = short_pairs(args.pairs, rng), long_pairs(max(32, args.pairs // 8), rng)
    scorer.score(short[:32])  # warm-up
    mixed = short + long
    rng.shuffle(mixed)
    rows = [
        ("short pairs, length-sorted", len(short), timed(scorer.score, short)),
        ("long (~256 tok) pairs", len(long), timed(scorer.score, long)),
        ("mixed, length-sorted", len(mixed), timed(scorer.score, mixed)),
        ("mixed, unsorted batches", len(mixed), timed(unsorted_score, scorer, mixed)),
    ]
    passages = tuple(Passage(f"p{i}", " ".join(SENTENCES[i:i + 3])) for i in range(0, 9, 3))
    requests = [ClaimCheck(CLAIMS[i % len(CLAIMS)], passages) for i in range(100)]
    fresh = NLIChecker(args.model).load()
    seconds = timed(fresh.check, requests)
    pairs_total = fresh.counters["nli_pairs"]
    print(f"model: {checker.spec()['model']}  weights {checker.spec()['weights'][:19]}  "
          f"torch threads {torch.get_num_threads()}")
    print(f"{'workload':32s} {'pairs':>6s} {'seconds':>8s} {'pairs/s':>8s}")
    for name, n, sec in rows:
        print(f"{name:32s} {n:6d} {sec:8.2f} {n / sec:8.1f}")
    sorted_rate, unsorted_rate = rows[2][1] / rows[2][2], rows[3][1] / rows[3][2]
    print(f"length sorting speed-up on the mixed workload: {sorted_rate / unsorted_rate:.2f}x")
    print(f"check(): 100 claims x {len(passages)} passages = {pairs_total} window pairs, "
          f"{fresh.counters['nli_pairs_unique']} unique after dedup, {seconds:.2f} s "
          f"({pairs_total / seconds:.1f} pairs/s effective, dedup ratio "
          f"{pairs_total / max(1, fresh.counters['nli_pairs_unique']):.1f}x)")


if __name__ == "__main__":
    main()
