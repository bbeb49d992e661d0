"""The report's score histogram as a hand-built SVG: stacked bars per verdict, the threshold, axes and a legend.

Why not matplotlib, which draws the report's other plots: a check writes this histogram on every run, and drawing
it with matplotlib cost 0.9 s of a 60-answer check's 10.8 s (its import and an SVG render, measured with cProfile),
and it left the default install, which has no matplotlib, without a histogram at all. Twenty bins of three colours
need rectangles, lines and a few labels, which is what this module writes.

Every text node holds a number or one of this module's own labels (escaped all the same), never a string from a
log, so nothing a log says can become SVG markup; the drawing only uses counts already stored with the run.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

WIDTH, HEIGHT = 640, 300
LEFT, RIGHT, TOP, BOTTOM = 52, 170, 12, 44
"""Plot area margins in SVG units: the legend sits in the right margin."""

HATCHES = {"//": "M0,8 L8,0", "xx": "M0,0 L8,8 M0,8 L8,0"}
"""Hatch patterns by name (the names plots.VERDICT_STYLE gives), so the bars read in grayscale too."""


def nice_step(top: int, ticks: int = 5) -> int:
    """A whole step of 1, 2 or 5 times a power of ten that divides [0, top] into at most ``ticks`` intervals."""
    raw = max(1.0, top / ticks)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return int(factor * power)
    return int(10 * power)  # pragma: no cover - the loop always returns


def histogram_svg(counts: Mapping[str, Sequence[int]], styles: Mapping[str, tuple[str, str, str]],
                  threshold: float | None) -> str:
    """Bars stacked in the order of ``styles`` (verdict -> (colour, hatch, label)) over equal bins of [0, 1];
    ``counts[verdict][i]`` is the claims of that verdict in bin i. A dashed line marks ``threshold``."""
    present = [v for v in styles if sum(counts.get(v, ())) > 0]
    bins = len(next(iter(counts.values())))
    totals = [sum(counts[v][i] for v in present) for i in range(bins)]
    step = nice_step(max(totals) or 1)
    top = step * math.ceil((max(totals) or 1) / step)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(value: float) -> float:
        return LEFT + value * plot_w

    def y(value: float) -> float:
        return TOP + plot_h - value / top * plot_h

    described = ", ".join(f"{styles[v][2]} {sum(counts[v])}" for v in present)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
             f'height="{HEIGHT}" role="img" font-family="sans-serif" font-size="11">',
             f"<title>{escape(f'claims per deciding score: {described}')}</title>", "<defs>"]
    for name, path in HATCHES.items():
        parts.append(f'<pattern id="fk-hatch-{_ident(name)}" width="8" height="8" patternUnits="userSpaceOnUse">'
                     f'<path d="{path}" stroke="white" stroke-width="1.5"/></pattern>')
    parts.append("</defs>")
    width = plot_w / bins
    for i in range(bins):
        base = 0
        for verdict in present:
            n = counts[verdict][i]
            if n:
                parts.extend(_bar(x(i / bins), y(base + n), width, y(base) - y(base + n), styles[verdict]))
            base += n
    parts.append(f'<path d="M{LEFT},{TOP} V{TOP + plot_h} H{LEFT + plot_w}" fill="none" stroke="black"/>')
    for tick in range(0, top + 1, step):
        parts.append(f'<path d="M{LEFT - 4},{y(tick):.1f} H{LEFT}" stroke="black"/>'
                     f'<text x="{LEFT - 7}" y="{y(tick) + 4:.1f}" text-anchor="end">{tick}</text>')
    for tenth in range(0, 11, 2):
        tick_x = x(tenth / 10)
        parts.append(f'<path d="M{tick_x:.1f},{TOP + plot_h} v4" stroke="black"/>'
                     f'<text x="{tick_x:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">{tenth / 10:.1f}</text>')
    parts.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle">'
                 "deciding score of the claim</text>")
    parts.append(f'<text transform="translate(13,{TOP + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle">'
                 "claims</text>")
    legend = [(styles[v], f"{styles[v][2]} ({sum(counts[v])})") for v in present]
    if threshold is not None and math.isfinite(threshold):
        line_x = x(min(1.0, max(0.0, threshold)))
        parts.append(f'<path d="M{line_x:.1f},{TOP} V{TOP + plot_h}" stroke="black" stroke-dasharray="5,3"/>')
    for row, (style, label) in enumerate(legend):
        parts.extend(_bar(WIDTH - RIGHT + 16, TOP + 6 + row * 20, 14, 12, style))
        parts.append(f'<text x="{WIDTH - RIGHT + 36}" y="{TOP + 16 + row * 20}">{escape(label)}</text>')
    if threshold is not None and math.isfinite(threshold):
        row_y = TOP + 12 + len(legend) * 20
        parts.append(f'<path d="M{WIDTH - RIGHT + 16},{row_y} h14" stroke="black" stroke-dasharray="5,3"/>'
                     f'<text x="{WIDTH - RIGHT + 36}" y="{row_y + 4}">threshold {threshold:g}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _bar(left: float, top: float, width: float, height: float, style: tuple[str, str, str]) -> list[str]:
    """A filled rectangle with a white edge, and its hatch over it when the style has one."""
    colour, hatch, _ = style
    box = f'x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" height="{height:.1f}"'
    out = [f'<rect {box} fill="{escape(colour)}" stroke="white"/>']
    if hatch in HATCHES:
        out.append(f'<rect {box} fill="url(#fk-hatch-{_ident(hatch)})"/>')
    return out


def _ident(hatch: str) -> str:
    """A hatch name as an id fragment ("//" -> "diag", "xx" -> "cross")."""
    return {"//": "diag", "xx": "cross"}[hatch]
