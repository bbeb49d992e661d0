"""CLI habits a newcomer meets first: grouped `check --help` with the defaults runs really use, and a "did you mean"
for a mistyped checker name, spec option or flag (with the subcommand's own usage)."""

from __future__ import annotations

import argparse
import re

import pytest

from faithkit.checkers.nli_options import DEFAULT_NLI_THRESHOLD
from faithkit.checkers.similarity_options import DEFAULT_THRESHOLD as SIMILARITY_THRESHOLD
from faithkit.cli import build_parser, main
from faithkit.commands._help import LiveHelp
from faithkit.errors import UsageError
from faithkit.limits import DEFAULT_MAX_RECORD_BYTES


def _check_help(capsys) -> str:
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    return capsys.readouterr().out


def _section(text: str, title: str) -> str:
    """The lines of one argument group of a help text (from its title to the next blank line)."""
    match = re.search(rf"^{re.escape(title)}:\n(.*?)(?:\n\n|\Z)", text, re.S | re.M)
    assert match, f"no {title!r} group in:\n{text}"
    return match.group(1)


def test_check_help_is_grouped_and_cache_is_not_an_llm_provider_setting(capsys):
    text = _check_help(capsys)
    for title in ("input", "checker", "output", "performance and engine", "LLM provider"):
        _section(text, title)
    assert "--field NAME=COLUMN" in _section(text, "input") and "--format" in _section(text, "input")
    assert "--threshold" in _section(text, "checker")
    assert "--out" in _section(text, "output") and "--resume" in _section(text, "output")
    assert "--batch-size" in _section(text, "performance and engine")
    assert "--cache " not in _section(text, "LLM provider")
    assert "--cache " in text


def test_check_help_shows_the_thresholds_runs_use(capsys):
    text = " ".join(_check_help(capsys).split())  # argparse wraps lines: compare the words
    assert f"nli {DEFAULT_NLI_THRESHOLD}, similarity {SIMILARITY_THRESHOLD}" in text
    assert f"default {DEFAULT_MAX_RECORD_BYTES}" in text


def test_live_help_follows_the_code_constant(monkeypatch):
    import faithkit.checkers.nli_options as nli_options

    text = LiveHelp("threshold (default {t})", t="faithkit.checkers.nli_options:DEFAULT_NLI_THRESHOLD")
    monkeypatch.setattr(nli_options, "DEFAULT_NLI_THRESHOLD", 0.61)
    assert text % {} == "threshold (default 0.61)"
    model_default = LiveHelp("{b}", b="faithkit.checkers.nli_options:NLIOptions.batch_size")
    assert model_default % {} == str(nli_options.NLIOptions().batch_size)


def test_other_commands_get_the_shared_groups():
    subcommands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    groups = {g.title: [a.dest for a in g._group_actions] for g in subcommands["omissions"]._action_groups}
    assert "format" in groups["input"] and "cache" not in groups["LLM provider"]
    assert "cache" in groups["cache (model scores and LLM replies)"]


def test_a_mistyped_flag_gets_the_commands_usage_and_a_guess(capsys, tmp_path):
    with pytest.raises(SystemExit) as exited:
        main(["check", str(tmp_path / "log.jsonl"), "--out", str(tmp_path / "out"), "--treshold", "0.5"])
    err = capsys.readouterr().err
    assert exited.value.code == 2
    assert err.startswith("usage: faithkit check")
    assert "did you mean --threshold?" in err


def test_a_mistyped_checker_name_and_spec_option_get_a_guess(capsys, tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_text('{"id": "a", "contexts": ["c"], "answer": "a"}\n')
    assert main(["check", str(log), "--out", str(tmp_path / "o"), "--checker", "nly"]) == 2
    assert "unknown checker 'nly' (did you mean nli?)" in capsys.readouterr().err
    assert main(["check", str(log), "--out", str(tmp_path / "o"), "--checker", "nli:treshold=0.5"]) == 2
    assert "no option 'treshold' (did you mean threshold?)" in capsys.readouterr().err


def test_stack_keys_are_guessed_too():
    from faithkit.checkers.registry import build

    with pytest.raises(UsageError, match=r"did you mean numbers\?"):
        build("nli", {"numbrs": False})
