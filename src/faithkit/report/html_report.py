"""Build RUN_DIR/report.html: gather the data (html_data), the comparison (compare.py, gate.py) and the plots,
then render (html). The one entry point `faithkit check`, `faithkit report` and `faithkit gate --html` share."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from faithkit.compare import Comparison, compare_runs
from faithkit.gate import GateDecision
from faithkit.io.results import RunResults, read_results
from faithkit.report.html import REPORT_FILE, render_html, write_html
from faithkit.report.html_data import answer_view, read_log_texts, report_data

CHANGE_ORDER = ("broken", "fixed", "status_changed", "only_new", "only_base", "unchanged")
"""Compare mode lists newly broken answers first, then newly fixed ones: what a reviewer must read first."""


def compare_data(
    data: dict[str, Any], base: RunResults, comparison: Comparison, decision: GateDecision | None
) -> dict[str, Any]:
    """Add the comparison to ``data``: every answer gets its change and its baseline version, answers are
    reordered broken first, and the McNemar result and gate decision come from compare.py and gate.py as is."""
    base_texts = read_log_texts(base, shared=data["passages"])
    pairs = {p.id: p for p in comparison.pairs}
    answers = []
    for answer in data["answers"]:
        pair = pairs.get(answer["id"])
        answer["change"] = pair.change if pair is not None else "unchanged"
        answer["base"] = answer_view(pair.base, base_texts, {}) if pair is not None and pair.base is not None else None
        answers.append(answer)
    for pair in comparison.pairs:
        if pair.change == "only_base" and pair.base is not None:
            only_base = answer_view(pair.base, base_texts, {})
            only_base.update(change="only_base", base=answer_view(pair.base, base_texts, {}), tags=["absent"])
            answers.append(only_base)
    answers.sort(key=lambda a: CHANGE_ORDER.index(a["change"]))
    data["answers"] = answers
    summary = comparison.to_dict()
    for key in ("answers", "newly_broken"):
        summary.pop(key)
    summary["decision"] = decision.to_dict() if decision is not None else None
    summary["base_log_note"] = base_texts.note and f"baseline: {base_texts.note}"
    data["compare"] = summary
    return data


def unscored_claims(answers: list[dict[str, Any]]) -> int:
    """Claims the histogram cannot draw (no finite score: the missing-number rule, arithmetic, a judge's label),
    named in its title so that its bars and the header's counts add up (issue 35)."""
    import math

    return sum(1 for answer in answers for claim in answer.get("claims", [])
               if not (isinstance(claim.get("score"), (int, float)) and math.isfinite(claim["score"])))


def run_plots(run: RunResults, data: dict[str, Any], include: list[Path] | None = None,
              cache: Any = None) -> list[dict[str, str]]:
    """The score histogram (kept in ``cache``, a ContentCache, when given), plus the detection plot of a `mutate`
    folder and the curve of a `sweep` folder found in the run folder or in ``include``."""
    from faithkit.report.plots import PLOTS_MISSING, figure_svg, plotting_available, png_data_uri, score_histogram

    plots = []
    histogram = score_histogram(data["answers"], run.run.checker.get("threshold"), cache)
    if histogram:
        unscored = unscored_claims(data["answers"])
        note = (f" ({unscored} claim{'s' if unscored != 1 else ''} decided by a rule or stage without a score "
                "not drawn)") if unscored else ""
        plots.append({"title": f"claim scores by verdict{note}", "svg": histogram})
    for folder in [run.path, *(include or [])]:
        suite = Path(folder) / "suite.json"
        if suite.is_file() and not plotting_available():
            plots.append({"title": f"mutation suite {Path(folder).name}",
                          "svg": f'<p class="note">The detection {PLOTS_MISSING}.</p>'})
        elif suite.is_file():
            from faithkit.report.plots import _pyplot, detection_figure

            fig = detection_figure(json.loads(suite.read_text(encoding="utf-8")))
            plots.append(
                {"title": f"mutation suite {Path(folder).name}: detection per fault type", "svg": figure_svg(fig)}
            )
            _pyplot().close(fig)
        sweep = Path(folder) / "sweep.png"
        if sweep.is_file():
            uri = png_data_uri(sweep)
            plots.append({"title": f"threshold sweep {Path(folder).name}", "svg": f'<img alt="sweep" src="{uri}">'})
    return plots


def build_report(
    run_dir: str | Path,
    *,
    out: str | Path | None = None,
    compare: str | Path | None = None,
    log: str | Path | None = None,
    omissions: str | Path | None = None,
    comparison: Comparison | None = None,
    decision: GateDecision | None = None,
    min_overlap: float | None = None,
    include: list[Path] | None = None,
    cache: Any = None,
) -> Path:
    """Write the report of ``run_dir`` (to ``out``, default RUN_DIR/report.html) and return its path.

    compare: a baseline results folder; the comparison is computed by ``compare.compare_runs`` unless the caller
    (the gate) passes the ``comparison`` it already decided on, with its ``decision``. include: `mutate` / `sweep`
    output folders whose plots the report embeds. cache: the run's ContentCache, for the score histogram.
    """
    run = read_results(run_dir)
    data = report_data(run, log=log, omissions=omissions)
    title = f"faithkit report: {Path(run_dir).name}"
    if compare is not None:
        base = read_results(compare)
        if comparison is None:
            kwargs = {} if min_overlap is None else {"min_overlap": min_overlap}
            comparison = compare_runs(base, run, **kwargs)
        data = compare_data(data, base, comparison, decision)
        title += f" vs {Path(compare).name}"
    target = Path(out) if out is not None else run.path / REPORT_FILE
    return write_html(target, render_html(data, run_plots(run, data, include, cache), title))
