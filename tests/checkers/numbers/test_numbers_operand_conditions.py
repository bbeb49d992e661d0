"""Operand conditions (issue 31, item 2): an amount used on other days or months than its sentence gives it for, a
price per period given for several periods, and a discount applied where an exclusion sentence forbids it. The
inner checker is scripted to support every claim, so each flag here is the numbers stage's own. Passages are
written for these tests in the shapes of the project's dev sets (a bowling alley, a car wash, a campsite)."""

from __future__ import annotations

import pytest

from faithkit.checkers.fake import ScriptedChecker
from faithkit.checkers.numbers import NumberChecks
from faithkit.checkers.numbers.calendar import Calendar, calendar_conflict, calendar_of, operand_calendar
from faithkit.checkers.numbers.extract import quantities
from faithkit.checkers.numbers.operand_conditions import rate_as_total
from faithkit.records import SUPPORTED, ClaimCheck, Passage

LANES = Passage("lanes", "Lane hire costs $120 per lane per hour from Monday to Thursday and $160 per lane per hour "
                         "from Friday to Sunday. Shoes cost $12 per pair. Children pay a flat $8 each, with no "
                         "weekday discount.")
WASH = Passage("wash", "A standard wash costs RON 55. From Monday to Wednesday before 12:00, every wash is 20% off.")
CABINS = Passage("cabins", "Cabins cost NOK 950 per night from 1 June to 31 August and NOK 720 per night the rest "
                           "of the year.")
CARDS = Passage("cards", "Jump passes cost ₩18,000. On weekdays before 15:00, all jump passes are 20% off. A "
                         "10-visit card costs ₩150,000. Visit cards cannot be combined with the weekday 20% "
                         "discount.")
MEMBERSHIP = Passage("membership", "A membership costs ₩69,000 per month, with a minimum term of 3 months.")


def _verdict(claim: str, passages: tuple[Passage, ...], question: str = ""):
    (verdict,) = NumberChecks(ScriptedChecker({claim: "supported"})).check([ClaimCheck(claim, passages, question)])
    return verdict


@pytest.mark.parametrize("text, days, months", [
    ("from Monday to Thursday", {0, 1, 2, 3}, None),
    ("on weekdays", {0, 1, 2, 3, 4}, None),
    ("at weekends", {5, 6}, None),
    ("Mon–Fri", {0, 1, 2, 3, 4}, None),
    ("from Friday to Sunday", {4, 5, 6}, None),
    ("From 1 September to 31 May", None, {9, 10, 11, 12, 1, 2, 3, 4, 5}),
    ("3 nights in May", None, {5}),
    ("on Saturday and Sunday", {5, 6}, None),
    ("You may book online", None, None),  # the modal verb is no month
    ("within 5 weekdays", None, None),  # a duration, not a condition
    ("with no weekday discount", None, None),  # named to be denied
])
def test_calendar_of_reads_days_months_and_spans(text, days, months):
    found = calendar_of(text)
    assert found == Calendar(frozenset(days) if days else None, frozenset(months) if months else None)


def test_an_amount_takes_the_condition_of_its_own_part_of_the_sentence():
    sentence = LANES.text.split(". ")[0] + "."
    weekday, weekend = (q for q in quantities(sentence) if q.unit == "USD")
    assert operand_calendar(sentence, weekday).days == frozenset({0, 1, 2, 3})
    assert operand_calendar(sentence, weekend).days == frozenset({4, 5, 6})
    leading = WASH.text.split(". ")[1]
    (percent,) = quantities(leading)
    assert operand_calendar(leading, percent).days == frozenset({0, 1, 2})


def test_the_rest_of_the_year_is_the_months_the_sentence_does_not_name():
    (low,) = (q for q in quantities(CABINS.text) if q.value == 720)
    assert operand_calendar(CABINS.text, low).months == frozenset({1, 2, 3, 4, 5, 9, 10, 11, 12})


def test_a_weekday_price_for_a_friday_is_flagged_and_the_friday_price_is_not():
    question = "We'd like a lane for 2 hours this Friday. How much is it?"
    wrong = _verdict("The lane is 2 hours at $120, so $240.", (LANES,), question)
    assert wrong.label != SUPPORTED and wrong.detail["numbers_rule"] == "calendar"
    assert "Friday" in wrong.detail["reason"] and wrong.evidence.passage_id == "lanes"
    assert _verdict("The lane is 2 hours at $160, so $320.", (LANES,), question).label == SUPPORTED


def test_the_claims_own_days_come_before_the_questions():
    claim = "From Monday to Thursday a lane costs $120 per hour."
    assert _verdict(claim, (LANES,), "How much is a lane this Friday?").label == SUPPORTED


