"""`faithkit gate BASE_DIR NEW_DIR`: the comparison plus a yes/no a CI job can act on.

Exit codes: 0 pass, 1 gate failed, 2 usage / config / input error, 3 inconclusive (too many errors, judge
errors or truncations, or the measurement changed). The baseline is replaced only with --update-baseline, and
only when the gate passes (or with --force); it is swapped in whole, never edited in place.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from faithkit.commands.compare import add_common_arguments, append_step_summary, atomic_write_text, to_json
from faithkit.errors import UsageError


def _load_toml(text: str, path: Path) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on 3.10 only
        import tomli as tomllib
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML ({exc})") from exc


def load_policy_file(path: str) -> dict[str, Any]:
    """Read a gate policy (JSON, or TOML by the .toml suffix). The keys may sit at the top level, under
    ``gate``, or under ``[tool.faithkit.gate]`` (so the policy can live in pyproject.toml)."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot read policy file {file}: {exc.strerror or exc}") from exc
    if file.suffix == ".toml":
        data: Any = _load_toml(text, file)
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{file}: not valid JSON ({exc}); use a .json or .toml policy file") from exc
    if not isinstance(data, dict):
        raise UsageError(f"{file}: a policy must be a JSON object / TOML table of keys")
    if isinstance(data.get("tool"), dict):
        section = data["tool"].get("faithkit", {}).get("gate")
        if not isinstance(section, dict):
            raise UsageError(f"{file}: no [tool.faithkit.gate] table")
        return section
    if isinstance(data.get("gate"), dict):
        return data["gate"]
    return data


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "gate", help="pass/fail a new run against a baseline (exit 0 pass, 1 fail, 2 usage error, 3 inconclusive)",
        description=__doc__.split("\n\n")[0],
    )
    add_common_arguments(parser)
    parser.add_argument("--policy", metavar="FILE", help="gate policy (JSON or TOML); flags override its keys")
    parser.add_argument("--max-unsupported-rate", type=float, metavar="R",
                        help="fail when the new unsupported-answer rate is above R (0..1)")
    parser.add_argument("--ceiling-on", choices=["rate", "upper"],
                        help="compare the ceiling with the rate (default) or the upper end of its 95%% interval")
    parser.add_argument("--alpha", type=float, metavar="A",
                        help="significance level of the exact McNemar test (default 0.05)")
    parser.add_argument("--max-error-rate", type=float, metavar="E",
                        help="inconclusive above this share of error answers (default 0.05); also the default "
                             "for the two limits below")
    parser.add_argument("--max-claim-error-rate", type=float, metavar="E",
                        help="inconclusive above this share of scored answers with a claim error (judge errors)")
    parser.add_argument("--max-truncation-rate", type=float, metavar="E",
                        help="inconclusive above this share of scored answers with a truncated check")
    parser.add_argument("--max-refusal-increase", type=int, metavar="N",
                        help="fail when refusals rise by more than N (default: only warn)")
    parser.add_argument("--max-missing-rate", type=float, metavar="S",
                        help="inconclusive above this share of baseline ids absent from the new run (default 0)")
    parser.add_argument("--allow-measurement-change", action="store_true", default=None,
                        help="decide even if checker / claims / refusal settings differ between the runs")
    parser.add_argument("--update-baseline", action="store_true",
                        help="replace BASE_DIR with a copy of NEW_DIR when the gate passes")
    parser.add_argument("--force", action="store_true",
                        help="with --update-baseline: replace the baseline even if the gate did not pass")
    parser.add_argument("--no-step-summary", action="store_true",
                        help="do not append the markdown summary to $GITHUB_STEP_SUMMARY")
    parser.set_defaults(func=run)


def replace_baseline(base_dir: Path, new_dir: Path) -> None:
    """Swap a full copy of ``new_dir`` in as ``base_dir``: copy to a sibling temp folder, then two renames, so
    readers see the old baseline or the new one, never a mix; the old one is restored if the swap fails."""
    parent = base_dir.resolve().parent
    staging = Path(tempfile.mkdtemp(prefix=f".{base_dir.name}.new-", dir=parent))
    retired = parent / f".{base_dir.name}.old-{staging.name.rsplit('-', 1)[-1]}"
    try:
        shutil.copytree(new_dir, staging, dirs_exist_ok=True)
        base_dir.rename(retired)
        try:
            staging.rename(base_dir)
        except OSError:
            retired.rename(base_dir)
            raise
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(retired, ignore_errors=True)


def _policy(args: argparse.Namespace):
    from faithkit.gate import policy_from_mapping

    data = load_policy_file(args.policy) if args.policy else {}
    overrides = {
        "max_unsupported_rate": args.max_unsupported_rate, "ceiling_on": args.ceiling_on, "alpha": args.alpha,
        "max_error_rate": args.max_error_rate, "max_claim_error_rate": args.max_claim_error_rate,
        "max_truncation_rate": args.max_truncation_rate, "max_refusal_increase": args.max_refusal_increase,
        "max_missing_rate": args.max_missing_rate,
        "allow_measurement_change": args.allow_measurement_change, "min_overlap": args.min_overlap,
    }
    return policy_from_mapping(data, overrides)


def run(args: argparse.Namespace) -> int:
    from faithkit.compare import compare_runs
    from faithkit.gate import decide
    from faithkit.io.results import read_results
    from faithkit.report.compare_text import render_comparison, render_decision
    from faithkit.report.junit import render_junit
    from faithkit.report.markdown import render_markdown

    if args.force and not args.update_baseline:
        raise UsageError("--force only makes sense with --update-baseline")
    policy = _policy(args)
    base_dir, new_dir = Path(args.base_dir), Path(args.new_dir)
    comparison = compare_runs(read_results(base_dir), read_results(new_dir), min_overlap=policy.min_overlap)
    decision = decide(comparison, policy)

    markdown = render_markdown(comparison, decision)
    outputs = {}
    if args.json:
        outputs[args.json] = to_json({"decision": decision.to_dict(), "comparison": comparison.to_dict()})
    if args.junit:
        outputs[args.junit] = render_junit(comparison, decision)
    if args.markdown:
        outputs[args.markdown] = markdown
    for path, text in outputs.items():
        atomic_write_text(path, text)
    if not args.no_step_summary:
        append_step_summary(markdown)

    print(render_comparison(comparison), end="")
    print()
    print(render_decision(decision), end="")
    if args.update_baseline:
        if base_dir.resolve() == new_dir.resolve():
            print("baseline not updated: BASE_DIR and NEW_DIR are the same folder")
        elif decision.outcome == "pass" or args.force:
            replace_baseline(base_dir, new_dir)
            note = "" if decision.outcome == "pass" else f" (forced, although the gate said {decision.outcome})"
            print(f"baseline updated: {base_dir} now holds a copy of {new_dir}{note}")
        else:
            print(f"baseline not updated: the gate said {decision.outcome} (use --force to replace it anyway)")
    return decision.exit_code
