"""The report's histogram and its header count the same claims: a claim decided without a score is named in the
histogram's title, not silently left out (issue 35)."""

from __future__ import annotations

from types import SimpleNamespace

from faithkit.report.html_report import run_plots, unscored_claims

ANSWERS = [{"claims": [{"verdict": "supported", "score": 0.9}, {"verdict": "not_supported", "score": 0.1},
                       {"verdict": "not_supported", "score": None, "stage": "numbers"}]},
           {"claims": [{"verdict": "supported", "score": None, "stage": "arithmetic"}]}]


def test_claims_without_a_score_are_counted():
    assert unscored_claims(ANSWERS) == 2
    assert unscored_claims([{"claims": [{"score": float("nan")}]}]) == 1


def test_the_histogram_title_names_the_claims_it_cannot_draw(tmp_path):
    run = SimpleNamespace(run=SimpleNamespace(checker={"threshold": 0.45}), path=tmp_path)
    (plot,) = run_plots(run, {"answers": ANSWERS})
    assert plot["title"] == "claim scores by verdict (2 claims decided by a rule or stage without a score not drawn)"
    assert plot["svg"].startswith("<svg")
