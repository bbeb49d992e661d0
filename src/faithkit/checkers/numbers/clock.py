"""Clock times a claim states and no source states: "Returning after 23:00 adds an extra day." against "Equipment
returned after 17:00 is charged one extra day."

Why: the number scanner skips clock times on purpose (``extract``: "03:00 UTC" names a moment, and a time of day is
no operand of arithmetic), so a wrong time passed whenever the model read the sentence as agreeing, and NLI models
compare numbers poorly (the claim above was supported at 0.99 by its own passage sentence). Found on the numeric
mutations of numbers_dev (``benchmarks/number_mutations.py``). A time is compared as hours and minutes, however it
is written: "8pm", "8 p.m.", "8:00 PM" and "20:00" are one time, "noon" is 12:00 and "midnight" 0:00. A claim
time that the passages and the question never state is flagged like a missing number (``NumberChecks`` builds the
verdict: stage ``numbers``, ``numbers_rule`` "clock_time"); one they state in another wording is not. A claim time
the passages state must also be in the window the model supported the claim with (``unbound_times``, "clock_elsewhere",
session 37): the model read another case's time as entailed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithkit.checkers.numbers.nearest import nearest_stated
from faithkit.records import Passage

__all__ = ["clock_times", "unbound_reason", "unbound_times", "unstated_reason", "unstated_times"]

_CLOCK = re.compile(
    r"(?<![\d:.,/])(?:(?P<h12>\d{1,2})(?::(?P<m12>\d{2}))?\s*(?P<half>[ap])\.?\s?m\b\.?"
    r"|(?P<h24>\d{1,2}):(?P<m24>\d{2})(?![\d:]))|\b(?P<word>noon|midday|midnight)\b",
    re.IGNORECASE)
_WORDS = {"noon": (12, 0), "midday": (12, 0), "midnight": (0, 0)}


def clock_times(text: str) -> dict[tuple[int, int], str]:
    """Each time of day in ``text`` as (hour, minute), with how it was first written."""
    found: dict[tuple[int, int], str] = {}
    for m in _CLOCK.finditer(text):
        if m.group("word"):
            time = _WORDS[m.group("word").lower()]
        elif m.group("half"):
            hour = int(m.group("h12"))
            if not 1 <= hour <= 12:
                continue
            time = (hour % 12 + (12 if m.group("half").lower() == "p" else 0), int(m.group("m12") or 0))
        else:
            time = (int(m.group("h24")), int(m.group("m24")))
        if time[0] < 24 and time[1] < 60:
            found.setdefault(time, m.group(0).strip())
    return found


def _not_in(claim: str, texts: Sequence[str]) -> list[str]:
    """The times of day the claim states (as written) that none of ``texts`` states."""
    ours = clock_times(claim)
    stated = {time for text in texts for time in clock_times(text)} if ours else set()
    return [text for time, text in ours.items() if time not in stated]


def unstated_times(claim: str, passages: Sequence[Passage], question: str) -> list[str]:
    """The times of day the claim states (as written) that no passage and not the question states."""
    return _not_in(claim, [question, *(p.text for p in passages)])


def unstated_reason(missing: Sequence[str], claim: str, passages: Sequence[Passage]) -> str:
    """"23:00 appears in no passage; [rental] says 17:00": with a time the passage sentence sharing most words
    with the claim gives."""
    return "; ".join(f"{text} appears in no passage" for text in missing) + _nearest(claim, passages)


def _nearest(claim: str, passages: Sequence[Passage]) -> str:
    """"; [rental] says 17:00": a time from the passage sentence that shares most words with the claim."""
    best = nearest_stated(claim, passages, lambda text: clock_times(text).values())
    return f"; [{best[0]}] says {best[1]}" if best else ""


def unbound_times(claim: str, evidence: str, question: str) -> list[str]:
    """The times of day the claim states (as written) that neither the evidence window the model read it against
    nor the question states: a time a passage gives for another case ("Changge is open every day from 12:00 to
    03:00." against "... from 12:00 to 05:00. Happy hour ends at 03:00 on Fridays." was entailed at 0.99; the model
    hardly reads times, ``benchmarks/time_mutations.py``)."""
    return _not_in(claim, [evidence, question])


def unbound_reason(moved: Sequence[str], evidence_id: str | None, evidence: str) -> str:
    """"03:00 is not in the sentence that supports the claim; [room-rates] says 12:00, 05:00"."""
    theirs = ", ".join(clock_times(evidence).values())
    where = f"[{evidence_id}] says {theirs}" if theirs else f"[{evidence_id}] states no time"
    return "; ".join(f"{text} is not in the sentence that supports the claim" for text in moved) + f"; {where}"
