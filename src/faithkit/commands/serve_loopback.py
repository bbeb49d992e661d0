"""``python -m faithkit.commands.serve_loopback BACKEND.json [--port N]``: serve a scripted backend until Ctrl-C.

The command-line part of the loopback server (the server itself is ``faithkit.llm.loopback``), here because
argument parsing belongs to ``commands/``. Not a ``faithkit`` subcommand: it is a test and demo backend. The
program starts here, not as ``python -m faithkit.llm.loopback``: the server module importing this one back
made an import circle (issue 33), so the dependency runs one way, ``commands`` -> ``llm``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence

from faithkit.llm.loopback import LoopbackServer, backend_from_json


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m faithkit.commands.serve_loopback BACKEND.json [--port N]``: serve a scripted backend until
    Ctrl-C."""
    parser = argparse.ArgumentParser(prog="python -m faithkit.commands.serve_loopback", description=main.__doc__)
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


if __name__ == "__main__":
    raise SystemExit(main())
