"""The wordings of declining, as regular expressions: what ``scoring.RefusalDetector`` matches by default.

A refusal is composed (issue 30): [filler] + a source (the articles, the help center, the pages, what I have, I) +
a negated verb of saying / covering / finding / knowing + what is declined. The source is what tells a refusal from
a negative fact: "the help center doesn't cover X" declines, "the plan doesn't cover X" states a fact. Whether the
sentence says anything besides declining is ``refusal_clauses``'s question.
"""

from __future__ import annotations

_SOURCE = (r"(?:(?:the|our|my|these|those|your|any of the|this|that)\s+)?(?:help\s+)?(?:articles?|help\s*cent(?:er|re)|"
           r"help\s+(?:pages?|docs)|docs|documentation|knowledge\s+base|sources?|passages?|context|FAQs?|"
           r"provided\s+(?:information|context|documents?|passages?|articles?)|"
           # "information" is a source only with what makes it the assistant's ("the information I have")
           r"information(?=\s+(?:(?:I|we)\s+(?:have|can|was|were)|available|provided)))"
           r"(?:\s+(?:(?:I|we)\s+(?:have(?:\s+access\s+to)?|can\s+(?:see|access)|(?:was|were)\s+(?:given|shown))|"
           r"available(?:\s+to\s+me)?|provided))?")
_NEGATED = (r"(?:don't|doesn't|didn't|do\s+not|does\s+not|did\s+not|can't|cannot|can\s+not|couldn't|could\s+not|"
            r"won't|(?:'m|am|was|were)\s+(?:not\s+|un)able\s+to|wasn't\s+able\s+to)")
_SAYING = (r"(?:say|state|mention|cover|include|explain|describe|address|list|contain|discuss|specify|go\s+into|"
           r"talk\s+about|tell\s+(?:me|us|you)|have\s+(?:any(?:thing)?|information|details|info)|"
           r"(?:provide|give|offer)\s+(?:any\s+)?(?:details|information|info|guidance)|(?:give|provide|quote|show)\s+any)")
_FINDING = r"(?:find|see|spot|locate|answer|say|tell|confirm|know|have)"
_NOTHING = r"(?:no\s+(?:information|details|info|mention|data)|nothing)"
_ANYTHING = r"(?:anything|any\s+(?:information|details|info|mention|data))"
_PASSIVE_SAID = (r"(?:mentioned|covered|included|addressed|described|explained|specified|stated|discussed|listed|"
                 r"documented|answered|available)")
# a source named with the product's name in front: "the Nookwork help articles", "the Ladeby help center"
_NAMED_SOURCE = (r"(?:(?:the|our|my|these|those|this)\s+)?(?:[\w-]+\s+)?(?:help\s+)?"
                 r"(?:articles?|help\s*cent(?:er|re)|help\s+(?:pages?|docs)|docs|documentation|knowledge\s+base|sources?|passages?|FAQs?|"
                 r"pages?|guides?|materials?|notes|price\s+list)"
                 r"(?:\s+(?:I|we)\s+(?:have|can\s+see))?")
_SAYS = r"(?:covers?|says?|mentions?|explains?|describes?|address(?:es)?|lists?|goes\s+into|go\s+into|deals?\s+with)"
_WH = r"(?:whether|if|how|what|when|where|who|which|why)"
# a source that could also be the product ("the extra pages", "the guides", "the documents you need"): only with a
# determiner, and only with a verb that nothing but a text does (say, state, explain ...), never "include" or
# "cover"; or made the assistant's by "I have" / "I was given", which makes anything a source ("the opening hours I
# have don't cover public holidays", "the price list I have"), and "what I have" itself (session 32, refusals_dev3)
_MINE = r"I\s+(?:have|had|was\s+given|got|can\s+see|have\s+access\s+to)"  # never "we": "the rooms we have"
_OWNED_SOURCE = rf"(?:(?:the|my|our)\s+(?:[\w-]+\s+){{0,2}}?[\w-]+\s+{_MINE}|what\s+{_MINE})"
_TEXT_SOURCE = (r"(?:the|our|my|these|those|this|that|your)\s+(?:[\w-]+\s+){0,2}?(?:pages?|guides?|materials?|"
                r"articles?|notes|documents?|FAQs?|price\s+list|resources?|help\s+(?:pages?|articles?|docs)|website|"
                r"site)")
