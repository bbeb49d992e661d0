"""The HTML report without a browser: escaping, the CSP, what data go in, compare mode, the check integration."""

from __future__ import annotations

import base64
import hashlib
import html as html_lib
import json
import re
import shutil
from pathlib import Path

import pytest

from faithkit.io.results import read_results
from faithkit.report.html import REPORT_FILE, TEMPLATES, content_security_policy, render_html, script_json
from faithkit.report.html_data import report_data
from faithkit.report.html_report import build_report
from tests.extras import needs_plots, needs_similarity
from tests.report.conftest import HOSTILE_ID, LARKSPUR_LOG, PAYLOADS, edited_baseline


def _data_block(html: str) -> dict:
    match = re.search(r'<script id="report-data" type="application/json">(.*?)</script>', html, re.S)
    assert match, "no data block"
    return json.loads(match.group(1))


def test_script_json_cannot_close_its_script_element():
    data = {"answer": "</script><script>alert(1)</script>", "amp": "a & b", "sep": "x\u2028y", "nan": float("nan")}
    text = script_json(data)
    assert "<" not in text and ">" not in text and "&" not in text and "\u2028" not in text
    back = json.loads(text)
    assert back["answer"] == data["answer"] and back["amp"] == "a & b" and back["sep"] == "x\u2028y"
    assert back["nan"] is None  # JSON.parse would reject NaN


def test_csp_allows_only_the_pages_own_script_and_no_network(larkspur_run):
    html = (larkspur_run / REPORT_FILE).read_text(encoding="utf-8")
    csp = html_lib.unescape(re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html).group(1))
    assert "default-src 'none'" in csp and "img-src data:" in csp and "unsafe-inline" not in csp.split("style-src")[0]
    script = (TEMPLATES / "report.js").read_text(encoding="utf-8")
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in csp and f"<script>{script}</script>" in html
    assert csp == content_security_policy(script)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html), "the page must load nothing remote"
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script and "eval(" not in script


def test_hostile_strings_never_reach_the_markup(hostile_run):
    html = (hostile_run / REPORT_FILE).read_text(encoding="utf-8")
    for payload in PAYLOADS + (HOSTILE_ID,):
        assert payload not in html
    assert "<img src=x" not in html and "</textarea>" not in html and 'href="javascript:' not in html
    assert html.count("<script") == 2  # the data block and the page's own script
    data = _data_block(html)
    ids = [a["id"] for a in data["answers"]]
    assert HOSTILE_ID in ids and any(PAYLOADS[0] in i for i in ids)
    judged = next(a for a in data["answers"] if a["id"] == HOSTILE_ID)
    assert judged["claims"][0]["raw"] == PAYLOADS[3] + PAYLOADS[4]


def test_larkspur_data_cover_every_record_with_texts_and_evidence(larkspur_run):
    run = read_results(larkspur_run)
    data = _data_block((larkspur_run / REPORT_FILE).read_text(encoding="utf-8"))
    assert [a["id"] for a in data["answers"]] == [r["id"] for r in run.records]
    assert data["log_note"] is None
    team = next(a for a in data["answers"] if a["id"] == "team-8")
    assert team["question"].startswith("We're moving our 8-person team")
    sso = next(c for c in team["claims"] if "SSO" in c["text"])
    assert team["answer"][sso["span"][0] : sso["span"][1]] == sso["text"]
    passages = {pid: data["passages"][ref] for pid, ref in team["passages"]}
    assert "window" not in sso  # the evidence is the window: stored once
    window = sso["evidence"]
    assert passages[window["passage_id"]][window["start"] : window["end"]] == window["text"]
    arithmetic = next(c for c in team["claims"] if c["stage"] == "arithmetic")
    assert arithmetic["expressions"] == ["96 = 12 × 8"] and arithmetic["window"]["passage_id"] == "plans"
    unsupported = sum(1 for r in run.records if r["status"] == "scored" and r["unsupported"])
    assert sum("unsupported" in a["tags"] for a in data["answers"]) == unsupported
    assert sum("refusal" in a["tags"] for a in data["answers"]) == run.manifest["summary"]["refusals"]
    header = data["header"]
    assert header["unsupported_interval"]["k"] == unsupported
    assert header["input"]["sha256"] == run.manifest["input"]["sha256"]
    assert len(data["passages"]) == 4  # each of the four passages stored once


