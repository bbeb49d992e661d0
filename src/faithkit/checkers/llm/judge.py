"""The LLM judge: claims labelled SUPPORTED / CONTRADICTED / NOT_FOUND against the passages, each with a quote.

Modes (recorded in the spec, since the Larkspur lesson saw batching alone flip verdicts):
    batch       all claims of one answer in one call (chunked above ``max_claims_per_call``)
    per-claim   one call per claim
The Meridian one-call mode (extract claims and label them together) is ``checkers.llm.extract_label``.

A verdict is ``supported`` only when the judge said SUPPORTED *and* its quote was found verbatim in the
passages and shares a content word with the claim; otherwise it is ``not_supported`` with
``error="unverified_quote"``. A reply that stays invalid after the bounded repairs, or a backend failure,
yields ``error`` verdicts with the raw reply kept. Nothing is guessed.

``repeats > 1`` runs the judge several times (sampling with ``seed + i``, or cycling ``repeat_modes``) and
keeps the majority: supported only with a strict majority of supported runs. Each verdict then carries
``detail["repeats"]`` (labels, agreement) and the counters report how many claims flipped.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from faithkit.checkers.base import CheckerBase
from faithkit.errors import UsageError
from faithkit.llm import prompts
from faithkit.llm.hygiene import hygiene_warnings
from faithkit.llm.quotes import verify_quote
from faithkit.llm.schemas import JudgeReply, check_judge
from faithkit.llm.structured import Decoding, StructuredCaller, StructuredOutcome
from faithkit.records import ERROR, NOT_SUPPORTED, SUPPORTED, ClaimCheck, Interaction, Passage, Verdict

JUDGE_MODES = ("batch", "per-claim")
UNVERIFIED_QUOTE = "unverified_quote"
_LABEL3 = {"SUPPORTED": "supported", "CONTRADICTED": "contradicted", "NOT_FOUND": "not_found"}


def verdict_from_label(label: str, passage_id: str, quote: str, claim: str, passages: Sequence[Passage],
                       mode: str, raw: str | None, require_overlap: bool = True) -> Verdict:
    """Turn one judged item into a Verdict, verifying its quote. Shared by every judge mode."""
    detail: dict[str, Any] = {"mode": mode, "judge_label": label}
    if label == "NOT_FOUND":
        found = verify_quote(quote, passages, claim, passage_id or None, require_overlap=False) if quote else None
        evidence = found.evidence if found is not None and found.verified else None
        return Verdict(NOT_SUPPORTED, "judge", evidence=evidence, label3="not_found", detail=detail)
    check = verify_quote(quote, passages, claim, passage_id or None, require_overlap=require_overlap)
    if not check.verified:
        detail.update({"quote": quote, "quote_passage": passage_id, "quote_problem": check.reason})
        return Verdict(NOT_SUPPORTED, "judge", label3=None, error=UNVERIFIED_QUOTE, raw=raw, detail=detail)
    verdict_label = SUPPORTED if label == "SUPPORTED" else NOT_SUPPORTED
    return Verdict(verdict_label, "judge", evidence=check.evidence, label3=_LABEL3[label], detail=detail)  # type: ignore[arg-type]


def error_verdict(outcome: StructuredOutcome, mode: str) -> Verdict:
    return Verdict(ERROR, "judge", error=outcome.error, raw=outcome.raw, detail={"mode": mode})


@dataclass(frozen=True)
class _Unit:
    """One judge call: the indices of the requests it decides, and their shared passages."""

    indices: tuple[int, ...]
    passages: tuple[Passage, ...]


def plan_units(requests: Sequence[ClaimCheck], mode: str, max_claims_per_call: int) -> list[_Unit]:
    """Group claims by answer (same group and passages) for batch mode; one unit per claim otherwise."""
    if mode == "per-claim":
        return [_Unit((i,), r.passages) for i, r in enumerate(requests)]
    groups: dict[tuple[str, tuple[Passage, ...]], list[int]] = {}
    for i, r in enumerate(requests):
        groups.setdefault((r.group, r.passages), []).append(i)
    units = []
    for (_, passages), indices in groups.items():
        for start in range(0, len(indices), max_claims_per_call):
            units.append(_Unit(tuple(indices[start:start + max_claims_per_call]), passages))
    return units


class JudgeChecker(CheckerBase):
    """Checker that asks an LLM to label claims. See the module docstring for modes and guarantees.

    counters: judge_calls (model calls made, re-asks included, cache hits excluded), judge_requests (judge
    prompts needed), judge_errors (error verdicts), unverified_quotes, cache_hits, repairs, backend_errors,
    prompt_tokens, completion_tokens, and with repeats repeat_claims / repeat_flipped.
    """

    name = "judge"
    threshold: float | None = None

    def __init__(
        self,
        caller: StructuredCaller,
        mode: str = "batch",
        strict: bool = False,
        repeats: int = 1,
        repeat_modes: Sequence[str] | None = None,
        require_quote_overlap: bool = True,
        max_claims_per_call: int = 20,
        concurrency: int = 4,
        quote_nli: Any = None,
    ):
        if mode not in JUDGE_MODES:
            raise UsageError(f"judge mode must be one of {', '.join(JUDGE_MODES)}, not {mode!r}")
        for m in repeat_modes or ():
            if m not in JUDGE_MODES:
                raise UsageError(f"--repeat-modes: unknown judge mode {m!r}")
        if repeats < 1:
            raise UsageError("--repeats must be at least 1")
        if repeats > 1 and not repeat_modes and not caller.decoding.temperature > 0:
            raise UsageError(
                "--repeats N needs sampling (--temperature > 0) or --repeat-modes batch,per-claim: "
                "repeating an identical greedy call measures nothing"
            )
        self.caller = caller
        self.mode = mode
        self.strict = strict
        self.repeats = repeats
        self.repeat_modes = tuple(repeat_modes or ())
        self.require_quote_overlap = require_quote_overlap
        self.max_claims_per_call = max(1, max_claims_per_call)
        self.concurrency = max(1, concurrency)
        self.quote_nli = quote_nli  # a QuoteEntailment (checkers/llm/quote_nli.py): NLI's second opinion on quotes
        self.prompt_version = prompts.JUDGE_STRICT_VERSION if strict else prompts.JUDGE_VERSION
        self._lock = threading.Lock()
        self._own: dict[str, int] = {
            "judge_requests": 0, "judge_errors": 0, "unverified_quotes": 0, "judge_claims": 0,
        }

    @property
    def counters(self) -> dict[str, int]:
        shared = self.caller.counters
        with self._lock:
            own = dict(self._own)
        return {
            **own,
            **(self.quote_nli.counters if self.quote_nli is not None else {}),
            "judge_calls": shared["llm_calls"],
            "cache_hits": shared["cache_hits"],
            "judge_repairs": shared["repairs"],
            "judge_backend_errors": shared["backend_errors"],
            "judge_prompt_tokens": shared["prompt_tokens"],
            "judge_completion_tokens": shared["completion_tokens"],
        }

    def _count(self, **amounts: int) -> None:
        with self._lock:
            for k, v in amounts.items():
                self._own[k] = self._own.get(k, 0) + v

    def spec(self) -> dict[str, Any]:
        spec: dict[str, Any] = {
            "checker": self.name,
            **self.caller.identity(),
            "judge_mode": self.mode,
            "prompt_version": self.prompt_version,
            "strict": self.strict,
            "quote_check": "verbatim, whitespace-normalised" + (", shares a content word" if
                                                              self.require_quote_overlap else ""),
            "max_claims_per_call": self.max_claims_per_call,
            **(self.quote_nli.spec() if self.quote_nli is not None else {}),
        }
        if self.repeats > 1:
            spec.update({"repeats": self.repeats, "repeat_modes": list(self.repeat_modes) or None})
        return {**spec, **self.rebuild_entry()}

    def warnings_for(self, interaction: Interaction) -> list[str]:
        """Per-answer warnings (``judge_same_family`` when metadata.generator_model shares the judge's family)."""
        return hygiene_warnings(self.caller.client.model, interaction.metadata)

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        if not requests:
            return []
        runs = []
        for i in range(self.repeats):
            mode = self.repeat_modes[i % len(self.repeat_modes)] if self.repeat_modes else self.mode
            decoding = self.caller.decoding
            if self.repeats > 1 and decoding.seed is not None:
                decoding = replace(decoding, seed=decoding.seed + i)
            runs.append(self._run(requests, mode, decoding))
        verdicts = runs[0] if self.repeats == 1 else self._combine(runs)
        if self.quote_nli is not None:
            verdicts = self.quote_nli.review(requests, verdicts)
        self._count(
            judge_claims=len(verdicts),
            judge_errors=sum(v.label == ERROR for v in verdicts),
            unverified_quotes=sum(v.error == UNVERIFIED_QUOTE for v in verdicts),
        )
        return verdicts

    def _run(self, requests: Sequence[ClaimCheck], mode: str, decoding: Decoding) -> list[Verdict]:
        units = plan_units(requests, mode, self.max_claims_per_call)
        out: list[Verdict | None] = [None] * len(requests)

        def work(unit: _Unit) -> None:
            claims = [requests[i].claim for i in unit.indices]
            outcome = self._ask(claims, unit.passages, decoding)
            for position, index in enumerate(unit.indices):
                out[index] = self._verdict(outcome, position, requests[index], mode)

        with ThreadPoolExecutor(max_workers=self.concurrency) as pool:
            list(pool.map(work, units))
        return [v if v is not None else Verdict(ERROR, "judge", error="not_judged") for v in out]

    def _ask(self, claims: list[str], passages: tuple[Passage, ...], decoding: Decoding) -> StructuredOutcome:
        self._count(judge_requests=1)
        messages = [
            {"role": "system", "content": prompts.SYSTEM_JUDGE},
            {"role": "user", "content": prompts.judge_prompt(claims, passages, self.strict)},
        ]
        return self.caller.call(messages, JudgeReply, self.prompt_version, check_judge(len(claims)), decoding)

    def _verdict(self, outcome: StructuredOutcome, position: int, request: ClaimCheck, mode: str) -> Verdict:
        if outcome.value is None:
            return error_verdict(outcome, mode)
        item = outcome.value.verdicts[position]
        return verdict_from_label(item.label, item.passage, item.quote, request.claim, request.passages, mode,
                                  outcome.raw, self.require_quote_overlap)

    def _combine(self, runs: list[list[Verdict]]) -> list[Verdict]:
        combined = []
        flipped = 0
        for per_claim in zip(*runs):
            labels = [v.label for v in per_claim]
            n = len(labels)
            if labels.count(SUPPORTED) * 2 > n:
                final = SUPPORTED
            elif labels.count(ERROR) * 2 > n:
                final = ERROR
            else:
                final = NOT_SUPPORTED
            if len(set(labels)) > 1:
                flipped += 1
            chosen = next((v for v in per_claim if v.label == final), None)
            if chosen is None:
                chosen = Verdict(NOT_SUPPORTED, "judge", error="repeats_disagree")
            stats = {"labels": labels, "label3": [v.label3 for v in per_claim],
                     "agreement": round(labels.count(final) / n, 4), "flipped": len(set(labels)) > 1}
            combined.append(replace(chosen, detail={**chosen.detail, "repeats": stats}))
        self._count(repeat_claims=len(combined), repeat_flipped=flipped)
        return combined