_ANY_SOURCE = rf"(?:{_OWNED_SOURCE}|{_SOURCE}|{_TEXT_SOURCE})"
_TEXT_SAYING = (r"(?:say|state|mention|explain|describe|address|specify|go\s+into|go\s+as\s+far\s+as|talk\s+about|"
                r"discuss|detail|spell\s+out|get\s+into|touch\s+on|clarify|indicate|tell\s+(?:me|us|you))")
_TEXT_SAYS = rf"(?:{_SAYS}|states?|specif(?:y|ies)|talks?\s+about|discuss(?:es)?|details?)"  # what a source does
_MORE_PASSIVE = rf"(?:{_PASSIVE_SAID}|listed|detailed|broken\s+down|spelled\s+out|given|touched\s+on)"
COMPOSED_REFUSAL_PATTERNS: tuple[str, ...] = (
    rf"\b{_OWNED_SOURCE}\s+(?:(?:just|simply|really)\s+)?{_NEGATED}\s+(?:seem\s+to\s+|really\s+)?{_SAYING}\b",
    rf"\b{_TEXT_SOURCE}\s+(?:(?:just|simply|really)\s+)?{_NEGATED}\s+(?:seem\s+to\s+|really\s+)?{_TEXT_SAYING}\b",
    # "there's no word in the docs on parking", "nothing here tells me whether", "nothing there covers closures"
    rf"\bno\s+word\s+(?:(?:in|from)\s+{_ANY_SOURCE}\s+)?(?:on|about|regarding|as\s+to)\b",
    rf"\bnothing\s+(?:here|there|(?:in|from)\s+{_ANY_SOURCE})\s+{_TEXT_SAYS}\b",
    rf"\bnothing\s+(?:here|there|(?:in|from)\s+{_ANY_SOURCE})\s+tells?\s+(?:me|us|you)\b",
    # "Unclear from the documentation, unfortunately"
    rf"^\W*(?:(?:it's|it\s+is|that's|that\s+is)\s+)?(?:not\s+|un)clear\s+(?:from|in)\s+{_ANY_SOURCE}",
    # "It doesn't look like the FAQ specifies which languages ..."
    rf"\bit\s+(?:doesn't|does\s+not)\s+(?:look|seem|appear)\s+(?:like|as\s+if|as\s+though|that)\s+{_ANY_SOURCE}\s+"
    rf"{_TEXT_SAYS}\b",
    # "The help pages are quiet on that one", "the pages give no timeframe"
    rf"\b{_ANY_SOURCE}\s+(?:is|are|seems?\s+to\s+be|remains?)\s+(?:silent|quiet)\s+(?:on|about|regarding|as\s+to)\b",
    rf"\b{_ANY_SOURCE}\s+(?:give|gives|offer|offers|provide|provides|say|says|have|has|contain|contains)\s+no\s+"
    rf"[a-z-]+\b",
    # "isn't addressed in what I have", "isn't broken down anywhere in the articles", "isn't in the material I was
    # given", "aren't covered by the price list I have"
    rf"\b(?:isn't|is\s+not|aren't|are\s+not|wasn't|was\s+not|not)\s+(?:anywhere\s+)?"
    rf"(?:{_MORE_PASSIVE}\s+(?:anywhere\s+)?(?:in|by|on)|in|part\s+of)\s+{_ANY_SOURCE}",
    # "I can't promise it", "I'd rather not guess"
    r"\bI(?: |(?='))(?:can(?:no|')t|can\s+not|could(?:n't|\s+not))\s+(?:promise|guarantee|verify|be\s+certain)\b",
    r"\bI(?:'d|\s+would)\s+rather\s+not\s+(?:guess|speculate|assume)\b",
    # a computation or a comparison declined: "I can't work out a price for 10 nights", "I can't convert that"
    r"\bI(?: |(?='))(?:can(?:no|')t|can\s+not|could(?:n't|\s+not)|am\s+unable\s+to|'m\s+unable\s+to|"
    r"(?:am|'m)\s+not\s+able\s+to)\s+(?:work\s+out|calculate|compute|convert|compare|judge|estimate|recommend|"
    r"quote|give\s+you\s+a\s+(?:price|total|figure|quote))\b",
    rf"\b(?:isn't|is\s+not|wasn't)\s+possible\s+(?:from|with|based\s+on)\s+{_ANY_SOURCE}",
    r"\bbeyond\s+what\s+I\s+can\s+(?:give|say|tell|answer|offer)\b",
    rf"\b(?:doesn't|don't|does\s+not|do\s+not)\s+come\s+up\s+(?:anywhere\s+)?in\s+{_ANY_SOURCE}",
    r"^\W*no\s+(?:details|information|info|mention)\s+(?:on|about|regarding|of)\s+[^,;:.\d]{1,60}?\s+(?:that\s+)?"
    r"I\s+(?:can|could)\s+(?:find|see)\b",
    r"^\W*not\s+that\s+I\s+(?:can\s+see|could\s+find|know\s+of|(?:'m|am)\s+aware\s+of)\b",
    rf"\b{_SOURCE}\s+(?:(?:just|simply|really)\s+)?{_NEGATED}\s+(?:seem\s+to\s+|really\s+)?{_SAYING}\b",
    rf"\bI\s*{_NEGATED}\s+{_FINDING}\s+(?:anything|any\s+(?:information|details|info|mention|reference)|"
    rf"(?:a\s+)?(?:mention|reference)|information|details|that|this|it|whether|if|about|from|in)\b",
    rf"\bI\s*{_NEGATED}\s+see\s+[^.;]{{1,60}}?\s+{_PASSIVE_SAID}\b",  # "I don't see X mentioned anywhere"
    rf"\bI\s*{_NEGATED}\s+have\s+access\s+to\s+(?:any\s+)?(?:information|details|info)\b",
    # "X isn't something I have information on", "that's not something I can answer from the articles"
    r"\b(?:isn't|is\s+not|'s\s+not|aren't|are\s+not)\s+something\s+(?:I|we)\s+(?:have\s+(?:any\s+)?"
    r"(?:information|details|info)\s+(?:on|about)|can\s+(?:answer|confirm|find|see|say|tell))\b",
    rf"\bit(?:'s|\s+is)\s+(?:not\s+|un)clear\s+(?:from|in)\s+{_SOURCE}\b",
    rf"\bit\s+(?:isn't|is\s+not|'s\s+not)\s+(?:stated|mentioned|specified|said|clear)\s+{_WH}\b",
    rf"\b(?:outside|beyond)\s+(?:(?:of\s+)?what\s+|the\s+scope\s+of\s+(?:what\s+)?){_SOURCE}\b",
    rf"\bthere\s+(?:isn't|is\s+not|aren't|are\s+not)\s+{_ANYTHING}\s+(?:about|on|regarding|of)\b",
    r"^\W*no\s+(?:details|information|info)\s+(?:on|about|regarding)\s+(?:that|this|it)\b",
    rf"\b(?:it|they|{_SOURCE})\s+(?:has|have|contains?|gives?)\s+{_NOTHING}\s+(?:about|on|regarding|for)\b",
    rf"\bthere(?:'s|\s+is)\s+{_NOTHING}\s+(?:(?:in|within|from)\s+{_SOURCE}\s+)?(?:about|on|regarding)\b",
    r"\bthere(?:'s|\s+is)\s+no\s+mention\s+of\b",
    rf"\bthere\s+(?:doesn't|does\s+not)\s+(?:seem|appear)\s+to\s+be\s+{_ANYTHING}\s+(?:about|on|regarding|of)\b",
    rf"\b(?:isn't|is\s+not|aren't|are\s+not|wasn't|was\s+not)\s+{_PASSIVE_SAID}\s+(?:anywhere\s+)?(?:in|by)\s+"
    rf"{_SOURCE}\b",
    rf"\b{_SOURCE}\s+(?:is|are|seems?\s+to\s+be)\s+silent\s+(?:on|about|regarding)\b",
    # "Events aren't something the help center covers", "... isn't something the articles say"
    rf"\bsomething\s+{_NAMED_SOURCE}\s+(?:(?:doesn't|don't|does\s+not|do\s+not)\s+)?{_SAYS}\b",
    # "Not something I can answer from the documentation, I'm afraid"
    r"^\W*not\s+something\s+(?:I|we)\s+(?:can|could)\s+(?:answer|confirm|find|see|say|tell)\b",
    # "No information on home charger installation, I'm afraid.": a topic and nothing said about it
    r"^\W*no\s+(?:information|details|info)\s+(?:on|about|regarding)\s+(?:(?!(?:is|are|was|were|can|will|"
    r"must|has|have)\b)[\w'-]+\s*){1,6}(?:,\s*(?:I'm\s+afraid|sorry|unfortunately))?[.!]?$",
    # "Vipps isn't mentioned." (and nothing else said about it)
    r"(?:^|[,;:]\s*)[^,;:]{1,60}\b(?:isn't|is\s+not|aren't|are\s+not)\s+mentioned\s*(?:[.!;]|$)",
    # "yoga doesn't come up in the camp article", "No Saturday social appears in the help center" (session 33)
    rf"\b(?:doesn't|does\s+not|don't|do\s+not|didn't|did\s+not)\s+(?:come\s+up|turn\s+up|appear|feature)\s+"
    rf"(?:anywhere\s+)?(?:in|on)\s+{_NAMED_SOURCE}\b",
    rf"^\W*no\s+(?:[\w-]+\s+){{1,4}}?(?:appears?|comes?\s+up|features?)\s+(?:anywhere\s+)?(?:in|on)\s+{_NAMED_SOURCE}\b",
    # "parking isn't covered in the Nookwork help articles", "the show times aren't listed in the help center"
    rf"\b(?:isn't|is\s+not|aren't|are\s+not|wasn't|was\s+not)\s+(?:{_PASSIVE_SAID}|given)\s+(?:anywhere\s+)?"
    rf"(?:in|by)\s+{_NAMED_SOURCE}\b",
)

