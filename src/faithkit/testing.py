"""Faithfulness assertions for a team's own test suite: ``assert_faithful(answer, contexts)``, and
``assert_unfaithful`` for answers known to be wrong, which the checker must catch.

One answer goes through the same claim pipeline as `faithkit check` (claims, refusal detection, checker), so a
unit test and the nightly suite cannot disagree about what "faithful" means. On failure the AssertionError
lists every unsupported claim with the evidence the checker looked at, which is what a developer needs to fix
the prompt. An answer with no checkable claims (a refusal, "Yes.") fails too unless the test says it expects
one: a test that checked nothing must not pass silently.

    from faithkit.testing import assert_faithful

    def test_refund_answer(faithkit_checker):            # fixture from the faithkit pytest plugin
        answer = my_rag("Do we get this month's fee back?")
        assert_faithful(answer.text, answer.passages, checker=faithkit_checker)

    def test_a_wrong_price_is_caught(faithkit_checker):
        assert_unfaithful("The Team plan costs $25.", ["The Team plan costs $29 per month."],
                          checker=faithkit_checker)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from faithkit.errors import UsageError
from faithkit.records import AnswerResult, ClaimResult, Interaction, Passage

ContextLike = str | Passage | Mapping[str, Any]

DEFAULT_CHECKER = "nli"


@dataclass(frozen=True)
class AnswerCheck:
    """What the pipeline said about one answer: the same ``AnswerResult`` `faithkit check` writes.

    result: the typed record, claims and verdicts included.
    """

    result: AnswerResult

    @property
    def status(self) -> str:
        """scored / refusal / no_claims / error."""
        return self.result.status

    @property
    def faithfulness(self) -> float | None:
        """Supported claims / claims (None unless scored)."""
        return self.result.faithfulness

    @property
    def unsupported_claims(self) -> tuple[ClaimResult, ...]:
        """The claims whose verdict is not ``supported`` (``not_supported`` or ``error``)."""
        return self.result.failing_claims

    @property
    def record(self) -> dict[str, Any]:
        """The record as results.jsonl stores it."""
        return self.result.to_dict()

    @property
    def faithful(self) -> bool:
        return self.status == "scored" and not self.unsupported_claims


def as_passages(contexts: Sequence[ContextLike] | str) -> tuple[Passage, ...]:
    """Passages from plain strings (ids ``p0``, ``p1``... by prompt position), ``Passage`` objects, or
    ``{"id", "text"}`` mappings, the same shapes an interaction log accepts."""
    if isinstance(contexts, str):
        contexts = [contexts]
    passages = []
    for index, item in enumerate(contexts):
        if isinstance(item, Passage):
            passages.append(item)
        elif isinstance(item, str):
            passages.append(Passage(f"p{index}", item))
        elif isinstance(item, Mapping) and isinstance(item.get("text"), str):
            passages.append(Passage(str(item.get("id", f"p{index}")), item["text"]))
        else:
            raise UsageError(f"context {index} must be a string, a Passage or a mapping with `text`, got {item!r}")
    return tuple(passages)


@lru_cache(maxsize=8)
def _named_checker(spec: str, threshold: float | None):
    """Build (and load) a checker from a spec string once per (spec, threshold): model loading is the slow part.

    The spec is built by ``registry.build_from_spec``, the function `faithkit check --checker` uses, so
    ``checker="nli:threshold=0.6"`` here is the checker that command would run. ``threshold`` is given beside the
    spec as ``--threshold`` is: dropped for a checker without one, an error when the spec sets another value."""
    from faithkit.checkers.base import load_checker
    from faithkit.checkers.registry import build_from_spec

    return load_checker(build_from_spec(spec, {"threshold": threshold}, what="checker spec"))


def resolve_checker(checker: Any = None, threshold: float | None = None):
    """A checker object as given, or one built from a spec string (``"nli"``, ``"nli:threshold=0.6"``: the
    strings `faithkit check --checker` takes); None means the default stack, NLI.

    ``threshold`` applies only to a checker faithkit builds: re-deciding another checker's verdicts on a new
    threshold would be wrong for stages that decide by label (judge, numbers), so that is refused."""
    if checker is None or isinstance(checker, str):
        return _named_checker(checker or DEFAULT_CHECKER, threshold)
    if threshold is not None:
        raise UsageError("threshold applies when faithkit builds the checker (checker=None or a checker spec); "
                         "set the threshold on your checker object instead")
    if not callable(getattr(checker, "check", None)):
        raise UsageError(f"checker must be a faithkit Checker (with .check) or a checker spec, got {checker!r}")
    return checker


def _answer_record(interaction: Interaction, checker: Any) -> AnswerResult:
    """The pipeline's record for one interaction (the only place this module touches the pipeline)."""
    from faithkit.pipeline import CheckOptions, check_chunk

    return check_chunk([interaction], checker, CheckOptions(check_reference=False))[0]


