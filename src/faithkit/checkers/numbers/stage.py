"""The numbers stage: a checker that wraps another and applies two rules no classifier can apply itself.

Rule ``missing_number`` (flag): a claim the inner checker supports, with a number that is neither in any
passage, nor in the question, nor a used given, nor derivable by a justified expression, becomes
``not_supported`` with stage ``numbers`` ("The Team plan includes up to 12 users": 12 is in no passage; some
detectors pass it).

Rule ``written_sum`` (flag): an expression the claim writes out ("€14.70 in total (3 × €3.90)") that does not give
the number it stands for makes the claim ``not_supported``, stage ``numbers``, with ``detail.reason`` saying
what it computes (``written``); checked first, whatever the inner checker said.

Rules ``calendar``, ``rate_as_total``, ``exclusion``, ``ignored_limit`` (flag, ``operand_conditions``): a claim the
stage would pass whose amount its sentence gives for other days or months, per one period, not with a discount, or
under a cap or minimum the total misses, becomes ``not_supported``, stage ``numbers``, the sentence as evidence.

Rule ``arithmetic`` (rescue): a claim the inner checker does not support becomes ``supported`` with stage
``arithmetic`` only when BOTH hold:
  (a) every claim number missing from the passages is accounted for, and at least one is ``derived`` by a
      justified expression (``analysis``, ``justify``); failing that, a claim number a passage states by
      coincidence counts as derived when a justified expression over a number of the *question* (or, for a
      price, over numbers the claim states) gives it ("On a £40 single, that is £10": 25% of the user's £40;
      ``analysis.derive_from_question``, tried only here, so it can never flag a claim), and
  (b) what the claim says besides its arithmetic is supported (``reduce``), shown in one of four ways, tried in
      order, each batched into one extra call of the inner checker:
      1. the inner checker supports the *reduced claim*, the claim restated for one unit of the user's
         quantity ("Eight users would pay €96 a month." -> "Each user would pay €12 a month."); or
      2. the *rest of the claim* passes: the clauses that carry derived numbers say nothing but the arithmetic
         (each word is in the sentences the operands came from, a unit, or a word of arithmetic; no negation),
         and the inner checker supports what is left ("The Team plan costs €12 per user per month, so your 8
         users would pay €96 a month." -> "The Team plan costs €12 per user per month."). When nothing is left,
         the word test decides, unless the inner checker found the claim contradicted.
      3. as way 2, with a leading phrase that only names an operand also taken out and word-tested ("With
         the 20% student discount, Full costs £28 a month.", "At 10 cent a minute, a 30-minute call … costs
         €3."): no model entails such a phrase on its own. Nothing may be left, and here the inner checker's
         contradiction on the whole claim does not block (on verified arithmetic it is the failure this stage
         corrects: "£28" is not "£35").
      4. the inner checker supports the claim as written against its *worked premise*: the sentences its
         operands came from followed by the arithmetic written out ("12 months × $18 × 2 = $432."; ``worked``).
         The rules read that premise as any passage, so a wrong condition or polarity still refutes.
      Way 2 exists because a model does not always entail the reduced claim: the bundled one calls "… €12 per
      user per month, so each user would pay €12 a month." neutral, which kept Larkspur's correct team-8
      sentence flagged after 96 = 12 × 8 was verified. "8 users would pay €96 a month and get SSO" stays not
      supported either way: its reduced claim and its rest ("Get SSO.") both still claim SSO.

Verdicts the inner checker returned as ``error`` are passed through untouched. A verdict changed by a rule
keeps the inner verdict in ``detail["inner"]``; ``counters`` says how many claims each rule changed, and the
pipeline adds those counts to the run summary. With ``arithmetic=False`` the flag rule still accepts verified
arithmetic (it only stops flagging it); with ``missing_numbers=False`` nothing is flagged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from faithkit.checkers.base import Checker, CheckerWrapper, load_checker, warnings_of
from faithkit.checkers.numbers.analysis import (
    NumberReport,
    analyse_claim_numbers,
    derive_from_question,
    grounding_rounds,
)
from faithkit.checkers.numbers.clock import unbound_reason, unbound_times, unstated_reason, unstated_times
from faithkit.checkers.numbers.dates import unstated_date_reason, unstated_dates
from faithkit.checkers.numbers.nearest import missing_reason
from faithkit.checkers.numbers.operand_conditions import bound_operands, claim_operand_conflict, conflict_verdict
from faithkit.checkers.numbers.operands import ANSWER_SOURCE
from faithkit.checkers.numbers.reduce import reduced_claim, rest_of_claim
from faithkit.checkers.numbers.version import STAGE_VERSION
from faithkit.checkers.numbers.worked import worked_requests
from faithkit.checkers.numbers.written import WrittenSum, wrong_written_sum
from faithkit.guards import expect_verdicts
from faithkit.records import NOT_SUPPORTED, SUPPORTED, ClaimCheck, Evidence, Interaction, Passage, Verdict


class NumberChecks(CheckerWrapper):
    """Wraps ``inner`` with the missing-number flag and the arithmetic rescue (module docstring)."""

    def __init__(self, inner: Checker, arithmetic: bool = True, missing_numbers: bool = True,
                 max_operands: int = 20, max_givens: int = 2, max_missing: int = 4):
        self.inner = inner
        self.arithmetic = arithmetic
        self.missing_numbers = missing_numbers
        self.max_operands = max_operands
        self.max_givens = max_givens
        self.max_missing = max_missing
        self.name = f"{inner.name}+numbers"
        self.threshold = inner.threshold
        self.counters: dict[str, int] = {"numbers_changed": 0, "arithmetic_changed": 0,
                                         "numbers_claims_with_missing": 0, "numbers_rechecks": 0}

    def spec(self) -> dict[str, Any]:
        numbers: dict[str, Any] = {"version": STAGE_VERSION, "arithmetic": self.arithmetic,
                                   "missing_numbers": self.missing_numbers}
        defaults = {"max_operands": 20, "max_givens": 2, "max_missing": 4}
        numbers.update({k: getattr(self, k) for k, v in defaults.items() if getattr(self, k) != v})
        return {**self.inner.spec(), "numbers": numbers}

    def load(self) -> NumberChecks:
        load_checker(self.inner)
        return self

    def warnings_for(self, interaction: Interaction) -> list[str]:
        return warnings_of(self.inner, interaction)

    def sources(self, request: ClaimCheck) -> tuple[Passage, ...]:
        """The passages, and the answer's other statements (``request.context``) whose numbers are accounted for
        (``grounding_rounds``), each as a passage ``answer``: "So paying yearly saves you $5.89." computes
        $35.88 − $29.99 from the sentence before it, which no passage states. A claim that a round grounded draws
        on that round and the ones before only (what those grounded never needed it), so no explanation goes in a
        circle."""
        if not request.context:
            return request.passages
        # one key per answer, whichever of its claims asks: the grounding is the same for all of them
        statements = tuple(sorted({request.claim, *request.context}))
        rounds = self._grounded(statements, request.passages, request.question)
        own = next((k + 1 for k, found in enumerate(rounds) if request.claim in found), len(rounds))
        return request.passages + tuple(Passage(ANSWER_SOURCE, text) for found in rounds[:own] for text in found
                                        if text != request.claim)

    @lru_cache(maxsize=1024)  # noqa: B019 -- one stage per run; asked once per claim of an answer
    def _grounded(self, statements: tuple[str, ...], passages: tuple[Passage, ...], question: str
                  ) -> tuple[tuple[str, ...], ...]:
        return grounding_rounds(statements, passages, question, max_operands=self.max_operands,
                                max_givens=self.max_givens, max_missing=self.max_missing)

    def analyse(self, request: ClaimCheck) -> NumberReport:
        return analyse_claim_numbers(request.claim, self.sources(request), request.question,
                                     max_operands=self.max_operands, max_givens=self.max_givens,
                                     max_missing=self.max_missing)

    def rederive(self, request: ClaimCheck, report: NumberReport) -> NumberReport:
        """``report`` with the claim numbers that a passage states by coincidence but the question's numbers
        derive marked ``derived`` (``analysis.derive_from_question``); ``report`` itself when there are none."""
        again = derive_from_question(request.claim, self.sources(request), request.question, report,
                                     max_operands=self.max_operands, max_missing=self.max_missing)
        return again or report

    def check(self, requests: Sequence[ClaimCheck]) -> list[Verdict]:
        analysed: dict[int, NumberReport] = {}
        if self.missing_numbers:  # what the inner checker need not work out (``ClaimCheck.settled``)
            requests = [replace(r, settled=True) if not r.settled and self._settled(r, analysed, i) else r
                        for i, r in enumerate(requests)]
        verdicts = expect_verdicts(self.inner.name, self.inner.check(requests), len(requests))
        if not (self.arithmetic or self.missing_numbers):
            return verdicts
        reports: dict[int, NumberReport] = {}
        rescue: list[tuple[int, ClaimCheck]] = []
        for i, (request, verdict) in enumerate(zip(requests, verdicts)):
            if verdict.label not in (SUPPORTED, NOT_SUPPORTED):
                continue
            wrong = wrong_written_sum(request.claim) if self.missing_numbers else None
            if wrong is not None:  # the claim's own expression does not give its number (``written``)
                verdicts[i] = self._flag_written(verdict, wrong)
                self.counters["numbers_changed"] += verdict.label == SUPPORTED
                continue
            report = analysed[i] if i in analysed else self.analyse(request)
            if not report.numbers:
                continue
            reports[i] = report
            if report.missing:
                self.counters["numbers_claims_with_missing"] += 1
            if verdict.label == SUPPORTED:
                if self.missing_numbers and not report.accepted:
                    verdicts[i] = self._flag(verdict, report, request)
                    self.counters["numbers_changed"] += 1
                elif report.missing:
                    verdicts[i] = _annotate(verdict, report)
                continue
            if self.arithmetic and report.accepted:
                report = reports[i] = self.rederive(request, report)
            if self.arithmetic and report.accepted and report.derived:
                reduced = reduced_claim(request.claim, report)
                if reduced and reduced != request.claim:
                    rescue.append((i, replace(request, claim=reduced)))
                else:
                    verdicts[i] = _annotate(verdict, report, note="arithmetic verified; claim not reducible")
            elif report.missing:
                verdicts[i] = _annotate(verdict, report)
        for (i, reduced), again in self._recheck(rescue):
            if again.label == SUPPORTED:
                verdicts[i] = self._rescue(verdicts[i], reports[i], again, reduced_claim=reduced.claim)
            else:
                verdicts[i] = _annotate(verdicts[i], reports[i], reduced=reduced.claim,
                                        note="arithmetic verified; reduced claim not supported")
        rest_checks: list[tuple[int, ClaimCheck]] = []
        for i, report in reports.items():
            verdict = verdicts[i]
            if not (self.arithmetic and verdict.label == NOT_SUPPORTED and report.accepted and report.derived):
                continue
            rest = rest_of_claim(requests[i].claim, report, requests[i].question)
            if rest is None:
                continue
            if rest.ok and rest.text:
                rest_checks.append((i, replace(requests[i], claim=rest.text)))
            elif rest.ok and not _contradicted_on_operands(verdict, report):
                verdicts[i] = self._rescue(verdict, report, None, rest_claim="")
            else:
                if not rest.ok:
                    verdict = replace(verdict, detail={**verdict.detail, "rest_uncovered": list(rest.uncovered)})
                verdicts[i] = self._premise_rescue(requests[i], verdict, report)
        for (i, rest_request), again in self._recheck(rest_checks):
            if again.label == SUPPORTED:
                verdicts[i] = self._rescue(verdicts[i], reports[i], again, rest_claim=rest_request.claim)
            else:
                verdicts[i] = self._premise_rescue(requests[i], replace(verdicts[i], detail={
                    **verdicts[i].detail, "rest_claim": rest_request.claim, "rest_verdict": again.to_dict()}),
                    reports[i])
        still_open = {i: r for i, r in reports.items()
                      if self.arithmetic and verdicts[i].label == NOT_SUPPORTED and verdicts[i].stage != "numbers"}
        worked_premises = worked_requests(requests, still_open)
        for (i, worked), again in self._recheck(worked_premises):
            if again.label == SUPPORTED:  # the claim as written, on its operands' sentences and the arithmetic
                verdicts[i] = self._rescue(verdicts[i], reports[i], again, worked=worked.passages[0].text)
        for i, request in enumerate(requests):
            if self.arithmetic and verdicts[i].label == NOT_SUPPORTED and verdicts[i].stage != "numbers" and (
                    i not in reports or reports[i].accepted):
                verdicts[i] = self._date_rescue(request, verdicts[i])
        for i, report in reports.items():
            if verdicts[i].stage == "arithmetic":
                verdicts[i] = bound_operands(requests[i], verdicts[i], report)
            elif verdicts[i].label == NOT_SUPPORTED and report.unverified and verdicts[i].stage != "numbers":
                # the model decided, but the reader's first objection is the number: say it first
                why = missing_reason([n.quantity for n in report.unverified], requests[i].passages, requests[i].claim)
                before = verdicts[i].detail.get("reason")
                verdicts[i] = replace(verdicts[i], detail={**verdicts[i].detail,
                                                           "reason": f"{why}; {before}" if before else why})
        for i, request in enumerate(requests):  # a time of day or a date no source states or computes
            if self.missing_numbers and verdicts[i].label == SUPPORTED:
                times = unstated_times(request.claim, request.passages, request.question)
                dates = unstated_dates(request.claim, [p.text for p in request.passages], request.question,
                                       request.context)
                clash = None if times or dates or i not in reports else claim_operand_conflict(
                    request.claim, request.question, request.passages, reports[i])  # "R$120 ... Monday to Thursday"
                evidence = verdicts[i].evidence
                moved = [] if times or dates or clash or verdicts[i].stage != "nli" or evidence is None else \
                    unbound_times(request.claim, evidence.text, request.question)  # a time of another case
                if times or dates:
                    verdicts[i] = self._flag_moments(verdicts[i], times, dates, request)
                elif clash:
                    verdicts[i] = conflict_verdict(verdicts[i], clash, reports[i])
                elif moved:
                    verdicts[i] = self._flag_moments(verdicts[i], moved, [], request, window=evidence)
                self.counters["numbers_changed"] += bool(times or dates or clash or moved)
        # counted once the rescues are final (an operand bound to another case undoes one: ``bound_operands``)
        self.counters["arithmetic_changed"] += sum(v.stage == "arithmetic" for v in verdicts)
        return verdicts

    def _settled(self, request: ClaimCheck, analysed: dict[int, NumberReport], i: int) -> bool:
        """Whether this stage flags the claim whatever the inner checker says: its written sum is wrong, or a
        number of it is in no passage and no arithmetic derives it (``_flag`` if the inner checker supports it,
        and a flag left as it is otherwise). The analysis is kept in ``analysed`` for ``check`` to reuse."""
        if wrong_written_sum(request.claim) is not None:
            return True
        report = analysed[i] = self.analyse(request)
        return bool(report.numbers) and not report.accepted

    def _date_rescue(self, request: ClaimCheck, verdict: Verdict) -> Verdict:
        """A claim the inner checker did not support, whose dates are the user's date plus a period an evidence
        sentence states and whose other words that clause or the question accounts for (``dates``): supported,
        stage ``arithmetic``. Otherwise unchanged, with what was computed and the words left over in ``detail``."""
        from faithkit.checkers.numbers.dates import uncovered_words, worked_date

        found = worked_date(request.claim, [p.text for p in self.sources(request)], request.question,
                            request.context)
        if found is None or verdict.detail.get("disagreeing_sentence"):  # a rule's refutation stands (``_rescue``)
            return verdict
        expression = "; ".join(found.expressions)
        left = uncovered_words(request.claim, found, request.question)
        if left:
            return replace(verdict, detail={**verdict.detail, "date_arithmetic": expression,
                                            "rest_uncovered": list(dict.fromkeys(left))})
        return Verdict(SUPPORTED, "arithmetic", score=None, evidence=Evidence(None, expression),
                       truncated=verdict.truncated,
                       detail={"numbers_rule": "date_arithmetic", "reason": f"verified date arithmetic: {expression}",
                               "periods_from": list(found.periods), "inner": _without_numbers(verdict.to_dict())})

    def _premise_rescue(self, request: ClaimCheck, verdict: Verdict, report: NumberReport) -> Verdict:
        """The last way of the arithmetic rule: what the inner checker could not support is a leading phrase
        that only names an operand ("With the 20% student discount", "On a £60 fare"), which no model
        entails on its own. With that phrase taken out too, nothing may be left and every word must pass the
        word test (the operands' sentences, units, words of arithmetic). The inner checker's contradiction on
        the whole claim does not block this way: on a claim whose only new content is verified arithmetic it
        is the known failure this stage exists for ("€28" is not "£35"), and the word test has already
        refused anything a passage sentence does not say."""
        rest = rest_of_claim(request.claim, report, request.question, premises=True)
        plain = rest_of_claim(request.claim, report, request.question)
        if rest is None or plain is None or rest.removed == plain.removed:
            return verdict
        if not rest.ok or rest.text:
            uncovered = list(dict.fromkeys([*verdict.detail.get("rest_uncovered", []), *rest.uncovered]))
            return replace(verdict, detail={**verdict.detail, "rest_uncovered": uncovered}) if uncovered else verdict
        rescued = self._rescue(verdict, report, None, rest_claim="")
        premise = [r for r in rest.removed if r not in plain.removed]
        return replace(rescued, detail={**rescued.detail, "premise": premise})

    def _recheck(self, batch: list[tuple[int, ClaimCheck]]) -> list[tuple[tuple[int, ClaimCheck], Verdict]]:
        """One extra call of the inner checker for a batch of restated claims (none for an empty batch)."""
        if not batch:
            return []
        self.counters["numbers_rechecks"] += len(batch)
        return list(zip(batch, self.inner.check([r for _, r in batch])))

    def _flag(self, inner: Verdict, report: NumberReport, request: ClaimCheck) -> Verdict:
        bad = report.unverified
        return Verdict(
            NOT_SUPPORTED, "numbers", score=None,
            evidence=Evidence(None, "; ".join(n.quantity.text for n in bad)),
            error=report.note or None,
            detail={"numbers_rule": "missing_number", "inner": inner.to_dict(), "numbers": report.as_dicts(),
                    "reason": missing_reason([n.quantity for n in bad], request.passages, request.claim)},
        )

    def _flag_moments(self, inner: Verdict, times: list[str], dates: list[str], request: ClaimCheck,
                      window: Evidence | None = None) -> Verdict:
        """Times of day or dates no source states; with ``window``: times the passages state, but not the window
        the model supported the claim with (``clock.unbound_times``), which stays the evidence."""
        if window is not None:
            why = [unbound_reason(times, window.passage_id, window.text)]
        else:
            why = [unstated_reason(times, request.claim, request.passages)] if times else []
            why += [unstated_date_reason(dates, request.claim, request.passages, request.question)] if dates else []
        rule = "clock_elsewhere" if window is not None else "clock_time" if times else "unstated_date"
        return Verdict(NOT_SUPPORTED, "numbers", score=None,
                       evidence=window or Evidence(None, "; ".join([*times, *dates])),
                       detail={"numbers_rule": rule, "inner": inner.to_dict(),
                               "numbers": [{"text": t, "status": "unverified", "unit": "time of day"} for t in times]
                               + [{"text": d, "status": "unverified", "unit": "date"} for d in dates],
                               "reason": "; ".join(why)})

    def _flag_written(self, inner: Verdict, wrong: WrittenSum) -> Verdict:
        return Verdict(
            NOT_SUPPORTED, "numbers", score=None, evidence=Evidence(None, wrong.expression.strip()),
            detail={"numbers_rule": "written_sum", "reason": wrong.reason, "inner": inner.to_dict()},
        )

    def _rescue(self, inner: Verdict, report: NumberReport, again: Verdict | None, *,
                reduced_claim: str | None = None, rest_claim: str | None = None, worked: str | None = None) -> Verdict:
        """A claim made supported by verified arithmetic, keeping what decided it: the reduced claim, the rest of
        the claim or the worked premise, and the inner verdict on it (none when the rest was empty: the lexical
        test decided). Not a claim an alignment rule refuted: the sentence it is about disagrees with it (a
        "first 4 hours" at a "first 3 hours" price), which arithmetic over its numbers cannot undo."""
        if inner.detail.get("disagreeing_sentence"):
            return _annotate(inner, report, note="arithmetic verified; a passage sentence disagrees with the claim")
        expression = "; ".join(d.expression for d in report.derivations)
        detail: dict[str, Any] = {"numbers_rule": "arithmetic", "inner": _without_numbers(inner.to_dict()),
                                  "numbers": report.as_dicts(), "reason": f"verified arithmetic: {expression}"}
        if reduced_claim is not None:
            detail.update(reduced_claim=reduced_claim, reduced_verdict=again.to_dict() if again else None)
        elif worked is not None:
            detail.update(worked_premise=worked, worked_verdict=again.to_dict() if again else None)
        else:
            if inner.detail.get("reduced_claim"):
                detail["reduced_claim"] = inner.detail["reduced_claim"]
            detail.update(rest_claim=rest_claim, rest_verdict=again.to_dict() if again else None)
        return Verdict(
            SUPPORTED, "arithmetic", score=again.score if again else None, evidence=Evidence(None, expression),
            probs=again.probs if again else None, truncated=again.truncated if again else inner.truncated,
            detail=detail,
        )


def _contradicted_on_operands(verdict: Verdict, report: NumberReport) -> bool:
    """Whether the window the model reads as contradicting the claim (``label3``; the evidence shown is that
    window) holds a passage sentence an operand of the arithmetic came from. Only then does the contradiction
    speak against the arithmetic: an NLI head also calls off-topic sentences contradictions ("Changing the time
    of a Saver ticket costs £10 plus any difference in fare." for "On a £60 fare, you would save £20.")."""
    if verdict.label3 != "contradicted":
        return False
    if verdict.evidence is None:  # a contradiction nobody can place: it blocks (fail closed)
        return True
    return any(o.context and o.context in verdict.evidence.text
               for d in report.derivations for o in d.operands if "passage" in o.origins)


def _without_numbers(verdict: dict[str, Any]) -> dict[str, Any]:
    """The inner verdict as the inner checker gave it, without the notes this stage attached to it."""
    keys = ("numbers", "numbers_note", "reduced_claim", "rest_claim", "rest_verdict", "rest_uncovered")
    return {**verdict, "detail": {k: v for k, v in (verdict.get("detail") or {}).items() if k not in keys}}


def _annotate(verdict: Verdict, report: NumberReport, note: str | None = None,
              reduced: str | None = None) -> Verdict:
    """An unchanged verdict with the (small) number statuses attached, so a reviewer sees why nothing moved."""
    extra: dict[str, Any] = {"numbers": report.as_dicts()}
    if note:
        extra["numbers_note"] = note
    if reduced:
        extra["reduced_claim"] = reduced
    return replace(verdict, detail={**verdict.detail, **extra})
