"""The mutation suite library: generating, reviewing, selecting and scoring mutants (scripted checkers)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.errors import InputFormatError, UsageError
from faithkit.io.claim_rows import ClaimRow, read_claim_rows
from faithkit.mutation.injectors import INJECTORS
from faithkit.mutation.suite import (
    ALL_FAULTS,
    Mutant,
    generate_mutants,
    read_mutants,
    run_suite,
    select_mutants,
    write_mutants,
)
from faithkit.records import Passage, Verdict
from faithkit.report.mutate import suite_table_rows
from faithkit.stats import wilson_interval

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "larkspur"
PASSAGES = (Passage("billing", "Team plans are billed monthly. Refunds are possible within 14 days."),)


def _row(rid: str, claim: str) -> ClaimRow:
    return ClaimRow(rid, claim, PASSAGES)


@pytest.fixture(scope="module")
def larkspur() -> list[ClaimRow]:
    return read_claim_rows(EXAMPLES / "faithful_claims.jsonl")


def test_larkspur_example_has_the_lessons_twelve_claims_and_four_passages(larkspur: list[ClaimRow]) -> None:
    assert len(larkspur) == 12
    assert [p.id for p in larkspur[0].passages] == ["plans", "billing", "storage", "export"]
    assert larkspur[6].claim == "Annual Enterprise contracts can be refunded in full within 14 days of signing."


def test_generation_records_injector_and_original_for_every_mutant(larkspur: list[ClaimRow]) -> None:
    generation = generate_mutants(larkspur, INJECTORS, entity_pairs=[("Team", "Enterprise")])
    by_id = {r.id: r for r in larkspur}
    assert generation.mutants, "the Larkspur claims must produce mutants"
    for mutant in generation.mutants:
        assert mutant.id == f"{mutant.original_id}~{mutant.injector}"
        assert mutant.original == by_id[mutant.original_id].claim
        assert mutant.claim != mutant.original
        assert mutant.passages == by_id[mutant.original_id].passages
        assert mutant.confirmed is None
    for name in INJECTORS:
        assert generation.applied[name] + generation.not_applicable[name] == len(larkspur)
    assert sum(generation.applied.values()) == len(generation.mutants)
    # swap_number can only apply to claims with a number (none of the twelve spells one out)
    with_digits = sum(any(ch.isdigit() for ch in r.claim) for r in larkspur)
    assert generation.applied["swap_number"] <= with_digits


def test_generation_skips_claims_with_nothing_to_mutate() -> None:
    generation = generate_mutants(
        [_row("c1", "Hello there.")], {k: INJECTORS[k] for k in ("swap_number", "swap_entity", "drop_condition")}
    )
    assert generation.mutants == []
    assert generation.not_applicable == {"swap_number": 1, "swap_entity": 1, "drop_condition": 1}


def test_generation_treats_an_unchanged_claim_as_not_applicable() -> None:
    generation = generate_mutants([_row("c1", "Plans are billed monthly.")], {"identity": lambda c, ctx: c})
    assert generation.mutants == [] and generation.not_applicable == {"identity": 1}


def test_generation_is_deterministic_for_a_seed(larkspur: list[ClaimRow]) -> None:
    first = generate_mutants(larkspur, INJECTORS, seed=3)
    again = generate_mutants(larkspur, INJECTORS, seed=3)
    assert [m.claim for m in first.mutants] == [m.claim for m in again.mutants]


def test_mutants_file_round_trips_and_keeps_the_review(tmp_path: Path) -> None:
    mutants = [
        Mutant(
            "a~swap_number",
            "a",
            "swap_number",
            "Refunds within 28 days.",
            "Refunds within 14 days.",
            PASSAGES,
            True,
            "real",
        ),
        Mutant("a~drop_condition", "a", "drop_condition", "Refunds are possible.", "x", PASSAGES, False),
    ]
    path = tmp_path / "mutants.jsonl"
    write_mutants(mutants, path)
    row = json.loads(path.read_text().splitlines()[0])
    assert {"id", "original_id", "injector", "claim", "contexts", "confirmed"} <= row.keys()
    assert read_mutants(path) == mutants


def test_reading_mutants_rejects_a_confirmed_typo(tmp_path: Path) -> None:
    path = tmp_path / "mutants.jsonl"
    path.write_text(
        json.dumps(
            {
                "id": "m",
                "original_id": "a",
                "injector": "swap_number",
                "claim": "c",
                "contexts": ["p"],
                "confirmed": "yes",
            }
        )
        + "\n"
    )
    with pytest.raises(InputFormatError, match="confirmed"):
        read_mutants(path)


def test_reading_mutants_rejects_duplicates_and_missing_fields(tmp_path: Path) -> None:
    row = {"id": "m", "original_id": "a", "injector": "swap_number", "claim": "c", "contexts": []}
    path = tmp_path / "dup.jsonl"
    path.write_text(json.dumps(row) + "\n" + json.dumps(row) + "\n")
    with pytest.raises(InputFormatError, match="duplicate"):
        read_mutants(path)
    path.write_text(json.dumps({**row, "injector": ""}) + "\n")
    with pytest.raises(InputFormatError, match="injector"):
        read_mutants(path)


def _mutant(mid: str, injector: str, claim: str, confirmed: bool | None = None) -> Mutant:
    return Mutant(mid, mid.split("~")[0], injector, claim, "orig", PASSAGES, confirmed)


def test_selection_counts_every_review_state() -> None:
    mutants = [_mutant("a~x", "x", "1", True), _mutant("b~x", "x", "2", False), _mutant("c~x", "x", "3")]
    everything = select_mutants(mutants, "all")
    assert len(everything.used) == 3
    assert (everything.confirmed, everything.rejected, everything.unreviewed) == (1, 1, 1)
    confirmed = select_mutants(mutants, "confirmed")
    assert [m.id for m in confirmed.used] == ["a~x"]
    assert "confirmed mutants only: 1 of 3" in confirmed.describe()
    assert "all mutants: 3 of 3" in everything.describe()


def test_selecting_confirmed_when_nothing_is_confirmed_is_an_error() -> None:
    with pytest.raises(UsageError, match="confirmed"):
        select_mutants([_mutant("a~x", "x", "1")], "confirmed")


def test_suite_counts_false_alarms_and_detection_per_injector() -> None:
    originals = [_row("o1", "true one"), _row("o2", "true two"), _row("o3", "true three")]
    mutants = [
        _mutant("o1~swap_number", "swap_number", "caught number"),
        _mutant("o2~swap_number", "swap_number", "missed number"),
        _mutant("o1~flip_negation", "flip_negation", "caught negation"),
        _mutant("o3~add_unsupported_fact", "add_unsupported_fact", "errored fact"),
    ]
    checker = ScriptedChecker(
        {
            "true one": "supported",
            "true two": "supported",
            "true three": "not_supported",
            "missed number": "supported",
            "errored fact": "error",
        }
    )
    result = run_suite(originals, select_mutants(mutants, "all"), {"scripted": checker})
    score = result.checkers[0]
    assert score.false_alarms == wilson_interval(1, 3)
    assert score.detection["swap_number"] == wilson_interval(1, 2)
    assert score.detection["flip_negation"] == wilson_interval(1, 1)
    assert score.detection["add_unsupported_fact"] == wilson_interval(1, 1)  # error counts as a flag
    assert score.detection[ALL_FAULTS] == wilson_interval(3, 4)
    assert score.errors == 1
    assert len(checker.calls) == 1 and len(checker.calls[0]) == 7  # one batch for everything
    assert result.injectors == ["swap_number", "flip_negation", "add_unsupported_fact"]  # canonical order
    assert len(result.items) == 7


def test_suite_runs_several_checkers_side_by_side() -> None:
    originals = [_row("o1", "true")]
    mutants = [_mutant("o1~swap_number", "swap_number", "fault")]
    strict = ScriptedChecker({"true": "supported"}, default="not_supported")
    lax = ScriptedChecker({}, default="supported")
    result = run_suite(originals, select_mutants(mutants, "all"), {"strict": strict, "lax": lax})
    headers, rows = suite_table_rows(result)
    assert headers == ["checker", "false alarms", "swap_number", "all faults"]
    assert rows[0] == ["strict", "0/1 [0.00, 0.79]", "1/1 [0.21, 1.00]", "1/1 [0.21, 1.00]"]
    assert rows[1] == ["lax", "0/1 [0.00, 0.79]", "0/1 [0.00, 0.79]", "0/1 [0.00, 0.79]"]
    payload = result.as_dict()
    assert list(payload["checkers"]) == ["strict", "lax"]
    assert payload["checkers"]["strict"]["false_alarms"] == {
        "k": 0,
        "n": 1,
        "rate": 0.0,
        "low": 0.0,
        "high": pytest.approx(0.7934, abs=1e-4),
    }
    assert payload["mutants"]["mode"] == "all"


def test_suite_rejects_a_checker_that_drops_verdicts() -> None:
    from faithkit.errors import BackendError

    class Short:
        name, threshold = "short", None

        def spec(self):
            return {"checker": "short"}

        def check(self, requests):
            return [Verdict("supported", "short")] * (len(requests) - 1)

    with pytest.raises(BackendError):
        run_suite([_row("o", "c")], select_mutants([_mutant("o~x", "x", "m")], "all"), {"short": Short()})


def test_reviewed_larkspur_mutants_are_mostly_real_faults() -> None:
    mutants = read_mutants(EXAMPLES / "mutants_reviewed.jsonl")
    selection = select_mutants(mutants, "confirmed")
    assert selection.unreviewed == 0
    assert 0 < selection.rejected < selection.confirmed
    assert all(m.note for m in mutants if m.confirmed is False), "every rejection says why"


def test_thresholds_add_rows_redecided_from_the_same_run() -> None:
    originals = [_row("o1", "true high"), _row("o2", "true mid")]
    mutants = [_mutant("o1~swap_entity", "swap_entity", "swap high"), _mutant("o2~swap_entity", "swap_entity", "x")]
    checker = ScriptedChecker(
        {
            "true high": Verdict("supported", "nli", score=0.995),
            "true mid": Verdict("supported", "nli", score=0.95),
            "swap high": Verdict("supported", "nli", score=0.979),  # the lesson's "Annual Team contracts ..."
            "x": Verdict("not_supported", "nli", score=0.2),
        }
    )
    result = run_suite(originals, select_mutants(mutants, "all"), {"nli": checker}, thresholds=[0.9, 0.98])
    rows = {c.label: c for c in result.checkers}
    assert list(rows) == ["nli", "nli@0.9", "nli@0.98"]
    assert len(checker.calls) == 1, "re-deciding must not call the checker again"
    assert rows["nli"].detection["swap_entity"] == wilson_interval(1, 2)
    assert rows["nli@0.9"].false_alarms == wilson_interval(0, 2)
    assert rows["nli@0.98"].detection["swap_entity"] == wilson_interval(2, 2)
    assert rows["nli@0.98"].false_alarms == wilson_interval(1, 2)  # 0.95 < 0.98: a true claim is flagged
    assert rows["nli@0.98"].spec["redecided"] is True


def test_thresholds_with_a_second_opinion_keep_its_claims_and_count_the_ones_not_re_asked() -> None:
    class WithSecondOpinion(ScriptedChecker):
        def spec(self) -> dict:
            return {**super().spec(), "second_opinion": {"threshold": 0.9}}

    originals = [_row("o1", "rescued"), _row("o2", "first")]
    mutants = [_mutant("o1~swap_entity", "swap_entity", "x")]
    checker = WithSecondOpinion({
        "rescued": Verdict("supported", "nli", score=0.92, detail={"second_opinion": True}),
        "first": Verdict("supported", "nli", score=0.95),
        "x": Verdict("not_supported", "nli", score=0.2),
    })
    result = run_suite(originals, select_mutants(mutants, "all"), {"nli": checker}, thresholds=[0.9, 0.98])
    rows = {c.label: c for c in result.checkers}
    assert rows["nli@0.98"].false_alarms == wilson_interval(1, 2)  # "first" (0.95); "rescued" stays supported
    assert rows["nli@0.98"].spec["not_redecided"] == 1  # "first": a rerun would ask the second opinion
    assert "not_redecided" not in rows["nli@0.9"].spec
    from faithkit.report.mutate import render_suite

    text = render_suite(result, 0.95, None, None)
    assert "nli@0.98: 1 claims the first model supported would be re-asked" in text and "nli@0.9:" not in text


def test_thresholds_skip_checkers_that_decide_by_label() -> None:
    judge = ScriptedChecker({}, default="supported", threshold=None)
    result = run_suite(
        [_row("o", "c")], select_mutants([_mutant("o~x", "x", "m")], "all"), {"judge": judge}, thresholds=[0.9]
    )
    assert [c.label for c in result.checkers] == ["judge"]