def test_a_changed_or_missing_log_shows_no_texts_and_says_why(larkspur_run, tmp_path):
    changed = tmp_path / "log.jsonl"
    changed.write_text(LARKSPUR_LOG.read_text(encoding="utf-8") + "\n{}\n")
    data = report_data(read_results(larkspur_run), log=changed)
    assert "changed since the run" in data["log_note"] and all(a["answer"] is None for a in data["answers"])
    data = report_data(read_results(larkspur_run), log=tmp_path / "gone.jsonl")
    assert "not found" in data["log_note"] and len(data["answers"]) == 9
    html = render_html(data)
    assert "not found" in json.dumps(_data_block(html))


def test_errors_keep_their_line_and_reason(hostile_run):
    data = _data_block((hostile_run / REPORT_FILE).read_text(encoding="utf-8"))
    error = next(a for a in data["answers"] if a["status"] == "error")
    assert error["tags"] == ["error"] and error["line"] == 7 and error["error"].startswith("invalid JSON")


def test_compare_puts_newly_broken_first_with_the_comparisons_own_p_value(larkspur_run, tmp_path):
    from faithkit.compare import compare_folders

    base = edited_baseline(larkspur_run, tmp_path / "base")
    out = build_report(larkspur_run, compare=base, out=tmp_path / "cmp.html")
    data = _data_block(out.read_text(encoding="utf-8"))
    comparison = compare_folders(base, larkspur_run)
    assert [a["id"] for a in data["answers"][:2]] == ["team-8", "cancel-A"]
    assert [a["change"] for a in data["answers"][:2]] == ["broken", "fixed"]
    assert data["compare"]["mcnemar_p"] == comparison.p_value
    assert data["compare"]["broken"] == 1 and data["compare"]["fixed"] == 1 and data["compare"]["decision"] is None
    team = data["answers"][0]
    assert team["base"]["unsupported"] is False and team["unsupported"] is True


@needs_similarity
def test_check_writes_the_report_unless_told_not_to(tmp_path):
    from faithkit.cli import main

    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "a", "contexts": ["Cats sleep."], "answer": "Cats sleep."}) + "\n")
    assert main(["check", str(log), "--out", str(tmp_path / "r1"), "--checker", "similarity", "--quiet"]) == 0
    assert (tmp_path / "r1" / REPORT_FILE).is_file()
    assert (
        main(["check", str(log), "--out", str(tmp_path / "r2"), "--checker", "similarity", "--quiet", "--no-report"])
        == 0
    )
    assert not (tmp_path / "r2" / REPORT_FILE).exists()


def test_report_command_rebuilds_to_another_path(larkspur_run, tmp_path, capsys):
    from faithkit.cli import main

    target = tmp_path / "elsewhere" / "r.html"
    assert main(["report", str(larkspur_run), "--out", str(target)]) == 0
    assert target.is_file() and str(target) in capsys.readouterr().out
    assert main(["report", str(tmp_path)]) == 2  # not a results folder


def test_score_histogram_is_inline_svg_whose_text_is_numbers_and_its_own_labels(larkspur_run):
    html = (larkspur_run / REPORT_FILE).read_text(encoding="utf-8")
    svg = re.search(r"<svg.*?</svg>", html, re.S)
    assert svg and "<!DOCTYPE" not in html[20:]
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg.group(0))
    allowed = re.compile(r"[0-9.]+|deciding score of the claim|claims|threshold [0-9.]+"
                         r"|(supported|not supported|error) \([0-9]+\)")
    assert texts and all(allowed.fullmatch(t) for t in texts), texts


def test_without_matplotlib_the_report_has_its_histogram_and_says_where_the_other_plots_would_be(
        larkspur_run, tmp_path, monkeypatch):
    """The default install has no matplotlib: the score histogram is drawn all the same (report.histogram_svg),
    and a mutation suite's plot becomes a note saying what to install."""
    from faithkit.report import plots

    if plots.plotting_available():  # the full install: take matplotlib away as the default install has it
        monkeypatch.setattr(plots, "plotting_available", lambda: False)
    (tmp_path / "mutate").mkdir()
    (tmp_path / "mutate" / "suite.json").write_text(json.dumps({"checkers": {}}), encoding="utf-8")
    html = build_report(larkspur_run, out=tmp_path / "r.html", include=[tmp_path / "mutate"]).read_text(
        encoding="utf-8")
    assert f'<p class="note">The detection {plots.PLOTS_MISSING}.</p>' in html
    assert "pip install 'faithkit[plots]'" in plots.PLOTS_MISSING
    assert html.count("<svg") == 1 and "claim scores by verdict" in html and "data:image/png" not in html
    assert _data_block(html)["answers"]  # the rest of the report is all there


