"""Plots for the HTML report, inlined as SVG: the score histogram drawn by hand (``report.histogram_svg``), the
others with matplotlib (Agg, no display).

In matplotlib's figures text is drawn as paths (``svg.fonttype = "path"``), so no string from a suite becomes SVG
text; the histogram's text is numbers and its own labels. The XML prolog and DOCTYPE are dropped so the SVG can
sit inside HTML. The figures only draw numbers that are already stored (claim scores, suite.json rates): nothing
is recomputed here.
"""

from __future__ import annotations

import base64
import io
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

VERDICT_STYLE = {
    "supported": ("#1a7f37", "", "supported"),
    "not_supported": ("#b42318", "//", "not supported"),
    "error": ("#9a6700", "xx", "error"),
}
"""Colour and hatch per verdict, so the histogram reads in grayscale too."""


PLOTS_MISSING = "plots need matplotlib, which the default install leaves out: pip install 'faithkit[plots]'"


def plotting_available() -> bool:
    """True when matplotlib is installed. It is an extra: 90 MB installed and 1.4 s of import, half of a
    one-line check's wall time, for a picture; every caller says so where a plot would have been."""
    from importlib.util import find_spec

    return find_spec("matplotlib") is not None


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def figure_svg(fig) -> str:
    """A matplotlib figure as an SVG element for inlining (prolog, DOCTYPE and metadata removed)."""
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "path", "svg.hashsalt": "faithkit"}):
        fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None})
    text = buffer.getvalue()
    text = re.sub(r"<\?xml[^>]*\?>", "", text)
    text = re.sub(r"<!DOCTYPE[^>]*>", "", text)
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.S)
    return text.strip()


HISTOGRAM_BINS = 20
HISTOGRAM_VERSION = "histogram-v2"  # bump when the drawing (report.histogram_svg) changes


def score_histogram(answers: Sequence[Mapping[str, Any]], threshold: float | None, cache: Any = None) -> str | None:
    """Deciding scores of every claim, stacked by verdict; None when no claim has a score. Drawn without
    matplotlib (``report.histogram_svg``), so the default install has it and a check does not import matplotlib.

    cache: a ContentCache; the SVG is kept there under what it draws (the bin counts per verdict, the threshold),
    so an unchanged rerun does not draw it again."""
    groups: dict[str, list[float]] = {v: [] for v in VERDICT_STYLE}
    for answer in answers:
        for claim in answer.get("claims", []):
            score = claim.get("score")
            if isinstance(score, (int, float)) and math.isfinite(score) and claim.get("verdict") in groups:
                groups[claim["verdict"]].append(float(score))
    if not any(groups.values()):
        return None
    key = _histogram_key(groups, threshold) if cache is not None else None
    known = cache.get(key) if key is not None else None
    if isinstance(known, str) and known.startswith("<svg"):
        return known
    svg = _draw_histogram(groups, threshold)
    if key is not None:
        cache.put(key, svg, "plot")
    return svg


def _bin_counts(groups: Mapping[str, list[float]]) -> dict[str, list[int]]:
    """Claims per verdict in each of HISTOGRAM_BINS equal bins of [0, 1] (numpy's binning: the last bin holds 1)."""
    import numpy as np

    return {v: np.histogram(scores, bins=HISTOGRAM_BINS, range=(0, 1))[0].tolist() for v, scores in groups.items()}


def _histogram_key(groups: Mapping[str, list[float]], threshold: float | None) -> str:
    """What the histogram shows: counts per bin of [0, 1] and verdict, the threshold."""
    from faithkit.cache import content_key

    return content_key({"kind": HISTOGRAM_VERSION, "counts": _bin_counts(groups),
                        "totals": {v: len(scores) for v, scores in groups.items()}, "threshold": threshold})


def _draw_histogram(groups: Mapping[str, list[float]], threshold: float | None) -> str:
    from faithkit.report.histogram_svg import histogram_svg

    return histogram_svg(_bin_counts(groups), VERDICT_STYLE, threshold)


def detection_figure(suite: Mapping[str, Any]):
    """Detection per fault type with 95% Wilson bars, and the false-alarm rate, per checker (from suite.json)."""
    plt = _pyplot()
    checkers = list(suite.get("checkers", {}).items())
    faults = sorted({f for _, c in checkers for f in c.get("detection", {})} - {"all"})
    faults += ["all"] if any("all" in c.get("detection", {}) for _, c in checkers) else []
    fig, ax = plt.subplots(figsize=(max(6, 1.2 * (len(faults) + 1)), 3.6))
    width = 0.8 / max(1, len(checkers))
    columns = faults + ["false alarms"]
    hatches = ["", "//", "..", "xx", "\\\\"]
    for j, (label, checker) in enumerate(checkers):
        rates = [*(checker["detection"].get(f) for f in faults), checker.get("false_alarms")]
        xs = [i + j * width - 0.4 + width / 2 for i in range(len(columns))]
        values = [(r or {}).get("rate") or 0.0 for r in rates]
        low = [v - ((r or {}).get("low") or 0.0) for v, r in zip(values, rates)]
        high = [((r or {}).get("high") or 0.0) - v for v, r in zip(values, rates)]
        ax.bar(
            xs,
            values,
            width,
            yerr=[low, high],
            capsize=3,
            label=label,
            hatch=hatches[j % len(hatches)],
            edgecolor="black",
            linewidth=0.5,
        )
    names = [("all faults" if c == "all" else c.replace("_", " ")) for c in columns]
    ax.set_xticks(range(len(columns)), names, rotation=20, ha="right")
    ax.axvline(len(columns) - 1.5, color="grey", linewidth=0.8, linestyle=":")
    ax.set_ylim(0, 1.05)
    ax.set_ylabel(f"share flagged ({suite.get('confidence', 0.95):.0%} Wilson)")
    ax.set_title("detection per fault type, and false alarms on faithful claims", fontsize=10)
    ax.legend(fontsize=8)
    return fig


def write_detection_plots(suite: Mapping[str, Any], out: Path) -> list[Path]:
    """DIR/detection.svg and DIR/detection.png for `faithkit mutate`."""
    plt = _pyplot()
    fig = detection_figure(suite)
    paths = [out / "detection.svg", out / "detection.png"]
    fig.savefig(paths[0], format="svg", bbox_inches="tight", metadata={"Date": None})
    fig.savefig(paths[1], format="png", dpi=120, bbox_inches="tight")
    plt.close(fig)
    return paths


def png_data_uri(path: Path) -> str:
    """A PNG as a data: URI (the CSP allows images only as data:)."""
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")
