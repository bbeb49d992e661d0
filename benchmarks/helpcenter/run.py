"""Run faithkit's real `check` pipeline on the help-center dev suite and score it against the labels.

    PYTHONPATH=src python benchmarks/helpcenter/run.py                       # the default checker
    PYTHONPATH=src python benchmarks/helpcenter/run.py --threshold 0.7 --window-sentences 2 --window-veto 0.6
    PYTHONPATH=src python benchmarks/helpcenter/run.py --model path/to/model --opt contradiction_threshold=0.4
    PYTHONPATH=src python benchmarks/helpcenter/run.py --results out/results.jsonl   # score a `faithkit check` run
    ... --json figures.json     # every figure, with the settings and the misses
    ... --verdicts v.jsonl && faithkit agree benchmarks/helpcenter/labels.jsonl v.jsonl   # the same, by the CLI

The checker is built as `faithkit check --checker nli` builds it (the registry, numbers stage included) and the
interactions go through `faithkit.pipeline.run_check`, the function behind the command, into a temporary
results folder; the scoring then reads that folder's results.jsonl exactly as it would read one given with
``--results``. ``--opt KEY=VALUE`` passes any other keyword to the registry, or, for a keyword the registry
does not know, to `NLIChecker` itself (the checker is then wrapped in the numbers stage the same way).
NLI scores are kept in faithkit's content cache, as `faithkit check` keeps them (``--cache DIR`` for another
folder, ``--no-cache`` to score afresh): the first run of a model scores about 7,000 pairs (about 50 s at
140 pairs/s, one thread, on this 2-core machine; minutes when it is loaded), and every later run with other
thresholds or veto settings reads them back in a few seconds.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from suite_score import INTERACTIONS, LABELS, figures, predict, read_jsonl, render  # noqa: E402


def parse_opts(items: list[str]) -> dict[str, Any]:
    """``["batch_size=16", "window_veto=off"]`` -> typed values, as `faithkit mutate --checker` parses them."""
    from faithkit.checkers.spec import _value

    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SystemExit(f"--opt expects KEY=VALUE, got {item!r}")
        out[key.strip().replace("-", "_")] = _value(value)
    return out


def window_veto_value(text: str | None) -> float | None | bool:
    """``None`` (not given) -> True meaning "the registry default"; ``off`` -> None; a number -> that number."""
    if text is None:
        return True
    if text.strip().lower() in ("off", "none", "no"):
        return None
    return float(text)


def build_checker(args: argparse.Namespace) -> Any:
    """The default stack from the registry, with the options given; see the module docstring for ``--opt``."""
    from faithkit.checkers.registry import DEFAULT_WINDOW_VETO, with_number_checks
    from faithkit.checkers.registry import build_checker as registry_build

    veto = window_veto_value(args.window_veto)
    cache = None
    if not args.no_cache:
        from faithkit.cache import ContentCache

        cache = ContentCache(args.cache, "use")  # None: faithkit's default folder, as `faithkit check` uses
    settings: dict[str, Any] = {"model": args.model, "threshold": args.threshold,
                                "window_veto": DEFAULT_WINDOW_VETO if veto is True else veto,
                                "window_sentences": args.window_sentences, "batch_size": args.batch_size,
                                "device": args.device, "cache": cache}
    numbers = False if args.no_numbers else None
    arithmetic = False if args.no_arithmetic else None
    extra = parse_opts(args.opt)
    if extra.get("window_veto") is False:  # "--opt window_veto=off", as the registry reads it
        extra["window_veto"] = None
    from faithkit.checkers.nli_options import DEFAULT_NLI_THRESHOLD, NLIOptions

    # the registry takes every NLIOptions field; only keywords of NLIChecker alone go to it directly
    known = (set(inspect.signature(registry_build).parameters) | set(NLIOptions.model_fields)) - {"name", "options"}
    if set(extra) <= known:
        return registry_build("nli", numbers=numbers, arithmetic=arithmetic, **{**settings, **extra})
    from faithkit.checkers.nli import NLIChecker

    direct = {k: v for k, v in settings.items() if v is not None or k == "window_veto"}
    direct.setdefault("threshold", DEFAULT_NLI_THRESHOLD)
    parts = extra.pop("parts", True) is not False
    inner = NLIChecker(**{**direct, **extra})
    return with_number_checks(inner, numbers is not False, arithmetic is not False, parts)


def by_domain(predictions: list[Any]) -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """Per domain: (faults caught, faithful flagged) as Wilson intervals' dicts, dropped conditions aside."""
    groups: dict[str, list[Any]] = {}
    for p in predictions:
        groups.setdefault(p.row["domain"], []).append(p)
    out = {}
    for name, group in sorted(groups.items()):
        fig = figures(group)
        out[name] = (fig.fault_detection.as_dict(), fig.false_alarms.as_dict())
    return out


