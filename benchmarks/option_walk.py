"""Follow one checker option from the command line to the model: the files it passes through (issue 33).

    PYTHONPATH=src python benchmarks/option_walk.py [--tree DIR]

Runs ``faithkit check`` in-process on a one-line log with ``--threshold 0.613`` (a value nothing else in a run
has) under ``sys.setprofile``. Every call of a faithkit function that receives the option is recorded: an
argument that is the value, a string that names it ("nli:threshold=0.613"), or a namespace, mapping, sequence,
object or ``functools.partial`` holding one of those (three levels deep). Each file holding such a function is
counted once, in the order reached. A "climb" is a step of that walk into a file on a higher floor of
docs/architecture.md than the step before: the option went down toward the model, then back up. Fewer files and
fewer climbs mean a newcomer follows fewer places to see where an option goes.

``--tree DIR`` walks another checkout (its ``src`` first on the path) with the floors of this one, so two
commits compare on one definition: `git worktree add /tmp/old COMMIT`, then `--tree /tmp/old`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARK = 0.613

WALK = r"""
import functools, json, sys, types
from pathlib import Path
src = Path(sys.argv[1]).resolve()
sys.path.insert(0, str(src))
MARK = float(sys.argv[4])
seen_files, order, steps = set(), [], []

def carries(value, depth=3):
    if isinstance(value, float):
        return value == MARK
    if isinstance(value, str):
        return str(MARK) in value
    if depth == 0 or isinstance(value, (int, bool, bytes, type, types.ModuleType, types.FunctionType)):
        return False
    if isinstance(value, functools.partial):
        items = [value.func, *value.args, *value.keywords.values()]
    elif isinstance(value, dict):
        items = list(value.values())[:200]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)[:200]
    elif hasattr(value, "__dict__") and type(value).__module__.split(".")[0] in ("faithkit", "argparse"):
        items = list(vars(value).values())[:200]
    else:
        return False
    return any(carries(item, depth - 1) for item in items)

def profile(frame, event, arg):
    if event != "call":
        return
    path = frame.f_code.co_filename
    if not path.startswith(str(src / "faithkit")):
        return
    code = frame.f_code
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    if any(carries(frame.f_locals.get(n)) for n in names):
        rel = str(Path(path).relative_to(src))
        steps.append(rel)
        if rel not in seen_files:
            seen_files.add(rel)
            order.append(rel)

from faithkit.cli import main
sys.setprofile(profile)
try:
    main(["check", sys.argv[2], "--out", sys.argv[3], "--threshold", str(MARK), "--quiet", "--no-report",
          "--cache", "off", "--overwrite"])
except SystemExit:
    pass
finally:
    sys.setprofile(None)
print(json.dumps({"files": order, "steps": steps}))
"""


def part_of(rel: str) -> str:
    """The architecture page's part of a file: its folder under faithkit/, or the module for a root module."""
    pieces = Path(rel).with_suffix("").parts[1:]  # drop "faithkit"
    if len(pieces) > 1:
        return pieces[0]
    return "faithkit" if pieces[0] == "__init__" else f"faithkit.{pieces[0]}"


def walk(tree: Path = ROOT) -> tuple[list[str], int, int]:
    """The files the option passes through in ``tree`` (in the order reached), the climbs and the calls."""
    sys.path.insert(0, str(ROOT))
    from tests.test_architecture_doc import floors

    floor = floors()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "log.jsonl"
        log.write_text(json.dumps({"id": "one", "question": "Can I cancel?", "contexts": [
            {"id": "billing", "text": "Team plans can be cancelled at any time. The current month is not refunded."}],
            "answer": "You can cancel at any time, and the current month is refunded."}) + "\n", encoding="utf-8")
        done = subprocess.run([sys.executable, "-c", WALK, str(tree / "src"), str(log), str(Path(tmp) / "out"),
                               str(MARK)], capture_output=True, text=True, check=True)
    steps = json.loads(done.stdout.strip().splitlines()[-1])
    levels = [floor.get(part_of(rel)) for rel in steps["steps"]]
    climbs = sum(1 for a, b in zip(levels, levels[1:]) if a is not None and b is not None and b > a)
    return steps["files"], climbs, len(steps["steps"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tree", type=Path, default=ROOT, help="the checkout to walk (default: this one)")
    args = ap.parse_args()
    files, climbs, calls = walk(args.tree)
    from tests.test_architecture_doc import floors  # on the path since walk()

    floor = floors()
    print(f"tree {args.tree}: the option passes through {len(files)} files, {climbs} climbs ({calls} calls)")
    for rel in files:
        print(f"  floor {floor.get(part_of(rel), '?')}  {rel}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
