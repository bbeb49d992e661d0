"""The lesson's loop against `faithkit check`, same model and same windows, side by side (issue 16).

    PYTHONPATH=src python benchmarks/lesson_loop_vs_check.py [--answers 30] [--rounds 1] [--seed 16]

The lesson's loop (seeds/faithfulness-testing, Move 3): split the answer with a regex, and for each claim one
``CrossEncoder.predict`` over every 1-2 sentence window of every passage, best entailment >= 0.5. Here it runs on
faithkit's bundled model in fp32, as written (the process's default torch threads) and with one torch thread.
Against it, `faithkit check --window-sentences 2` on the same synthetic log (benchmarks/synthetic_log.py): the
default settings otherwise (ONNX Runtime, window pruning, every rule, parts, spread evidence, the second opinion,
one thread), the same reading every window, on the torch backend, and with the rules off (no numbers / arithmetic /
window veto / alignment, the loop's 0.5 threshold). Every variant is a fresh subprocess timed whole (imports, model
load, reading, writing), run in turn each round so the machine's load hits all alike; the figure is the median
answers/s and claim-window pairs/s (the pairs the lesson's loop reads; "read" is the share faithkit's model read,
below 100% only with ``prune_windows``), and each variant's ratio to the lesson's loop. Verdicts are compared claim
by claim on the answers where both splitters split the answer and every passage the same way."""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from synthetic_log import write_log  # noqa: E402

# the lesson's loop as faithkit options: no rules, its 0.5 threshold (faithkit's default is 0.45), the model's input
# and none of the later steps that read other premises or claims (follow-on clauses, spread evidence, parts, the
# second model), so that its verdicts can be the loop's exactly
RULES_OFF = ("numbers=off,arithmetic=off,window_veto=off,alignment=off,threshold=0.5,canonical_input=false,"
             "follow_on=false,spread_evidence=false,second_opinion=off,parts=false")


def regex_sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


def lesson_windows(contexts: list[dict]) -> list[str]:
    out = []
    for passage in contexts:
        sents = regex_sentences(passage["text"])
        out += sents + [a + " " + b for a, b in zip(sents, sents[1:])]
    return out


def lesson_loop(log: Path, out: Path) -> None:
    """The lesson's check_claim over every answer sentence, written to ``out`` as {id: [[claim, p]]}."""
    import numpy as np
    from sentence_transformers import CrossEncoder

    sys.path.insert(0, str(ROOT / "src"))
    from faithkit.checkers.nli import bundled_model_path

    nli = CrossEncoder(str(bundled_model_path()))
    # the bundled weights are stored in float16, which CrossEncoder keeps: fp16 on a CPU is several times slower
    # than fp32, so the loop runs in fp32 as faithkit does (the comparison is batching, not precision)
    nli.model.float()
    labels = [nli.model.config.id2label[i] for i in range(3)]
    verdicts, pairs = {}, 0
    for line in log.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        wins = lesson_windows(record["contexts"])
        rows = []
        for claim in regex_sentences(record["answer"]):
            logits = nli.predict([(text, claim) for text in wins])
            probs = np.exp(logits - logits.max(axis=1, keepdims=True))
            entail = (probs / probs.sum(axis=1, keepdims=True))[:, labels.index("entailment")]
            rows.append([claim, float(entail.max())])
            pairs += len(wins)
        verdicts[record["id"]] = rows
    out.write_text(json.dumps({"pairs": pairs, "verdicts": verdicts}))


def run_variant(variant: dict, log: Path, work: Path) -> dict:
    out = work / f"out-{time.monotonic_ns()}"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "FAITHKIT_CACHE_DIR": str(work / "cache")}
    env.pop("OMP_NUM_THREADS", None)
    env.update(variant.get("env", {}))
    if variant["kind"] == "lesson":
        command = [sys.executable, __file__, "--lesson-only", str(log), str(out)]
    else:
        command = [
            sys.executable,
            "-m",
            "faithkit",
            "check",
            str(log),
            "--out",
            str(out),
            "--cache",
            "off",
            "--quiet",
            "--checker",
            variant["checker"],
            *variant.get("flags", []),
        ]
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, capture_output=True, cwd=ROOT)
    seconds = time.perf_counter() - started
    if variant["kind"] == "lesson":
        data = json.loads(out.read_text())
        return {"seconds": seconds, "pairs": data["pairs"], "read": data["pairs"], "verdicts": data["verdicts"]}
    counters = json.loads((out / "manifest.json").read_text())["summary"]["checker_counters"]
    verdicts = {}
    for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        verdicts[record["id"]] = [[c["text"], c["verdict"] == "supported"] for c in record.get("claims") or []]
    read = counters["nli_pairs"] - counters.get("nli_pairs_pruned", 0)
    return {"seconds": seconds, "pairs": counters["nli_pairs"], "read": read, "verdicts": verdicts}


