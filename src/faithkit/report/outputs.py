"""The report files of `compare` and `gate` (JSON, JUnit, markdown), rendered together and written together.

Rendering everything before writing anything means an output that cannot be rendered leaves no file behind;
each file is then written atomically.
"""

from __future__ import annotations

from dataclasses import dataclass

from faithkit.compare import Comparison
from faithkit.gate import GateDecision
from faithkit.io.files import atomic_write_text, to_json
from faithkit.report.junit import render_junit
from faithkit.report.markdown import render_markdown


@dataclass(frozen=True)
class OutputPaths:
    """Where to write each report; None means not asked for."""

    json: str | None = None
    junit: str | None = None
    markdown: str | None = None


def render_outputs(comparison: Comparison, decision: GateDecision | None, paths: OutputPaths) -> dict[str, str]:
    """``{path: text}`` for every report asked for. With a decision, the JSON holds decision and comparison."""
    outputs: dict[str, str] = {}
    if paths.json:
        payload = (comparison.to_dict() if decision is None
                   else {"decision": decision.to_dict(), "comparison": comparison.to_dict()})
        outputs[paths.json] = to_json(payload)
    if paths.junit:
        outputs[paths.junit] = render_junit(comparison, decision)
    if paths.markdown:
        outputs[paths.markdown] = render_markdown(comparison, decision)
    return outputs


def write_outputs(comparison: Comparison, decision: GateDecision | None, paths: OutputPaths) -> None:
    for path, text in render_outputs(comparison, decision, paths).items():
        atomic_write_text(path, text)
