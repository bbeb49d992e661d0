"""The short summary printed after `faithkit check`."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from faithkit.records import RunManifest


def _fmt(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def summary_lines(manifest: RunManifest | Mapping[str, Any]) -> list[str]:
    """The summary table of a run; ``manifest`` as a RunManifest or as the dict `run_check` returns."""
    if not isinstance(manifest, RunManifest):
        manifest = RunManifest.from_dict(manifest)
    s = manifest.summary
    checker = manifest.checker
    rows = [
        ("checker", f"{checker.get('checker', '?')}  threshold {_fmt(checker.get('threshold'))}"),
        ("answers", f"{s['answers']}  (scored {s['scored']}, refusals {s['refusals']}, no claims "
                    f"{s['no_claims']}, errors {s['errors']})"),
        ("claims", f"{s['claims']}  (supported {s['claims_supported']}, errors {s['claim_errors']}, "
                   f"truncated {s['truncated']})"),
        ("unsupported-answer rate", f"{_fmt(s['unsupported_answer_rate'])}  ({s['unsupported_answers']} of "
                                    f"{s['scored']} scored answers)"),
        ("faithfulness micro / macro", f"{_fmt(s['faithfulness_micro'])} / {_fmt(s['faithfulness_macro'])}"),
        ("refusal rate", _fmt(s["refusal_rate"])),
    ]
    if s.get("stages"):
        rows.append(("decided by", ", ".join(f"{k} {v}" for k, v in s["stages"].items())))
    if s.get("unchecked"):
        u = s["unchecked"]
        rows.append(("sentences not checked", f"{u['sentences']} in {u['answers']} answers  ("
                     + ", ".join(f"{k} {v}" for k, v in u["why"].items()) + "; `unchecked` in results.jsonl)"))
    if s.get("correctness"):
        c = s["correctness"]
        rows.append(("faithful/correct", f"faithful+correct {c['faithful_correct']}, faithful+wrong "
                                         f"{c['faithful_wrong']}, unfaithful+correct {c['unfaithful_correct']}, "
                                         f"unfaithful+wrong {c['unfaithful_wrong']}"))
    extra = [k for k in ("numbers_changed", "arithmetic_changed", "judge_calls", "judge_errors",
                         "unverified_quotes", "cache_hits") if k in s]
    if extra:
        rows.append(("stage counts", ", ".join(f"{k} {s[k]}" for k in extra)))
    width = max(len(k) for k, _ in rows)
    return [f"{k:<{width}}  {v}" for k, v in rows]


def print_summary(manifest: RunManifest | Mapping[str, Any], out_dir: Path) -> None:
    for line in summary_lines(manifest):
        print(line)
    print(f"results: {Path(out_dir) / 'results.jsonl'}")
