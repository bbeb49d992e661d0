"""JUnit XML: one test case per answer (unsupported -> failure, error -> error), plus the gate's own case."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from faithkit.cli import main
from faithkit.compare import compare_runs
from faithkit.gate import GatePolicy, decide
from faithkit.io.results import read_results
from faithkit.report.junit import render_junit
from tests.test_gate_support import lesson_runs, record, write_run


def cases(root: ET.Element, suite: str) -> dict[str, ET.Element]:
    found = root.find(f"testsuite[@name='{suite}']")
    assert found is not None
    return {c.get("name"): c for c in found.findall("testcase")}


def test_lesson_example_junit(tmp_path):
    base_dir, new_dir = lesson_runs(tmp_path)
    assert main(["gate", str(base_dir), str(new_dir), "--junit", str(tmp_path / "j.xml")]) == 0
    root = ET.parse(tmp_path / "j.xml").getroot()
    answers = cases(root, "faithkit.answers")
    assert len(answers) == 200
    suite = root.find("testsuite[@name='faithkit.answers']")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("200", "20", "0")
    broken = answers["q031"].find("failure")
    assert broken is not None and "newly broken" in broken.get("message")
    assert "Cancelling refunds the current month (q031)." in broken.text
    assert 'evidence [p0]: "The current month is not refunded."' in broken.text
    still = answers["q020"].find("failure")
    assert "base: unsupported, new: unsupported" in still.get("message")
    assert answers["q000"].find("failure") is None  # fixed: passes
    gate_case = cases(root, "faithkit.gate")["regression gate"]
    assert gate_case.find("failure") is None and gate_case.find("error") is None
    assert root.get("tests") == "201"


def test_statuses_map_to_junit_elements(tmp_path):
    base = write_run(tmp_path / "a", {"ok": "supported", "err": "supported", "ref": "supported",
                                      "none": "supported", "gone": "supported"})
    new = write_run(tmp_path / "b", [record("ok", "supported", 1), record("err", "error", 2),
                                     record("ref", "refusal", 3), record("none", "no_claims", 4),
                                     record("extra", "unsupported", 5)])
    comparison = compare_runs(read_results(base), read_results(new), min_overlap=0.1)
    root = ET.fromstring(render_junit(comparison, decide(comparison, GatePolicy())))
    answers = cases(root, "faithkit.answers")
    assert answers["ok"].find("*[1]").tag == "system-out"
    assert answers["err"].find("error").get("message") == "malformed line"
    assert "refusal (can't find)" in answers["ref"].find("skipped").get("message")
    assert "no checkable claims" in answers["none"].find("skipped").get("message")
    assert "absent from the new run" in answers["gone"].find("skipped").get("message")
    assert answers["extra"].find("failure") is not None
    suite = root.find("testsuite[@name='faithkit.answers']")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors"), suite.get("skipped")) == \
        ("6", "1", "1", "3")
    gate_case = cases(root, "faithkit.gate")["regression gate"]
    assert gate_case.find("error") is not None  # 1 of 5 answers errored: inconclusive
    assert gate_case.find("error").get("type") == "gate_inconclusive"


def test_gate_failure_is_a_junit_failure(tmp_path):
    new_dir, base_dir = lesson_runs(tmp_path)  # flipped: 18 broken, 7 fixed
    comparison = compare_runs(read_results(base_dir), read_results(new_dir))
    root = ET.fromstring(render_junit(comparison, decide(comparison, GatePolicy())))
    failure = cases(root, "faithkit.gate")["regression gate"].find("failure")
    assert failure is not None and "significant regression" in failure.get("message")


def test_xml_special_characters_survive(tmp_path):
    rec = record("q<&>\"1", "unsupported", 1)
    rec["claims"][1]["text"] = 'Refunds < 14 days & "always" <b>'
    a = write_run(tmp_path / "a", [record("q<&>\"1", "supported", 1)])
    b = write_run(tmp_path / "b", [rec])
    comparison = compare_runs(read_results(a), read_results(b))
    root = ET.fromstring(render_junit(comparison))
    case = cases(root, "faithkit.answers")['q<&>"1']
    assert 'Refunds < 14 days & "always" <b>' in case.find("failure").text
    assert root.find("testsuite[@name='faithkit.gate']") is None
