"""Options declared once, stages that register themselves (issue 33).

A checker's options and their defaults exist only in its options model: the checker takes an options object and
keyword overrides validated by that model. An LLM checker is one registry entry (``uses_llm``), a rule stage one
``rule_stage`` line, and the commands, sweep and rescore read those declarations.
"""

from __future__ import annotations

import inspect

import pytest

from faithkit.checkers import registry
from faithkit.checkers.base import RULE_STAGES, rule_stage
from faithkit.checkers.nli import NLIChecker
from faithkit.checkers.nli_options import DEFAULT_NLI_THRESHOLD, NLIOptions
from faithkit.checkers.similarity import SimilarityChecker
from faithkit.checkers.similarity_options import SimilarityOptions
from faithkit.errors import UsageError
from faithkit.records import Verdict


@pytest.mark.parametrize("checker", [NLIChecker, SimilarityChecker])
def test_a_checker_repeats_no_option_default(checker):
    """Its constructor names no option of its options model: the model is the one place they exist."""
    parameters = inspect.signature(checker.__init__).parameters
    options = {NLIChecker: NLIOptions, SimilarityChecker: SimilarityOptions}[checker]
    assert not set(parameters) & set(options.model_fields)


def test_nli_overrides_are_validated_by_the_options_model(tiny_nli):
    checker = NLIChecker(model=tiny_nli, threshold=0.6, window_veto=None, smoke_check=False)
    assert checker.threshold == 0.6 and checker.window_veto is None
    assert checker.options == NLIOptions(model=str(tiny_nli), threshold=0.6, window_veto=None, smoke_check=False)
    assert NLIChecker(tiny_nli, smoke_check=False).options == NLIOptions(model=str(tiny_nli), smoke_check=False)
    with pytest.raises(UsageError, match="did you mean threshold"):
        NLIChecker(model=tiny_nli, treshold=0.6)
    with pytest.raises(UsageError, match="'batch_size'"):
        NLIChecker(model=tiny_nli, batch_size=0)
    with pytest.raises(UsageError, match="twice"):
        NLIChecker(tiny_nli, model=tiny_nli)


def test_nli_takes_an_options_object_with_overrides(tiny_nli):
    options = NLIOptions(model=str(tiny_nli), smoke_check=False, window_sentences=2)
    assert NLIChecker(options).options is options
    assert NLIChecker.from_options(options).options is options
    moved = NLIChecker(options, threshold=0.3)
    assert (moved.threshold, moved.window_sentences) == (0.3, 2)
    assert NLIChecker(options).threshold == DEFAULT_NLI_THRESHOLD


def test_similarity_overrides_are_validated_by_the_options_model():
    checker = SimilarityChecker(threshold=0.8)
    assert (checker.threshold, checker.batch_size) == (0.8, SimilarityOptions().batch_size)
    with pytest.raises(UsageError, match="did you mean threshold"):
        SimilarityChecker(treshold=0.8)


def test_llm_checkers_are_the_entries_that_say_so():
    assert registry.llm_checkers() == ("judge", "cascade")
    assert registry.uses_llm("judge") and not registry.uses_llm("nli") and not registry.uses_llm("no-such")
    try:
        registry.register("my_llm", registry.REGISTRY["judge"].options, "faithkit.checkers.factories:build_judge",
                          uses_llm=True)
        assert "my_llm" in registry.llm_checkers()
    finally:
        registry.REGISTRY.pop("my_llm", None)


def test_a_declared_rule_stage_is_kept_by_sweep_and_rescore():
    from faithkit.redecide import ScoredClaim
    from faithkit.rescore import _kept_reason

    verdict = Verdict("not_supported", "my_rule", score=0.9)
    assert ScoredClaim(None, verdict).sweep_score == 0.9  # type: ignore[arg-type]
    try:
        rule_stage("my_rule", "decided by my rule")
        assert ScoredClaim(None, verdict).sweep_score is None  # type: ignore[arg-type]
        assert ScoredClaim(None, verdict).flagged_at(0.1)  # type: ignore[arg-type]
        assert _kept_reason(verdict, numbers_rule=False) == "decided by my rule"
    finally:
        RULE_STAGES.pop("my_rule", None)


def test_the_built_in_rule_stages():
    assert {name: (s.kept is not None, s.rescue) for name, s in RULE_STAGES.items()} == {
        "numbers": (True, False), "arithmetic": (False, True), "judge": (True, False),
        **{f"rule:{rule}": (True, False) for rule in ("polarity", "names", "binding", "scope", "units", "anchors",
                                                      "conditions", "alignment")}}


def test_every_rule_an_alignment_verdict_can_name_is_a_declared_stage():
    """The verdict's stage is ``rule:`` + the name that opens ``conflict_kind``'s words ("units: ..."), or
    ``rule:alignment`` / ``rule:scope`` from ``nli_verdict.rule_words``; each must be declared, or sweep and rescore
    would re-decide a rule's verdict on its score of 0."""
    import inspect
    import re

    from faithkit.checkers import nli_verdict
    from faithkit.checkers.rules import alignment

    named = set(re.findall(r'f?"(\w+): ', inspect.getsource(alignment.conflict_kind)))
    named |= set(re.findall(r'return "(\w+): ', inspect.getsource(nli_verdict.rule_words)))
    assert named >= {"polarity", "names", "binding", "scope", "units", "anchors", "conditions", "alignment"}
    assert {f"rule:{name}" for name in named} <= set(RULE_STAGES)
