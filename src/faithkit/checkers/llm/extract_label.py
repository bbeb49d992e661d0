"""The Meridian one-call judge: one request per answer both extracts the claims and labels them.

``ExtractAndLabel`` is the claim extractor (``--judge-mode extract-and-label`` with ``--claims llm``) and
``ExtractAndLabelChecker`` the checker that returns the labels it decided. It is a checker that also yields
claims, so it lives here and imports the claims stage (``claims.llm``'s threaded extractor, ``claims.base``'s
``ClaimError``), never the other way: the claims stage does not reach into the checkers that come after it.
Built by ``checkers.factories.extract_and_label``, once per run.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, cast

from faithkit.checkers.base import CheckerBase
from faithkit.checkers.llm.judge import JudgeChecker, verdict_from_label
from faithkit.claims.base import ClaimError, ClaimsOrError
from faithkit.claims.llm import ThreadedExtractor, needs_call
from faithkit.llm import prompts
from faithkit.llm.hygiene import hygiene_warnings
from faithkit.llm.schemas import ExtractLabelReply, check_sentences
from faithkit.llm.structured import StructuredCaller
from faithkit.records import ERROR, Claim, ClaimCheck, Interaction, Passage, Verdict
from faithkit.text.sentences import split_sentences


class ExtractAndLabel(ThreadedExtractor):
    """The Meridian one-call checker: one request per answer both extracts claims and labels them.

    Used as the claim extractor; ``checker`` is the matching Checker, which returns the labels decided in the
    extraction call (quotes verified like any judge verdict). Claims it did not label (e.g. the same claims
    checked against a reference answer) go to ``fallback``, an ordinary batch judge.

    counters: judge_calls, judge_requests, judge_errors (= extract_label_errors: answers whose one call failed,
    counted once per answer since their claims never existed), unverified_quotes, cache_hits.
    """

    name = "llm-extract-and-label"

    def __init__(self, caller: StructuredCaller, fallback: JudgeChecker, strict: bool = False,
                 require_quote_overlap: bool = True, concurrency: int = 4):
        self.caller = caller
        self.strict = strict
        self.require_quote_overlap = require_quote_overlap
        self.concurrency = max(1, concurrency)
        self.prompt_version = prompts.EXTRACT_LABEL_STRICT_VERSION if strict else prompts.EXTRACT_LABEL_VERSION
        self._labels: dict[tuple[str, tuple[Passage, ...], str], Verdict] = {}
        self._lock = threading.Lock()
        self._own = {"judge_requests": 0, "extract_label_errors": 0, "unverified_quotes": 0, "judge_claims": 0}
        self.checker = ExtractAndLabelChecker(self, fallback)

    @property
    def counters(self) -> dict[str, int]:
        shared = self.caller.counters
        with self._lock:
            own = dict(self._own)
        return {**own, "judge_errors": own["extract_label_errors"], "judge_calls": shared["llm_calls"],
                "cache_hits": shared["cache_hits"], "judge_repairs": shared["repairs"],
                "judge_prompt_tokens": shared["prompt_tokens"], "judge_completion_tokens": shared["completion_tokens"]}

    def spec(self) -> dict[str, Any]:
        return {"claims": self.name, **self.caller.identity(), "judge_mode": "extract-and-label",
                "prompt_version": self.prompt_version, "strict": self.strict}

    def extract_one(self, interaction: Interaction) -> ClaimsOrError:
        sentences = split_sentences(interaction.answer)
        if not needs_call(sentences):
            return []
        self._count(judge_requests=1)
        messages = [
            {"role": "system", "content": prompts.SYSTEM_JUDGE},
            {"role": "user", "content": prompts.extract_label_prompt(
                interaction.question, [s.text for s in sentences], interaction.contexts, self.strict)},
        ]
        outcome = self.caller.call(messages, ExtractLabelReply, self.prompt_version,
                                   check_sentences([s.text for s in sentences], require_claims=True))
        if outcome.value is None:
            self._count(extract_label_errors=1)
            return ClaimError(f"extract-and-label: {outcome.error}", outcome.raw)
        claims, unverified = [], 0
        for item in outcome.value.claims:
            sentence = sentences[item.sentence - 1]
            text = " ".join(item.claim.split())
            claims.append(Claim(text, sentence.start, sentence.end, "llm"))
            verdict = verdict_from_label(item.label, item.passage, item.quote, text, interaction.contexts,
                                         "extract-and-label", outcome.raw, self.require_quote_overlap)
            unverified += verdict.error == "unverified_quote"
            with self._lock:
                self._labels[(interaction.id, interaction.contexts, text)] = verdict
        self._count(judge_claims=len(claims), unverified_quotes=unverified)
        return claims

    def label_for(self, request: ClaimCheck) -> Verdict | None:
        with self._lock:
            return self._labels.get((request.group, request.passages, request.claim))


class ExtractAndLabelChecker(CheckerBase):
    """Checker view of ``ExtractAndLabel``: the labels from the one call, the fallback judge for the rest."""

    name = "judge"
    threshold: float | None = None

    def __init__(self, source: ExtractAndLabel, fallback: JudgeChecker):
        self.source = source
        self.judge = fallback

    @property
    def counters(self) -> dict[str, int]:
        return {}  # the extractor and the fallback judge (a child) report their own

    def children(self) -> tuple[JudgeChecker, ...]:
        return (self.judge,)

    def spec(self) -> dict[str, Any]:
        return {"checker": "judge", "judge_mode": "extract-and-label", **{
            k: v for k, v in self.source.spec().items() if k not in ("claims", "judge_mode")},
            "fallback": self.judge.spec(), **self.rebuild_entry()}

    def warnings_for(self, interaction: Interaction) -> list[str]:
        return hygiene_warnings(self.source.caller.client.model, interaction.metadata)

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        out: list[Verdict | None] = [self.source.label_for(r) for r in requests]
        missing = [i for i, v in enumerate(out) if v is None]
        labelled = [i for i, v in enumerate(out) if v is not None]
        review = getattr(self.judge, "quote_nli", None)  # the NLI stack's opinion on SUPPORTED quotes (quote_nli.py)
        if review is not None and labelled:
            reviewed = review.review([requests[i] for i in labelled], [cast(Verdict, out[i]) for i in labelled])
            for i, verdict in zip(labelled, reviewed):
                out[i] = verdict
        if missing:
            judged = self.judge.check([requests[i] for i in missing])
            for i, verdict in zip(missing, judged):
                out[i] = verdict
        return [v if v is not None else Verdict(ERROR, "judge", error="not_judged") for v in out]
