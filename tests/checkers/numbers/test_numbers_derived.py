"""Derived numbers a careful reader accepts, and the wrong ones and coincidences the analysis must not derive.

The cases of issue 11 item 4: user-supplied quantities in words, relation words, percentages, rates over a
period, unit sanity ("$5 = 0.0277778 days × 3 × $60" is not a derivation).
"""

from __future__ import annotations

import pytest

from faithkit.checkers.numbers import analyse_claim_numbers, rate_of, rest_of_claim
from faithkit.checkers.numbers.extract import extract_quantities
from faithkit.records import Passage

BASIC = "Basic accounts cost $10 per month. Each account includes 20 GB of storage."
PLANS = ("The Basic plan includes 20 GB of storage.", "The Pro plan includes 50 GB of storage.")
TRIALS = ("The Basic trial lasts 14 days.", "The Pro trial lasts 28 days.")
TICKETS = ("Tickets cost $35.", "Students get a 50% discount.")
HOTLINE = ("Calls to the hotline cost $0.25 per minute.",)
PLUS = ("The Plus plan costs €9 per month.",)


def analyse(claim: str, passages: tuple[str, ...] | str, question: str = ""):
    texts = (passages,) if isinstance(passages, str) else passages
    return analyse_claim_numbers(claim, tuple(Passage(f"p{i}", t) for i, t in enumerate(texts)), question)


def derived(claim: str, passages: tuple[str, ...] | str, question: str = "") -> list[str]:
    """The expressions of the claim's derived numbers; [] when any number of the claim is unverified."""
    report = analyse(claim, passages, question)
    return [n.expression or "" for n in report.derived] if report.accepted else []


@pytest.mark.parametrize("claim, question, expression", [
    ("Two accounts cost $20 a month.", "How much for two accounts?", "20 = 2 × 10"),
    ("For both accounts you would pay $20 a month.", "How much for two accounts?", "20 = 2 × 10"),
    ("Over three months you would pay $30.", "What do I pay for three months?", "$30 = 3 months × $10"),
])
def test_quantities_the_question_gives_in_words_are_user_supplied(claim: str, question: str,
                                                                  expression: str) -> None:
    assert derived(claim, BASIC, question) == [expression]


def test_a_family_of_four_in_the_question() -> None:
    passages = ("The Family plan costs $10 per person per month.",)
    question = "What would a family of four pay?"
    assert derived("That comes to $40 a month for your family.", passages, question) == ["40 = 4 × 10"]
    assert derived("That comes to $50 a month for your family.", passages, question) == []


@pytest.mark.parametrize("claim, expression", [
    ("The Pro plan gives you 30 GB more storage than Basic.", "30 = 50 − 20"),
    ("The Pro plan has 50 GB, 30 GB more than the Basic plan.", "30 = 50 − 20"),
    ("The Basic plan offers less storage than the Pro plan: 30 GB less.", "30 = 50 − 20"),
    ("The difference in storage is 30 GB.", "30 = 50 − 20"),
])
def test_relation_words_more_less_than_and_difference(claim: str, expression: str) -> None:
    assert derived(claim, PLANS) == [expression]


def test_relations_with_a_wrong_number_stay_unverified() -> None:
    assert derived("The Pro plan gives you 40 GB more storage than Basic.", PLANS) == []
    assert derived("The difference in storage is 25 GB.", PLANS) == []


def test_more_than_before_a_number_is_a_bound_not_a_relation() -> None:
    """"more than 8 users" with 10 users and 2 admins in the passages is not 10 − 2."""
    passages = ("The plan includes 10 users.", "Up to 2 users can be admins.")
    report = analyse("The plan supports more than 8 users.", passages)
    assert not report.accepted
    assert report.numbers[0].coincidence == "8 = 10 − 2 (not justified)"
    assert derived("The plan supports 8 users or more.", passages) == []


@pytest.mark.parametrize("claim, expression", [
    ("The Pro trial is twice as long as the Basic trial.", "2 times = 28 days ÷ 14 days"),
    ("The Pro trial is 2 times as long as the Basic trial.", "2 times = 28 days ÷ 14 days"),
])
def test_times_as_long_and_twice(claim: str, expression: str) -> None:
    assert derived(claim, TRIALS) == [expression]


def test_times_as_much_and_times_the() -> None:
    prices = ("The Basic plan costs $10 a month.", "The Pro plan costs $30 a month.")
    assert derived("The Pro plan costs three times as much as the Basic plan.", prices) == [
        "3 times = $30 ÷ $10"]
    assert derived("The Pro plan costs four times as much as the Basic plan.", prices) == []
    assert derived("Pro gives you 2.5 times the storage of Basic.", PLANS) == ["2.5 times = 50 GB ÷ 20 GB"]
    assert derived("Basic is $20 cheaper than Pro.", prices) == ["20 = 30 − 10"]


