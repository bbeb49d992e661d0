"""pytest plugin (registered through the ``pytest11`` entry point): a ``faithkit_checker`` fixture.

It is loaded into every pytest session of a project that has faithkit installed, so it imports nothing from
faithkit (and nothing heavy) until the fixture is used. Choose the checker with the ``--faithkit-checker``
option or the ``faithkit_checker`` ini key: a checker spec, the strings `faithkit check --checker` takes
(``nli``, ``similarity``, ``nli:threshold=0.6``; built by the same function, through ``faithkit.testing``), or
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
                    help="checker for the faithkit_checker fixture: a checker spec as `faithkit check "
                         "--checker` takes it (nli, nli:threshold=0.6, ...) or module:factory")
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


def _is_factory(spec: str) -> bool:
    """``module:factory`` rather than a checker spec: a colon followed by no ``KEY=VALUE``, before it no
    registered checker (``nli:threshold=0.6`` and ``nli:oops`` are specs, the second one a spec error)."""
    name, sep, rest = spec.partition(":")
    if not sep or "=" in rest:
        return False
    from faithkit.checkers.registry import REGISTRY

    return name.strip() not in REGISTRY


def build_configured_checker(spec: str, threshold: float | None) -> Any:
    """A checker from a spec (``faithkit.testing.resolve_checker``, the `faithkit check --checker` path) or
    ``module:factory`` (called with no arguments)."""
    if _is_factory(spec):
        module_name, _, attr = spec.partition(":")
        try:
            factory = getattr(importlib.import_module(module_name), attr)
        except (ImportError, AttributeError) as exc:
            raise pytest.UsageError(f"faithkit_checker {spec!r}: cannot import {attr} from {module_name}") from exc
        if threshold is not None:
            raise pytest.UsageError("faithkit_threshold applies only to a checker built from a spec")
        return factory()
    from faithkit.errors import UsageError
    from faithkit.testing import resolve_checker

    try:
        return resolve_checker(spec, threshold)
    except UsageError as exc:  # a mistyped spec: the did-you-mean message, not a traceback into faithkit
        raise pytest.UsageError(str(exc)) from exc


@pytest.fixture(scope="session")
def faithkit_checker(pytestconfig: pytest.Config) -> Any:
    """The configured faithkit checker, built once per session; pass it to ``assert_faithful(checker=...)``."""
    spec = pytestconfig.getoption("--faithkit-checker") or str(pytestconfig.getini("faithkit_checker"))
    return build_configured_checker(spec.strip(), _threshold(pytestconfig))
