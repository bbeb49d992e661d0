"""The Larkspur example through the LLM layer, against the scripted loopback server (no network, no key).

Runs the judge alone and the cascade (NLI first, judge below --route-below), in batch and per-claim modes, with
LLM-decomposed claims, and prints how many judge requests each made. The judge and decomposer are scripted
(examples/llm/larkspur_backend.json: the lesson's decomposition and judge labels). The NLI stage is the bundled
NLI model when it is installed, else scripted scores (examples/llm/larkspur_nli_scores.json, each marked
"lesson" or "assumed").

    PYTHONPATH=src .venv/bin/python examples/llm/run_larkspur.py [--nli scripted|bundled] [--route-below 0.98]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import NamedTuple

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.llm.cascade import CascadeChecker
from faithkit.checkers.llm.judge import JudgeChecker
from faithkit.claims.llm import LLMClaims
from faithkit.llm.loopback import LoopbackServer, backend_from_json
from faithkit.llm.openai_compat import OpenAICompatClient
from faithkit.llm.structured import StructuredCaller
from faithkit.pipeline import CheckOptions, run_check
from faithkit.records import Verdict

HERE = Path(__file__).resolve().parent
LOG = HERE.parent / "larkspur" / "interactions.jsonl"


def scripted_nli() -> ScriptedChecker:
    scores = json.loads((HERE / "larkspur_nli_scores.json").read_text(encoding="utf-8"))["scores"]
    verdicts = {claim: Verdict("supported" if s >= 0.5 else "not_supported", "nli", score=s,
                               detail={"scripted": source}) for claim, (s, source) in scores.items()}
    return ScriptedChecker(verdicts, default="not_supported", stage="nli")


def nli_stage(kind: str):
    if kind == "scripted":
        return scripted_nli()
    from faithkit.checkers.nli import NLIChecker

    return NLIChecker().load()


class Row(NamedTuple):
    mode: str
    checker: str
    claims: int
    to_judge: int
    judge_calls: int
    supported: int
    unsupported_answers: int
    scored: int
    judge_errors: int
    unverified_quotes: int


def run(kind: str, route_below: float, out: Path) -> list[Row]:
    """Judge alone and cascade, batch and per-claim, against one scripted loopback server."""
    backend = backend_from_json(json.loads((HERE / "larkspur_backend.json").read_text(encoding="utf-8")))
    rows = []
    with LoopbackServer(backend) as server:
        client = OpenAICompatClient("scripted-judge", base_url=server.base_url)
        for mode in ("batch", "per-claim"):
            for name in ("judge", "cascade"):
                judge = JudgeChecker(StructuredCaller(client), mode=mode)
                checker = judge if name == "judge" else CascadeChecker(nli_stage(kind), judge, route_below)
                before = backend.counts["judge"]
                manifest = run_check(LOG, out / f"{name}-{mode}", checker,
                                     CheckOptions(claims=LLMClaims(StructuredCaller(client))), overwrite=True)
                s = manifest["summary"]
                rows.append(Row(mode, name, s["claims"], s.get("cascade_routed_to_judge", s["claims"]),
                                backend.counts["judge"] - before, s["claims_supported"], s["unsupported_answers"],
                                s["scored"], s["judge_errors"], s["unverified_quotes"]))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nli", choices=["auto", "scripted", "bundled"], default="auto")
    parser.add_argument("--route-below", type=float, default=0.98)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    kind = args.nli
    if kind == "auto":
        from faithkit.checkers.nli import bundled_model_path

        kind = "bundled" if bundled_model_path().is_dir() else "scripted"
    out = args.out or Path(tempfile.mkdtemp(prefix="faithkit-larkspur-llm-"))
    rows = run(kind, args.route_below, out)
    print(f"NLI stage: {kind}; route below {args.route_below}; results in {out}")
    print(f"{'mode':10s} {'checker':8s} {'claims':>6s} {'to judge':>8s} {'judge calls':>11s} {'supported':>9s} "
          f"{'unsupported answers':>19s} {'errors':>6s} {'unverified':>10s}")
    for r in rows:
        print(f"{r.mode:10s} {r.checker:8s} {r.claims:6d} {r.to_judge:8d} {r.judge_calls:11d} {r.supported:9d} "
              f"{f'{r.unsupported_answers}/{r.scored}':>19s} {r.judge_errors:6d} {r.unverified_quotes:10d}")
    for mode in ("batch", "per-claim"):
        alone = next(r for r in rows if r.mode == mode and r.checker == "judge").judge_calls
        cascade = next(r for r in rows if r.mode == mode and r.checker == "cascade").judge_calls
        print(f"{mode}: the cascade made {cascade} judge calls instead of {alone} (saved {alone - cascade})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
