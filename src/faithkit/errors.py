"""One exception tree for faithkit, so callers and the CLI can tell failure kinds apart.

    FaithkitError                      base; never raised directly
    ├── UsageError                     bad arguments, config or input file (CLI exit 2)
    │   └── InputFormatError           a record or file that cannot be read as an interaction log
    ├── MissingDependencyError         an optional extra is not installed (CLI exit 4)
    ├── ModelLoadError                 a model could not be loaded or failed its smoke check (CLI exit 2)
    │   └── LabelOrderError            id2label could not be resolved to entailment / neutral / contradiction
    ├── BackendError                   a model server or provider misbehaved beyond retries (CLI exit 5)
    └── ResultsError                   a results folder is missing, corrupt or inconsistent (CLI exit 2)

Per-record problems are *not* exceptions that stop a run: they become data (status ``error`` with a reason)
so every input line is accounted for in the results.
"""

from __future__ import annotations


class FaithkitError(Exception):
    """Base of every error faithkit raises on purpose."""

    exit_code = 1


class UsageError(FaithkitError):
    """The user asked for something that cannot be done as asked (arguments, config, files)."""

    exit_code = 2


class InputFormatError(UsageError):
    """An input record or file is malformed; ``line`` is 1-based when known."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line
        self.reason = message


class MissingDependencyError(FaithkitError):
    """An optional dependency is needed for the requested feature and is not installed."""

    exit_code = 4


class ModelLoadError(FaithkitError):
    """A model could not be loaded, or it loaded but failed the smoke check."""

    exit_code = 2


class LabelOrderError(ModelLoadError):
    """A classification head's ``id2label`` is unknown or ambiguous: refusing to guess label indices."""


class BackendError(FaithkitError):
    """A model backend (HTTP provider, local server) failed beyond the retry budget."""

    exit_code = 5


class ResultsError(FaithkitError):
    """A results folder is missing, corrupt, or does not match what the operation needs."""

    exit_code = 2
