"""Wires the stages: log -> claims -> checker -> scores -> results folder.

The log is streamed in chunks; all claims of a chunk go to the checker in one call (so NLI batches pairs
across answers and dedups identical ones), and each chunk's records are appended to results.jsonl before the
next chunk is read, so memory does not grow with the log and a crash loses at most one chunk. Every input line
yields exactly one record, in input order.
"""

from __future__ import annotations

import dataclasses
import itertools
import platform
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Any, cast

from faithkit import __version__
from faithkit.cache_repair import cache_warnings
from faithkit.checkers.base import Checker, merged_counters, walk, warnings_of
from faithkit.citation_check import answer_citations, citation_label, cited_checks
from faithkit.claims.base import ClaimError, ClaimExtractor
from faithkit.claims.sentences import SentenceClaims, answer_sentences, sentence_claims
from faithkit.claims.unchecked import unchecked_sentences
from faithkit.declined import declined_with_context
from faithkit.errors import BackendError, UsageError
from faithkit.guards import expect_verdicts
from faithkit.io.formats import input_sha256, preflight, resolve_format
from faithkit.io.formats import read as read_input
from faithkit.io.formats.guard import resume_hint
from faithkit.io.lock import OutputLock
from faithkit.io.log import LineError
from faithkit.io.paths import check_input_file
from faithkit.io.results import MANIFEST_FILE, RESULTS_FILE, RESULTS_FORMAT, ResultsWriter, write_manifest
from faithkit.isolation import check_isolated
from faithkit.limits import RecordLimits
from faithkit.record_cache import RecordCache
from faithkit.records import (
    UNSET,
    AnswerResult,
    Claim,
    ClaimCheck,
    ClaimResult,
    Correctness,
    Interaction,
    Passage,
    RunManifest,
    Unset,
    Verdict,
    is_flag,
)
from faithkit.refusal_clauses import is_referral, is_restatement
from faithkit.resume import check_resume, run_identity, write_run_file
from faithkit.scoring import RefusalDetector, RunSummary, answer_faithfulness
from faithkit.text.split_cache import warm_splits

REFERENCE_PASSAGE_ID = "reference"
ANSWER_PASSAGE_ID = "answer"


@dataclass
class CheckOptions:
    """Everything about a run that is not the checker itself."""

    claims: ClaimExtractor = field(default_factory=SentenceClaims)
    refusals: RefusalDetector = field(default_factory=RefusalDetector)
    chunk_size: int = 64
    check_reference: bool = True
    limits: RecordLimits = field(default_factory=RecordLimits)
    input_format: str | None = None  # faithkit.io.formats name; None: detect (extension, content)
    contexts_separator: str | None = None  # split text context cells (CSV) on this string
    fields: dict[str, str] | None = None  # other column names mapped onto faithkit's (io/fields.py, --field)
    fail_on_misattributed_citation: bool = False  # a claim citing the wrong passage fails its answer
    # read an unchanged line of the same run back from the cache (record_cache): on for `faithkit check` and for
    # faithkit.check with a spec string, where the spec says all the checker does; off for a checker object,
    # whose behaviour its spec may not capture
    reuse_records: bool = False


def _refusal(interaction: Interaction, detector: RefusalDetector) -> str | None:
    """The matching pattern when every content sentence of the answer declines to answer."""
    sentences = answer_sentences(interaction.answer)
    if not sentences:
        return None
    return detector.answer_match(sentences, interaction.question, [p.text for p in interaction.contexts])


def _claims_spec(options: CheckOptions) -> dict[str, Any]:
    """The claim extractor's spec, with how citations count when that differs from the default: a resumed run
    that would fail answers on misattributed citations differently is refused (``resume``)."""
    spec = dict(options.claims.spec())
    if options.fail_on_misattributed_citation:
        spec["fail_on_misattributed_citation"] = True
    return spec


def _error_record(item: LineError) -> AnswerResult:
    return AnswerResult(item.id, item.line, "error", error=item.reason)


@dataclass
class _Pending:
    """A record being assembled for one interaction (AnswerResult is frozen; it is built once, at the end)."""

    interaction: Interaction
    status: str = "scored"
    warnings: list[str] = field(default_factory=list)
    refusal: str | None = None
    error: str | None = None
    raw: str | None | Unset = UNSET
    unchecked: tuple[dict[str, Any], ...] = ()

    def result(self, claims: tuple[ClaimResult, ...] = (), correctness: Correctness | Unset = UNSET) -> AnswerResult:
        item, scored = self.interaction, self.status == "scored"
        labels = [c.verdict for c in claims]
        return AnswerResult(item.id, item.line, self.status,
                            faithfulness=answer_faithfulness(labels) if scored else None,
                            unsupported=any(is_flag(label) for label in labels) if scored else None,
                            claims=claims, error=self.error, refusal=self.refusal, warnings=tuple(self.warnings),
                            source_format=item.source_format, raw=self.raw, correctness=correctness,
                            unchecked=self.unchecked or UNSET)


