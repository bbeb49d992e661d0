"""Refusal wordings built from their parts: who says nothing (the articles, the information I have) and how.

Why (issue 30, item 4): the first refusal patterns (``scoring.DEFAULT_REFUSAL_PATTERNS``) were written one wording
at a time, and 14 of 30 everyday wordings written for this module fell through them ("The available articles
don't specify a minimum age.", "The docs are silent on whether ...", "The knowledge base doesn't include
information about ..."). A refusal says that *the sources* do not say something, or that *the speaker* cannot
find or tell it. So the patterns here are composed: a source (``SOURCE``: the articles, the help center, the
information available to me ...) followed by a negated verb of saying (``don't specify``, ``doesn't go into``,
``are silent on``, ``have no details``), and the speaker's "I can't tell / I don't see that covered". A sentence
that matches still counts as a refusal only when it asserts nothing else (``refusal_clauses.declines_only``), so
"The Basic plan doesn't include dental cover." is a claim: a plan is not a source.
"""

from __future__ import annotations

# what an answer cites as where it looked: "the help center", "the articles I have", "the information available
# to me", "the provided sources"
SOURCE = (r"\b(?:(?:the|our|my|these|those|any|available|provided)\s+)?(?:(?:available|provided|help)\s+)?"
          r"(?:help ?cent(?:er|re)(?:\s+(?:articles?|pages?))?|articles?|docs|documentation|knowledge\s+base|"
          r"sources?|passages?|documents|pages|materials|guides|FAQs?|context|information|info)"
          r"(?:\s+(?:I|we)\s+(?:have|can\s+see|was\s+given|were\s+given|have\s+access\s+to|found))?"
          r"(?:\s+(?:provided|available)(?:\s+to\s+(?:me|us))?)?")
_NOT = r"(?:do(?:es)?n't|do(?:es)?\s+not|did(?:n't|\s+not)|never)"
_SAY = (r"(?:mention|say|state|specify|list|include|cover|address|explain|describe|detail|answer|discuss|give|"
        r"provide|contain|tell|go\s+into|spell\s+out|clarify|indicate|talk\s+about|refer\s+to)")
_NOTHING = r"(?:information|details?|mention|info|data|answer|specifics)"

COMPOSED_REFUSAL_PATTERNS: tuple[str, ...] = (
    # "the available articles don't specify", "our help articles don't really go into"
    SOURCE + r"\s+" + _NOT + r"\s+(?:\w+ly\s+)?" + _SAY + r"\b",
    # "the provided articles have no information about"
    SOURCE + r"\s+(?:have|has|give|gives|contain|contains|include|includes|offer|offers)\s+no\s+" + _NOTHING + r"\b",
    # "the docs are silent on"
    SOURCE + r"\s+(?:are|is)\s+silent\b",
    # "it isn't clear from the articles whether", "that's not something the documentation covers"
    r"\b(?:isn't|is\s+not|it's\s+not|it\s+is\s+not)\s+clear\s+(?:from|in)\s+" + SOURCE,
    r"\bnot\s+something\s+(?:that\s+)?" + SOURCE + r"\s+(?:\w+ly\s+)?(?:covers?|mentions?|says?|explains?|"
    r"address(?:es)?|describes?|goes\s+into)\b",
    # the speaker: "I'm not able to tell from the articles", "I don't see that covered"
    r"\bI(?:'m|\s+am)\s+not\s+able\s+to\s+(?:tell|say|confirm|determine)\b",
    r"\bI\s+(?:don't|do\s+not|didn't|did\s+not|can't|cannot|couldn't)\s+see\s+(?:that|this|it|anything)\s+"
    r"(?:covered|mentioned|addressed|listed|explained)\b",
)
