"""Hypothesis fuzzing of this session's string rules (issue 31): each reads untrusted answer and passage text, so
each must return for any input, within a time bound, and keep its one structural promise."""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from faithkit.checkers.numbers.dates import date_arithmetic, dates_in
from faithkit.checkers.rules.alignment_anchors import anchor_conflict, anchored_durations
from faithkit.checkers.rules.alignment_conditions import conditions, dropped_condition
from faithkit.checkers.rules.alignment_units import frequency_conflict
from faithkit.checkers.rules.copy_rule import normalised

FAST = settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
# text built from the words these rules look for, so the examples reach their branches, not only plain letters
VOCABULARY = st.sampled_from([
    "once", "twice", "3 times", "three", "at once", "Once", ",", ".", "within", "14", "days", "of", "before",
    "after", "booking", "it", "starts", "1 March", "March 15th, 2026", "22:00", "9.30 pm", "€3.50", "a month",
    "daily", "half an hour", "minutes", "Yes,", "can't", "**", "[1]", "the", "purchase", "31 February", "(", ")",
    "unless", "on", "weekdays", "for", "members", "from", "June", "to", "August", "only", "and", "but", "there", "is",
    "free", "any", "orders", "over",
])
TEXT = st.one_of(st.text(max_size=300), st.lists(VOCABULARY, max_size=40).map(" ".join))


@FAST
@given(TEXT, TEXT)
def test_the_rules_return_for_any_text(claim: str, sentence: str) -> None:
    started = time.perf_counter()
    assert all(a.value >= 0 for a in anchored_durations(claim))
    assert isinstance(anchor_conflict(claim, sentence), bool)
    assert isinstance(frequency_conflict(claim, sentence), bool)
    assert all(phrase and phrase in sentence for phrase in conditions(sentence))  # each a slice of its sentence
    found_condition = dropped_condition(claim, sentence)
    assert found_condition is None or found_condition in conditions(sentence) or found_condition in sentence
    assert normalised(claim) == normalised(normalised(claim))  # normalising twice changes nothing more
    for moment in dates_in(claim):
        assert claim[moment.start:moment.end] == moment.text
    found = date_arithmetic(claim, [sentence], sentence, frozenset(claim.lower().split()))
    assert found is None or len(found.expressions) == len(found.dates)
    assert time.perf_counter() - started < 1.0


@FAST
@given(TEXT)
def test_a_rule_finds_no_conflict_between_a_text_and_itself(text: str) -> None:
    assert not anchor_conflict(text, text)
    assert not frequency_conflict(text, text)
    assert dropped_condition(text, text) is None