def _correctness(unsupported: bool, against_reference: Sequence[Verdict], recall: Sequence[Verdict]) -> Correctness:
    contradicted = sum(v.label3 == "contradicted" for v in against_reference)
    recalled = sum(v.label == "supported" for v in recall)
    return Correctness(
        faithful=not unsupported, correct=contradicted == 0 and recalled == len(recall),
        reference_claims=len(recall), reference_claims_in_answer=recalled,
        claims_contradicted_by_reference=contradicted,
        claims_supported_by_reference=sum(v.label == "supported" for v in against_reference))


def _content_cache(checker: Checker) -> Any:
    """The content cache the checker stack scores into (None without one): sentence splits are kept there too."""
    from faithkit.cache import ContentCache

    return next((c.cache for c in walk(checker) if isinstance(getattr(c, "cache", None), ContentCache)), None)


def _texts(items: Sequence[Interaction | LineError]) -> Iterable[str]:
    for item in items:
        if isinstance(item, LineError):
            continue
        yield item.answer
        yield from (passage.text for passage in item.contexts)
        if item.reference:
            yield item.reference


def check_chunk(items: Sequence[Interaction | LineError], checker: Checker,
                options: CheckOptions) -> list[AnswerResult]:
    """Result records for one chunk of log items, in order (one record per item)."""
    warm_splits(_content_cache(checker), _texts(items))  # an unchanged rerun runs no sentence splitter
    records: list[AnswerResult | _Pending] = []
    to_claim: list[tuple[int, Interaction]] = []
    for pos, item in enumerate(items):
        if isinstance(item, LineError):
            records.append(_error_record(item))
            continue
        pending = _Pending(item)
        records.append(pending)
        if not item.contexts:
            pending.warnings.append("empty_contexts")
        pending.warnings += warnings_of(checker, item)  # e.g. judge_same_family (LLM judge hygiene)
        if not item.answer.strip():
            pending.status = "no_claims"
            pending.warnings.append("empty_answer")
            continue
        pattern = _refusal(item, options.refusals)
        if pattern is not None:
            pending.status, pending.refusal = "refusal", pattern
            continue
        to_claim.append((pos, item))

    extracted = options.claims.extract([i for _, i in to_claim]) if to_claim else []
    requests: list[ClaimCheck] = []
    plan: list[tuple[int, Interaction, list[Claim], slice, slice, slice, list[slice]]] = []
    for (pos, item), claims in zip(to_claim, extracted):
        pending = cast(_Pending, records[pos])
        if isinstance(claims, ClaimError):
            pending.status, pending.error, pending.raw = "error", f"claims: {claims.reason}", claims.raw
            continue
        passages = [p.text for p in item.contexts]  # once per answer: what the sources cover (``is_scope``)
        kept = [c for c in claims if options.refusals.match(c.text, item.question, passages) is None]
        partly = [options.refusals.undeclined_claim(c, item.question, passages, item.answer) for c in kept]
        declining = len(kept) < len(claims) or any(p is not c for p, c in zip(partly, kept))
        kept = partly
        if declining:
            # "... Please contact support." / "You'd like to know whether ...": part of declining
            kept = [c for c in kept
                    if not (is_referral(c.text, item.question) or is_restatement(c.text, item.question))]
            pending.warnings.append("partial_refusal")  # a declining sentence is not a claim: say we dropped it
        kept_ids = {id(c) for c in kept}  # by identity: comparing claims pairwise is quadratic in a long answer
        declined = [c for c in claims if id(c) not in kept_ids]
        pending.unchecked = tuple(u.to_dict() for u in unchecked_sentences(
            item.answer, kept, declined, [p.id for p in item.contexts]))
        claims = kept
        if not claims:
            pending.status = "no_claims"
            continue
        start = len(requests)
        texts = tuple(c.text for c in claims) if len(claims) > 1 else ()  # one tuple shared by every claim
        requests += [ClaimCheck(c.text, item.contexts, item.question, item.answer, item.id, context=texts)
                     for c in claims]
        main = slice(start, len(requests))
        ref_slice = recall_slice = slice(len(requests), len(requests))
        if options.check_reference and item.reference and item.reference.strip():
            reference = (Passage(REFERENCE_PASSAGE_ID, item.reference),)
            requests += [ClaimCheck(c.text, reference, item.question, item.answer, item.id) for c in claims]
            ref_slice = slice(main.stop, len(requests))
            answer_passage = (Passage(ANSWER_PASSAGE_ID, item.answer),)
            requests += [ClaimCheck(c.text, answer_passage, item.question, item.reference, item.id)
                         for c in sentence_claims(item.reference)]
            recall_slice = slice(ref_slice.stop, len(requests))
        cite_slices = []
        for c in claims:  # each cited passage alone (citation_check), in the same batch
            first = len(requests)
            requests += cited_checks(c.text, c.cited, item)
            cite_slices.append(slice(first, len(requests)))
        plan.append((pos, item, claims, main, ref_slice, recall_slice, cite_slices))

    verdicts = expect_verdicts(checker.name, checker.check(requests) if requests else [], len(requests))
    for pos, item, claims, main, ref_slice, recall_slice, cite_slices in plan:
        pending = cast(_Pending, records[pos])
        citations = [citation_label(v, c.cited, verdicts[cs]) for c, v, cs in zip(claims, verdicts[main], cite_slices)]
        pairs_supported = sum(v.label == "supported" for cs in cite_slices for v in verdicts[cs])
        if any(label == "misattributed" for label in citations):
            pending.warnings.append("misattributed_citation")
        if any(cited.startswith("?") for c in claims for cited in c.cited):
            pending.warnings.append("unknown_citation")  # a marker naming no passage of the prompt
        if ref_slice.stop > ref_slice.start:
            against = verdicts[ref_slice]
            results = tuple(ClaimResult.of(c, v, ClaimResult.of(c, r), citation)
                            for c, v, r, citation in zip(claims, verdicts[main], against, citations))
            unsupported = any(not r.supported for r in results)
            record = pending.result(results, _correctness(unsupported, against, verdicts[recall_slice]))
        else:
            record = pending.result(tuple(ClaimResult.of(c, v, citation=citation)
                                          for c, v, citation in zip(claims, verdicts[main], citations)))
        record = _with_citations(record, pairs_supported, options.fail_on_misattributed_citation)
        records[pos] = declined_with_context(record, item.question, item.answer)  # says what the sources cover
    return [r if isinstance(r, AnswerResult) else r.result() for r in records]