def test_a_discount_limited_to_some_days_is_flagged_on_another():
    claim = "The RON 55 standard wash with 20% off is RON 44."
    assert _verdict(claim, (WASH,), "I'd like a standard wash on Thursday at 09:00.").label != SUPPORTED
    assert _verdict(claim, (WASH,), "I'd like a standard wash on Tuesday at 09:00.").label == SUPPORTED


def test_a_summer_price_for_a_stay_in_may_is_flagged():
    question = "How much would a cabin cost for 3 nights in May?"
    assert _verdict("A cabin for 3 nights in May costs NOK 2,850 (3 × NOK 950).", (CABINS,), question
                    ).label != SUPPORTED
    assert _verdict("A cabin for 3 nights in May costs NOK 2,160 (3 × NOK 720).", (CABINS,), question
                    ).label == SUPPORTED


def test_a_denied_day_is_no_condition():
    question = "What do two children pay on Saturday?"
    assert _verdict("Two children pay $8 each, so $16.", (LANES,), question).label == SUPPORTED


def test_a_claim_with_no_day_or_month_is_not_held_to_one():
    assert _verdict("The lane is 2 hours at $120, so $240.", (LANES,), "How much is a lane for 2 hours?"
                    ).label == SUPPORTED


def test_a_price_per_month_given_for_the_whole_term_is_flagged():
    claim = "A membership is ₩69,000 for the minimum term of 3 months, which works out at ₩23,000 a month."
    verdict = _verdict(claim, (MEMBERSHIP,))
    assert verdict.label != SUPPORTED and verdict.detail["numbers_rule"] == "rate_as_total"
    (number,) = (q for q in quantities(claim) if q.value == 69000)
    assert "per month" in str(rate_as_total(claim, number, [MEMBERSHIP.text]))
    assert _verdict("A membership is ₩69,000 a month for the minimum term of 3 months.", (MEMBERSHIP,)
                    ).label == SUPPORTED


def test_a_discount_applied_where_an_exclusion_sentence_forbids_it_is_flagged():
    question = "I'm buying a 10-visit card on Wednesday morning. How much will I pay?"
    excluded = _verdict("With 20% off on weekdays before 15:00, the ₩150,000 card costs ₩120,000.", (CARDS,),
                        question)
    assert excluded.label != SUPPORTED and excluded.detail["numbers_rule"] == "exclusion"
    assert "cannot be combined" in excluded.evidence.text
    allowed = _verdict("With 20% off on weekdays before 15:00, a ₩18,000 jump pass costs ₩14,400.", (CARDS,),
                       "I'm buying a jump pass on Wednesday morning. How much will I pay?")
    assert allowed.label == SUPPORTED


def test_the_reason_names_the_days_on_both_sides():
    sentence = LANES.text.split(". ")[0] + "."
    (weekday,) = (q for q in quantities(sentence) if q.value == 120)
    why = calendar_conflict("It's $120 an hour.", "Can I book for Friday?", sentence, weekday)
    assert why == "$120 applies on Monday, Tuesday, Wednesday, Thursday; the question is about Friday"


PLANS = Passage("plans", "Basic costs $4 a month and Premium costs $12 a month. Paying yearly costs $40 for Basic and "
                         "$120 for Premium. Teachers get 25% off the monthly Premium plan; the teacher discount does "
                         "not apply to Basic or to yearly billing.")


def test_an_exclusion_in_the_discounts_own_sentence_names_only_what_it_excludes():
    question = "I'm a teacher. What would Premium cost me?"
    monthly = "Teachers get 25% off the monthly Premium plan, so you'd pay $9 a month instead of $12."
    assert _verdict(monthly, (PLANS,), question).label == SUPPORTED
    yearly = _verdict("With the 25% teacher discount, a year of Premium paid yearly would cost you $90.", (PLANS,),
                      "I'm a teacher paying yearly. What would Premium cost me?")
    assert yearly.label != SUPPORTED and yearly.detail["numbers_rule"] == "exclusion"


SELF_SERVICE = Passage("bays", "Self-service bays cost RON 5 per 4 minutes, with a maximum charge of RON 40 per visit. "
                               "Corporate sessions are charged RON 200 per person, with a minimum charge of RON 2,000 "
                               "per session.")