@pytest.mark.parametrize("missing", ["manifest.json", "results.jsonl"])
def test_report_of_an_incomplete_folder_is_a_clear_error(larkspur_run, tmp_path, missing):
    from faithkit.errors import ResultsError

    folder = tmp_path / "run"
    shutil.copytree(larkspur_run, folder)
    (folder / missing).unlink()
    with pytest.raises(ResultsError, match=missing.split(".")[0]):
        build_report(folder)


def test_templates_ship_with_the_package():
    names = {p.name for p in Path(TEMPLATES).iterdir()}
    assert {"report.html.j2", "report.js", "report.css"} <= names


def test_judge_quotes_numbers_and_omission_notes_reach_the_page(tmp_path):
    from faithkit.records import AnswerResult, ClaimResult, Evidence
    from faithkit.report.html_data import LogTexts, answer_view, claim_view, read_omissions

    verified = ClaimResult(
        "SSO is Enterprise only.",
        (0, 23),
        "supported",
        "judge",
        evidence=Evidence("plans", "SSO is available only on the Enterprise plan.", 72, 118),
        label3="supported",
        detail={"judge_label": "SUPPORTED"},
    )
    unverified = ClaimResult(
        "Exports are encrypted.",
        (24, 46),
        "not_supported",
        "judge",
        error="unverified_quote",
        raw='{"verdicts": []}',
        detail={"quote": "AES-256 encryption", "quote_passage": "export", "quote_problem": "not found in the passage"},
    )
    assert claim_view(verified)["quote"] == {
        "text": "SSO is available only on the Enterprise plan.",
        "verified": True,
        "passage_id": "plans",
    }
    view = claim_view(unverified)
    assert view["quote"]["verified"] is False and view["quote"]["text"] == "AES-256 encryption"
    assert view["quote"]["problem"] == "not found in the passage" and view["raw"] == '{"verdicts": []}'
    review = tmp_path / "review.jsonl"
    review.write_text(
        json.dumps(
            {
                "id": "a",
                "status": "reviewed",
                "missing": [
                    {
                        "condition": "only within 14 days",
                        "passage": "billing",
                        "quote": "within 14 days",
                        "quote_verified": True,
                    }
                ],
            }
        )
        + "\n"
    )
    answer = AnswerResult(
        "a", line=1, status="scored", faithfulness=0.5, unsupported=True, claims=(verified, unverified)
    )
    shown = answer_view(answer, LogTexts(), read_omissions(review))
    assert shown["omissions"][0]["missing"][0]["condition"] == "only within 14 days"
    assert shown["tags"] == ["unsupported"] and shown["answer"] is None


@needs_plots
def test_include_embeds_the_plots_of_mutate_and_sweep_folders(larkspur_run, tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    mutate, sweep = tmp_path / "mutate", tmp_path / "sweep"
    mutate.mkdir()
    sweep.mkdir()
    rate = {"k": 3, "n": 4, "rate": 0.75, "low": 0.3, "high": 0.95}
    (mutate / "suite.json").write_text(
        json.dumps(
            {
                "confidence": 0.95,
                "checkers": {
                    "nli": {
                        "false_alarms": {"k": 1, "n": 12, "rate": 1 / 12, "low": 0.01, "high": 0.35},
                        "detection": {"swap_number": rate, "all": rate},
                    }
                },
            }
        )
    )
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    fig.savefig(sweep / "sweep.png")
    plt.close(fig)
    out = build_report(larkspur_run, out=tmp_path / "r.html", include=[mutate, sweep])
    html = out.read_text(encoding="utf-8")
    assert "mutation suite mutate: detection per fault type" in html and html.count("<svg") == 2
    assert '<img alt="sweep" src="data:image/png;base64,' in html
