"""Plain-text rendering of a comparison and a gate decision, for the terminal and CI logs.

Order matters: a changed instrument is printed first (it changes what every number below means), then the
warnings a reader must not miss (refusals rising, ids in one run only), then the numbers, then the newly broken
answers with their failing claims and evidence, which are the regressions users will meet.
"""

from __future__ import annotations

import json
from typing import Any

from faithkit.compare import AnswerPair, Comparison, RunStats
from faithkit.gate import GateDecision
from faithkit.records import ClaimResult
from faithkit.stats import Interval

MAX_SHOWN_IDS = 20
MAX_TEXT = 200


def clip(text: str, limit: int = MAX_TEXT) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rate_text(interval: Interval) -> str:
    """``15.5% [11.1%, 21.2%] (31/200)``, or ``n/a (0 scored)``."""
    if interval.rate is None:
        return "n/a (0 scored)"
    return f"{interval.rate:.1%} [{interval.low:.1%}, {interval.high:.1%}] ({interval.k}/{interval.n})"


def value_text(value: Any) -> str:
    return "(absent)" if value is None else json.dumps(value, ensure_ascii=False)


def id_list(ids: tuple[str, ...] | list[str]) -> str:
    shown = ", ".join(ids[:MAX_SHOWN_IDS])
    return shown + (f", … ({len(ids) - MAX_SHOWN_IDS} more)" if len(ids) > MAX_SHOWN_IDS else "")


def claim_lines(claim: ClaimResult) -> list[str]:
    """A failing claim and what decided it: verdict, score, stage, evidence (or the error reason)."""
    score = claim.score
    score_text = f", score {score:.3f}" if isinstance(score, (int, float)) else ""
    lines = [f'"{clip(claim.text)}" -> {claim.verdict or None} ({claim.stage or "?"}{score_text})']
    evidence = claim.evidence
    if evidence:
        lines.append(f'evidence [{evidence.passage_id}]: "{clip(evidence.text)}"')
    else:
        lines.append("evidence: none")
    if claim.error:
        lines.append(f"error: {clip(claim.error)}")
    return lines


def significance_note(c: Comparison, alpha: float = 0.05) -> str:
    """How to read p at the conventional 0.05 (the gate applies its own alpha)."""
    if c.p_value >= alpha:
        return f"not significant at {alpha}"
    direction = "improvement: more fixed than broken" if c.fixed > c.broken else "regression: more broken than fixed"
    return f"significant at {alpha}; {direction}"


def headline(c: Comparison) -> str:
    return (f"unsupported answers {c.base.unsupported}/{c.base.scored} -> {c.new.unsupported}/{c.new.scored}; "
            f"{c.fixed} fixed, {c.broken} broken, p = {c.p_value:.3f}; refusals {c.base.refusals} -> "
            f"{c.new.refusals}")


def stats_rows(base: RunStats, new: RunStats) -> list[tuple[str, str, str]]:
    return [
        ("answers", str(base.answers), str(new.answers)),
        ("scored", str(base.scored), str(new.scored)),
        ("unsupported answers", str(base.unsupported), str(new.unsupported)),
        ("unsupported rate [95% Wilson]", rate_text(base.unsupported_rate), rate_text(new.unsupported_rate)),
        ("refusals", str(base.refusals), str(new.refusals)),
        ("no claims", str(base.no_claims), str(new.no_claims)),
        ("errors", str(base.errors), str(new.errors)),
        ("answers with claim errors", str(base.claim_error_answers), str(new.claim_error_answers)),
        ("answers with truncation", str(base.truncated_answers), str(new.truncated_answers)),
    ]


def broken_block(pair: AnswerPair) -> list[str]:
    lines = [f"  {pair.id}"]
    claims = pair.new_failing_claims
    if not claims:
        lines.append("    (no failing claim stored)")
    for claim in claims:
        first, *rest = claim_lines(claim)
        lines.append(f"    - {first}")
        lines.extend(f"      {line}" for line in rest)
    return lines


