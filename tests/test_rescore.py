"""`faithkit rescore`: re-deciding stored scores equals re-running at that threshold, and specs round-trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.checkers.registry import rebuild, rebuild_spec
from faithkit.cli import main
from faithkit.errors import UsageError
from faithkit.rescore import SECOND_OPINION_NOT_ASKED, rescore

LOG = Path(__file__).resolve().parents[1] / "examples" / "larkspur" / "interactions.jsonl"


def _read(folder: Path) -> tuple[dict, list[dict]]:
    manifest = json.loads((folder / "manifest.json").read_text())
    records = [json.loads(line) for line in (folder / "results.jsonl").read_text().splitlines()]
    return manifest, records


def _check(tmp_path: Path, name: str, *extra: str) -> Path:
    out = tmp_path / name
    assert main(["check", str(LOG), "--out", str(out), "--cache-dir", str(tmp_path / "cache"), "--quiet",
                 *extra]) == 0
    return out


@pytest.fixture(scope="module")
def base_run(tmp_path_factory):
    """The bundled default stack at its threshold, 0.5."""
    tmp = tmp_path_factory.mktemp("rescore")
    return tmp, _check(tmp, "at-0.5")


@pytest.fixture(scope="module", params=[0.97, 0.08])
def runs(request, base_run):
    """The base run and a real rerun at another threshold (from the score cache: the same scores). 0.97 and
    0.08 each move several of the bundled model's claim scores on the Larkspur log across the line."""
    tmp, base = base_run
    return tmp, base, _check(tmp, f"at-{request.param}", "--threshold", str(request.param)), request.param


def _labels(records: list[dict]) -> list[tuple[str, str, str]]:
    return [(r["id"], c["text"], c["verdict"]) for r in records for c in r["claims"]]


def test_the_same_threshold_reproduces_the_run_exactly(base_run):
    _, base = base_run
    manifest, records = _read(base)
    result = rescore(manifest, records, 0.5)
    assert result.records == records and result.changed == 0 and result.redecided > 0
    assert result.manifest["summary"] == manifest["summary"]


def test_another_threshold_gives_what_a_rerun_gives(runs):
    tmp, base, rerun, threshold = runs
    out = tmp / f"rescored-{threshold}"
    assert main(["rescore", str(base), "--threshold", str(threshold), "--out", str(out), "--quiet"]) == 0
    rescored_manifest, rescored = _read(out)
    rerun_manifest, rerun_records = _read(rerun)
    _, before = _read(base)
    not_asked = rescored_manifest["rescored"]["not_redecided"].get(SECOND_OPINION_NOT_ASKED, 0)
    differing = [(a, b) for a, b in zip(_labels(rescored), _labels(rerun_records)) if a != b]
    # a higher threshold makes claims the first model supported candidates for the second opinion, which a
    # rescore cannot ask: each such claim is counted, and they are the only ones that may differ from a rerun
    assert len(differing) <= not_asked and all(a[2] == "not_supported" for a, _ in differing)
    assert (not_asked > 0) == (threshold > 0.5)
    if differing:
        return
    assert [r["faithfulness"] for r in rescored] == [r["faithfulness"] for r in rerun_records]
    changed = sum(a != b for a, b in zip(_labels(before), _labels(rescored)))
    assert changed > 0 and rescored_manifest["rescored"]["claims_changed"] == changed
    for key in ("claims_supported", "unsupported_answers", "faithfulness_micro", "faithfulness_macro"):
        assert rescored_manifest["summary"][key] == rerun_manifest["summary"][key], key
    assert rescored_manifest["checker"]["rebuild"] == rerun_manifest["checker"]["rebuild"] == {
        "checker": "nli", "threshold": threshold}
    assert rescored_manifest["checker"]["threshold"] == threshold and rescored_manifest["rescored"]["from"] == str(base)


def test_a_manifest_spec_rebuilds_the_checker_it_describes(runs):
    _, base, rerun, _ = runs
    for folder in (base, rerun):
        manifest, _ = _read(folder)
        checker = rebuild(manifest["checker"])
        assert rebuild_spec(checker) == manifest["checker"]["rebuild"]
        assert checker.threshold == manifest["checker"]["threshold"] and checker.name == "nli+numbers"


def test_label_decided_runs_and_bad_thresholds_are_refused(base_run):
    _, base = base_run
    manifest, records = _read(base)
    with pytest.raises(UsageError, match="'threshold'"):
        rescore(manifest, records, 1.5)
    judged = {**manifest, "checker": {"checker": "judge", "threshold": None, "rebuild": {"checker": "judge"}}}
    with pytest.raises(UsageError, match="decides by label"):
        rescore(judged, records, 0.5)
    assert main(["rescore", str(base), "--threshold", "0.6", "--out", str(base)]) == 2


def test_a_rescored_folder_gets_its_own_report(base_run, tmp_path):
    """The report of a rescored folder shows the rescored verdicts, not the run it was read from."""
    from tests.report.test_html_report import _data_block

    _, base = base_run
    out = tmp_path / "rescored"
    assert main(["rescore", str(base), "--threshold", "0.97", "--out", str(out), "--quiet"]) == 0
    data = _data_block((out / "report.html").read_text(encoding="utf-8"))
    _, records = _read(out)
    _, before = _read(base)
    verdicts = [c["verdict"] for r in records for c in r["claims"]]
    assert verdicts != [c["verdict"] for r in before for c in r["claims"]]  # 0.97 moves some claims
    assert [c["verdict"] for a in data["answers"] for c in a["claims"]] == verdicts
    assert data["log_note"] is None  # the input log is still found, so texts are shown
    assert main(["rescore", str(base), "--threshold", "0.97", "--out", str(tmp_path / "bare"), "--quiet",
                 "--no-report"]) == 0
    assert not (tmp_path / "bare" / "report.html").exists()


def test_without_a_second_opinion_a_higher_threshold_is_exactly_a_rerun(tmp_path):
    base = _check(tmp_path, "plain", "--checker", "nli:second_opinion=off")
    rerun = _check(tmp_path, "plain-0.97", "--checker", "nli:second_opinion=off,threshold=0.97")
    out = tmp_path / "plain-rescored"
    assert main(["rescore", str(base), "--threshold", "0.97", "--out", str(out), "--quiet"]) == 0
    rescored_manifest, rescored = _read(out)
    assert _labels(rescored) == _labels(_read(rerun)[1])
    assert rescored_manifest["rescored"]["claims_changed"] > 0
    assert SECOND_OPINION_NOT_ASKED not in rescored_manifest["rescored"]["not_redecided"]
