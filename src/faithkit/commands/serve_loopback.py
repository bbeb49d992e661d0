"""``python -m faithkit.llm.loopback BACKEND.json [--port N]``: serve a scripted backend until Ctrl-C.

The command-line part of the loopback server (the server itself is ``faithkit.llm.loopback``), here because
argument parsing belongs to ``commands/``. Not a ``faithkit`` subcommand: it is a test and demo backend.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence

from faithkit.llm.loopback import LoopbackServer, backend_from_json


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m faithkit.llm.loopback BACKEND.json [--port N]``: serve a scripted backend until Ctrl-C."""
    parser = argparse.ArgumentParser(prog="python -m faithkit.llm.loopback", description=main.__doc__)
    parser.add_argument("backend", help="JSON file (see backend_from_json)")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args(argv)
    with open(args.backend, encoding="utf-8") as handle:
        backend = backend_from_json(json.load(handle))
    server = LoopbackServer(backend, port=args.port).start()
    print(server.base_url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
    return 0