def test_a_total_past_its_sentences_maximum_is_flagged_unless_the_claim_names_the_maximum():
    question = "If I stay 60 minutes in the self-service bay, what will it cost?"
    over = _verdict("60 minutes is 15 lots of 4 minutes at RON 5 each, so you'd pay RON 75.", (SELF_SERVICE,), question)
    assert over.label != SUPPORTED and over.detail["numbers_rule"] == "ignored_limit"
    assert "RON 40" in over.detail["reason"]
    named = "60 minutes would be 15 lots of RON 5, RON 75, but the maximum charge of RON 40 per visit applies."
    assert _verdict(named, (SELF_SERVICE,), question).detail.get("numbers_rule") != "ignored_limit"


def test_a_total_under_its_sentences_minimum_is_flagged():
    question = "Our team of 7 wants a corporate session. How much is it?"
    under = _verdict("Corporate sessions are RON 200 per person, so for 7 people it comes to RON 1,400.",
                     (SELF_SERVICE,), question)
    assert under.label != SUPPORTED and "minimum" in under.detail["reason"]
    enough = _verdict("Corporate sessions are RON 200 per person, so for 12 people it comes to RON 2,400.",
                      (SELF_SERVICE,), "Our team of 12 wants a corporate session. How much is it?")
    assert enough.label == SUPPORTED


CLUB = Passage("club", "The Unlimited Day Pass costs $7 per day in Europe. Data packs cost $38 for 20 GB. Club "
                       "membership gives 20% off all packs, but not off Day Passes or top-ups.")


def test_a_but_not_exclusion_reaches_the_price_behind_the_claims_own_total():
    question = "I'm a Club member. What would 5 Europe Day Passes cost me?"
    claim = "5 Day Passes would be $35, and your 20% Club discount brings that down to $28."
    verdict = _verdict(claim, (CLUB,), question)
    assert verdict.label != SUPPORTED and verdict.detail["numbers_rule"] == "exclusion"
    assert verdict.detail["disagreeing_sentence"] is True  # a split claim's parts cannot outvote it
    pack = "The $38 pack would be $30.40 with your 20% Club discount."
    assert _verdict(pack, (CLUB,), "I'm a Club member. What does the 20 GB pack cost me?").label == SUPPORTED


def test_a_split_claim_with_an_excluded_discount_is_not_supported():
    from faithkit.checkers.parts import ClaimParts

    claim = "5 Day Passes would be $35, and your 20% Club discount brings that down to $28."
    checker = ClaimParts(NumberChecks(ScriptedChecker({}, default="supported")))
    (verdict,) = checker.check([ClaimCheck(claim, (CLUB,), "I'm a Club member. What would 5 Day Passes cost me?")])
    assert verdict.label != SUPPORTED and verdict.detail["numbers_rule"] == "exclusion"


FREEZE = Passage("rules", "Bookings can be cancelled free of charge up to 6 hours before the class. A membership "
                          "can be frozen once a year for 2 to 8 weeks, at SEK 50 per week. Bikes can be hired for up "
                          "to 14 days, at SEK 120 per day. Lockers are rented for at least 3 months, at SEK 90 per "
                          "month.")


@pytest.mark.parametrize("claim, question, flagged", [
    ("Freezing costs SEK 50 per week, so a 10-week freeze would be SEK 500.", "What would a 10-week freeze cost?",
     True),
    ("Freezing costs SEK 50 per week, so a 6-week freeze would be SEK 300.", "What would a 6-week freeze cost?", False),
    ("A locker for 2 months at SEK 90 per month comes to SEK 180.", "What does a locker cost for 2 months?", True),
    ("A locker for 4 months at SEK 90 per month comes to SEK 360.", "What does a locker cost for 4 months?", False),
    ("A bike for 20 days at SEK 120 per day comes to SEK 2,400.", "What does a bike cost for 20 days?", True),
    ("A bike for 10 days at SEK 120 per day comes to SEK 1,200.", "What does a bike cost for 10 days?", False),
])
def test_a_price_for_a_quantity_its_sentence_does_not_allow_is_flagged(claim, question, flagged):
    """Session 35: "for 2 to 8 weeks, at SEK 50 per week" priced for 10 weeks is arithmetic the passage does not
    allow (a dev fault the stage verified; one held-out fault caught too). A range or an "up to" bound in the
    rate's own sentence, in the user's unit."""
    verdict = _verdict(claim, (FREEZE,), question)
    assert (verdict.label != SUPPORTED) is flagged
    if flagged:
        assert verdict.stage == "numbers" and verdict.detail["numbers_rule"] == "ignored_limit"
        assert "its sentence allows" in verdict.detail["reason"]


def test_a_claim_that_names_the_bound_is_working_with_it():
    claim = "You can freeze for at most 8 weeks, so 8 weeks at SEK 50 per week would be SEK 400."
    assert _verdict(claim, (FREEZE,), "What would a 10-week freeze cost?").label == SUPPORTED