def render_comparison(comparison: Comparison) -> str:
    c = comparison
    out = [f"faithkit compare\n  base: {c.base_path}\n  new:  {c.new_path}", f"  {headline(c)}", ""]
    if c.meaning_changes:
        out.append("MEASUREMENT CHANGED: the runs were scored with different settings, so the numbers below")
        out.append("compare different instruments, not only different systems:")
        out += [f"  {ch.key}: {value_text(ch.base)} -> {value_text(ch.new)}" for ch in c.meaning_changes]
        out.append("")
    info = [ch for ch in c.manifest_changes if not ch.changes_meaning]
    if info:
        out.append("Also different (for information):")
        out += [f"  {ch.key}: {value_text(ch.base)} -> {value_text(ch.new)}" for ch in info]
        out.append("")
    if c.refusal_rise_warning:
        out += [f"WARNING: {c.refusal_rise_warning}", ""]
    for warning in c.warnings:
        out.append(f"warning: {warning}")
    if c.only_base:
        out.append(f"only in base ({len(c.only_base)}): {id_list(c.only_base)}")
    if c.only_new:
        out.append(f"only in new ({len(c.only_new)}): {id_list(c.only_new)}")
    if c.warnings or c.only_base or c.only_new:
        out.append("")
    rows = [("", "base", "new"), *stats_rows(c.base, c.new)]
    width0 = max(len(r[0]) for r in rows)
    width1 = max(len(r[1]) for r in rows)
    out.append("Runs")
    out += [f"  {a:<{width0}}  {b:<{width1}}   {n}" for a, b, n in rows]
    out.append("")
    out.append(f"Paired answers ({c.common} ids in both runs)")
    out.append(f"  fixed (unsupported -> supported):  {c.fixed}")
    out.append(f"  broken (supported -> unsupported): {c.broken}")
    out.append(f"  unchanged: {c.unchanged} (supported in both {c.unchanged_supported}, unsupported in both "
               f"{c.unchanged_unsupported}, same other status {c.unchanged_other})")
    if c.status_changes:
        details = ", ".join(f"{k.replace('->', ' -> ')}: {v}" for k, v in c.status_changes.items())
        out.append(f"  status changed (not in the test): {sum(c.status_changes.values())} ({details})")
    out.append(f"  exact McNemar test (two-sided binomial, {min(c.fixed, c.broken)} of {c.fixed + c.broken} "
               f"changed answers): p = {c.p_value:.4f} ({significance_note(c)})")
    broken = c.newly_broken()
    out.append("")
    out.append(f"Newly broken answers ({len(broken)})")
    if not broken:
        out.append("  none")
    for pair in broken:
        out += broken_block(pair)
    return "\n".join(out) + "\n"


def render_decision(decision: GateDecision) -> str:
    out = [f"Gate: {decision.outcome.upper()} (exit {decision.exit_code})"]
    if decision.inconclusive:
        out.append("  cannot decide:")
        out += [f"    - {reason}" for reason in decision.inconclusive]
    if decision.failures:
        out.append("  failed checks:" if decision.outcome == "fail" else "  would also fail:")
        out += [f"    - {reason}" for reason in decision.failures]
    p = decision.policy
    ceiling = "none" if p.max_unsupported_rate is None else f"{p.max_unsupported_rate:.1%} (on the {p.ceiling_on})"
    out.append(f"  policy: unsupported-rate ceiling {ceiling}, alpha {p.alpha}, max error share "
               f"{p.max_error_rate:.1%} (claim errors {p.claim_error_limit:.1%}, truncation "
               f"{p.truncation_limit:.1%}), missing baseline ids {p.max_missing_rate:.1%}, measurement change "
               f"{'allowed' if p.allow_measurement_change else 'not allowed'}")
    return "\n".join(out) + "\n"
