"""CPU throughput of the bundled NLI model on short (window, claim) pairs, the shape `faithkit check` scores.

    PYTHONPATH=src python benchmarks/accuracy/cpu_speed.py [--pairs 512] [--threads N]

Pairs are synthetic help-center-like windows and claims built here (no data files needed). Reports pairs per
second after one warm-up batch, with the torch thread count and the median token length.
"""

from __future__ import annotations

import argparse
import json
import os
import time


def pairs(n: int) -> list[tuple[str, str]]:
    windows = [
        "The Team plan costs €12 per user per month and includes up to 10 users.",
        "Single sign-on (SSO) is available only on the Enterprise plan.",
        "Team plans are billed monthly and can be cancelled at any time, but the current month is not refunded.",
        "Annual Enterprise contracts can be refunded in full within 14 days of signing; after that they are not "
        "refundable. Each user on the Team plan gets 50 GB of storage, pooled across the workspace.",
        "Workspace owners can export all data as a ZIP file from Settings. Export links expire after 7 days.",
    ]
    claims = ["The Team plan includes up to 10 users.", "SSO requires the Enterprise plan.",
              "You can cancel at any time and get the current month refunded.", "Export links expire after 30 days.",
              "Each Team user gets fifty gigabytes of storage."]
    return [(windows[i % len(windows)], claims[(i // len(windows)) % len(claims)] + " " * (i // 25 % 2))
            for i in range(n)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=512)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--threads", type=int, default=0, help="torch threads (0 = torch default)")
    args = ap.parse_args()
    import numpy as np
    import torch

    from faithkit.checkers.nli import NLIChecker

    if args.threads:
        torch.set_num_threads(args.threads)
    checker = NLIChecker(batch_size=args.batch_size).load()
    data = pairs(args.pairs)
    checker.score_pairs(data[: args.batch_size])
    start = time.perf_counter()
    checker.score_pairs(data)
    seconds = time.perf_counter() - start
    lengths = checker.scorer.token_lengths(data)
    print(json.dumps({"pairs": len(data), "seconds": round(seconds, 2),
                      "pairs_per_second": round(len(data) / seconds, 1),
                      "median_tokens": float(np.median(lengths)), "torch_threads": torch.get_num_threads(),
                      "batch_size": args.batch_size, "cpus": os.cpu_count(), "load_avg": os.getloadavg()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
