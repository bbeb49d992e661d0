import pytest

from faithkit.records import Passage
from faithkit.text.sentences import split_sentences
from faithkit.text.windows import all_windows, passage_windows


def texts(text):
    return [s.text for s in split_sentences(text)]


def test_spans_are_exact():
    text = "First one here.  Second one, e.g. this.\n\nThird."
    for s in split_sentences(text):
        assert text[s.start:s.end] == s.text


def test_abbreviations_and_decimals_do_not_split():
    assert texts("Use a tool, e.g. a hammer. It costs €12.50 per month.") == [
        "Use a tool, e.g. a hammer.", "It costs €12.50 per month."]
    assert texts("Upgrade to v2.1 today. The U.S. office is open.") == [
        "Upgrade to v2.1 today.", "The U.S. office is open."]


@pytest.mark.parametrize(("text", "expected"), [
    ("The plan costs approx. $5 a month. It renews monthly.",
     ["The plan costs approx. $5 a month.", "It renews monthly."]),
    ("The panel dates from c. 1491-1510. It is in Bruges.", ["The panel dates from c. 1491-1510.", "It is in Bruges."]),
    ("Open Mon. to Fri. from 9 am.", ["Open Mon. to Fri. from 9 am."]),
    ("Refunds take approx. 5 days.", ["Refunds take approx. 5 days."]),
    # a capitalised next word after "Co." is a real boundary as often as not: left to pysbd
    ("We ship to Acme Co. They pay later.", ["We ship to Acme Co.", "They pay later."]),
    ("It costs $5. 10 users are included.", ["It costs $5.", "10 users are included."]),
])
def test_open_abbreviations_do_not_end_a_sentence_before_it_goes_on(text, expected):
    sentences = split_sentences(text)
    assert [s.text for s in sentences] == expected
    assert all(text[s.start:s.end] == s.text for s in sentences)


def test_bullets_and_newlines_end_sentences():
    text = "Plans:\n- Team costs €12 per user\n- Enterprise has SSO\n\nCancel any time"
    assert texts(text) == ["Plans:", "Team costs €12 per user", "Enterprise has SSO", "Cancel any time"]
    numbered = "1. Open Settings.\n2. Click Export."
    assert texts(numbered) == ["Open Settings.", "Click Export."]


def test_repeated_sentence_gets_two_spans():
    spans = split_sentences("Yes. Yes.")
    assert [(s.start, s.end) for s in spans] == [(0, 4), (5, 9)]


def test_empty_text():
    assert split_sentences("") == []
    assert split_sentences("  \n\n ") == []


def test_windows_one_to_three_sentences_with_offsets():
    p = Passage("plans", "A is one. B is two. C is three. D is four.")
    wins = passage_windows(p)
    assert [w.text for w in wins] == ["A is one.", "B is two.", "C is three.", "D is four.",
                                      "A is one. B is two.", "B is two. C is three.", "C is three. D is four.",
                                      "A is one. B is two. C is three.", "B is two. C is three. D is four."]
    for w in wins:
        assert p.text[w.start:w.end] == w.text and w.passage_id == "plans"


def test_window_size_is_a_parameter():
    p = Passage("plans", "A is one. B is two. C is three.")
    assert [w.text for w in passage_windows(p, max_sentences=2)] == [
        "A is one.", "B is two.", "C is three.", "A is one. B is two.", "B is two. C is three."]
    assert [w.text for w in passage_windows(p, max_sentences=1)] == ["A is one.", "B is two.", "C is three."]


def test_windows_never_cross_passages():
    passages = (Passage("a", "Alpha one. Alpha two."), Passage("b", "Beta one. Beta two."))
    for w in all_windows(passages):
        owner = next(p for p in passages if p.id == w.passage_id)
        assert owner.text[w.start:w.end] == w.text
        assert not ("Alpha" in w.text and "Beta" in w.text)
    assert len(all_windows(passages)) == 6
