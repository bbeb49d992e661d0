"""`faithkit sample-size` prints the lesson's number and refuses degenerate input."""

from __future__ import annotations

import pytest

from faithkit.cli import main


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--rate", "0.9", "--margin", "0.05"], "139"),
        (["--rate", "0.9", "--margin", "0.05", "--confidence", "0.99"], "239"),
        (["--rate", "0.5", "--margin", "0.03"], "1068"),
    ],
)
def test_sample_size_prints_the_number(argv: list[str], expected: str, capsys) -> None:
    assert main(["sample-size", *argv]) == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith(f"{expected} labeled items per fault type are needed to estimate a rate near ")
    rate, margin = argv[1], argv[3]
    confidence = f"{float(argv[5]):.0%}" if len(argv) > 4 else "95%"
    assert f"near {float(rate):g} to within ±{float(margin):g} at {confidence} confidence" in out


def test_sample_size_rejects_a_rate_of_one(capsys) -> None:
    assert main(["sample-size", "--rate", "1", "--margin", "0.05"]) == 2
    assert "rate" in capsys.readouterr().err
