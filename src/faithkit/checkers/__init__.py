"""Checkers: claim x passages -> verdict. See ``base.Checker`` for the contract and ``registry`` to build one."""

from faithkit.checkers.base import Checker

__all__ = ["Checker"]
