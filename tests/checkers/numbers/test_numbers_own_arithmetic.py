"""A price the claim works out from its own numbers, which a passage also states by chance (session 28): "Full
interior detailing is RON 350, and your 10% subscriber discount takes RON 35 off, so it comes to RON 315." The
passages' RON 35 is an exterior wash, so the claim's RON 35 read as "in the sources" and its clause went to the
model, which entails no discount clause; it is 10% × 350, the claim's own arithmetic. A number derived from the
very number being re-derived is no operand ("R$650 (R$65 each)" is not 65 = 650 ÷ 10)."""

from __future__ import annotations

from faithkit.checkers.numbers.analysis import analyse_claim_numbers, derive_from_question
from faithkit.records import Passage

WASH = Passage("wash", "An exterior wash costs RON 35 and a standard wash costs RON 55.")
DETAIL = Passage("detailing", "Full interior detailing costs RON 350 for cars. Subscribers get 10% off all detailing.")
PARTY = Passage("parties", "Birthday party packages cost R$65 per child.")


def _statuses(claim: str, passages, question: str = "") -> dict[str, str]:
    report = analyse_claim_numbers(claim, passages, question)
    again = derive_from_question(claim, passages, question, report) or report
    return {n.quantity.text: n.status for n in again.numbers}


def test_a_price_the_claim_works_out_is_derived_though_a_passage_states_it():
    claim = ("Full interior detailing is RON 350, and your 10% subscriber discount takes RON 35 off, so it comes to "
             "RON 315.")
    statuses = _statuses(claim, (WASH, DETAIL), "What does full interior detailing cost me as a subscriber?")
    assert statuses["RON 35"] == "derived" and statuses["RON 315"] == "derived"


def test_a_number_is_not_derived_back_from_a_number_derived_from_it():
    statuses = _statuses("For 10 children the party packages come to R$650 (R$65 each).", (PARTY,),
                         "What would a party for 10 children cost?")
    assert statuses["R$65"] == "in_sources" and statuses["R$650"] == "derived"  # "R$" is a dollar, from its "R"


def test_a_passage_price_the_claim_does_not_work_out_stays_in_the_sources():
    statuses = _statuses("An exterior wash is RON 35, and a standard wash is RON 55.", (WASH,), "What do washes cost?")
    assert statuses == {"RON 35": "in_sources", "RON 55": "in_sources"}


ROOMS = Passage("rooms", "A private twin costs ¥11,000 a night from Sunday to Thursday and ¥13,000 on Friday and "
                         "Saturday. Dorm beds cost ¥4,600 a night; towels are ¥300 and breakfast is ¥900. Members get "
                         "5% off their room total. A late check-out costs ¥2,000.")


def test_the_claims_own_numbers_rank_before_a_coincidence_of_passage_numbers():
    claim = "Two weeknights in a private twin are ¥22,000, and your 5% member discount takes ¥1,100 off."
    report = analyse_claim_numbers(claim, (ROOMS,), "I'm a member. What do two weeknights in a private twin cost?")
    (discount,) = (d for d in report.derivations if d.target.value == 1100)
    assert "5%" in discount.expression and "2000" not in discount.expression