def _with_citations(record: AnswerResult, pairs_supported: int, fail_on_misattributed: bool) -> AnswerResult:
    """The record with its citation figures (``citation_check``); with ``fail_on_misattributed``, a misattributed
    citation makes the answer unsupported (its claims' verdicts stay as the checker gave them)."""
    figures = answer_citations(record.claims, pairs_supported)
    if figures is None:
        return record
    unsupported = record.unsupported or (fail_on_misattributed and figures["misattributed"] > 0)
    return dataclasses.replace(record, citations=figures, unsupported=unsupported)


def package_versions() -> dict[str, str]:
    versions = {"python": platform.python_version(), "faithkit": __version__}
    for name in ("onnxruntime", "torch", "transformers", "sentence-transformers", "tokenizers", "numpy", "pysbd",
                 "openai"):
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return versions


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _chunks(items: Iterable, size: int) -> Iterable[list]:
    iterator = iter(items)
    while chunk := list(itertools.islice(iterator, size)):
        yield chunk


def check_output_folder(out: str | Path, *, resume: bool = False, overwrite: bool = False) -> None:
    """UsageError when ``out`` cannot take a run: it is a file, or it holds results and neither ``resume`` nor
    ``overwrite`` was asked. Cheap, so the CLI calls it before loading any model."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} is a file, expected a results folder")
    if (out / RESULTS_FILE).exists() and not (resume or overwrite):
        raise UsageError(f"{out} already holds results: pass --resume to continue or --overwrite to replace")


def run_check(log_path: str | Path, out_dir: str | Path, checker: Checker, options: CheckOptions | None = None,
              *, resume: bool = False, overwrite: bool = False, command: Sequence[str] | None = None,
              progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Check a whole log into ``out_dir`` (results.jsonl + manifest.json) and return the manifest.

    resume: continue an interrupted run (records already written are kept and not redone).
    overwrite: replace an existing results folder. Without either, an existing folder is an error.
    progress: called after each chunk with (answers, claims) done in it (``faithkit.progress.Progress``).
    The folder is locked for the whole run (``io/lock.py``): a second run on it is refused.
    """
    out = Path(out_dir)
    check_input_file(log_path)
    check_output_folder(out, resume=resume, overwrite=overwrite)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create the results folder {out}: {exc.strerror or exc}") from exc
    with OutputLock(out):
        return _run_check_locked(log_path, out, checker, options, resume=resume, overwrite=overwrite,
                                 command=command, progress=progress)


