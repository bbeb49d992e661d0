"""What a reader reads past without noticing (session 16): an irregular plural, a bound worded with "never", and a
bold title above a list. Passages written here."""

from __future__ import annotations

import pytest

from faithkit.checkers.rules.alignment import binding_conflict, polarity_conflict
from faithkit.checkers.rules.alignment_words import stem, words
from faithkit.claims.markdown import markdown_blocks


@pytest.mark.parametrize("plural, singular", [("children", "child"), ("people", "person"), ("teeth", "tooth")])
def test_an_irregular_plural_meets_its_singular(plural: str, singular: str) -> None:
    assert stem(plural) == stem(singular)


def test_a_child_price_is_not_a_sibling_swap_of_the_children_price() -> None:
    sentence = "A swimming lesson costs $30 for adults and $18 for children under 12."
    assert not binding_conflict("A lesson for a child under 12 is $18.", sentence)
    assert binding_conflict("A lesson for a child under 12 is $30.", sentence)
    assert words("children") == words("child")


@pytest.mark.parametrize("claim", ["Parking is charged at $2 per hour, but never more than $12 per day.",
                                   "You never pay more than $12 a day for parking."])
def test_never_more_than_is_a_bound_not_a_negation(claim: str) -> None:
    assert not polarity_conflict(claim, "Parking costs $2 per hour and is capped at $12 per day.")


def test_never_still_negates_what_it_scopes() -> None:
    assert polarity_conflict("Guests can never use the sauna.", "Guests can use the sauna on weekdays.")


def test_a_bold_line_above_a_list_is_its_title_not_a_claim() -> None:
    blocks = markdown_blocks("**Swim Club**\n- **Adults:** $30 a lesson\n- **Children:** $18 a lesson\n")
    assert blocks[0].text == "Swim Club" and blocks[0].lead_in
    assert [b.under.text for b in blocks[1:]] == ["Swim Club", "Swim Club"]
    assert not markdown_blocks("**Swim Club** is open daily.\n- Adults: $30\n")[0].lead_in  # a sentence, not a title
