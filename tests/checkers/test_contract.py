"""The declared checker contract: incomplete checkers fail at definition, wrappers expose their children."""

from __future__ import annotations

import pytest

from faithkit.checkers.base import CheckerBase, counters_of, load_checker, walk, warnings_of
from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.llm.cascade import CascadeChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.records import Interaction, Passage


def test_a_checker_without_check_or_spec_is_refused_when_defined():
    with pytest.raises(TypeError, match="must define check and spec"):
        class Nothing(CheckerBase):
            name = "nothing"

    with pytest.raises(TypeError, match="must define spec"):
        class NoSpec(CheckerBase):
            name = "nospec"

            def check(self, requests):
                return []


class Hinting(ScriptedChecker):
    """A scripted checker that warns on every answer and counts its loads."""

    loads = 0

    def load(self):
        Hinting.loads += 1
        return self

    def warnings_for(self, interaction):
        return [f"hint:{interaction.id}"]


class FakeJudge(Hinting):
    mode, max_claims_per_call, repeats = "per-claim", 20, 1


def test_wrappers_reach_their_children_for_load_warnings_and_counters():
    first, judge = Hinting(default="supported"), FakeJudge(default="not_supported")
    stack = NumberChecks(CascadeChecker(first, judge))
    assert [type(c).__name__ for c in walk(stack)] == ["NumberChecks", "CascadeChecker", "FakeJudge", "Hinting"]
    Hinting.loads = 0
    assert load_checker(stack) is stack and Hinting.loads == 2  # through the stage and the cascade, both stages
    interaction = Interaction("a", "q", (Passage("p", "x."),), "x.")
    assert warnings_of(stack, interaction) == ["hint:a", "hint:a"]
    names = [sorted(c) for c in counters_of(stack)]
    assert ["scripted_claims"] in names and any("cascade_claims" in n for n in names)
    assert len(counters_of(stack)) == 4  # the stage, the cascade and both stages, each once


def test_a_bare_protocol_checker_needs_no_optional_parts():
    class Bare:
        name, threshold = "bare", None

        def spec(self):
            return {"checker": "bare"}

        def check(self, requests):
            return []

    bare = Bare()
    assert load_checker(bare) is bare and warnings_of(bare, Interaction("a", "q", (), "x")) == []
    assert counters_of(bare) == []
