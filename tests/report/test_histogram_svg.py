"""The report's score histogram drawn without matplotlib: bar heights follow the counts, the threshold sits where
its value is, and a check never imports matplotlib for it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from faithkit.report.histogram_svg import BOTTOM, HEIGHT, LEFT, RIGHT, TOP, WIDTH, histogram_svg, nice_step
from faithkit.report.plots import VERDICT_STYLE

ROOT = Path(__file__).resolve().parents[2]
PLOT_H, PLOT_W = HEIGHT - TOP - BOTTOM, WIDTH - LEFT - RIGHT


def _bars(svg: str, colour: str) -> list[tuple[float, float, float]]:
    """(x, y, height) of each filled bar of ``colour`` inside the plot area (the legend's swatch excluded)."""
    found = re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" fill="' + colour, svg)
    return [(float(x), float(y), float(h)) for x, y, h in found if float(x) < WIDTH - RIGHT]


def test_nice_steps_divide_the_axis_in_at_most_five():
    assert [nice_step(n) for n in (1, 4, 5, 7, 12, 37, 180, 1000)] == [1, 1, 1, 2, 5, 10, 50, 200]


def test_bars_stack_in_proportion_to_their_counts():
    counts = {"supported": [0] * 19 + [6], "not_supported": [2] + [0] * 18 + [2], "error": [0] * 20}
    svg = histogram_svg(counts, VERDICT_STYLE, 0.45)
    supported, unsupported = _bars(svg, "#1a7f37"), _bars(svg, "#b42318")
    assert len(supported) == 1 and len(unsupported) == 2 and not _bars(svg, "#9a6700")
    top = 8  # the tallest stack (2 + 6) on a step of 2
    assert abs(supported[0][2] - 6 / top * PLOT_H) < 0.2 and abs(unsupported[0][2] - 2 / top * PLOT_H) < 0.2
    last_bin = [bar for bar in unsupported if bar[0] > LEFT + PLOT_W / 2][0]
    assert abs(supported[0][1] + supported[0][2] - (TOP + PLOT_H)) < 0.2  # the first verdict sits on the axis
    assert abs(last_bin[1] + last_bin[2] - supported[0][1]) < 0.2 and abs(last_bin[1] - TOP) < 0.2  # the next on it
    assert unsupported[0][0] == LEFT  # bin 0 starts at the axis
    line = re.search(r'<path d="M([\d.]+),' + str(TOP) + r' V[\d.]+" stroke="black" stroke-dasharray', svg)
    assert line and abs(float(line.group(1)) - (LEFT + 0.45 * PLOT_W)) < 0.1
    assert "supported (6)" in svg and "not supported (4)" in svg and "threshold 0.45" in svg and "error (" not in svg
    assert 'fill="url(#fk-hatch-diag)"' in svg  # not supported is hatched, so it reads in grayscale


def test_no_threshold_draws_no_line():
    svg = histogram_svg({"supported": [1] + [0] * 19}, VERDICT_STYLE, None)
    assert "stroke-dasharray" not in svg and "threshold" not in svg


def test_a_check_draws_its_histogram_without_importing_matplotlib(tmp_path):
    """Even where matplotlib is installed (the extras), a check's report does not import it: 0.9 s of a
    60-answer check went to it."""
    code = ("import sys; from faithkit.cli import main; "
            f"rc = main(['check', {str(ROOT / 'examples/larkspur/interactions.jsonl')!r}, '--out', "
            f"{str(tmp_path / 'run')!r}, '--cache', 'off', '--quiet']); "
            "print('matplotlib' in sys.modules); sys.exit(rc)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert result.returncode in (0, 1), result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"
    assert "claim scores by verdict" in (tmp_path / "run" / "report.html").read_text(encoding="utf-8")
