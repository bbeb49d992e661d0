"""`faithkit gate --max-newly-broken N` (and the same policy key): one newly broken answer fails the gate when
N = 0, though its McNemar p is 1.0 and the rate stays under the ceiling; `--html` writes the compare report."""

from __future__ import annotations

import json

import pytest

from faithkit.cli import main
from faithkit.errors import UsageError
from faithkit.gate import GatePolicy
from tests.test_gate_support import write_run


def _one_broken(tmp_path):
    base = {f"q{i}": "supported" for i in range(20)}
    new = {**base, "q7": "unsupported"}
    return write_run(tmp_path / "base", base), write_run(tmp_path / "new", new)


def test_one_newly_broken_answer_passes_by_default_and_fails_with_the_limit(tmp_path, capsys):
    base, new = _one_broken(tmp_path)
    assert main(["gate", str(base), str(new), "--max-unsupported-rate", "0.2"]) == 0  # p = 1.0, rate 5%
    capsys.readouterr()
    assert main(["gate", str(base), str(new), "--max-unsupported-rate", "0.2", "--max-newly-broken", "0"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("Newly broken answers (1): q7\n")
    assert "1 answer(s) faithful in the baseline are unsupported now, more than the allowed 0" in out
    assert "(whatever the p-value): q7" in out
    assert main(["gate", str(base), str(new), "--max-newly-broken", "1"]) == 0


def test_the_policy_file_key_works_and_flags_override_it(tmp_path):
    base, new = _one_broken(tmp_path)
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps({"max_newly_broken": 0}))
    assert main(["gate", str(base), str(new), "--policy", str(policy)]) == 1
    assert main(["gate", str(base), str(new), "--policy", str(policy), "--max-newly-broken", "3"]) == 0


@pytest.mark.parametrize("bad", [-1, 0.5, True, "2"])
def test_a_bad_limit_is_a_usage_error(bad):
    with pytest.raises(UsageError, match="max_newly_broken"):
        GatePolicy(max_newly_broken=bad)


def test_gate_html_report_carries_the_decision_and_lists_the_broken_answer_first(tmp_path):
    from faithkit.report.html_report import build_report  # noqa: F401  (the module the gate calls)

    base, new = _one_broken(tmp_path)
    target = tmp_path / "gate.html"
    assert main(["gate", str(base), str(new), "--max-newly-broken", "0", "--html", str(target)]) == 1
    html = target.read_text(encoding="utf-8")
    start = html.index('type="application/json">') + len('type="application/json">')
    data = json.loads(html[start : html.index("</script>", start)])
    assert data["compare"]["decision"]["outcome"] == "fail"
    assert data["answers"][0]["id"] == "q7" and data["answers"][0]["change"] == "broken"
    assert data["compare"]["mcnemar_p"] == 1.0