def _checked_or_cached(chunk: Sequence[Interaction | LineError], checker: Checker, options: CheckOptions,
                       stored: RecordCache) -> list[AnswerResult]:
    """The chunk's records in order: those the record cache holds read back, the others checked (and stored)."""
    cached = stored.lookup(chunk)
    todo = [item for item, hit in zip(chunk, cached) if hit is None]
    fresh = check_isolated(todo, partial(check_chunk, checker=checker, options=options),
                           options.limits.record_timeout) if todo else []
    stored.store(todo, fresh)
    checked = iter(fresh)
    return [hit if hit is not None else next(checked) for hit in cached]


def _run_check_locked(log_path: str | Path, out_dir: str | Path, checker: Checker,
                      options: CheckOptions | None = None, *, resume: bool = False, overwrite: bool = False,
                      command: Sequence[str] | None = None,
                      progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """``run_check`` once the folder is locked."""
    options = options or CheckOptions()
    log_path, out = Path(log_path), Path(out_dir)
    if not log_path.exists():
        raise UsageError(f"input log not found: {log_path}")
    check_output_folder(out, resume=resume, overwrite=overwrite)
    preflight(log_path, options.input_format, contexts_separator=options.contexts_separator,
              fields=options.fields)  # wrong format: exit 2
    started = _now()
    input_hash = input_sha256(log_path)
    identity = run_identity(checker.spec(), _claims_spec(options), options.refusals.patterns,
                            options.check_reference, fields=options.fields)
    if resume:
        check_resume(out, log_path, input_hash, identity)
    out.mkdir(parents=True, exist_ok=True)
    (out / MANIFEST_FILE).unlink(missing_ok=True)
    write_run_file(out, input_hash, started, identity)
    writer = ResultsWriter(out, resume=resume)
    summary = RunSummary()
    for record in writer.done:
        summary.add(record)
    last_line = max((r.line for r in writer.done), default=0)
    lines = 0
    stored = RecordCache(_content_cache(checker) if options.reuse_records else None, identity)
    try:
        reader = read_input(log_path, options.input_format, contexts_separator=options.contexts_separator,
                            fields=options.fields,
                            max_record_bytes=options.limits.max_record_bytes)
        items = (i for i in reader if i.line > last_line)
        for chunk in _chunks(items, options.chunk_size):
            claims = 0
            for record in _checked_or_cached(chunk, checker, options, stored):
                writer.write(record)
                summary.add(record)
                claims += len(record.claims)
            lines += len(chunk)
            if progress:
                progress(len(chunk), claims)
    except BackendError as exc:  # keep what was written and say how to continue
        raise BackendError(f"{exc}\n{resume_hint(out, len(writer.done) + lines)}") from exc
    finally:
        writer.close()
    result = summary.as_dict()
    result["records_from_cache"] = stored.hits
    merged = merged_counters(checker, options.claims)  # every component of the checker tree, once
    # Counts read from the written records win: a checker's own counters also see the reference checks.
    result.update({k: v for k, v in merged.items() if k not in result})
    result["checker_counters"] = merged
    if warnings := cache_warnings(walk(checker, options.claims)):
        result["cache_warnings"] = warnings  # a damaged cache was rebuilt or turned off: verdicts are unaffected
    manifest = RunManifest(
        results_format=RESULTS_FORMAT, faithkit_version=__version__, command=tuple(command or sys.argv),
        input={"path": str(log_path), "sha256": input_hash, "records": summary.answers,
               "format": resolve_format(log_path, options.input_format),
               **({"contexts_separator": options.contexts_separator} if options.contexts_separator else {}),
               **({"fields": dict(options.fields)} if options.fields else {})},
        checker=checker.spec(), claims=_claims_spec(options), refusal_patterns=tuple(options.refusals.patterns),
        packages=package_versions(), started_at=started, finished_at=_now(), resumed=bool(resume and writer.done),
        complete=True, summary=result, profiles=summary.profiles(),
    )
    write_manifest(out, manifest)  # run.json stays: a later --resume compares against it
    return manifest.to_dict()

