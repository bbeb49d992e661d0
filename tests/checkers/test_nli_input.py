"""Canonical NLI input (checkers/nli_input.py): one spelling per negation and bound, on both sides of a pair.
The string rules run without a model; the last tests measure the bundled model on the pairs that motivated them."""

from __future__ import annotations

import pytest

from faithkit.checkers.nli import NLIChecker
from faithkit.checkers.nli_input import canonical, canonical_pairs, in_premise_wording
from faithkit.records import ClaimCheck, Passage


@pytest.mark.parametrize(("text", "expected"), [
    ("Tips can't be added to orders paid in cash.", "Tips cannot be added to orders paid in cash."),
    ("Tips can not be added.", "Tips cannot be added."),
    ("It doesn't charge a fee, and you won't pay.", "It does not charge a fee, and you will not pay."),
    ("You're free to change it.", "You are free to change it."),
    ("A large bag must not weigh more than 30 kg.", "A large bag must weigh at most 30 kg."),
    ("A payment can be no more than €50.", "A payment can be at most €50."),
    ("Items must not exceed 2 m.", "Items must be at most 2 m."),
    ("Files cannot exceed 50 GB.", "Files must be at most 50 GB."),
    ("Guests can visit up to four times a month.", "Guests can visit at most four times a month."),
    ("Bookings need no fewer than 2 people.", "Bookings need at least 2 people."),
    ("Refunds go to your credit rather than to your card.", "Refunds go to your credit, not to your card."),
    ("Cancel whenever you like.", "Cancel at any time."),
    ("Bring two bags at no extra charge.", "Bring two bags free of charge."),
    ("Owners can both add and remove admins.", "Owners can add and remove admins."),
    ("Contactless payments are limited to €50 each.", "Contactless payments are at most €50 each."),
    ("Folding bicycles do not need a booking at any time.", "Folding bicycles never need a booking."),
    ("Links are only available on Plus.", "Links are available on Plus."),
    ("SSO is available only on the Enterprise plan.", "SSO is available on the Enterprise plan."),
    ("Whitening is only offered to patients aged 18 and over.", "Whitening is offered to patients aged 18 and over."),
    ("The pool is only open on weekdays.", "The pool is open on weekdays."),
    ("Members do get 10% off in the shop.", "Members get 10% off in the shop."),   # an emphatic "do"
    ("Yes, the plan does cover fillings.", "Yes, the plan covers fillings."),
    ("It does apply on Sundays, and it does have a fee.", "It applies on Sundays, and it has a fee."),
    ("A replacement card still costs €7.", "A replacement card costs €7."),   # a filler adverb
    ("Guests really do pay for theirs, and it costs just €4.", "Guests pay for theirs, and it costs €4."),
])
def test_rewrites_keep_the_meaning_in_one_spelling(text: str, expected: str) -> None:
    assert canonical(text) == expected


@pytest.mark.parametrize("text", [
    "No refunds are given after 14 days.",           # a real negation stays
    "The plan costs more than €10.",                 # a bound without a negation stays
    "Up to the last minute, you can change it.",     # "up to" without a number stays
    "It's raining.",                                 # a contraction that is not a negation or a copula we know
    "Only Full members can book classes.",           # a restriction of the subject stays for the model
    "You can do laundry on every floor.",            # "do" as the verb itself
    "Do you get a refund?",                          # a question's "do"
    "Your car is still connected.",                  # "still" before no verb or amount
    "Just make sure you use it.",                    # a leading "Just" opens advice
    "Seniors pay the child price on weekdays only.",  # a restriction at the phrase's end stays for the model
])
def test_text_without_a_rewrite_is_unchanged(text: str) -> None:
    assert canonical(text) == text


def test_canonical_is_idempotent_and_applies_to_both_sides() -> None:
    text = "A bag can't weigh more than 30 kg, and you don't pay for it rather than the card."
    assert canonical(canonical(text)) == canonical(text)
    assert canonical_pairs([("It can't exceed 5 GB.", "It doesn't exceed 5 GB.")]) == [
        ("It must be at most 5 GB.", "It is at most 5 GB.")]


TIPS = (Passage("tips", "Riders keep 100% of tips. Tips cannot be added to orders paid in cash. The default tip is "
                        "10% of the food total."),)
BAGS = (Passage("bags", "Each passenger may bring two large bags free of charge. A large bag must not weigh more "
                        "than 30 kg."),)


@pytest.fixture(scope="module")
def checkers() -> dict[bool, NLIChecker]:
    # the bundled model alone: since session 35 the second opinion is asked about claims the first one contradicts,
    # and it reads the plain "do" as the canonical input does
    plain = NLIChecker(canonical_input=False, second_opinion="off").load()
    canon = NLIChecker(canonical_input=True)
    canon.scorer = plain.scorer  # one model load: only the model's input differs
    return {False: plain, True: canon}


WHITENING = (Passage("fees", "Teeth whitening costs $450 per treatment and is only offered to patients aged 18 and "
                             "over."),)
CARDS = (Passage("cards", "A replacement card costs €7. Replacement cards arrive within 5 working days."),)
MEMBERS = (Passage("membership", "Members also get 10% off in the shop and the café, but not on special "
                                  "exhibitions."),)


