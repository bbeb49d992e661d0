"""Small numbers written as words, one table for the string rules that read them.

Why shared: the units rule ("two days"), the anchors rule ("a week before"), the counts of times ("three times")
and date arithmetic ("fourteen days") each kept their own list, and lists of the same words drift apart. The
numbers stage's full scanner (``checkers.numbers.scan``) reads compound forms ("twenty-five", "a dozen") and
keeps its own tables.
"""

from __future__ import annotations

__all__ = ["NUMBER_WORDS", "number_word_pattern"]

NUMBER_WORDS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50,
    "sixty": 60, "ninety": 90,
}
"""A number word -> its value (lower case)."""


def number_word_pattern(*extra: str) -> str:
    """A regex alternation of the number words (longest first, so "forty-five" wins over "forty") and ``extra``."""
    return "|".join(sorted([*NUMBER_WORDS, *extra], key=len, reverse=True))
