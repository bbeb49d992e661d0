"""ONNX Runtime against torch on the bundled models, the whole default stack, every claim of the dev files (issue 34).

    PYTHONPATH=src python benchmarks/backend_parity.py [--data /work/shared/data] [--checker-options k=v,...]

The default checker (numbers stage, parts, window veto, alignment, spread evidence, second opinion) is built twice,
``backend=torch`` and ``backend=onnx``, and decides the help-center suite (benchmarks/helpcenter), the
shapes_dev answers and WiCE claim dev. Printed per file: claims, verdicts that differ, the largest change of a
claim's deciding score, and, over every (premise, claim) pair either model read, the largest |Δp| of the three
probability columns (first model and second opinion). Scores go through faithkit's content cache (torch and
ONNX are kept apart in it): a second run takes seconds.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np

from faithkit.bench import load_claims, score_claims
from faithkit.cache import ContentCache, PairScoreCache
from faithkit.checkers.nli import NLIChecker
from faithkit.checkers.registry import build_checker
from faithkit.io.log import read_log
from faithkit.pipeline import CheckOptions, check_chunk

ROOT = Path(__file__).resolve().parent.parent
HELPCENTER = ROOT / "benchmarks" / "helpcenter" / "interactions.jsonl"


def nli_checkers(checker: Any) -> list[NLIChecker]:
    """Every NLIChecker in a stack (the first model and its second opinion), walking wrappers and children."""
    found, todo, visited = [], [checker], set()
    while todo:
        node = todo.pop()
        if id(node) in visited:
            continue
        visited.add(id(node))
        if isinstance(node, NLIChecker):
            found.append(node)
        todo.extend(getattr(node, "children", lambda: ())())
        if getattr(node, "inner", None) is not None:
            todo.append(node.inner)
    return found


def record_pairs(checker: Any) -> dict[int, set[tuple[str, str]]]:
    """Wrap each model's cached scoring so that the pairs it is asked for are kept (by model, in stack order)."""
    seen: dict[int, set[tuple[str, str]]] = {}
    for index, nli in enumerate(nli_checkers(checker)):
        pairs = seen.setdefault(index, set())
        original = nli.scoring.score

        def score(batch: list[tuple[str, str]], _original: Any = original, _pairs: set = pairs) -> Any:
            _pairs.update(batch)
            return _original(batch)

        nli.scoring.score = score  # type: ignore[method-assign]
    return seen


def claim_outcomes(checker: Any, name: str, path: Path) -> list[tuple[str, float]]:
    """(verdict, deciding score) per claim."""
    if name == "wice_claim_dev":
        scores = score_claims(checker, load_claims(path))
        threshold = nli_checkers(checker)[-1].threshold
        return [("supported" if s >= threshold else "not_supported", float(s)) for s in scores.scores]
    records = check_chunk(list(read_log(path)), checker, CheckOptions())
    return [(c.verdict, float(c.score or 0.0)) for r in records for c in (r.claims or [])]


def pair_probs(nli: NLIChecker, pairs: list[tuple[str, str]]) -> np.ndarray:
    values = PairScoreCache(nli.cache, nli.scoring.identity()).get_many(pairs)
    if any(v is None for v in values):
        raise SystemExit("a pair the run read is missing from the cache: run again with the cache enabled")
    return np.array([v[:3] for v in values], dtype=float)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    args = parser.parse_args()
    cache = ContentCache(None, "use")
    files = {"helpcenter": HELPCENTER, "shapes_dev": args.data / "dev" / "shapes_dev.jsonl",
             "wice_claim_dev": args.data / "dev" / "wice_claim_dev.jsonl"}
    files = {name: path for name, path in files.items() if path.is_file()}
    stacks = {backend: build_checker("nli", cache=cache, backend=backend) for backend in ("torch", "onnx")}
    for checker in stacks.values():
        checker.load()
    worst_pair = 0.0
    for name, path in files.items():
        outcomes, pairs = {}, {}
        for backend, checker in stacks.items():
            seen = record_pairs(checker)
            outcomes[backend] = claim_outcomes(checker, name, path)
            pairs[backend] = seen
        torch_rows, onnx_rows = outcomes["torch"], outcomes["onnx"]
        differ = sum(a[0] != b[0] for a, b in zip(torch_rows, onnx_rows))
        score_change = max((abs(a[1] - b[1]) for a, b in zip(torch_rows, onnx_rows)), default=0.0)
        deltas = []
        for index, (torch_nli, onnx_nli) in enumerate(zip(nli_checkers(stacks["torch"]), nli_checkers(stacks["onnx"]))):
            both = sorted(pairs["torch"].get(index, set()) | pairs["onnx"].get(index, set()))
            if both:
                delta = np.abs(pair_probs(torch_nli, both) - pair_probs(onnx_nli, both)).max()
                deltas.append((len(both), float(delta)))
        pair_text = "; ".join(f"model {i + 1}: {n} pairs, max |Δp| {d:.2e}" for i, (n, d) in enumerate(deltas))
        worst_pair = max([worst_pair, *(d for _, d in deltas)])
        print(f"{name}: {len(torch_rows)} claims, verdicts differing {differ}, claim score max |Δ| "
              f"{score_change:.2e}; {pair_text}")
    print(f"worst pair |Δp| over all files: {worst_pair:.2e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