def run_pipeline(checker: Any, log: Path, out_dir: Path) -> dict[str, Any]:
    """`faithkit check LOG --out DIR` in-process: the same pipeline, options and refusal patterns."""
    from faithkit.pipeline import CheckOptions, run_check

    load = getattr(checker, "load", None)
    if callable(load):
        load()
    return run_check(log, out_dir, checker, CheckOptions(), overwrite=True,
                     command=["benchmarks/helpcenter/run.py", *sys.argv[1:]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Score faithkit on the help-center dev suite.")
    parser.add_argument("--domain", action="append", default=[], metavar="NAME",
                        help="only this domain's interactions (repeatable), for a quick first look at a model")
    parser.add_argument("--results", type=Path, help="score this results.jsonl (from `faithkit check`) instead")
    parser.add_argument("--model", help="NLI model folder (default: the bundled model)")
    parser.add_argument("--threshold", type=float, help="entailment threshold (registry default 0.5)")
    parser.add_argument("--window-sentences", type=int, help="premise windows of 1..N sentences (default 3)")
    parser.add_argument("--window-veto", help="sentence-contradiction veto threshold, or 'off' (default 0.8)")
    parser.add_argument("--no-numbers", action="store_true", help="turn off the missing-numbers rule")
    parser.add_argument("--no-arithmetic", action="store_true", help="turn off accepting verified arithmetic")
    parser.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                        help="any other checker keyword (registry, else NLIChecker), repeatable")
    parser.add_argument("--batch-size", type=int, default=32, help="model batch size (pairs)")
    parser.add_argument("--threads", type=int, default=1,
                        help="torch CPU threads (default 1: on 2 shared cores one thread is several times faster)")
    parser.add_argument("--cache", type=Path, metavar="DIR",
                        help="content cache folder for NLI scores (default: faithkit's, as `faithkit check`)")
    parser.add_argument("--no-cache", action="store_true", help="score every pair again, store nothing")
    parser.add_argument("--device", default="cpu", help="torch device (cpu, cuda)")
    parser.add_argument("--out", type=Path, help="keep the results folder here (default: a temporary folder)")
    parser.add_argument("--json", type=Path, metavar="OUT", help="write every figure to this JSON file")
    parser.add_argument("--verdicts", type=Path, metavar="OUT",
                        help="write {id, label, case} per labelled claim, for `faithkit agree labels.jsonl OUT`")
    parser.add_argument("--no-misses", action="store_true", help="do not list the misses")
    args = parser.parse_args(argv)

    labels = read_jsonl(LABELS)
    if args.domain:
        unknown = set(args.domain) - {row["domain"] for row in labels}
        if unknown:
            raise SystemExit(f"unknown domain(s): {', '.join(sorted(unknown))}")
        labels = [row for row in labels if row["domain"] in args.domain]
    started = time.perf_counter()
    settings: dict[str, Any]
    if args.results:
        results = read_jsonl(args.results)
        settings = {"results": str(args.results)}
        manifest_path = args.results.with_name("manifest.json")
        if manifest_path.is_file():
            settings["checker"] = json.loads(manifest_path.read_text(encoding="utf-8")).get("checker")
    else:
        import torch

        torch.set_num_threads(args.threads)
        checker = build_checker(args)
        with tempfile.TemporaryDirectory() as tmp:
            out_dir = args.out or Path(tmp)
            log = INTERACTIONS
            if args.domain:
                log = Path(tmp) / "interactions.jsonl"
                log.write_text("".join(line + "\n" for line in INTERACTIONS.read_text("utf-8").splitlines()
                                       if json.loads(line)["metadata"]["domain"] in args.domain), "utf-8")
            manifest = run_pipeline(checker, log, out_dir)
            results = read_jsonl(out_dir / "results.jsonl")
        settings = {"checker": manifest["checker"], "options": {k: v for k, v in vars(args).items()
                                                                  if k not in ("json", "results", "out")}}
    seconds = time.perf_counter() - started
    try:
        predictions = predict(labels, results)
    except KeyError as exc:
        raise SystemExit(f"{exc.args[0]} (pass --domain for a partial run)") from exc
    fig = figures(predictions)
    if args.verdicts:
        args.verdicts.write_text("".join(json.dumps({"id": p.row["id"], "label": p.label, "case": p.row["case"]})
                                         + "\n" for p in predictions), encoding="utf-8")
    print(render(fig, show_misses=not args.no_misses))
    domains = by_domain(predictions)
    print("\nper domain (held-out figures for leave-one-domain-out: benchmarks/helpcenter/domains.py)")
    for name, (faults, alarms) in domains.items():
        print(f"  {name:<12} faults caught {faults['k']:>3}/{faults['n']:<3} "
              f"faithful flagged {alarms['k']:>2}/{alarms['n']}")
    print(f"\n{len(labels)} labelled claims over {len(results)} answers in {seconds:.1f} s")
    if args.json:
        payload = {"settings": settings, "seconds": round(seconds, 2), "claims": len(labels), **fig.as_dict(),
                   "by_domain": {name: {"faults": f, "faithful_flagged": a} for name, (f, a) in domains.items()}}
        args.json.write_text(json.dumps(payload, indent=2, default=str, ensure_ascii=False) + "\n",
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
