"""Markdown summary of a comparison (and a gate decision), for pull requests and ``$GITHUB_STEP_SUMMARY``.

Same order as the terminal text: verdict, changed instrument, warnings, numbers, then the newly broken answers
with their failing claims and evidence (in a collapsible block so a long list does not bury the verdict).
"""

from __future__ import annotations

from faithkit.compare import Comparison
from faithkit.gate import GateDecision
from faithkit.report.compare_text import MAX_SHOWN_IDS, clip, id_list, stats_rows, value_text

_BADGE = {"pass": "✅ PASS", "fail": "❌ FAIL", "inconclusive": "⚠️ INCONCLUSIVE"}


def md_cell(text: str) -> str:
    """Escape what would break a table cell."""
    return clip(text).replace("|", "\\|").replace("\n", " ")


def render_markdown(comparison: Comparison, decision: GateDecision | None = None) -> str:
    c = comparison
    out = ["## faithkit: faithfulness regression check", ""]
    if decision is not None:
        out.append(f"**Gate: {_BADGE[decision.outcome]}** (exit {decision.exit_code})")
        out.append("")
        out += [f"- cannot decide: {md_cell(r)}" for r in decision.inconclusive]
        label = "failed" if decision.outcome == "fail" else "would also fail"
        out += [f"- {label}: {md_cell(r)}" for r in decision.failures]
        if decision.inconclusive or decision.failures:
            out.append("")
    out.append(f"Base `{c.base_path}` → new `{c.new_path}`")
    out.append("")
    if c.meaning_changes:
        out.append("> [!WARNING]")
        out.append("> **Measurement changed**: the runs were scored with different settings, so these numbers "
                   "compare different instruments.")
        out += [f"> - `{ch.key}`: `{value_text(ch.base)}` → `{value_text(ch.new)}`" for ch in c.meaning_changes]
        out.append("")
    if c.refusal_rise_warning:
        out += ["> [!WARNING]", f"> {md_cell(c.refusal_rise_warning)}", ""]
    for warning in c.warnings:
        out.append(f"- ⚠️ {md_cell(warning)}")
    if c.only_base:
        out.append(f"- only in base ({len(c.only_base)}): {md_cell(id_list(c.only_base))}")
    if c.only_new:
        out.append(f"- only in new ({len(c.only_new)}): {md_cell(id_list(c.only_new))}")
    if c.warnings or c.only_base or c.only_new:
        out.append("")
    out += ["| | base | new |", "|---|---:|---:|"]
    out += [f"| {name} | {b} | {n} |" for name, b, n in stats_rows(c.base, c.new)]
    out.append("")
    out.append(f"Paired on {c.common} ids: **{c.fixed} fixed**, **{c.broken} broken**, {c.unchanged} unchanged; "
               f"exact McNemar p = **{c.p_value:.4f}**.")
    if c.status_changes:
        out.append("Status changed (not in the test): "
                   + ", ".join(f"{k.replace('->', ' → ')} {v}" for k, v in c.status_changes.items()) + ".")
    out.append("")
    broken = c.newly_broken()
    out.append(f"<details><summary>Newly broken answers ({len(broken)})</summary>")
    out.append("")
    if not broken:
        out.append("None.")
    for pair in broken[: MAX_SHOWN_IDS * 5]:
        out.append(f"- **{md_cell(pair.id)}**")
        for claim in pair.new_failing_claims:
            evidence = claim.evidence
            ev = (f" — evidence `{md_cell(str(evidence.passage_id))}`: “{md_cell(evidence.text)}”"
                  if evidence else " — no evidence")
            out.append(f"  - “{md_cell(claim.text)}” → {claim.verdict or None}{ev}")
    if len(broken) > MAX_SHOWN_IDS * 5:
        out.append(f"- … {len(broken) - MAX_SHOWN_IDS * 5} more (see the JSON or JUnit output)")
    out += ["", "</details>", ""]
    return "\n".join(out)
