"""Plain data that flows between faithkit's stages, and the stored form of a run: the bottom floor.

Two modules, re-exported here so that ``from faithkit.records import Verdict, AnswerResult`` is the one import
every stage writes:

- ``records.flow``: what stages pass in memory (``Passage``, ``Interaction``, ``Claim``, ``Window``,
  ``ClaimCheck``, ``Verdict``, ``Evidence``, the verdict labels and ``is_flag``);
- ``records.stored``: what a results folder holds (``ClaimResult``, ``AnswerResult``, ``Correctness``,
  ``RunManifest``, ``UNSET``, ``consistent_label3``), lenient to read and exact to write back.

May import: the standard library only. Nothing in faithkit is below it.
"""

from faithkit.records.flow import (
    ERROR,
    NOT_SUPPORTED,
    SUPPORTED,
    Claim,
    ClaimCheck,
    Evidence,
    Interaction,
    Label3,
    Passage,
    Verdict,
    VerdictLabel,
    Window,
    is_flag,
)
from faithkit.records.stored import (
    UNSET,
    AnswerResult,
    AnswerStatus,
    ClaimResult,
    Correctness,
    RunManifest,
    Unset,
    consistent_label3,
)

__all__ = ["ERROR", "NOT_SUPPORTED", "SUPPORTED", "UNSET", "AnswerResult", "AnswerStatus", "Claim", "ClaimCheck",
           "ClaimResult", "Correctness", "Evidence", "Interaction", "Label3", "Passage", "RunManifest", "Unset",
           "Verdict", "VerdictLabel", "Window", "consistent_label3", "is_flag"]
