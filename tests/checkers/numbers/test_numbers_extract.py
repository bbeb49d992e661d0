"""Number extraction and normalisation (faithkit.checkers.numbers.extract)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from faithkit.checkers.numbers import Quantity, extract_quantities, same_amount


def values_units(text: str) -> list[tuple[float, str | None]]:
    return [(q.value, q.unit) for q in extract_quantities(text)]


@pytest.mark.parametrize("text, expected", [
    ("The Team plan costs €12 per user per month", [(12, "EUR")]),
    ("It costs $6.", [(6, "USD")]),
    ("It costs 12 euros.", [(12, "EUR")]),
    ("It costs USD 6.", [(6, "USD")]),
    ("It costs 6 USD.", [(6, "USD")]),
    ("A 20% discount, or 15 percent.", [(20, "%"), (15, "%")]),
    ("We have 1,200 users.", [(1200, "user")]),
    ("It took 2.5 hours.", [(2.5, "hour")]),
    ("We store 2 million rows and 10k events.", [(2e6, "row"), (1e4, "event")]),
    ("A 14-day trial for an 8-person team.", [(14, "day"), (8, "person")]),
    ("Each user gets 50 GB, or 50GB, of storage.", [(50, "GB"), (50, "GB")]),
    ("Limits: 600 requests per minute.", [(600, "request")]),
    ("Logs are kept for 24 hours.", [(24, "hour")]),
    ("Replies within 3 business days.", [(3, "working day")]),  # not 3 calendar days
])
def test_digits_currency_percent_units(text: str, expected: list[tuple[float, str | None]]) -> None:
    assert values_units(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Eight users would pay", [(8, "user")]),
    ("Every Team user gets fifty gigabytes of storage.", [(50, "GB")]),
    ("twenty-five days", [(25, "day")]),
    ("one hundred and twenty users", [(120, "user")]),
    ("a dozen seats", [(12, "seat")]),
    ("It retries twice.", [(2, "times")]),
    ("three times as long", [(3, "times")]),
    ("Audit logs are kept for one year.", [(1, "year")]),
    ("the 3rd attempt and every third day", [(3, "attempt"), (3, "day")]),
])
def test_number_words_multipliers_and_ordinals(text: str, expected: list[tuple[float, str | None]]) -> None:
    assert values_units(text) == expected


@pytest.mark.parametrize("text", [
    "Released as v2.1 last week.",
    "After the 2019 launch, sales grew.",
    "Maintenance starts at 03:00 UTC.",
    "The API returns HTTP 429 when you go too fast.",
    "Exports are encrypted with AES-256.",
    "The Su-25s and a MiG-29K flew over.",
    "It runs on an H200 with Qwen3 and a 4B model.",
    "We are available 24/7 for a one-time setup by a third-party vendor.",
    "Renewal is on March 3, 2024 or 2024-01-15 or 15/01/2024, in the 2018–19 season.",
    "Upgrade to version 2 or release 3.4.1, see section 4 and ISO 27001.",
    "No one knows; one of the plans is free.",
    "Two-factor authentication is available at 3 pm.",
])
def test_dates_versions_codes_and_names_are_not_quantities(text: str) -> None:
    assert extract_quantities(text) == []


def test_a_year_next_to_a_plural_noun_is_a_quantity() -> None:
    assert values_units("We have 2000 users since 2020.") == [(2000, "user")]


def test_ranges_share_their_unit() -> None:
    qs = extract_quantities("Teams of 5–10 users, between 5 and 10 GB, at €10–20.")
    assert [(q.value, q.unit, q.kind) for q in qs] == [
        (5, "user", "range"), (10, "user", "range"), (5, "GB", "range"), (10, "GB", "range"),
        (10, "EUR", "range"), (20, "EUR", "range")]


def test_spans_and_numeral_spans_point_into_the_text() -> None:
    text = "Eight users would pay €96.50 a month for 400 GB."
    qs = extract_quantities(text)
    assert [q.text for q in qs] == ["Eight users", "€96.50", "400 GB"]
    for q in qs:
        assert text[q.start:q.end] == q.text
    assert [text[q.num_start:q.num_end] for q in qs] == ["Eight", "96.50", "400"]
    assert qs[1].decimals == 2
    assert text[qs[0].unit_start:qs[0].unit_end] == "users"


def test_rates_keep_their_denominator_and_do_not_match_other_rates() -> None:
    per_minute, per_hour = extract_quantities("100 per minute; 100 per hour")
    assert (per_minute.per, per_hour.per) == ("minute", "hour")
    assert not same_amount(per_minute, per_hour)


@pytest.mark.parametrize("a, b, same", [
    ("fifty gigabytes", "50 GB", True),
    ("1 TB", "1000 GB", True),
    ("two weeks", "14 days", True),
    ("one year", "12 months", True),
    ("12 users", "€12", False),
    ("90 hours", "90 days", False),
    ("$6", "six dollars", True),
    ("€6", "$6", False),
    ("8 users", "8-person", True),
    ("12", "€12", True),
    ("48 hours", "2 working days", False),   # a working day is not a calendar day
    ("2 days", "2 business days", False),
    ("2 business days", "2 working days", True),
    ("14 calendar days", "two weeks", True),  # "calendar" changes nothing
])
def test_same_amount_compares_value_and_unit(a: str, b: str, same: bool) -> None:
    (qa,), (qb,) = extract_quantities(a), extract_quantities(b)
    assert same_amount(qa, qb) is same


WORDS = st.lists(st.sampled_from(["the", "plan", "users", "gets", "storage", "and", "of", "team", "costs",
                                  "with", "per", "month", "workspace"]), min_size=0, max_size=6)
NUMBERS = st.one_of(st.integers(min_value=0, max_value=999_999), st.decimals(
    min_value=0, max_value=10_000, places=2, allow_nan=False, allow_infinity=False))
UNITS = st.sampled_from(["", " GB", " users", " days", "%", " hours", " euros"])


def _render(n: object) -> str:
    text = str(n)
    if "." in text:
        text = text.rstrip("0").rstrip(".") if text.split(".")[1].strip("0") else text.split(".")[0]
    return text


@settings(max_examples=300, deadline=None)
@given(parts=st.lists(st.tuples(WORDS, NUMBERS, UNITS), min_size=1, max_size=5), tail=WORDS)
def test_embedded_numbers_are_found_with_value_span_and_unit(parts: list, tail: list[str]) -> None:
    """Property: every number written into random filler text comes back with its value, span and unit."""
    chunks: list[str] = []
    expected: list[tuple[float, str | None, str]] = []
    unit_names = {"": None, " GB": "GB", " users": "user", " days": "day", "%": "%", " hours": "hour",
                  " euros": "EUR"}
    for words, number, unit in parts:
        numeral = _render(number)
        value = float(numeral)
        if not unit and 1900 <= value <= 2100 and numeral.isdigit():
            continue  # a bare year-like integer is deliberately not a quantity
        chunks.append(" ".join([*words, numeral + unit]))
        chunks.append(",")
        expected.append((value, unit_names[unit], numeral))
    text = " ".join(chunks + tail)
    found: list[Quantity] = extract_quantities(text)
    assert [(q.value, q.unit) for q in found] == [(v, u) for v, u, _ in expected]
    for q, (_, _, numeral) in zip(found, expected):
        assert text[q.num_start:q.num_end] == numeral
        assert text[q.start:q.end] == q.text


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=120))
def test_extraction_never_fails_and_spans_are_exact_on_any_text(text: str) -> None:
    for q in extract_quantities(text):
        assert 0 <= q.start <= q.num_start < q.num_end <= q.end <= len(text)
        assert text[q.start:q.end] == q.text


def test_half_an_hour_is_thirty_minutes_and_a_pronoun_one_is_not_a_number() -> None:
    (half,), (thirty,) = extract_quantities("Replies take half an hour."), extract_quantities("30 minutes")
    assert (half.value, half.unit) == (0.5, "hour") and same_amount(half, thirty)
    assert extract_quantities("One can export all data.") == []


def test_a_long_passage_is_scanned_in_linear_time() -> None:
    """Context lookups are windowed: 2,000 numbers in one passage extract in well under a few seconds."""
    import time

    text = " ".join(f"Item {i} has {i % 997 + 3} GB and costs €{i % 89 + 1}." for i in range(1000))
    start = time.perf_counter()
    found = extract_quantities(text)
    assert len(found) == 2000
    assert time.perf_counter() - start < 3.0


@pytest.mark.parametrize("text, unit, normalised", [
    ("2 TB", "TB", 2000.0), ("two weeks", "week", 14.0), ("36 hours", "hour", 1.5), ("one year", "year", 12.0),
    ("€12.50", "EUR", 12.5), ("20%", "%", 20.0),
])
def test_normalised_value_is_in_the_base_unit(text: str, unit: str, normalised: float) -> None:
    (q,) = extract_quantities(text)
    assert (q.unit, q.normalised) == (unit, pytest.approx(normalised))
