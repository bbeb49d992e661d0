"""Checkers: claim x passages -> verdict. ``base`` declares the contract (``Checker``, ``CheckerBase``),
``registry`` builds any checker by name from typed options, and CONTRIBUTING.md shows how to add one."""

from faithkit.checkers.base import Checker, CheckerBase, CheckerWrapper

__all__ = ["Checker", "CheckerBase", "CheckerWrapper"]
