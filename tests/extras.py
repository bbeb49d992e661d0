"""Tests that need an optional extra (pyproject.toml ``[project.optional-dependencies]``) skip, saying which.

The default install (``pip install -e '.[test]'``) has no torch, transformers, sentence-transformers,
matplotlib, scipy, pyarrow, ...: a test that needs one of them skips with "needs the EXTRA extra: pip install
'faithkit[EXTRA]'" instead of failing. Use ``needs`` as a marker (a test, a class, ``pytestmark``) or
``importorskip`` inside a test or fixture, or at the top of a module before the import it guards.

Whether a module is there is read with ``importlib.util.find_spec``, which does not import it: marking a test
costs nothing at collection, and the tests that check which heavy modules a command imports stay meaningful.
"""

from __future__ import annotations

import importlib.util
from types import ModuleType

import pytest


def reason(extra: str) -> str:
    """The skip reason for a test that needs ``extra``."""
    return f"needs the {extra} extra: pip install 'faithkit[{extra}]'"


def installed(module: str) -> bool:
    """Whether ``module`` (a top-level name, or dotted) can be imported, without importing it (its parent aside)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):  # a dotted name whose parent is missing
        return False


def needs(module: str, extra: str) -> pytest.MarkDecorator:
    """A ``skipif`` marker: skip unless ``module`` (from ``extra``) is installed."""
    return pytest.mark.skipif(not installed(module), reason=reason(extra))


def importorskip(module: str, extra: str) -> ModuleType:
    """``pytest.importorskip`` with the reason naming ``extra``; returns the module."""
    __tracebackhide__ = True  # the skip is reported where this was called, not here
    return pytest.importorskip(module, reason=reason(extra))


# The markers most tests need, named once.
needs_torch = needs("torch", "torch")  # torch + transformers come together in the torch extra
needs_transformers = needs("transformers", "torch")
needs_similarity = needs("sentence_transformers", "similarity")
needs_plots = needs("matplotlib", "plots")
needs_pyarrow = needs("pyarrow", "formats")
needs_datasets = needs("datasets", "formats")
needs_pandas = needs("pandas", "formats")
needs_scipy = needs("scipy", "dev")
