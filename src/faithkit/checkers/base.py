"""The checker contract: one small, batch-shaped extension point, declared rather than discovered.

A checker receives many claims at once (each with the interaction's passages) and returns one ``Verdict`` per
claim, in order, like ``CrossEncoder.predict(pairs)``. Batching across claims and answers is the checker's
business (NLI sorts pairs by length; a judge groups claims by answer). A checker never raises for one bad
claim: it returns a verdict with label ``error`` and a reason. It raises only when it cannot work at all.

The contract (``Checker``):
    name           short stage name written to results (``nli``, ``similarity``, ``judge``, ...)
    threshold      the decision threshold on ``Verdict.score``, or None when the checker decides by label
    check()        one verdict per request, in order
    spec()         a JSON-able description for the manifest: name, settings, model identity, versions
    load()         load models now, so load errors surface before a run starts; returns the checker
    warnings_for() per-answer warnings (e.g. ``judge_same_family``)
    counters       this component's own counts, summed into the run summary
    children()     the checkers a wrapper delegates to (cascade: nli + judge; numbers stage: inner)
    options        the typed options it was built from (``checkers.options``), or None

``CheckerBase`` gives every optional part a default (a wrapper's ``load`` / ``warnings_for`` reach its
children) and refuses, when a subclass is defined, one that has no ``name`` or no ``check``, so an incomplete
checker fails at import, not halfway through a run. ``walk()`` visits a checker tree: the pipeline sums the
counters of every node it yields instead of guessing attribute names.

``rule_stage`` declares a stage whose verdicts a rule or a label decides, not the score (``RULE_STAGES``): what
``sweep``, ``rescore`` and ``mutate --thresholds`` read to keep such verdicts at every threshold
(``faithkit.redecide``). The table lives here, not in the stages' own modules, because ``rescore`` re-decides a
stored run without importing any checker.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from faithkit.records import ClaimCheck, Interaction, Verdict

if TYPE_CHECKING:  # the contract stays importable without pydantic (``faithkit --help`` imports it)
    from faithkit.checkers.options import CheckerOptions


@runtime_checkable
class Checker(Protocol):
    """Anything that turns claims (with their passages) into verdicts."""

    name: str
    threshold: float | None

    def spec(self) -> dict[str, Any]:
        """A JSON-able description: ``{"checker": name, ...settings, "version": ...}``."""
        ...

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        """One verdict per request, in order. Per-claim failures are ``error`` verdicts, never exceptions."""
        ...


@dataclass(frozen=True)
class RuleStage:
    """A verdict stage decided by a rule or a label, not by the score.

    kept: why ``rescore`` keeps its verdicts as stored (its ``kept`` counter); None for a rescue, which is
    re-decided. rescue: it supported a claim the score flagged, keeping the verdict before it in
    ``detail.inner``; it is swept on the better of the two scores and undone where that falls below the
    threshold (the arithmetic rule); without it, its verdicts are the same at every threshold."""

    name: str
    kept: str | None
    rescue: bool = False


RULE_STAGES: dict[str, RuleStage] = {}
"""Verdict stage name -> its ``RuleStage``, filled by ``rule_stage``."""


def rule_stage(name: str, kept: str | None, *, rescue: bool = False) -> RuleStage:
    """Declare verdict stage ``name`` as decided by rule (``RuleStage``); a plugin's own stage calls this too."""
    stage = RULE_STAGES[name] = RuleStage(name, kept, rescue)
    return stage


# the stages faithkit's checkers write, each declared once (their modules: checkers/numbers/stage.py for the
# first two, checkers/llm/judge.py and checkers/llm/extract_label.py for the judge, checkers/nli_verdict.py for
# the rules)
rule_stage("numbers", "decided by the missing-number rule")
rule_stage("arithmetic", None, rescue=True)
rule_stage("judge", "decided by the judge's label")
# an alignment rule found a passage sentence that disagrees with the claim (checkers/rules/alignment.py,
# checkers/nli_verdict.py): the verdict is the rule's at every threshold, its score 0
for _rule in ("polarity", "names", "binding", "scope", "units", "anchors", "conditions", "alignment"):
    rule_stage(f"rule:{_rule}", f"decided by the {_rule} rule")


