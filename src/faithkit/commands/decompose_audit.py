"""`faithkit decompose-audit PERSON_CLAIMS`: count the decomposer's missed, merged and invented claims."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from faithkit.errors import InputFormatError, UsageError


def register(sub: argparse._SubParsersAction) -> None:
    from faithkit.commands._llm_args import add_connection_arguments

    p = sub.add_parser(
        "decompose-audit", help="compare LLM claims with claims a person wrote (missed / merged / invented)",
        description="PERSON_CLAIMS is JSONL, one line per answer: {\"id\": ..., \"claims\": [\"...\", ...]}. The "
                    "model's claims come from a results folder made with --claims llm (--results), or from "
                    "running the decomposer now on --log with --model.")
    p.add_argument("person_claims", type=Path, help="JSONL of claims written by a person")
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--results", type=Path, help="results folder of `faithkit check --claims llm`")
    source.add_argument("--log", type=Path, help="interaction log to decompose now (needs --model)")
    p.add_argument("--model", help="LLM model name (with --log)")
    p.add_argument("--match", type=float, default=0.6,
                   help="share of a claim's content words that must occur in the other to match (default 0.6)")
    p.add_argument("--out", type=Path, help="write the full audit (every decision, with its claims) as JSON")
    add_connection_arguments(p)
    from faithkit.commands._format_args import add_format_arguments

    add_format_arguments(p)
    p.set_defaults(func=run)


def read_person_claims(path: Path) -> dict[str, list[str]]:
    if not path.is_file():
        raise UsageError(f"person claims file not found: {path}")
    from faithkit.io.jsonl import iter_jsonl

    out: dict[str, list[str]] = {}
    for number, row in iter_jsonl(path):
        if not isinstance(row, dict) or not isinstance(row.get("id"), str) or not isinstance(row.get("claims"), list) \
                or not all(isinstance(c, str) for c in row["claims"]):
            raise InputFormatError('expected {"id": str, "claims": [str, ...]}', number)
        if row["id"] in out:
            raise InputFormatError(f"duplicate id {row['id']!r}", number)
        out[row["id"]] = row["claims"]
    return out


def _model_claims_from_results(folder: Path) -> dict[str, list[str]]:
    from faithkit.io.results import read_results

    run = read_results(folder)
    return {r["id"]: [c["text"] for c in r.get("claims", [])] for r in run.records if r.get("status") == "scored"}


def _model_claims_from_log(args: argparse.Namespace, wanted: set[str]) -> dict[str, list[str]]:
    from faithkit.claims.base import ClaimError
    from faithkit.claims.llm import LLMClaims
    from faithkit.commands._llm_args import session_from_args
    from faithkit.io.formats import read
    from faithkit.records import Interaction

    if not args.model:
        raise UsageError("--log needs --model (the LLM that decomposes)")
    from faithkit.commands._format_args import field_map

    items = read(args.log, args.format, contexts_separator=args.contexts_separator, fields=field_map(args.field))
    interactions = [i for i in items if isinstance(i, Interaction) and i.id in wanted]
    session = session_from_args(args, args.model)
    extractor = LLMClaims(session.caller(), concurrency=session.options.concurrency)
    out = {}
    for interaction, claims in zip(interactions, extractor.extract(interactions)):
        if not isinstance(claims, ClaimError):
            out[interaction.id] = [c.text for c in claims]
    return out


def run(args: argparse.Namespace) -> int:
    from faithkit.llm.audit import audit

    if not 0.0 < args.match <= 1.0:
        raise UsageError("--match must be within (0, 1]")
    person = read_person_claims(args.person_claims)
    model = (_model_claims_from_results(args.results) if args.results is not None
             else _model_claims_from_log(args, set(person)))
    report = audit(person, model, args.match)
    totals = report.totals()
    for answer in report.answers:
        print(f"{answer.id}: person {answer.person_claims}, model {answer.model_claims}, missed "
              f"{len(answer.missed)}, merged {len(answer.merged)}, invented {len(answer.invented)}")
    print(f"answers {totals['answers']}: person claims {totals['person_claims']}, model claims "
          f"{totals['model_claims']}; missed {totals['missed']}, merged {totals['merged']}, "
          f"invented {totals['invented']}")
    if totals["answers_without_model_claims"]:
        print(f"no model claims (error, refusal or missing) for: {', '.join(totals['answers_without_model_claims'])}")
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report.as_dict(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0
