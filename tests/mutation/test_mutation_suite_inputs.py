"""Claim files (JSONL and YAML) and `--checker` spec strings, as mutate / sweep / agree read them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithkit.commands._checker_args import parse_checker_spec
from faithkit.errors import InputFormatError, UsageError
from faithkit.io.claim_rows import read_claim_rows
from faithkit.records import Passage


@pytest.mark.parametrize(
    ("text", "name", "options"),
    [
        ("nli", "nli", {}),
        ("nli:numbers=off", "nli", {"numbers": False}),
        (
            "nli:numbers=off, arithmetic=on,threshold=0.9",
            "nli",
            {"numbers": False, "arithmetic": True, "threshold": 0.9},
        ),
        ("judge:model=gpt-4o-mini,max-retries=2", "judge", {"model": "gpt-4o-mini", "max_retries": 2}),
        ("similarity:model=/models/mini", "similarity", {"model": "/models/mini"}),
    ],
)
def test_checker_spec_parsing(text: str, name: str, options: dict) -> None:
    spec = parse_checker_spec(text)
    assert (spec.label, spec.name, spec.options) == (text, name, options)


@pytest.mark.parametrize("text", ["", ":threshold=0.5", "nli:threshold", "nli:=1", "nli:a=1,a=2"])
def test_checker_spec_errors(text: str) -> None:
    with pytest.raises(UsageError):
        parse_checker_spec(text)


def _write(path: Path, rows: list) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_jsonl_rows_with_both_context_forms(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "c.jsonl",
        [
            {"id": "a", "claim": "x", "contexts": [{"id": "plans", "text": "P"}], "label": "supported", "case": "k"},
            {"claim": "y", "contexts": ["Q", "R"], "extra": 1},
        ],
    )
    rows = read_claim_rows(path)
    assert rows[0].passages == (Passage("plans", "P"),) and rows[0].case == "k"
    assert rows[1].id == "line-2" and [p.id for p in rows[1].passages] == ["p0", "p1"]
    assert rows[1].extra == {"extra": 1} and rows[1].label is None


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"id": "a", "contexts": []}, "claim"),
        ({"id": "a", "claim": "x", "label": "maybe"}, "label"),
        ({"id": "a", "claim": "x", "contexts": 5}, "contexts"),
        ({"id": "a", "claim": "x", "case": 3}, "case"),
    ],
)
def test_malformed_rows_stop_with_their_line(tmp_path: Path, row: dict, message: str) -> None:
    path = _write(tmp_path / "c.jsonl", [{"id": "ok", "claim": "fine"}, row])
    with pytest.raises(InputFormatError, match=message) as info:
        read_claim_rows(path)
    assert info.value.line == 2


def test_labels_can_be_required_and_ids_must_be_unique(tmp_path: Path) -> None:
    with pytest.raises(InputFormatError, match="label"):
        read_claim_rows(_write(tmp_path / "a.jsonl", [{"id": "a", "claim": "x"}]), require_label=True)
    with pytest.raises(InputFormatError, match="duplicate"):
        read_claim_rows(_write(tmp_path / "b.jsonl", [{"id": "a", "claim": "x"}, {"id": "a", "claim": "y"}]))
    with pytest.raises(UsageError, match="no claims"):
        read_claim_rows(_write(tmp_path / "c.jsonl", []))


def test_yaml_with_shared_passages(tmp_path: Path) -> None:
    path = tmp_path / "claims.yaml"
    path.write_text(
        "passages:\n"
        "  plans: The Team plan costs €12 per user per month.\n"
        "  export: Export links expire after 7 days.\n"
        "claims:\n"
        "  - {id: f01, claim: The Team plan costs €12 per user per month.}\n"
        "  - {id: f12, claim: Export links expire after 7 days., contexts: [export]}\n"
        "  - {id: f13, claim: Something else., contexts: [a literal passage text]}\n"
    )
    rows = read_claim_rows(path)
    assert [p.id for p in rows[0].passages] == ["plans", "export"]
    assert rows[1].passages == (Passage("export", "Export links expire after 7 days."),)
    assert rows[2].passages == (Passage("p0", "a literal passage text"),)  # not an id: kept as text


def test_yaml_list_of_rows_and_a_bad_yaml_file(tmp_path: Path) -> None:
    path = tmp_path / "claims.yml"
    path.write_text("- {id: a, claim: x, contexts: [P]}\n")
    assert read_claim_rows(path)[0].passages == (Passage("p0", "P"),)
    path.write_text("just: [a, mapping]\n")
    with pytest.raises(InputFormatError, match="claims"):
        read_claim_rows(path)
