"""`faithkit mutate` end to end: real files and the real similarity baseline (all-MiniLM-L6-v2, loaded offline
from its PyPI package). Each run loads the embedding model, so the runs that need one are marked slow."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.cli import main
from tests.extras import needs_similarity

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "larkspur"


SIM, SIM_STRICT = "similarity", "similarity:threshold=0.8"


@pytest.fixture(scope="module")
def first_run(tmp_path_factory) -> tuple[Path, str]:
    import contextlib
    import io

    out = tmp_path_factory.mktemp("mutate") / "run"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(
            [
                "mutate",
                str(EXAMPLES / "faithful_claims.jsonl"),
                "--out",
                str(out),
                "--entity-pair",
                "Team=Enterprise",
                "--checker",
                SIM,
                "--checker",
                SIM_STRICT,
                "--thresholds",
                "0.6",
            ]
        )
    assert code == 0
    return out, printed.getvalue()


@pytest.mark.slow
@needs_similarity
def test_mutate_writes_mutants_suite_and_verdicts(first_run: tuple[Path, str]) -> None:
    out, printed = first_run
    specs = [SIM, SIM_STRICT]
    mutants = [json.loads(line) for line in (out / "mutants.jsonl").read_text().splitlines()]
    assert mutants and all(
        {"id", "original_id", "injector", "claim", "contexts", "confirmed"} <= m.keys() for m in mutants
    )
    assert all(m["confirmed"] is None for m in mutants)
    suite = json.loads((out / "suite.json").read_text())
    assert list(suite["checkers"]) == [SIM, f"{SIM}@0.6", SIM_STRICT, f"{SIM_STRICT}@0.6"]
    # the same verdicts re-decided at 0.6 give the same counts whichever threshold the checker was built with
    same = ("false_alarms", "detection")
    assert [suite["checkers"][f"{SIM}@0.6"][k] for k in same] == [
        suite["checkers"][f"{SIM_STRICT}@0.6"][k] for k in same
    ]
    assert suite["mutants"]["mode"] == "all" and suite["mutants"]["used"] == len(mutants)
    for entry in suite["checkers"].values():
        assert entry["false_alarms"]["n"] == 12
        assert {"k", "n", "low", "high"} <= entry["false_alarms"].keys()
        assert sum(d["n"] for name, d in entry["detection"].items() if name != "all") == len(mutants)
    # a higher threshold can only flag more
    low, high = (suite["checkers"][s] for s in specs)
    assert high["detection"]["all"]["k"] >= low["detection"]["all"]["k"]
    verdicts = (out / "verdicts.jsonl").read_text().splitlines()
    assert len(verdicts) == 2 * (12 + len(mutants))
    assert "ran on all mutants" in printed and "false alarms" in printed and "swap_number" in printed
    assert (out / "suite.md").read_text().count("|") > 10


@pytest.mark.slow
@needs_similarity
def test_mutate_reuses_a_reviewed_file_and_runs_on_confirmed_only(tmp_path: Path, capsys) -> None:
    out = tmp_path / "run"
    code = main(
        [
            "mutate",
            str(EXAMPLES / "faithful_claims.jsonl"),
            "--out",
            str(out),
            "--mutants",
            str(EXAMPLES / "mutants_reviewed.jsonl"),
            "--only-confirmed",
            "--checker",
            SIM,
        ]
    )
    assert code == 0
    reviewed = [json.loads(line) for line in (EXAMPLES / "mutants_reviewed.jsonl").read_text().splitlines()]
    suite = json.loads((out / "suite.json").read_text())
    assert suite["mutants"]["mode"] == "confirmed"
    assert suite["mutants"]["used"] == sum(m["confirmed"] is True for m in reviewed)
    assert suite["mutants"]["rejected"] == sum(m["confirmed"] is False for m in reviewed)
    assert not (out / "mutants.jsonl").exists()  # the reviewed file is the source, not overwritten or copied
    assert "confirmed mutants only" in capsys.readouterr().out


def test_generate_only_stops_before_any_checker(tmp_path: Path, capsys) -> None:
    out = tmp_path / "gen"
    assert (
        main(
            [
                "mutate",
                str(EXAMPLES / "faithful_claims.jsonl"),
                "--out",
                str(out),
                "--generate-only",
                "--injector",
                "swap_number",
                "--checker",
                "no-such-checker",
            ]
        )
        == 0
    )
    mutants = (out / "mutants.jsonl").read_text().splitlines()
    assert mutants and all(json.loads(m)["injector"] == "swap_number" for m in mutants)
    assert not (out / "suite.json").exists()
    assert "swap_number" in capsys.readouterr().out


@pytest.mark.slow
@needs_similarity
def test_cascade_option_reports_routing_misses(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first, second = SIM, SIM_STRICT
    assert (
        main(
            [
                "mutate",
                str(EXAMPLES / "faithful_claims.jsonl"),
                "--out",
                str(out),
                "--mutants",
                str(EXAMPLES / "mutants_reviewed.jsonl"),
                "--checker",
                first,
                "--checker",
                second,
                "--cascade",
                f"{first},{second}",
            ]
        )
        == 0
    )
    cascade = json.loads((out / "suite.json").read_text())["cascade"]
    assert cascade["first"] == first
    total = cascade["second_alone"]["all faults"]
    assert total["k"] == cascade["cascade"]["all faults"]["k"] + cascade["routing_misses"]["all faults"]["k"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--injector", "nope"], "unknown injector"),
        (["--entity-pair", "Team"], "expected A=B"),
        (["--cascade", "nli,judge"], "--cascade"),
        (["--checker", "nli:threshold"], "KEY=VALUE"),
        (["--checker", "bogus"], "unknown checker"),
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, argv: list[str], message: str, capsys) -> None:
    code = main(["mutate", str(EXAMPLES / "faithful_claims.jsonl"), "--out", str(tmp_path / "x"), *argv])
    assert code == 2
    assert message in capsys.readouterr().err


def test_only_confirmed_on_unreviewed_mutants_exits_2(tmp_path: Path, capsys) -> None:
    assert (
        main(
            [
                "mutate",
                str(EXAMPLES / "faithful_claims.jsonl"),
                "--out",
                str(tmp_path / "x"),
                "--only-confirmed",
                "--injector",
                "swap_number",
            ]
        )
        == 2
    )
    assert "confirmed" in capsys.readouterr().err
