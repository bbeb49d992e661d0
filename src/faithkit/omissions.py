"""Omission review (Move 4, "dropped conditions need the question"): conditions, limits or exceptions in the
passages that change the answer to the question and that the answer leaves out (the 14-day refund window).

Claim-level checking cannot see an omission by construction, and the lesson's reviewer flagged four of five
acceptable answers too, so this fills a *review file*, never the gate: its output is not part of any metric.
Every flagged condition carries a quote, verified verbatim against the passages (``quote_verified``), so a
reviewer can discard invented ones in seconds. A failed call is an ``error`` record with the raw reply.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

from faithkit.io.log import LineError
from faithkit.llm import prompts
from faithkit.llm.quotes import find_quote
from faithkit.llm.schemas import OmissionReply
from faithkit.llm.structured import StructuredCaller
from faithkit.records import Interaction


class OmissionReviewer:
    """Asks an LLM what each answer leaves out. counters: omission_calls, omission_errors, omissions_flagged,
    omission_quotes_unverified, cache_hits."""

    name = "omissions"

    def __init__(self, caller: StructuredCaller, concurrency: int = 4):
        self.caller = caller
        self.concurrency = max(1, concurrency)
        self.prompt_version = prompts.OMISSIONS_VERSION
        self._lock = threading.Lock()
        self._own = {"omission_requests": 0, "omission_errors": 0, "omissions_flagged": 0,
                     "omission_quotes_unverified": 0}

    @property
    def counters(self) -> dict[str, int]:
        with self._lock:
            own = dict(self._own)
        return {**own, "omission_calls": self.caller.counters["llm_calls"],
                "cache_hits": self.caller.counters["cache_hits"]}

    def spec(self) -> dict[str, Any]:
        return {"review": self.name, **self.caller.identity(), "prompt_version": self.prompt_version}

    def _count(self, **amounts: int) -> None:
        with self._lock:
            for k, v in amounts.items():
                self._own[k] += v

    def review(self, interaction: Interaction) -> dict[str, Any]:
        record: dict[str, Any] = {"id": interaction.id, "line": interaction.line, "question": interaction.question,
                                  "status": "reviewed", "missing": [], "error": None, "raw": None}
        if not interaction.answer.strip() or not interaction.contexts:
            record["status"] = "skipped"
            record["error"] = "empty answer" if not interaction.answer.strip() else "no passages"
            return record
        self._count(omission_requests=1)
        messages = [
            {"role": "system", "content": prompts.SYSTEM_OMISSIONS},
            {"role": "user", "content": prompts.omissions_prompt(interaction.question, interaction.answer,
                                                                 interaction.contexts)},
        ]
        outcome = self.caller.call(messages, OmissionReply, self.prompt_version)
        if outcome.value is None:
            self._count(omission_errors=1)
            record.update(status="error", error=outcome.error, raw=outcome.raw)
            return record
        for item in outcome.value.missing:
            evidence = find_quote(item.quote, interaction.contexts, item.passage or None) if item.quote.strip() \
                else None
            record["missing"].append({
                "condition": item.condition, "passage": item.passage, "quote": item.quote,
                "quote_verified": evidence is not None,
                "evidence": asdict(evidence) if evidence is not None else None,
            })
            self._count(omissions_flagged=1, omission_quotes_unverified=int(evidence is None))
        return record

    def review_all(self, items: Iterable[Interaction | LineError]) -> list[dict[str, Any]]:
        """One record per log item, in order (unreadable lines become ``error`` records)."""
        items = list(items)

        def one(item: Interaction | LineError) -> dict[str, Any]:
            if isinstance(item, LineError):
                return {"id": item.id, "line": item.line, "status": "error", "missing": [], "error": item.reason,
                        "raw": None}
            return self.review(item)

        with ThreadPoolExecutor(max_workers=self.concurrency) as pool:
            return list(pool.map(one, items))


def write_review(path: str | Path, records: Sequence[dict[str, Any]]) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
