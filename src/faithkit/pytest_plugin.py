"""pytest plugin (registered through the ``pytest11`` entry point): a ``faithkit_checker`` fixture.

It is loaded into every pytest session of a project that has faithkit installed, so it imports nothing from
faithkit (and nothing heavy) until the fixture is used. Choose the checker with the ``--faithkit-checker``
option or the ``faithkit_checker`` ini key: a registry name (``nli``, ``similarity``, ``judge``, ``cascade``) or
``package.module:factory`` for a team's own checker (a callable returning a Checker). The checker is built and
loaded once per test session.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("faithkit")
    group.addoption("--faithkit-checker", default=None,
                    help="checker for the faithkit_checker fixture: nli, similarity, ... or module:factory")
    group.addoption("--faithkit-threshold", type=float, default=None,
                    help="decision threshold for a checker built from a name")
    parser.addini("faithkit_checker", "checker for the faithkit_checker fixture (default nli)", default="nli")
    parser.addini("faithkit_threshold", "decision threshold for the faithkit_checker fixture", default="")


def _threshold(config: pytest.Config) -> float | None:
    value = config.getoption("--faithkit-threshold")
    if value is not None:
        return value
    text = str(config.getini("faithkit_threshold")).strip()
    if not text:
        return None
    try:
        return float(text)
    except ValueError as exc:
        raise pytest.UsageError(f"faithkit_threshold must be a number, got {text!r}") from exc


def build_configured_checker(spec: str, threshold: float | None) -> Any:
    """A checker from ``name`` (faithkit's registry) or ``module:factory`` (called with no arguments)."""
    if ":" in spec:
        module_name, _, attr = spec.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as exc:
            raise pytest.UsageError(f"faithkit_checker {spec!r}: cannot import {attr} from {module_name}") from exc
        if threshold is not None:
            raise pytest.UsageError("faithkit_threshold applies only to a checker named from faithkit's registry")
        return factory()
    from faithkit.testing import resolve_checker

    return resolve_checker(spec, threshold)


@pytest.fixture(scope="session")
def faithkit_checker(pytestconfig: pytest.Config) -> Any:
    """The configured faithkit checker, built once per session; pass it to ``assert_faithful(checker=...)``."""
    spec = pytestconfig.getoption("--faithkit-checker") or str(pytestconfig.getini("faithkit_checker"))
    return build_configured_checker(spec.strip(), _threshold(pytestconfig))