def check_answer(answer: str, contexts: Sequence[ContextLike] | str, *, checker: Any = None,
                 threshold: float | None = None, question: str = "") -> AnswerCheck:
    """Run the claim pipeline on one answer and return what it found, without asserting."""
    interaction = Interaction(id="assert_faithful", question=question, contexts=as_passages(contexts),
                              answer=answer, line=1)
    return AnswerCheck(_answer_record(interaction, resolve_checker(checker, threshold)))


def _describe(claim: ClaimResult) -> str:
    score = claim.score
    lines = [f'- "{claim.text}": {claim.verdict} (stage {claim.stage}'
             + (f", score {score:.3f})" if isinstance(score, (int, float)) else ")")]
    evidence = claim.evidence
    lines.append(f'    evidence [{evidence.passage_id}]: "{evidence.text}"' if evidence else "    evidence: none")
    if claim.error:
        lines.append(f"    error: {claim.error}")
    return "\n".join(lines)


def assert_faithful(answer: str, contexts: Sequence[ContextLike] | str, *, checker: Any = None,
                    threshold: float | None = None, question: str = "",
                    allow_no_claims: bool = False) -> AnswerCheck:
    """Assert that every claim of ``answer`` is supported by ``contexts``; return the check on success.

    checker: a Checker object, a spec string as `faithkit check --checker` takes it ("nli", "similarity",
        "nli:threshold=0.6", ...) or None for the default (NLI).
    threshold: decision threshold for a checker built from a spec.
    allow_no_claims: accept an answer with nothing to check (a refusal, "Yes."); off by default, because a
        test that checked nothing must not pass silently.
    Raises AssertionError listing the unsupported claims with their evidence.
    """
    result = check_answer(answer, contexts, checker=checker, threshold=threshold, question=question)
    if result.status in ("refusal", "no_claims"):
        if allow_no_claims:
            return result
        raise AssertionError(f"nothing to check: the answer is {_unchecked(result)}; pass allow_no_claims=True if "
                             f"that is expected.\nanswer: {answer!r}")
    _require_checked(result, answer)
    if result.unsupported_claims:
        n_claims = len(result.result.claims)
        details = "\n".join(_describe(c) for c in result.unsupported_claims)
        raise AssertionError(f"{len(result.unsupported_claims)} of {n_claims} claim(s) not supported by the "
                             f"contexts:\n{details}")
    return result


def _unchecked(result: AnswerCheck) -> str:
    """What an answer with nothing to check is, in the words both assertions use."""
    if result.status == "refusal":
        return f"a refusal (pattern {result.result.refusal!r})"
    return "an answer with no checkable claims"


def _require_checked(result: AnswerCheck, answer: str) -> None:
    if result.status == "error":
        raise AssertionError(f"the answer could not be checked: {result.result.error}\nanswer: {answer!r}")


def _caught(result: AnswerCheck) -> tuple[ClaimResult, ...]:
    """The claims the checker flagged: verdict ``not_supported``. An ``error`` verdict caught nothing (the judge
    failed), so it never makes a known-bad answer pass."""
    return tuple(c for c in result.result.claims if c.verdict == "not_supported")


def assert_unfaithful(answer: str, contexts: Sequence[ContextLike] | str, *, checker: Any = None,
                      threshold: float | None = None, question: str = "", claim: str | None = None) -> AnswerCheck:
    """Assert that a known-bad ``answer`` is caught: at least one claim is ``not_supported`` by ``contexts``.

    The other half of ``assert_faithful``: a test suite that only asserts good answers pass would stay green with
    a checker that supports everything. Keep a few answers you know are wrong (a changed number, a swapped unit,
    a condition dropped) and assert that they are flagged.

    checker, threshold, question: as for ``assert_faithful``.
    claim: text that must occur in a flagged claim (the sentence you made wrong), so the test fails when the
        checker flags some other claim instead.
    Raises AssertionError listing every claim with its verdict and evidence when nothing (or not ``claim``) was
    flagged; an answer with nothing to check, or one that could not be checked, fails too.
    """
    result = check_answer(answer, contexts, checker=checker, threshold=threshold, question=question)
    if result.status in ("refusal", "no_claims"):
        raise AssertionError(f"nothing to check: the answer is {_unchecked(result)}, so nothing could be caught; "
                             f"a known-bad answer must state something the contexts do not support.\n"
                             f"answer: {answer!r}")
    _require_checked(result, answer)
    caught = _caught(result)
    n_claims = len(result.result.claims)
    details = "\n".join(_describe(c) for c in result.result.claims)
    if not caught:
        errors = sum(c.verdict == "error" for c in result.result.claims)
        unchecked = f" ({errors} could not be checked)" if errors else ""
        raise AssertionError(f"0 of {n_claims} claim(s) flagged: the checker supports this known-bad answer"
                             f"{unchecked}:\n{details}")
    if claim is not None and not any(claim in c.text for c in caught):
        raise AssertionError(f"{len(caught)} of {n_claims} claim(s) flagged, but none containing {claim!r}:\n"
                             f"{details}")
    return result