def same_splits(log: Path) -> set[str]:
    """Ids of answers whose answer and passages both splitters split alike."""
    sys.path.insert(0, str(ROOT / "src"))
    from faithkit.text.sentences import split_sentences

    def alike(text: str) -> bool:
        return [s.text.strip() for s in split_sentences(text)] == regex_sentences(text)

    ids = set()
    for line in log.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if alike(record["answer"]) and all(alike(c["text"]) for c in record["contexts"]):
            ids.add(record["id"])
    return ids


def agreement(lesson: dict, mine: dict, ids: set[str]) -> tuple[int, int]:
    agree = total = 0
    for key in ids:
        theirs, ours = lesson.get(key, []), mine.get(key, [])
        if [c for c, _ in theirs] != [c for c, _ in ours]:
            continue
        for (_, p), (_, supported) in zip(theirs, ours):
            total += 1
            agree += (p >= 0.5) == supported
    return agree, total


def check_variant(name: str, checker: str, *flags: str) -> dict:
    return {"name": name, "kind": "check", "checker": checker, "flags": list(flags)}


TORCH = ("--backend", "torch")
EVERY_WINDOW = "prune_windows=off"
VARIANTS = [
    {"name": "lesson loop (torch default threads)", "kind": "lesson"},
    {"name": "lesson loop (1 torch thread)", "kind": "lesson", "env": {"OMP_NUM_THREADS": "1"}},
    check_variant("faithkit default", "nli:window_sentences=2"),
    check_variant("faithkit default, every window", f"nli:window_sentences=2,{EVERY_WINDOW}"),
    check_variant("faithkit default, torch backend", "nli:window_sentences=2", *TORCH),
    check_variant("faithkit rules off", f"nli:window_sentences=2,{RULES_OFF}"),
    check_variant("faithkit rules off, every window", f"nli:window_sentences=2,{RULES_OFF},{EVERY_WINDOW}"),
]


def main(argv: list[str] | None = None) -> int:
    if argv is None and len(sys.argv) == 4 and sys.argv[1] == "--lesson-only":
        lesson_loop(Path(sys.argv[2]), Path(sys.argv[3]))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--answers", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--only-default", action="store_true",
                    help="run the two lesson loops and faithkit's default only (a long log in less time)")
    args = ap.parse_args(argv)
    variants = [v for v in VARIANTS if v["kind"] == "lesson" or v["name"] == "faithkit default"] \
        if args.only_default else VARIANTS
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        log = work / "log.jsonl"
        write_log(log, args.answers, args.seed)
        runs: dict[str, list[dict]] = {v["name"]: [] for v in variants}
        for _ in range(args.rounds):
            for variant in variants:
                runs[variant["name"]].append(run_variant(variant, log, work))
        ids = same_splits(log)
        base = statistics.median(r["seconds"] for r in runs[VARIANTS[0]["name"]])
        base1 = statistics.median(r["seconds"] for r in runs[VARIANTS[1]["name"]])
        lesson = runs[VARIANTS[1]["name"]][0]["verdicts"]
        print(f"{args.answers} answers, {len(ids)} with identical splits, {args.rounds} round(s)")
        print(
            f"{'variant':42s} {'s':>8s} {'answers/s':>10s} {'pairs/s':>8s} {'read':>6s} {'x lesson':>9s}"
            f" {'x lesson 1t':>11s} {'agree':>12s}"
        )
        for variant in variants:
            rows = runs[variant["name"]]
            seconds = statistics.median(r["seconds"] for r in rows)
            agree, total = agreement(lesson, rows[0]["verdicts"], ids) if variant["kind"] == "check" else (0, 0)
            print(
                f"{variant['name']:42s} {seconds:8.1f} {args.answers / seconds:10.2f} "
                f"{rows[0]['pairs'] / seconds:8.1f} {rows[0]['read'] / rows[0]['pairs']:6.0%} {base / seconds:9.2f} "
                f"{base1 / seconds:11.2f} "
                f"{f'{agree}/{total}' if total else '':>12s}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
