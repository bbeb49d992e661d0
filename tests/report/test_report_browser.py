"""The HTML report in a real browser (headless system Chromium through selenium): the Larkspur walk-through the
issue asks for, the status filter against results.jsonl, and hostile log strings that must stay text."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from faithkit.report.html import REPORT_FILE
from tests.report.browser import start_chromium, stop_chromium
from tests.report.conftest import HOSTILE_ID, HOSTILE_PASSAGE_ID, PAYLOADS, edited_baseline

ARTIFACTS = Path(tempfile.gettempdir()) / "faithkit-report-artifacts"


@pytest.fixture(scope="module")
def browser():
    driver = start_chromium()
    yield driver
    stop_chromium(driver)


def _open(driver, report: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(report.resolve().as_uri())
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.documentElement.dataset.ready"))


def _rows(driver):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, "#answer-rows tr")


def test_larkspur_team8_sso_claim_shows_its_evidence_in_the_plans_passage(browser, larkspur_run):
    from selenium.webdriver.common.by import By

    record = next(
        json.loads(line)
        for line in (larkspur_run / "results.jsonl").read_text().splitlines()
        if json.loads(line)["id"] == "team-8"
    )
    sso = next(c for c in record["claims"] if "SSO" in c["text"])
    _open(browser, larkspur_run / REPORT_FILE)
    browser.find_element(By.CSS_SELECTOR, 'tr[data-id="team-8"]').click()
    marks = [m for m in browser.find_elements(By.CSS_SELECTOR, "#answer-view mark.claim") if "SSO" in m.text]
    assert len(marks) == 1
    assert {"supported": "✓", "not_supported": "✗"}[sso["verdict"]] in marks[0].text  # an icon, not colour only
    marks[0].click()
    passage = browser.find_element(By.CSS_SELECTOR, '#answer-view .passage[data-passage-id="plans"]')
    highlight = passage.find_element(By.CSS_SELECTOR, "mark.evidence")
    assert sso["evidence"]["passage_id"] == "plans"
    assert highlight.text == sso["evidence"]["text"]
    assert "Single sign-on (SSO) is available only on the Enterprise plan." in highlight.text
    detail = browser.find_element(By.CSS_SELECTOR, "#answer-view .claim-detail").text
    shown = str(int(sso["score"])) if float(sso["score"]).is_integer() else f"{sso['score']:.4f}"  # as report.js
    assert f"score {shown}" in detail and sso["stage"] in detail
    # the SSO claim is flagged: the sentence shown is the one that reserves SSO for Enterprise (claim_subject)
    assert sso["verdict"] == "not_supported" and sso["detail"]["disagreeing_sentence"] is True
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "report-larkspur-team8.png"
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 10_000


def test_unsupported_filter_and_search_count_rows_like_results_jsonl(browser, larkspur_run):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    records = [json.loads(line) for line in (larkspur_run / "results.jsonl").read_text().splitlines()]
    unsupported = [r["id"] for r in records if r["status"] == "scored" and r["unsupported"]]
    _open(browser, larkspur_run / REPORT_FILE)
    assert len(_rows(browser)) == len(records)
    Select(browser.find_element(By.ID, "status-filter")).select_by_value("unsupported")
    assert [r.get_attribute("data-id") for r in _rows(browser)] == unsupported
    assert browser.find_element(By.ID, "match-count").text == f"{len(unsupported)} of {len(records)} answers"
    Select(browser.find_element(By.ID, "status-filter")).select_by_value("refusal")
    assert [r.get_attribute("data-id") for r in _rows(browser)] == ["refusal"]
    Select(browser.find_element(By.ID, "status-filter")).select_by_value("")
    browser.find_element(By.ID, "search").send_keys("AES-256")
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, 5).until(lambda d: len(_rows(d)) == 1)
    assert _rows(browser)[0].get_attribute("data-id") == "export-aes"
    browser.find_element(By.CSS_SELECTOR, '#answer-head th[data-key="faithfulness"]').click()


def test_hostile_log_strings_stay_text_and_nothing_executes(browser, hostile_run):
    from selenium.webdriver.common.by import By

    _open(browser, hostile_run / REPORT_FILE)
    page = lambda: browser.execute_script(  # noqa: E731
        "return {pwned: window.__pwned === undefined ? null : window.__pwned, title: document.title,"
        " scripts: document.scripts.length, imgs: document.querySelectorAll('img').length,"
        " textareas: document.querySelectorAll('textarea').length,"
        " links: document.querySelectorAll('a').length}"
    )
    assert page() == {
        "pwned": None,
        "title": "faithkit report: run",
        "scripts": 2,
        "imgs": 0,
        "textareas": 0,
        "links": 0,
    }
    ids = [r.find_element(By.CSS_SELECTOR, "td").text for r in _rows(browser)]
    assert HOSTILE_ID in ids and sum(p.strip() in " ".join(ids) for p in PAYLOADS) == len(PAYLOADS)
    for row in _rows(browser):  # open every answer and every claim: the payloads show up as text, inert
        row_id = row.get_attribute("data-id")
        index = row.get_attribute("data-index")
        browser.find_element(By.CSS_SELECTOR, f'#answer-rows tr[data-index="{index}"]').click()
        for claim in browser.find_elements(By.CSS_SELECTOR, "#answer-view li.claim-item"):
            claim.click()
        view = browser.find_element(By.ID, "answer-view").text
        assert row_id.strip() in view
    next(r for r in _rows(browser) if r.get_attribute("data-id") == HOSTILE_ID).click()
    browser.find_element(By.CSS_SELECTOR, '#answer-view li.claim-item[data-claim="0"]').click()
    assert PAYLOADS[3] + PAYLOADS[4] in browser.find_element(By.CSS_SELECTOR, "#answer-view pre.raw").text
    assert HOSTILE_PASSAGE_ID in browser.find_element(By.ID, "answer-view").text
    browser.find_element(By.CSS_SELECTOR, "#answer-view details summary").click()  # the log's metadata
    metadata = json.loads(browser.find_element(By.CSS_SELECTOR, "#answer-view pre.metadata").text)
    assert metadata == {"user": PAYLOADS[1], PAYLOADS[4]: PAYLOADS[2]}
    assert PAYLOADS[1] in browser.find_element(By.CSS_SELECTOR, "#answer-view .answer-text").text
    browser.find_element(By.ID, "search").send_keys("javascript:")
    assert page() == {
        "pwned": None,
        "title": "faithkit report: run",
        "scripts": 2,
        "imgs": 0,
        "textareas": 0,
        "links": 0,
    }


def test_compare_report_shows_newly_broken_first_side_by_side(browser, larkspur_run, tmp_path):
    from selenium.webdriver.common.by import By

    from faithkit.compare import compare_folders
    from faithkit.report.html_report import build_report

    base = edited_baseline(larkspur_run, tmp_path / "base")
    report = build_report(larkspur_run, compare=base, out=tmp_path / "compare.html")
    _open(browser, report)
    rows = _rows(browser)
    assert [r.get_attribute("data-id") for r in rows[:2]] == ["team-8", "cancel-A"]
    summary = browser.find_element(By.ID, "compare-summary").text
    assert f"{compare_folders(base, larkspur_run).p_value:.4f}" in summary and "newly broken" in summary
    rows[0].click()
    versions = browser.find_elements(By.CSS_SELECTOR, "#answer-view .version")
    assert [v.get_attribute("data-version") for v in versions] == ["base", "new"]
    assert "supported" in versions[0].text and "unsupported" in versions[1].text
    assert "✗ not supported" not in versions[0].text and "✗ not supported" in versions[1].text
    next(r for r in _rows(browser) if r.get_attribute("data-id") == "gone").click()
    assert "absent from this run" in browser.find_element(By.ID, "answer-view").text
    assert [
        v.get_attribute("data-version") for v in browser.find_elements(By.CSS_SELECTOR, "#answer-view .version")
    ] == ["base"]


def test_a_spread_evidence_claim_shows_its_span_and_what_the_model_read(browser, tmp_path):
    """The evidence of a spread window is the passage slice from its first sentence to its last; the sentences the
    model read joined are shown apart (detail.premise_read), so the reader sees both."""
    from selenium.webdriver.common.by import By

    from faithkit.cli import main
    from tests.checkers.test_spread_evidence import CLAIM, STAFF

    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "spread", "question": "Who runs Media Play News?", "answer": CLAIM,
                               "contexts": [{"id": STAFF.id, "text": STAFF.text}]}) + "\n", encoding="utf-8")
    assert main(["check", str(log), "--out", str(tmp_path / "run"), "--quiet", "--cache", "off"]) == 0
    claim = json.loads((tmp_path / "run" / "results.jsonl").read_text())["claims"][0]
    read = claim["detail"]["premise_read"]
    _open(browser, tmp_path / "run" / REPORT_FILE)
    browser.find_element(By.CSS_SELECTOR, 'tr[data-id="spread"]').click()
    browser.find_element(By.CSS_SELECTOR, "#answer-view mark.claim").click()
    highlight = browser.find_element(By.CSS_SELECTOR, '#answer-view .passage[data-passage-id="staff"] mark.evidence')
    assert highlight.text == claim["evidence"]["text"] == STAFF.text  # the span, gap sentences included
    detail = browser.find_element(By.CSS_SELECTOR, "#answer-view .claim-detail").text
    assert f"the model read {read}" in detail and "Our offices are in Irvine." not in read


def test_a_claim_shows_its_citation_next_to_its_verdict_and_its_parts(browser, tmp_path):
    """A misattributed citation is shown as such beside the verdict (a warning: the claim stays supported), and a
    claim checked as its parts lists each part with its verdict and evidence passage."""
    from selenium.webdriver.common.by import By

    from faithkit.cli import main

    contexts = [{"id": "loans", "text": "Books are lent for 21 days and can be renewed twice online. "
                                        "DVDs are lent for 7 days."},
                {"id": "fees", "text": "Lost items are charged at their replacement cost."}]
    rows = [{"id": "cites", "question": "?", "answer": "DVDs are lent for 7 days [2].", "contexts": contexts},
            {"id": "joins", "question": "?", "contexts": contexts,
             "answer": "Books can be renewed twice online, and lost items are charged at their replacement cost."}]
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert main(["check", str(log), "--out", str(tmp_path / "run"), "--quiet", "--cache", "off"]) == 0
    _open(browser, tmp_path / "run" / REPORT_FILE)
    browser.find_element(By.CSS_SELECTOR, 'tr[data-id="cites"]').click()
    browser.find_element(By.CSS_SELECTOR, "#answer-view mark.claim").click()
    detail = browser.find_element(By.CSS_SELECTOR, "#answer-view .claim-detail").text
    assert "citation misattributed (cites fees): supported, but not by the passage it cites" in detail
    assert detail.index("verdict") < detail.index("citation misattributed")
    browser.find_element(By.CSS_SELECTOR, 'tr[data-id="joins"]').click()
    browser.find_element(By.CSS_SELECTOR, "#answer-view mark.claim").click()
    detail = browser.find_element(By.CSS_SELECTOR, "#answer-view .claim-detail").text
    assert "part: Books can be renewed twice online. supported" in detail and "[loans]" in detail
    assert "part: Lost items are charged at their replacement cost. supported" in detail and "[fees]" in detail


def test_sentences_no_claim_checks_are_listed_with_why(browser, tmp_path):
    """A greeting and a refusal sentence beside a fact are not claims: the answer view lists them under "Not
    checked" with the reason, as results.jsonl does (``unchecked``)."""
    from selenium.webdriver.common.by import By

    from faithkit.cli import main

    contexts = [{"id": "loans", "text": "DVDs are lent for 7 days."}]
    answer = "Hi there! DVDs are lent for 7 days. I couldn't find anything about e-readers."
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "greets", "question": "?", "answer": answer, "contexts": contexts}) + "\n",
                   encoding="utf-8")
    assert main(["check", str(log), "--out", str(tmp_path / "run"), "--quiet", "--cache", "off"]) == 0
    record = json.loads((tmp_path / "run" / "results.jsonl").read_text())
    assert [u["why"] for u in record["unchecked"]] == ["talk_to_user", "declines"]
    _open(browser, tmp_path / "run" / REPORT_FILE)
    browser.find_element(By.CSS_SELECTOR, 'tr[data-id="greets"]').click()
    items = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#answer-view ul.unchecked li")]
    assert items == ["\u201cHi there!\u201d \u2014 talk to the user (greeting, sign-off, offer)",
                     "\u201cI couldn't find anything about e-readers.\u201d \u2014 declines to answer"]
