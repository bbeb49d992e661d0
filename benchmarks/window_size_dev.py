"""How wide should an NLI premise window be? Dev data only, side by side, for one model.

    PYTHONPATH=src python benchmarks/window_size_dev.py [--data FILE] [--model DIR] [--sizes 1,2,3,4] [--whole]
        [--veto 0.8] [--help-center]

Dev files: WiCE dev (the default: long multi-fact claims vs web evidence chunks) and synth_dev_doc from
``training/build_data.py`` (short claims vs the whole held-out training document: faithkit check's shape on
passages longer than a window). Besides balanced accuracy it prints the two recalls, because a wider window trades
them: more faithful claims kept, fewer unsupported claims caught.

For each window size N the claims are scored the way ``faithkit bench`` scores them (every window of 1..N
adjacent sentences of the evidence chunk, best window; a multi-sentence claim by its weakest sentence; a claim by
its best chunk), with the model alone (no window veto). ``--whole`` adds "1-2 sentence windows plus the whole
chunk as one more premise" (what SummaC warns against). Prints balanced accuracy at 0.5 (the shipped model's
dev-chosen threshold) and at the file's own best threshold, pairs scored and seconds, and the ratio of pairs to
the 1-2 sentence setting (the cost of a wider window in ``faithkit check``). Scores are cached in
FAITHKIT_CACHE_DIR (default ~/.cache/faithkit), so a wider setting only scores its new windows.

Takes 5-10 minutes per setting on 2 CPU cores; ``--device cuda`` on a GPU.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import faithkit.bench as bench
import faithkit.checkers.nli as nli_module
from faithkit.cache import ContentCache
from faithkit.records import Passage, Window
from faithkit.text import windows as windows_module

WICE_DEV = Path("/work/shared/data/dev/wice_claim_dev.jsonl")
HELP_CENTER = Path(__file__).resolve().parent / "accuracy" / "larkspur_answers.jsonl"


def plus_whole_chunk(passages: tuple[Passage, ...], max_sentences: int = 2) -> list[Window]:
    out = windows_module.all_windows(passages, 2)
    for p in passages:
        if len(windows_module.passage_windows(p, 1)) > 2:
            out.append(Window(p.id, p.text, 0, len(p.text)))
    return out


def help_center_right(nli: nli_module.NLIChecker) -> str:
    """Answers of the Larkspur-style help-center set the default stack (numbers stage around ``nli``) gets right."""
    from faithkit.checkers.registry import with_number_checks
    from faithkit.io.log import read_log
    from faithkit.pipeline import CheckOptions, check_chunk

    items = list(read_log(HELP_CENTER))
    records = check_chunk(items, with_number_checks(nli, True, True), CheckOptions())
    gold = {i.id: i.metadata["gold"] for i in items}
    right = sum(("unsupported" if r.unsupported else "faithful") == gold[r.id] for r in records)
    return f"{right}/{len(records)}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", help="model folder (default: the bundled model)")
    ap.add_argument("--data", type=Path, default=WICE_DEV)
    ap.add_argument("--sizes", default="1,2,3,4")
    ap.add_argument("--whole", action="store_true", help="also 1-2 sentence windows + the whole chunk")
    ap.add_argument("--veto", type=float, default=None,
                    help="window veto of the checker measured (default: none, the model alone; 0.8 = faithkit check)")
    ap.add_argument("--help-center", action="store_true",
                    help="also count the help-center answers the default stack (numbers stage, this veto) gets right")
    ap.add_argument("--device", default="cpu")
    args = ap.parse_args()
    claims = bench.load_claims(args.data)
    settings: list[tuple[str, int | None]] = [(f"1-{n} sentences", int(n)) for n in args.sizes.split(",")]
    if args.whole:
        settings.append(("1-2 sentences + whole chunk", None))
    rows, base_pairs = [], None
    for label, size in settings:
        if size is None:
            nli_module.all_windows = plus_whole_chunk
            checker = nli_module.NLIChecker(model=args.model, window_veto=args.veto, device=args.device,
                                            cache=ContentCache(), window_sentences=2)
        else:
            nli_module.all_windows = windows_module.all_windows
            checker = nli_module.NLIChecker(model=args.model, window_veto=args.veto, device=args.device,
                                            cache=ContentCache(), window_sentences=size)
        start = time.perf_counter()
        scores = bench.score_claims(checker, claims)
        seconds = time.perf_counter() - start
        pairs = checker.counters["nli_pairs"]
        if size == 2:
            base_pairs = pairs
        own = bench.choose_threshold(scores.labels, scores.scores)
        kept = scores.scores[scores.labels == 1] >= 0.5
        caught = scores.scores[scores.labels == 0] < 0.5
        help_center = help_center_right(checker) if args.help_center else ""
        rows.append((label, 100 * bench.balanced_accuracy(scores.labels, scores.scores >= 0.5),
                     100 * bench.balanced_accuracy(scores.labels, scores.scores >= own), own, pairs, seconds,
                     100 * kept.mean(), 100 * caught.mean(), help_center))
        print(f"{label}: done in {seconds:.0f} s", flush=True)
    who = "model alone (no veto)" if args.veto is None else f"window veto {args.veto}"
    print(f"\n{args.data.name}, {len(claims)} claims, {who}")
    print(f"{'windows':30s} {'bal.acc@0.5':>11s} {'supported kept':>14s} {'unsupported caught':>18s} "
          f"{'@own thr':>9s} {'own thr':>8s} {'pairs':>7s} {'x pairs':>8s} {'help-center':>11s}")
    for label, at_half, at_own, own, pairs, _, kept, caught, help_center in rows:
        ratio = f"{pairs / base_pairs:8.2f}" if base_pairs else f"{'-':>8s}"
        print(f"{label:30s} {at_half:11.1f} {kept:14.1f} {caught:18.1f} {at_own:9.1f} {own:8.2f} {pairs:7d} {ratio} "
              f"{help_center:>11s}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
