"""Every option of every command says what it does, and no help prints a literal "%%"."""

from __future__ import annotations

import argparse

import pytest

from faithkit.cli import build_parser, main

SUBCOMMANDS = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices


@pytest.mark.parametrize("name", sorted(SUBCOMMANDS))
def test_every_option_has_help_and_no_doubled_percent(name, capsys):
    missing = [
        a.option_strings or a.dest
        for a in SUBCOMMANDS[name]._actions
        if not a.help and not isinstance(a, argparse._HelpAction)
    ]
    assert missing == []
    with pytest.raises(SystemExit):
        main([name, "--help"])
    assert "%%" not in capsys.readouterr().out