@pytest.mark.parametrize(("claim", "passages"), [
    ("Tips can't be added to orders paid in cash.", TIPS),
    ("Each large bag can weigh at most 30 kg.", BAGS),
    ("Members do get 10% off in the shop and the café.", MEMBERS),  # read as a negation's "do": 0.15
    ("A replacement card still costs €7.", CARDS),  # a filler adverb read as a contradiction
    # "only" before a participle: the model read the claim without it as contradicted (0.90)
    ("Whitening is offered to patients aged 18 and over.", WHITENING),
])
def test_a_reworded_faithful_claim_is_supported_only_with_canonical_input(checkers, claim, passages) -> None:
    verdicts = {canon: c.check([ClaimCheck(claim, passages)])[0] for canon, c in checkers.items()}
    # the bundled model alone misreads it (the copy rule still supports "can't" for "cannot": checkers.rules.copy_rule)
    assert verdicts[False].score < checkers[False].threshold, verdicts[False]
    assert verdicts[False].label == "not_supported" or verdicts[False].detail.get("copy"), verdicts[False]
    assert verdicts[True].label == "supported", verdicts[True]
    evidence = verdicts[True].evidence  # the passage's own text is shown, not the model's input
    assert evidence is not None and any(evidence.text in p.text for p in passages), evidence


def test_a_flipped_claim_stays_unsupported_with_canonical_input(checkers) -> None:
    verdict = checkers[True].check([ClaimCheck("Tips can be added to orders paid in cash.", TIPS)])[0]
    assert verdict.label == "not_supported", verdict


def test_canonical_input_is_in_the_spec(checkers) -> None:
    assert checkers[True].spec()["canonical_input"] == "canonical-v5"
    assert checkers[False].spec()["canonical_input"] is False


def test_the_no_rewrite_shortcut_gives_the_full_rewrite_on_every_help_center_sentence() -> None:
    import json
    import re
    from pathlib import Path

    from faithkit.checkers import nli_input
    from faithkit.text.sentences import split_sentences

    def every_rewrite(text: str) -> str:
        for pattern, replacement in nli_input._REWRITES:
            text = pattern.sub(replacement, text)
        return re.sub(r",\s*,", ",", text)

    log = Path(__file__).resolve().parents[2] / "benchmarks" / "helpcenter" / "interactions.jsonl"
    texts = set()
    for line in log.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        texts |= {record["answer"], *(c["text"] for c in record["contexts"])}
    sentences = {s.text for t in texts for s in split_sentences(t)} | texts | {"A , , B", "It can't, , go."}
    assert len(sentences) > 500
    assert [t for t in sentences if canonical(t) != every_rewrite(t)] == []
    assert sum(nli_input._ANY_REWRITE.search(t) is None for t in sentences) > len(sentences) / 2  # the shortcut


@pytest.mark.parametrize(("claim", "premise", "expected"), [
    ("Returns are accepted within 14 days.", "Returns are accepted within 2 weeks.",
     "Returns are accepted within 2 weeks."),
    ("Orders close half an hour before.", "Orders close 30 minutes before.", "Orders close 30 minutes before."),
    ("Pro costs six dollars a month.", "Pro costs $6 per month.", "Pro costs $6 a month."),
    ("It stores 1 TB.", "It stores 1000 GB of files.", "It stores 1000 GB."),
])
def test_a_claim_amount_is_read_in_the_premise_wording(claim: str, premise: str, expected: str) -> None:
    assert in_premise_wording(claim, premise) == expected


@pytest.mark.parametrize(("claim", "premise"), [
    ("Returns are accepted within 15 days.", "Returns are accepted within 2 weeks."),    # another amount
    ("Reviews take 90 hours.", "Reviews take 90 days."),                                 # a unit swap
    ("Reviews take 48 hours.", "Reviews take 2 working days."),                          # working days are not 48 h
    ("It includes 8 seats.", "It includes 8 users."),                                    # a count noun is a word
    ("It lasts 3 months.", "It lasts 90 days."),                                         # months are not 30 days
    ("Team costs €12 a month.", "Team costs $12 a month."),                              # another currency
    ("Cancel with one week's notice.", "Book up to 7 days ahead."),                      # a possessive stays
    ("Reviews take 2 days.", "Report within 48 hours. Reviews take 2 days."),            # the premise says it so
])
def test_a_different_or_qualified_amount_is_never_reworded(claim: str, premise: str) -> None:
    assert in_premise_wording(claim, premise) == claim


DELIVERY = (Passage("returns", "You can return unworn items within 2 weeks of delivery. Sale items are final."),)


def test_an_amount_in_other_units_is_supported_and_a_different_one_is_not(checkers) -> None:
    """The bundled model reads "within 14 days" against "within 2 weeks" as unrelated (0.02) without the rewrite."""
    same, other = (f"You can return unworn items within {n} days of delivery." for n in (14, 15))
    assert checkers[False].check([ClaimCheck(same, DELIVERY)])[0].label == "not_supported"
    assert checkers[True].check([ClaimCheck(same, DELIVERY)])[0].label == "supported"
    assert checkers[True].check([ClaimCheck(other, DELIVERY)])[0].label == "not_supported"
