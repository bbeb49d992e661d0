"""Join the retrieval and the generation of one trace: the context is what the retriever returned INTO that
generation, never a guess.

Rules, per trace (spans grouped by trace id, in file order):

1. A retriever can feed a generation only if it is not inside it (parent links) and, when both carry times,
   it finished before the generation started.
2. When the generation's prompt text is in the trace, a retriever feeds it only if its documents appear in that
   prompt (the start of each document's text, whitespace-normalised). A query-rewriting LLM call before
   retrieval, or a follow-up call after the answer, is thereby not mistaken for the answer.
3. The generations fed by some retriever are the answers. Several answers each with their own retrievers are
   several records (``TRACE/SPAN`` ids); several that could have used the same retriever's documents are one
   error record: which answer used which documents cannot be told.
4. No generation, no retriever, documents without content (ids only), a generation without output text: an
   error record with that reason.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator

from faithkit.errors import InputFormatError
from faithkit.io.formats.traces.spans import GENERATION, RETRIEVER, Span
from faithkit.io.log import LineError, mark_duplicates, parse_interaction
from faithkit.records import Interaction

MATCH_CHARS = 80  # a document "appears in the prompt" when its first 80 characters do (truncation-tolerant)


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _ancestors(span: Span, by_id: dict[str, Span]) -> set[str]:
    seen: set[str] = set()
    parent = span.parent_id
    while parent and parent not in seen:
        seen.add(parent)
        parent = by_id[parent].parent_id if parent in by_id else None
    return seen


def _in_prompt(retriever: Span, prompt: str) -> bool:
    return any(_normal(d.content)[:MATCH_CHARS] in prompt for d in retriever.documents if d.content)


def feeding(generation: Span, retrievers: list[Span], by_id: dict[str, Span]) -> list[Span]:
    """The retrievers whose output went into ``generation`` (rules 1 and 2), in the order they ran."""
    fed = []
    prompt = _normal(generation.prompt_text) if generation.prompt_text else None
    for retriever in retrievers:
        if generation.span_id in _ancestors(retriever, by_id):
            continue
        if None not in (retriever.end, generation.start) and retriever.end > generation.start:  # type: ignore
            continue
        has_content = any(d.content for d in retriever.documents)
        if prompt is not None and has_content and not _in_prompt(retriever, prompt):
            continue
        fed.append(retriever)
    return fed


def _question(spans: list[Span], retrievers: list[Span]) -> str:
    roots = [s for s in spans if not s.parent_id and s.question]
    for span in roots + retrievers + spans:
        if span.question:
            return span.question
    return ""


def join_trace(trace_id: str, spans: list[Span], number: int, fmt: str) -> list[Interaction | LineError]:
    """One trace -> its records (usually one): an Interaction per answer, or a LineError with the reason."""

    def error(reason: str, rid: str = trace_id) -> LineError:
        return LineError(number, rid, f"trace {trace_id}: {reason}")

    by_id = {s.span_id: s for s in spans}
    order = sorted(spans, key=lambda s: (s.start if s.start is not None else float("inf"), s.order))
    generations = [s for s in order if s.kind == GENERATION]
    retrievers = [s for s in order if s.kind == RETRIEVER]
    if not generations:
        return [error("no generation (LLM) span: there is no answer to check")]
    if not retrievers:
        return [error("no retriever span: the passages the answer was given are not in the trace")]
    fed = {g.span_id: feeding(g, retrievers, by_id) for g in generations}
    answers = [g for g in generations if fed[g.span_id]]
    if not answers:
        return [
            error(
                f"none of the {len(generations)} generation span(s) was fed by a retriever span (none "
                "finished before it, or their documents are not in its prompt)"
            )
        ]
    if len(answers) > 1:
        for i, first in enumerate(answers):
            for second in answers[i + 1 :]:
                shared = {r.span_id for r in fed[first.span_id]} & {r.span_id for r in fed[second.span_id]}
                if shared:
                    return [
                        error(
                            f"{len(answers)} generations ({', '.join(repr(g.name) for g in answers)}) could "
                            f"each have used the documents of retriever span {sorted(shared)[0]}: cannot tell "
                            "which answer used which documents"
                        )
                    ]
    records: list[Interaction | LineError] = []
    question = _question(order, retrievers)
    for generation in answers:
        rid = trace_id if len(answers) == 1 else f"{trace_id}/{generation.span_id}"
        used = fed[generation.span_id]
        missing = [r for r in used if not r.documents or any(not d.content for d in r.documents)]
        if missing:
            ids = [d.id for d in missing[0].documents if d.id][:5]
            what = f"ids only: {', '.join(ids)}" if ids else "no documents"
            records.append(
                error(
                    f"retriever span {missing[0].span_id} returned documents without content ({what}): "
                    "export the document content (OpenInference retrieval.documents.N.document."
                    "content) to check faithfulness",
                    rid,
                )
            )
            continue
        if generation.answer is None:
            records.append(error(f"generation span {generation.span_id} has no output text", rid))
            continue
        contexts = [{"id": d.id, "text": d.content} if d.id else d.content for r in used for d in r.documents]
        record = {
            "id": rid,
            "question": question,
            "contexts": contexts,
            "answer": generation.answer,
            "metadata": {
                "trace_id": trace_id,
                "generation_span_id": generation.span_id,
                "retriever_span_ids": [r.span_id for r in used],
            },
        }
        try:
            records.append(dataclasses.replace(parse_interaction(record, number), source_format=fmt))
        except InputFormatError as exc:
            records.append(error(exc.reason, rid))
    return records


def join_traces(spans: Iterable[Span], fmt: str) -> Iterator[Interaction | LineError]:
    """Every trace of an export -> records, numbered 1.. in order of each trace's first span."""
    traces: dict[str, list[Span]] = {}
    for span in spans:
        traces.setdefault(span.trace_id, []).append(span)
    number = 0

    def items() -> Iterator[Interaction | LineError]:
        nonlocal number
        for trace_id, trace_spans in traces.items():
            for record in join_trace(trace_id, trace_spans, number + 1, fmt):
                number += 1
                yield dataclasses.replace(record, line=number)

    return mark_duplicates(items())