DEFAULT_REFUSAL_PATTERNS: tuple[str, ...] = COMPOSED_REFUSAL_PATTERNS + (
    r"\bI(?: |(?='))(?:can(?:no|')t|could(?:n't| not)|am unable to|'m unable to|was unable to|wasn't able to) "
    r"(?:find|locate|see|answer|help with)\b",
    r"\b(?:there is|there's|there are|I have|I've got) no (?:information|details|mention|data)\b",
    r"\b(?:is|are) not (?:mentioned|covered|described|specified|stated) in the "
    r"(?:help center|documentation|docs|context|sources|provided (?:passages|context|documents))\b",
    r"\bI (?:do not|don't) (?:know|have (?:that|this|enough) information)\b",
    r"\b(?:the|our|my|these|those) (?:provided )?(?:help )?(?:help cent(?:er|re) )?"
    r"(?:context|passages|sources|documents|docs|articles|documentation|"
    r"help cent(?:er|re))(?: (?:I|we) (?:was|were|have been|am|are) (?:given|shown)| (?:I|we) (?:have|can see)|"
    r" available)? (?:do(?:es)? not|don't|doesn't) (?:say|mention|contain|cover|include|explain)\b",
    # broader wordings (issue 11): "I can't say", "isn't covered in the articles I have", "nothing in the docs"
    r"\bI(?: |(?='))(?:can(?:no|')t|can not|could(?:n't| not)|am not able to|'m not able to|am unable to|'m unable to) "
    r"(?:say|tell|confirm|be sure|speak to|comment on|give you)\b",
    r"\b(?:isn't|is not|aren't|are not|wasn't|was not|not) (?:covered|mentioned|addressed|described|documented|"
    r"explained|specified|stated|discussed) (?:in|by|anywhere in) (?:the |any of the |these |those |my |our )?"
    r"(?:articles?|help ?cent(?:er|re)|help (?:articles?|pages?|docs)|documentation|docs|context|sources?|"
    r"passages?|documents?|information|materials?|pages?|knowledge base|resources?|guides?)\b",
    r"\b(?:I|we) (?:don't|do not|didn't|did not) (?:have|find|see) (?:any |enough )?(?:information|details|"
    r"specifics|data|documentation|anything)\b",
    r"\b(?:nothing|none of the (?:articles|passages|sources|documents|pages)) (?:I have |I can see |available )?"
    r"(?:in the (?:articles|help center|docs|documentation|sources) )?(?:says?|mentions?|covers?|addresses|"
    r"explains?)\b",
    r"\b(?:I'm|I am) (?:not (?:sure|certain)|afraid I (?:can't|cannot|don't))\b",
    r"\b(?:say|says|mention|mentions|cover|covers|explain|explains) nothing (?:about|on|regarding)\b",
    r"\bthere(?:'s| is) nothing (?:about|on|regarding)\b.{0,80}\b(?:in|within) (?:the|these|those|our|my) "
    r"(?:help )?(?:articles|docs|documentation|sources|passages|pages|information)\b",
    r"\b(?:isn't|is not|aren't|are not) (?:mentioned|covered|described|explained|addressed) anywhere\b",
    r"\bsomething (?:the|these|those|my) (?:help )?(?:articles|docs|documents|sources|passages|pages) "
    r"(?:don't |do not )?(?:explain|cover|mention|describe|address)\b",
    r"\bI(?:'m| am) not able to (?:find|answer|help with|see)\b",
    # "coverage maps aren't part of the help articles I can see" (the subject is what is declined)
    r"\b(?:isn't|is not|aren't|are not) (?:part of|in|included in) (?:the |any of the |these |those |my )?"
    r"(?:help )?(?:articles?|docs|documentation|sources?|passages?|pages?|context|information I (?:have|can see))\b",
)
