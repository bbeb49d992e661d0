"""How the HTML report scales: a synthetic 10,000-answer run -> report size, time to write it, and time to open
it and filter it in headless Chromium (selenium).

The run is real: a synthetic interaction log goes through `faithkit.pipeline.run_check` (sentence claims,
windows, refusals, errors) with the scripted checker deciding claims (about a third of the answers get an
unsupported claim), so the results folder is what `faithkit check` writes; only the model is replaced, because
this measures the report, not the checker.

    PYTHONPATH=src python benchmarks/report_scale.py [--answers 10000] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

PRODUCTS = ["Team", "Enterprise", "Starter", "Flex", "Saver", "Pro", "Edu", "Nonprofit"]


def synthetic_log(path: Path, answers: int, seed: int = 0) -> None:
    """Interactions over 40 shared passages; a few refusals, empty answers and malformed lines among them."""
    rng = random.Random(seed)
    passages = [
        {
            "id": f"doc-{i}",
            "text": f"The {p} plan costs €{5 + i} per user per month and includes up to "
            f"{10 + i} users. Exports are kept for {7 + i % 5} days. Support answers within {i % 3 + 1} "
            "business days.",
        }
        for i, p in enumerate(PRODUCTS * 5)
    ]
    with path.open("w", encoding="utf-8") as handle:
        for i in range(answers):
            if i % 997 == 500:
                handle.write("{not json\n")
                continue
            chosen = rng.sample(passages, 3)
            plan = chosen[0]["text"].split(" plan")[0][4:]
            sentences = [
                f"The {plan} plan costs money every month.",
                f"It includes several users (case {i}).",
                "Exports are kept for a while.",
                "Support answers within business days.",
            ]
            answer = " ".join(sentences[: rng.randint(1, 4)])
            if i % 50 == 7:
                answer = "I can't find that in the help center."
            handle.write(
                json.dumps(
                    {
                        "id": f"q{i:05d}",
                        "question": f"What does the {plan} plan cost? ({i})",
                        "contexts": chosen,
                        "answer": answer,
                    }
                )
                + "\n"
            )


def build_run(folder: Path, answers: int) -> Path:
    from faithkit.checkers.fake import ScriptedChecker
    from faithkit.pipeline import run_check

    log = folder / "log.jsonl"
    synthetic_log(log, answers)
    out = folder / "run"
    checker = ScriptedChecker({"Exports are kept for a while.": "not_supported"}, default="supported")
    run_check(log, out, checker)
    return out


def browser_timings(report: Path, answers: int) -> dict[str, float]:
    """Seconds (selenium round trips included) to load and render, to apply the unsupported filter, to search
    (with the page's 120 ms typing debounce), to sort and page, to open an answer and a claim."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
    from tests.report.browser import start_chromium, stop_chromium

    driver = start_chromium()
    try:
        ready = "return document.documentElement.dataset.ready"
        started = time.perf_counter()
        driver.get(report.resolve().as_uri())
        WebDriverWait(driver, 120).until(lambda d: d.execute_script(ready))
        timings = {"open_s": time.perf_counter() - started}
        total = driver.find_element(By.ID, "match-count").text
        started = time.perf_counter()
        Select(driver.find_element(By.ID, "status-filter")).select_by_value("unsupported")
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "match-count").text != total)
        timings["filter_unsupported_s"] = time.perf_counter() - started
        timings["unsupported_rows"] = float(driver.find_element(By.ID, "match-count").text.split()[0])
        Select(driver.find_element(By.ID, "status-filter")).select_by_value("")
        started = time.perf_counter()
        driver.find_element(By.ID, "search").send_keys(f"cost? ({answers - 2})")  # one question matches
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "match-count").text.startswith("1 of"))
        timings["search_s"] = time.perf_counter() - started
        driver.find_element(By.ID, "search").clear()
        driver.execute_script("document.getElementById('search').dispatchEvent(new Event('input'))")
        WebDriverWait(driver, 60).until(lambda d: d.find_element(By.ID, "match-count").text == total)
        started = time.perf_counter()
        driver.find_element(By.CSS_SELECTOR, '#answer-rows tr[data-id="q00000"]').click()
        driver.find_element(By.CSS_SELECTOR, "#answer-view li.claim-item").click()
        timings["open_answer_and_claim_s"] = time.perf_counter() - started
        started = time.perf_counter()
        driver.find_element(By.CSS_SELECTOR, '#answer-head th[data-key="faithfulness"]').click()
        driver.find_element(By.ID, "next-page").click()
        timings["sort_and_page_s"] = time.perf_counter() - started
        memory = driver.execute_script("return performance.memory ? performance.memory.usedJSHeapSize : null")
        if memory:
            timings["js_heap_mb"] = memory / 1e6
        return timings
    finally:
        stop_chromium(driver)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, default=10_000, help="interactions in the synthetic run")
    parser.add_argument("--keep", type=Path, help="copy the run folder (with report.html) here")
    args = parser.parse_args()
    from faithkit.report.html_report import build_report

    folder = Path(tempfile.mkdtemp(prefix="faithkit-report-scale-"))
    try:
        started = time.perf_counter()
        run = build_run(folder, args.answers)
        print(f"synthetic run of {args.answers} lines through run_check: {time.perf_counter() - started:.1f} s")
        started = time.perf_counter()
        report = build_report(run)
        seconds = time.perf_counter() - started
        records = sum(1 for _ in (run / "results.jsonl").open())
        print(f"report.html: {report.stat().st_size / 1e6:.2f} MB for {records} answers, written in {seconds:.2f} s")
        try:
            timings = browser_timings(report, args.answers)
        except BaseException as exc:  # pytest.skip raises an exception derived from BaseException
            print(f"browser timings skipped: {type(exc).__name__}: {exc}")
            if not type(exc).__name__.startswith("Skip"):
                raise
        else:
            for key, value in timings.items():
                print(f"chromium {key}: {value:.3f}" if key.endswith("_s") else f"chromium {key}: {value:.0f}")
        if args.keep:
            shutil.copytree(run, args.keep, dirs_exist_ok=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