def test_a_wrong_multiplier_and_a_bare_count_are_not_derived() -> None:
    assert derived("The Pro trial is three times as long as the Basic trial.", TRIALS) == []
    assert derived("You can retry 2 times.", TRIALS) == []  # 28 ÷ 14 by accident: no relation stated


def test_half() -> None:
    assert derived("The student ticket costs half the adult price, $17.50.", "An adult ticket costs $35.") == [
        "17.50 = ½ × 35"]
    assert derived("The student ticket costs half the adult price, $18.50.", "An adult ticket costs $35.") == []


@pytest.mark.parametrize("claim, passages, expression", [
    ("The discount is $17.50, which is 50% of $35.", TICKETS, "17.50 = 50% × 35"),
    ("With the 50% discount, the $35 ticket costs $17.50.", TICKETS, "17.50 = (1 − 50%) × 35"),
    ("The booking fee is $5, which is 25% of the ticket price.",
     ("Tickets cost $20.", "A booking fee of $5 applies to each order."), "25% = $5 ÷ $20"),
])
def test_percentages(claim: str, passages: tuple[str, ...], expression: str) -> None:
    assert derived(claim, passages) == [expression]


def test_percentage_traps() -> None:
    fee = ("Tickets cost $20.", "A booking fee of $5 applies to each order.")
    assert derived("The booking fee is $5, which is 30% of the ticket price.", fee) == []
    # 25% = $5 ÷ $20 by accident: the claim states neither amount, so "% of" relates nothing it says
    assert derived("25% of users sign in with SSO.", fee) == []


def test_the_newcomers_unit_salad_is_not_a_derivation() -> None:
    """Issue 11: "$5, which is 25% of the ticket price" came out "derived" as $5 = 0.0277778 days × 3 × $60."""
    passages = ("Tickets cost $60 for 3 people. Check-in closes 40 minutes before departure.",
                "A booking fee applies.")
    report = analyse("You pay a $5 fee, which is 25% of the ticket price.", passages)
    assert not report.accepted
    assert not report.derivations


@pytest.mark.parametrize("claim, passages, question, expression", [
    ("A 20-minute call costs $5.", HOTLINE, "", "$5 = 20 minutes × $0.25"),
    ("A 20-minute call costs $5.", HOTLINE, "What does a 20-minute call cost?", "$5 = 20 minutes × $0.25"),
    ("Six months of the Plus plan cost €54.", PLUS, "", "€54 = 6 months × €9"),
    ("Two years of the Plus plan cost €216.", PLUS, "", "€216 = 24 months × €9"),
    ("Half an hour on the hotline costs $7.50.", HOTLINE, "", "$7.50 = 30 minutes × $0.25"),
])
def test_rates_over_a_period(claim: str, passages: tuple[str, ...], question: str, expression: str) -> None:
    assert derived(claim, passages, question) == [expression]


@pytest.mark.parametrize("claim, passages", [
    ("A 20-minute call costs $6.", HOTLINE),
    ("Six days of the Plus plan cost €54.", PLUS),  # a monthly price times days
    ("Six months of the Plus plan cost €54.", ("The Plus plan costs €9.",)),  # a price with no period
    ("The Plus plan costs €54 a year.", PLUS),  # €9 a month is €108 a year, and 54 = 6 × 9 states no 6
])
def test_rates_need_a_period_that_matches(claim: str, passages: tuple[str, ...]) -> None:
    assert derived(claim, passages) == []


def test_fewer_operands_and_sane_units_are_preferred() -> None:
    """A product with a user's count beats a three-operand sum that happens to reach the same value."""
    passages = ("Seats cost €12 per month. Setup costs €40, support €36 and training €20.",)
    report = analyse("For 8 seats you pay €96 a month.", passages)
    assert [d.formula() for d in report.derivations] == ["8 × 12"]


def test_rate_of_reads_the_period_and_what_it_is_per() -> None:
    text = "The Team plan costs €12 per user per month; calls cost $0.25 a minute; 600 requests per minute."
    rates = {q.text: rate_of(text, q) for q in extract_quantities(text)}
    assert (rates["€12"].period, rates["€12"].per_noun) == ("month", "user")
    assert (rates["$0.25"].period, rates["$0.25"].per_noun) == ("minute", None)
    assert rates["600 requests"].period == "minute"
    (q,) = extract_quantities("8 users a discount")
    assert rate_of("8 users a discount", q).period is None


