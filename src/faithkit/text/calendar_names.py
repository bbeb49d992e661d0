"""Month and weekday names, full and short: one table for every rule that reads them.

Why shared: the numbers stage must not read "Nov 10" as a count, the names rule must read "Nov" and "November" as
one name, and the sentence splitter must not end a sentence at "Mon." in "Mon. to Fri."; three lists of the same
names drift apart.
"""

from __future__ import annotations

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

SHORT_MONTHS = {"jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june", "jul": "july",
                "aug": "august", "sep": "september", "sept": "september", "oct": "october", "nov": "november",
                "dec": "december"}
SHORT_WEEKDAYS = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "thu": "thursday",
                  "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday"}
SHORT_NAMES = {**SHORT_MONTHS, **SHORT_WEEKDAYS}
"""A short month or weekday name -> its full name (lower case)."""

MONTH_WORDS = frozenset(MONTHS) | frozenset(SHORT_MONTHS)
"""Every lower-case spelling of a month, full or short."""