class CheckerBase:
    """Defaults for the optional parts of the contract (module docstring). Subclasses set ``name`` and define
    ``check``; those built from the registry also set ``options``."""

    name: str = ""
    threshold: float | None = None
    options: CheckerOptions | None = None
    counters: dict[str, int]  # set by each checker (a dict or a property); absent means no counts

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("abstract", False):
            return
        missing = [part for part in ("check", "spec") if getattr(cls, part) is getattr(CheckerBase, part)]
        if missing:
            raise TypeError(f"checker class {cls.__name__} must define {' and '.join(missing)} "
                            "(see faithkit.checkers.base)")

    def children(self) -> tuple[Any, ...]:
        return ()

    def load(self) -> Any:
        for child in self.children():
            load_checker(child)
        return self

    def warnings_for(self, interaction: Interaction) -> list[str]:
        return [w for child in self.children() for w in warnings_of(child, interaction)]

    def spec(self) -> dict[str, Any]:  # pragma: no cover - replaced by every concrete checker
        raise NotImplementedError

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:  # pragma: no cover - idem
        raise NotImplementedError

    def rebuild_entry(self) -> dict[str, Any]:
        """``{"rebuild": rebuild_spec()}`` for ``spec()``, or nothing when the checker has no options."""
        spec = self.rebuild_spec()
        return {"rebuild": spec} if spec is not None else {}

    def rebuild_spec(self) -> dict[str, Any] | None:
        """``{"checker": name, **non-default options}``: what the registry needs to build this checker again
        (None when it was not built from options)."""
        if self.options is None:
            return None
        return {"checker": self.name, **self.options.non_defaults()}


class CheckerWrapper(CheckerBase):
    """A checker that delegates to the one it wraps, kept in ``inner`` (e.g. the numbers stage)."""

    abstract = True
    inner: Any

    def children(self) -> tuple[Any, ...]:
        return (self.inner,)


def load_checker(checker: Any) -> Any:
    """Load a checker that declares ``load`` (every CheckerBase); a bare ``Checker`` protocol object needs none."""
    if isinstance(checker, CheckerBase) or hasattr(type(checker), "load"):
        checker.load()
    return checker


def warnings_of(checker: Any, interaction: Interaction) -> list[str]:
    """A checker's per-answer warnings ([] for a bare protocol object without ``warnings_for``)."""
    if isinstance(checker, CheckerBase) or hasattr(type(checker), "warnings_for"):
        return list(checker.warnings_for(interaction))
    return []


def pair_scorer(checker: Any) -> Any:
    """The component of a checker stack that scores (premise, claim) pairs itself: the NLI checker under the parts
    and numbers wrappers (``score_pairs``, ``premise_windows``, ``premises_for``). The wrappers only add checks and
    do not pretend to be it (issue 33: no attribute delegation); None when no component scores pairs."""
    return next((c for c in walk(checker) if callable(getattr(type(c), "score_pairs", None))), None)


def walk(*components: Any) -> Iterator[Any]:
    """Every component and the children it declares, each object once (a stack: the last given comes first,
    which keeps the summary's key order what it was before children() existed)."""
    seen: set[int] = set()
    stack = [c for c in components if c is not None]
    while stack:
        component = stack.pop()
        if id(component) in seen:
            continue
        seen.add(id(component))
        yield component
        children = component.children() if hasattr(type(component), "children") else ()
        stack += [c for c in children if c is not None]


def counters_of(*components: Any) -> list[dict[str, int]]:
    """The ``counters`` of every component in the trees of ``components`` (see ``walk``)."""
    found = []
    for component in walk(*components):
        counters = getattr(component, "counters", None)
        if isinstance(counters, dict):
            found.append(counters)
    return found


def merged_counters(*components: Any) -> dict[str, int]:
    """The counters of every component in the trees of ``components``, summed key by key."""
    merged: dict[str, int] = {}
    for counters in counters_of(*components):
        for key, value in counters.items():
            merged[key] = merged.get(key, 0) + value
    return merged