@pytest.mark.parametrize("text, number, period", [
    ("Late returns are charged €20 for every started hour, up to the price of one extra day.", "€20", "hour"),
    ("Extra days cost €15 for each additional day.", "€15", "day"),
    ("Each rental day includes 150 km, and extra kilometres cost €0.30 each.", "150 km", "day"),
    ("Every month includes 2 free washes.", "2 free washes", "month"),
    ("A charge of €20 for every member of the group.", "€20", None),  # a member is no period
    ("Each van includes 150 km.", "150 km", None),
])
def test_rate_of_reads_a_period_named_with_every_or_each(text: str, number: str, period: str | None) -> None:
    """Session 38: "€20 for every started hour" and "Each rental day includes 150 km" state rates as surely as
    "€20 per hour", so "2.5 hours late counts as 3 hours: €60" has its operands."""
    (q,) = [q for q in extract_quantities(text) if q.text == number]
    assert rate_of(text, q).period == period


def test_an_amount_for_every_started_hour_times_the_users_hours_is_derived() -> None:
    report = analyse("3 hours late costs €60.",
                     ("Late returns are charged €20 for every started hour, up to the price of one extra day.",),
                     "I will return the van 3 hours late. What does it cost?")
    assert report.accepted
    assert [(n.quantity.text, n.status) for n in report.numbers] == [("3 hours", "in_question"), ("€60", "derived")]
    assert report.numbers[1].expression == "€60 = 3 hours × €20"


@pytest.mark.parametrize("claim, rest, uncovered", [
    ("The Team plan costs €12 per user per month, so your 8 users would pay €96 a month.",
     "The Team plan costs €12 per user per month.", ()),
    ("Eight users would pay €96 a month.", "", ()),
    ("8 users would pay €96 a month and get SSO.", "Get SSO.", ()),
    ("Your 8 admins would pay €96 a month.", "", ("admins",)),
    ("So your 8 users would not pay €96 a month.", "", ("not",)),
    ("Eight users would pay €96 in a year.", "", ("year",)),
])
def test_rest_of_claim_takes_out_only_clauses_that_say_nothing_but_the_arithmetic(
        claim: str, rest: str, uncovered: tuple[str, ...]) -> None:
    from tests.larkspur_data import PASSAGES

    report = analyse_claim_numbers(claim, PASSAGES)
    assert report.accepted and report.derived
    got = rest_of_claim(claim, report)
    assert got is not None
    assert (got.text, got.uncovered) == (rest, uncovered)


def test_a_negated_operand_sentence_lends_no_words() -> None:
    """"costs €12 … and does not include SSO" must not cover the "SSO" of "your 8 users get SSO"."""
    passages = (Passage("a", "The Team plan costs €12 per user per month and does not include SSO."),)
    claim = "Your 8 users get SSO and pay €96 a month."
    report = analyse_claim_numbers(claim, passages, "We are an 8-person team.")
    assert report.accepted
    rest = rest_of_claim(claim, report)
    assert rest is not None and "SSO" in rest.uncovered


def test_a_clause_with_the_users_own_number_goes_with_the_arithmetic() -> None:
    from tests.larkspur_data import PASSAGES, QUESTION

    claim = "With 8 users, the Team plan gives you 400 GB of pooled storage."
    rest = rest_of_claim(claim, analyse_claim_numbers(claim, PASSAGES, QUESTION))
    assert rest is not None and (rest.text, rest.uncovered) == ("", ())
    claim = "For your 8 users, SSO is included, and you would pay €96 a month."
    rest = rest_of_claim(claim, analyse_claim_numbers(claim, PASSAGES, QUESTION))
    assert rest is not None and rest.text == "SSO is included."


def test_an_end_of_a_range_is_a_bound_not_a_users_count() -> None:
    """From the false-derivation benchmark (WiCE): "6 years = 24 × 3 months" used the range's other end."""
    passages = ("The centre works with young people aged 10-24 from all regions.",
                "For the next three months, young Jordanians will debate water policies.")
    report = analyse("The centre works with young 6-24 year old Jordanians.", passages)
    assert not report.accepted
    assert [n.status for n in report.numbers] == ["unverified", "in_sources"]


