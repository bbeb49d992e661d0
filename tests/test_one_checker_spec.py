"""One spec string, one checker: `assert_faithful(checker=SPEC)`, `--faithkit-checker SPEC` and
`faithkit check --checker SPEC` build the same checker (the same ``spec()``, as the run manifest records it).

Each way is exercised as a user meets it: the assertion on an answer, the plugin in a pytest run of its own, the
command on a one-answer log. A spec the plugin once read as ``module:factory`` (``nli:threshold=0.6``) and the
assertion once called an unknown checker is the case under test; a mistyped option keeps its did-you-mean
message on all three.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from faithkit.checkers.registry import build_checker
from faithkit.cli import main
from faithkit.errors import UsageError
from faithkit.pytest_plugin import build_configured_checker
from faithkit.testing import assert_faithful, resolve_checker
from tests.test_testing_assert import _env

SPEC = "nli:threshold=0.6"
PASSAGE = ("Team plans are billed monthly and can be cancelled at any time, but the current month is not "
           "refunded.")
ANSWER = "You can cancel your Team plan at any time."


def _plain(spec: dict[str, Any]) -> dict[str, Any]:
    """A spec as the manifest stores it (JSON: tuples become lists)."""
    return json.loads(json.dumps(spec))


def _check_run(tmp_path: Path, *argv: str) -> int:
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "a", "question": "Can I cancel?", "contexts": [PASSAGE], "answer": ANSWER})
                   + "\n")
    return main(["check", str(log), "--out", str(tmp_path / "run"), "--cache", "off", "--quiet", "--no-report",
                 *argv])


def _plugin_run(tmp_path: Path, spec: str) -> subprocess.CompletedProcess:
    """A user's pytest session with ``--faithkit-checker SPEC``; its test writes the fixture's spec to a file."""
    (tmp_path / "test_spec.py").write_text(textwrap.dedent("""
        import json

        def test_spec(faithkit_checker):
            with open("spec.json", "w") as handle:
                json.dump(faithkit_checker.spec(), handle)
    """))
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "faithkit.pytest_plugin", "--faithkit-checker", spec, "-q",
         "-p", "no:cacheprovider", "test_spec.py"],
        cwd=tmp_path, capture_output=True, text=True, env=_env(tmp_path), timeout=120,
    )


def test_the_three_ways_build_the_same_checker(tmp_path):
    assert_faithful(ANSWER, [PASSAGE], checker=SPEC)
    from_assert = _plain(resolve_checker(SPEC).spec())  # the cached checker the assertion just used
    assert from_assert["threshold"] == 0.6 and from_assert["rebuild"] == {"checker": "nli", "threshold": 0.6}

    assert _plain(build_configured_checker(SPEC, None).spec()) == from_assert

    (tmp_path / "plugin").mkdir()
    plugin = _plugin_run(tmp_path / "plugin", SPEC)
    assert plugin.returncode == 0, plugin.stdout + plugin.stderr
    assert json.loads((tmp_path / "plugin" / "spec.json").read_text()) == from_assert

    assert _check_run(tmp_path, "--checker", SPEC) == 0
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["checker"] == from_assert

    assert _plain(build_checker(SPEC).spec()) == from_assert  # the Python API takes the same string


def test_the_python_api_takes_a_spec_string_and_its_keywords_must_agree():
    assert build_checker(SPEC, threshold=0.6).spec() == build_checker("nli", threshold=0.6).spec()
    with pytest.raises(UsageError, match="sets threshold=0.6 but threshold=0.7"):
        build_checker(SPEC, threshold=0.7)
    with pytest.raises(UsageError, match=r"did you mean threshold\?"):
        build_checker("nli:treshold=0.6")


def test_a_threshold_beside_the_spec_is_the_same_option():
    """``threshold=`` (and ``--faithkit-threshold``) is ``--threshold``: the same checker as the spec, and an
    error when the spec says otherwise."""
    assert resolve_checker("nli", 0.6).spec() == resolve_checker(SPEC).spec()
    with pytest.raises(UsageError, match="sets threshold=0.6 but threshold=0.7"):
        resolve_checker(SPEC, 0.7)


def test_a_mistyped_option_says_did_you_mean_everywhere(tmp_path, capsys):
    typo = "nli:treshold=0.6"
    with pytest.raises(UsageError, match=r"no option 'treshold' \(did you mean threshold\?\)"):
        assert_faithful(ANSWER, [PASSAGE], checker=typo)
    with pytest.raises(pytest.UsageError, match=r"did you mean threshold\?"):
        build_configured_checker(typo, None)
    with pytest.raises(UsageError, match=r"unknown checker 'nlii' \(did you mean nli\?\)"):
        resolve_checker("nlii:threshold=0.6")

    assert _check_run(tmp_path, "--checker", typo) == 2
    assert "did you mean threshold?" in capsys.readouterr().err
    (tmp_path / "plugin").mkdir()
    plugin = _plugin_run(tmp_path / "plugin", typo)
    assert plugin.returncode != 0 and "did you mean threshold?" in plugin.stdout + plugin.stderr


def test_module_factory_is_still_a_factory():
    """``package.module:factory`` (no ``=``, not a registered checker) is imported, not parsed as a spec."""
    with pytest.raises(pytest.UsageError, match="cannot import build from nowhere"):
        build_configured_checker("nowhere:build", None)
    with pytest.raises(pytest.UsageError, match="expected KEY=VALUE"):
        build_configured_checker("nli:oops", None)
