"""JUnit XML for CI test reports: one test case per answer of the new run, plus one for the gate itself.

Mapping (so a CI dashboard shows what a reviewer should read):
    unsupported answer          <failure>  listing each failing claim with its evidence
    status ``error``            <error>    with the reason
    refusal / no claims         <skipped>  a refusal is not a pass (Move 3), nor a failure of faithfulness
    id only in the base run     <skipped>  "absent from the new run", so no id disappears silently
    gate fail / inconclusive    <failure> / <error> on the ``faithkit.gate`` test case
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from faithkit.compare import AnswerPair, Comparison
from faithkit.gate import GateDecision
from faithkit.report.compare_text import claim_lines


def _failure_text(pair: AnswerPair) -> str:
    lines = []
    for claim in pair.new_failing_claims:
        first, *rest = claim_lines(claim)
        lines.append(f"- {first}")
        lines += [f"  {line}" for line in rest]
    return "\n".join(lines) or "(no failing claim stored)"


def _answer_case(suite: ET.Element, pair: AnswerPair) -> str:
    """Add one test case; return its kind (passed / failure / error / skipped) for the suite counters."""
    case = ET.SubElement(suite, "testcase", classname="faithkit.answers", name=pair.id)
    error = pair.new.error if pair.new else None
    refusal = pair.new.refusal if pair.new else None
    history = f"base: {pair.base_state}, new: {pair.new_state}, change: {pair.change}"
    if pair.new_state == "unsupported":
        n_failing = len(pair.new_failing_claims)
        tag = "newly broken" if pair.change == "broken" else history
        node = ET.SubElement(case, "failure", type="unsupported",
                             message=f"{n_failing} claim(s) not supported ({tag})")
        node.text = _failure_text(pair)
        return "failure"
    if pair.new_state == "error":
        node = ET.SubElement(case, "error", type="answer_error", message=str(error or "error"))
        node.text = history
        return "error"
    if pair.new_state == "refusal":
        ET.SubElement(case, "skipped", message=f"refusal ({refusal or 'pattern not stored'}); {history}")
        return "skipped"
    if pair.new_state == "no_claims":
        ET.SubElement(case, "skipped", message=f"no checkable claims; {history}")
        return "skipped"
    if pair.new_state == "absent":
        ET.SubElement(case, "skipped", message=f"absent from the new run (only in base: {pair.base_state})")
        return "skipped"
    ET.SubElement(case, "system-out").text = history
    return "passed"


def _set_counts(element: ET.Element, kinds: list[str]) -> None:
    element.set("tests", str(len(kinds)))
    for kind, attr in (("failure", "failures"), ("error", "errors"), ("skipped", "skipped")):
        element.set(attr, str(kinds.count(kind)))


def render_junit(comparison: Comparison, decision: GateDecision | None = None) -> str:
    """The JUnit XML document as a string (UTF-8, with declaration)."""
    root = ET.Element("testsuites", name="faithkit")
    answers = ET.SubElement(root, "testsuite", name="faithkit.answers")
    kinds = [_answer_case(answers, pair) for pair in comparison.pairs]
    _set_counts(answers, kinds)
    all_kinds = list(kinds)
    if decision is not None:
        gate_suite = ET.SubElement(root, "testsuite", name="faithkit.gate")
        case = ET.SubElement(gate_suite, "testcase", classname="faithkit.gate", name="regression gate")
        reasons = "\n".join([*decision.inconclusive, *decision.failures])
        if decision.outcome == "fail":
            ET.SubElement(case, "failure", type="gate_failed", message="; ".join(decision.failures)).text = reasons
            gate_kind = "failure"
        elif decision.outcome == "inconclusive":
            ET.SubElement(case, "error", type="gate_inconclusive",
                          message="; ".join(decision.inconclusive)).text = reasons
            gate_kind = "error"
        else:
            ET.SubElement(case, "system-out").text = (
                f"pass: {comparison.fixed} fixed, {comparison.broken} broken, p = {comparison.p_value:.4f}")
            gate_kind = "passed"
        _set_counts(gate_suite, [gate_kind])
        all_kinds.append(gate_kind)
    _set_counts(root, all_kinds)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