def test_a_percentage_of_an_amount_the_user_gave() -> None:
    """Help-center dev (bank-01): "I'm about to spend €200" -> "On a €200 purchase, that fee would be €5.50"."""
    fees = ("Card payments abroad carry a 2.75% foreign transaction fee.",)
    question = "Is there a fee for using my debit card abroad? I'm about to spend €200 in New York."
    assert derived("On a €200 purchase, that fee would be €5.50.", fees, question) == ["5.50 = 200 × 2.75%"]
    assert derived("On a €200 purchase, that fee would be €6.50.", fees, question) == []
    assert derived("That fee would be €5.50.", fees) == []  # no amount of the user's: 2.75% of nothing stated


@pytest.mark.parametrize("claim, passages, expression", [
    ("At £5.99 a month, Plus costs £71.88 over a year.", ("Plus costs £5.99 a month.",), "£71.88 = £5.99 × 12 months"),
    ("Over a full week, that allows up to €3,500 in cash withdrawals.", ("The daily cash withdrawal limit is €500.",),
     "€3500 = 7 days × €500"),
])
def test_a_period_the_claim_names_in_words(claim: str, passages: tuple[str, ...], expression: str) -> None:
    assert derived(claim, passages) == [expression]


def test_a_full_period_without_a_preposition_is_read() -> None:
    """"a full year" with no "over" / "for" before it: the unit is the pattern's second group (it crashed the
    numbers stage before session 40, making the whole record an error)."""
    assert derived("At £5.99 a month, Plus comes to £71.88 a full year.", ("Plus costs £5.99 a month.",)) == [
        "£71.88 = £5.99 × 12 months"]


def test_a_period_in_words_still_needs_the_right_amount() -> None:
    assert derived("At £5.99 a month, Plus costs £70.88 over a year.", ("Plus costs £5.99 a month.",)) == []
    assert derived("Over a full week, that allows up to €3,000.", ("The daily cash withdrawal limit is €500.",)) == []
    # €500 with no period is not a daily rate: a week of it is nothing
    assert derived("Over a full week, that allows up to €3,500.", ("The cash withdrawal limit is €500.",)) == []


def test_a_thousands_separator_is_not_a_clause_break() -> None:
    passages = ("Business costs $15 per user per month.",)
    claim = "Business for 12 users costs $180 a month, which is $2,160 a year."
    report = analyse(claim, passages, "What would Business cost us per year with 12 people?")
    rest = rest_of_claim(claim, report)
    assert report.accepted and rest is not None and (rest.text, rest.uncovered) == ("", ())


def test_the_users_own_noun_comes_from_the_question() -> None:
    passages = ("The default tip is 10% of the food total.",)
    claim = "The default tip is 10% of the food total, so £3 on a £30 order."
    report = analyse(claim, passages, "What's the default tip on a £30 order?")
    got = rest_of_claim(claim, report, "What's the default tip on a £30 order?")
    assert got is not None and got.uncovered == ()
    without = rest_of_claim(claim, report)  # no question: "order" is in no operand sentence
    assert without is not None and without.uncovered == ("order",)


DELIVERY = ("Delivery is free for orders over $25; otherwise it costs $4.99.",)


@pytest.mark.parametrize("claim", [
    "Your order is under $25, so delivery costs $4.99, making the total $24.99.",
    "With delivery, the total is $24.99.",
    "Delivery adds $4.99, for a total of $24.99.",
])
def test_a_total_the_claim_announces_adds_the_amount_the_question_gives(claim: str) -> None:
    """A new user's pharmacy answer: the $20 order is the question's, the $4.99 fee the passage's."""
    (expression,) = [e for e in derived(claim, DELIVERY, "How much is delivery for a $20 order?") if "24.99" in e]
    assert expression in ("24.99 = 4.99 + 20", "24.99 = 20 + 4.99")


def test_a_count_stated_as_a_total_is_not_a_sum_of_passage_numbers() -> None:
    """"a total of 6 justices" with 2, 1 and 3 in the evidence is a count, not 2 + 1 + 3 (false_derivation.py)."""
    passages = ("Two justices were appointed in the 1990s.", "One was appointed in 2006 and three since 2009.")
    assert derived("There have been a total of 6 female justices.", passages) == []


@pytest.mark.parametrize("claim, accepted", [
    ("Reviews take 48 hours.", False),          # two working days can span a weekend: not 48 hours
    ("Reviews take 2 days.", False),
    ("Reviews take 2 business days.", True),
    ("Reviews take two working days.", True),
])
def test_working_days_are_found_only_as_working_days(claim: str, accepted: bool) -> None:
    report = analyse(claim, "Reviews take 2 working days.")
    assert report.accepted is accepted
    assert [n.status == "in_sources" for n in report.numbers] == [accepted]
