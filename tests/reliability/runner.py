"""A real `run_check` in its own process, for kill -9 and concurrency tests: a deterministic checker that takes
a little time per chunk, so a kill lands mid-run. ``python -m tests.reliability.runner LOG OUT [--resume]``."""

from __future__ import annotations

import hashlib
import sys
import time

from faithkit.checkers.fake import ScriptedChecker
from faithkit.errors import FaithkitError
from faithkit.pipeline import CheckOptions, run_check


class SlowHashChecker(ScriptedChecker):
    """Supported when the claim's sha256 starts with an even digit: verdicts depend on the text only."""

    def __init__(self, delay: float):
        super().__init__({}, default="supported")
        self.delay = delay

    def check(self, requests):
        time.sleep(self.delay)
        for request in requests:
            even = int(hashlib.sha256(request.claim.encode()).hexdigest()[0], 16) % 2 == 0
            self.verdicts[request.claim] = "supported" if even else "not_supported"
        return super().check(requests)


def main(argv: list[str]) -> int:
    log, out, *flags = argv
    delay = float(next((f.split("=")[1] for f in flags if f.startswith("--delay=")), "0.02"))
    try:
        run_check(
            log,
            out,
            SlowHashChecker(delay),
            CheckOptions(chunk_size=5),
            resume="--resume" in flags,
            overwrite="--overwrite" in flags,
        )
    except FaithkitError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
