"""When a sentence that matches a refusal pattern is really a refusal: it declines, and says nothing else.

A refusal pattern matching somewhere in a sentence used to make the whole sentence a refusal, so a factual
claim sharing the sentence was never checked: "The current month is fully refunded, and I can't find any
exceptions in the help center." was a ``refusal``; "There's no information about fees, which are waived."
dropped its claim that fees are waived. The rule now: the sentence is cut into clauses (at , ; : and dashes);
the clause holding the match may have only filler before the match (``Unfortunately,``, ``I'm sorry but``),
and what follows the match in that clause is what is declined (its object). Every other clause must be filler,
another refusal, or a continuation of the declined object (``or about fees``, ``including the pricing page``).
A clause with content of its own (``which are waived``, ``the current month is fully refunded``) makes the
sentence a claim, and the checker judges it. When in doubt, a sentence is checked, never hidden.

A *referral* ("please contact the pharmacy", "you may want to ask a pharmacist for advice") is part of declining:
it sends the user elsewhere and says nothing about the product. It counts as filler next to a refusal (in the
sentence, or as a sentence of its own in an answer that declines), never on its own: "Contact support to cancel."
states how to cancel and is checked. A referral names whom to ask in at most five words, with no digit, address or
purpose clause ("to cancel", "within 30 days", "support@...", "555-0100" are claims). It comes in three shapes:
"(please / you may want to / it's worth) contact(ing) <whom>", "<whom> should be able to tell you" and "<whom>
would be the best place to ask"; in the last two ``whom`` is the subject, so it must be a person, team or place
("the plan can help you" is a claim about the plan). A timing ("when you book", "before your pick-up day") and
an empty purpose ("to ask", "to check") add nothing.

Two more kinds of sentence are part of declining and never a claim on their own (issue 30): a *restatement*
("You'd like to know whether ...", "You're asking about X") whose content words all come from the question, and,
next to a refusal, what the sources *cover* ("they only cover prices, booking and policies"): sources as subject,
a list of topics as object. A clause in that list is a claim, and so is a digit or a name ("the Compact and Luton
vans", "4x6 prints") unless every word of the list is in the passages (what the sources cover is what they say).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from faithkit.text.sentences import is_question
from faithkit.text.words import DIGIT_NUMBER, STOPWORDS, content_words

_CLAUSE_BREAK = re.compile(r"\s*(?:[,;:()]|\s[—–-]\s|[—–])\s*")
_CONTINUATION = re.compile(
    r"^(?:and |or |nor )?(?:about|regarding|on|for|of|in|within|including|such as|like|whether|if|how|what|"
    r"when|where|why|who|which (?:article|page|doc|passage|source)s?|either|neither|nor|or|let alone|"
    r"especially|particularly|specifically)\b",
    re.IGNORECASE,
)
FILLER = STOPWORDS | frozenset(
    "sorry unfortunately however afraid apologies apologize apologise thanks thank please hello hello hi hey "
    "sure okay ok well hmm actually really honestly currently sadly regret i'm im i've ive i'd id me my mine "
    "don't doesn't can't cannot couldn't won't wouldn't isn't aren't wasn't unable able help center centre docs "
    "documentation article articles source sources context passage passages information details detail info "
    "knowledge base available provided given specific specifics anything something nothing question "
    "questions answer know sure certain find found see mention mentioned say says said able there's that's "
    "it's here's good great though either anyway missing missed wrong might could may".split()
)
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


_BE = r"(?:is|are|was|were|isn't|aren't|wasn't|weren't|is not|are not|was not|were not|'s)"
_ENDS_WITH_BE = re.compile(rf"\b{_BE}\s*$", re.IGNORECASE)
_STARTS_WITH_BE = re.compile(rf"^(?:{_BE}|not)\b", re.IGNORECASE)
# "Yoga doesn't come up in the camp article": the topic is the subject of a verb of appearing (session 33)
_NEVER_COMES_UP = re.compile(r"^(?:doesn't|does\s+not|don't|do\s+not|didn't|did\s+not)\s+(?:come\s+up|turn\s+up|"
                             r"appear|feature)\b", re.IGNORECASE)
_LEADING_JOIN = re.compile(r"^\s*(?:but|and|so|however)\b,?\s*", re.IGNORECASE)
_JOINS = re.compile(r"\b(?:and|but|so|because|while|whereas|although|though|then)\b|\d", re.IGNORECASE)
# two things named together as what is declined ("Showers and lockers aren't mentioned in the FAQ"): a word or two
# on each side of "and" / "or", no verb among them, the whole subject (a clause joined by "and" has a verb)
_NOT_A_VERB = (r"(?!(?:is|are|was|were|can|could|will|would|do|does|did|has|have|had|must|should|may|might|costs?|"
               r"takes?|gets?|pays?)\b)[A-Za-z][\w'-]*")
_NOUN_PAIR = re.compile(rf"^\s*(?:{_NOT_A_VERB}\s+){{1,2}}(?:and|or)\s+(?:{_NOT_A_VERB}\s*){{1,2}}$", re.IGNORECASE)
# after a refusal, more of what is declined: "...; early renewal of the annual pass isn't covered", "goggles aren't
# addressed" (a topic of a few words, no digit, and a verb of saying in the passive), and "free or paid" (the
# alternatives of the declined topic)
_NOT_ADDRESSED = re.compile(r"^(?:and\s+|but\s+|so\s+)?[^\d,;:]{1,60}?\s+(?:isn't|is\s+not|aren't|are\s+not)\s+"
                            r"(?:covered|addressed|mentioned|specified|explained|described|listed|discussed)"
                            r"(?:\s+(?:either|anywhere|there|here))?$", re.IGNORECASE)
_WHICH_COVER = re.compile(r"^which\s+(?P<scope>(?:only\s+|just\s+|mainly\s+)?(?:cover|covers|deal\s+with|deals\s+with|"
                          r"talk\s+about|talks\s+about|describe|describes|list|lists|mention|mentions)\s+.+)$",
                          re.IGNORECASE)
_ALTERNATIVES = re.compile(r"^(?:either\s+)?[a-z-]+\s+or\s+[a-z-]+$", re.IGNORECASE)


_WHEN = (r"(?:\s+(?:when|before|while|next time|once)\s+(?:you\s+(?:book|call|visit|go|come in|arrive|order|buy|"
         r"sign up|check in|pick up|travel|email|write)(?:\s+to\s+[a-z]+)?|you(?:'re|\s+are)\s+(?:in|there|here)|"
         r"your\s+[a-z-]+(?:\s+[a-z-]+)?|(?:an?|the|your)\s+[a-z-]+\s+(?:starts?|begins?|opens?|leaves?|departs?))"
         r"(?:\s+(?:an?|the|your)\s+[a-z-]+)?)?")
_ABOUT = (r"(?:\s+(?:for|about)\s+(?:more\s+|further\s+|any\s+)?(?:help|details|information|info|assistance|advice|"
          r"support|guidance|clarification|questions)|\s+directly|\s+(?:about|on)\s+(?:this|that|it)|"
          r"\s+to\s+(?:ask|check|confirm|find out|be sure)|\s+for\s+(?:the\s+|any\s+)?[a-z-]+(?:\s+[a-z-]+)?)?")
_ASK = (r"(?:contact(?:ing)?|reach(?:ing)?\s+out\s+to|get(?:ting)?\s+in\s+touch\s+with|call(?:ing)?|"
        r"ask(?:ing)?(?:\s+at)?|speak(?:ing)?\s+(?:to|with)|talk(?:ing)?\s+(?:to|with)|"
        r"check(?:ing)?(?:\s+(?:with|in|on|at))?|look(?:ing)?\s+(?:in|on|at)|consult(?:ing)?|email(?:ing)?)")
# "For party bookings, please contact the museum": the topic the user is sent elsewhere about (a few words, no digit)
_OPEN = (r"^(?:(?:so|but|and|then|instead)\s+)?(?:for\s+(?:that|this|more\s+(?:details|information|info)|"
         r"(?:an?\s+|the\s+|your\s+)?[a-z-]+(?:\s+[a-z-]+){0,2}),?\s+)?")
# three shapes of sending the user elsewhere, each naming whom to ask (``whom``) and nothing else:
# "(please / you may want to / I'd suggest / it's worth) contact(ing) <whom> (directly) (before you book)",
# "<whom> should be able to tell you (when you book)", "<whom> would be the best place to ask"
_REFERRALS = (
    re.compile(
        _OPEN + r"(?:please\s+|kindly\s+|(?:you|we)(?:'d|'ll|\s+(?:can|could|may|might|should|would|will))\s+"
        r"(?:(?:want|like|need|have|try)\s+to\s+|try\s+)?|(?:I|we)(?:'d|\s+would)?\s+(?:recommend|suggest)(?:\s+that)?(?:\s+you)?\s+|"
        r"(?:it's|it\s+is|it\s+would\s+be|it'd\s+be)\s+(?:best|worth|a\s+good\s+idea)\s+(?:to\s+)?|"
        r"(?:your\s+)?best\s+(?:bet|option)\s+is\s+(?:to\s+)?|try\s+)?"
        + _ASK + r"\s+(?P<whom>[^,;:]+?)(?:\s+or\s+" + _ASK + r"\s+(?P<whom2>[^,;:]+?))?" + _ABOUT + _WHEN + r"$",
        re.IGNORECASE,
    ),
    re.compile(
        _OPEN + r"(?P<whom>[^,;:]+?)\s+(?:should|can|could|will|would|may|might)\s+"
        r"(?:be\s+(?:able|happy|glad)\s+to\s+)?"
        r"(?:tell|help|advise|confirm|answer|let|know)(?:\s+(?:you|that|this|it))*(?:\s+know)?"
        r"(?:\s+(?:more|for\s+sure|that))?(?:\s+with\s+(?:this|that|it))?"
        r"(?:\s+(?:whether|if|what|which|how|when|where|who)\b[^,;:\d]{1,60})?" + _WHEN + r"$",
        re.IGNORECASE,
    ),
    re.compile(
        _OPEN + r"(?P<whom>[^,;:]+?)\s+(?:would|will|is|are|'s|'d)\s+(?:be\s+)?(?:the\s+)?(?:(?:best|right)\s+)?"
        r"(?:place|people|person|ones?|team)\s+to\s+ask" + _WHEN + r"$",
        re.IGNORECASE,
    ),
    # "Calling ahead would be the safest option", "asking at the desk is your best bet": the asking as the subject
    re.compile(
        _OPEN + r"(?:calling|asking|checking|contacting|emailing|phoning)(?:\s+(?:ahead|first|them|directly|"
        r"(?:at|with)\s+(?:the\s+|your\s+)?[a-z-]+(?:\s+[a-z-]+)?|(?:the|your)\s+[a-z-]+(?:\s+[a-z-]+)?))?\s+"
        r"(?:would\s+be|is|'d\s+be|might\s+be)\s+(?:the\s+|your\s+)?(?:best|safest|easiest|quickest|surest)\s+"
        r"(?:option|bet|way|thing\s+to\s+do|route)" + _WHEN + r"$",
        re.IGNORECASE,
    ),
    # "it's worth asking when you book", "I'd suggest checking before you go": no one named, only when
    re.compile(
        _OPEN + r"(?:(?:it's|it\s+is|it\s+would\s+be|it'd\s+be)\s+(?:best|worth|a\s+good\s+idea)\s+(?:to\s+)?|"
        r"(?:I|we)(?:'d|\s+would)?\s+(?:recommend|suggest)\s+)(?:ask(?:ing)?|check(?:ing)?)(?:\s+(?:about\s+)?(?:it|this|that))?"
        + _WHEN + r"$",
        re.IGNORECASE,
    ),
)
# who can be asked, for the shapes where ``whom`` is the subject ("the front desk should be able to tell you"): a
# person, a team or a place, never a product ("the plan can help you" is a claim about the plan)
_ASKABLE = frozenset(
    "support team staff desk reception receptionist branch clinic studio school office store shop hostel hotel "
    "pharmacy pharmacist doctor dentist vet agent agents service helpdesk librarian library teacher teachers "
    "instructor instructors manager host owner front department centre center counter people person someone "
    "colleagues advisor adviser representative rep organisers organizers landlord provider company bank "
    "insurer operator gym venue".split()
)
_DETERMINERS = frozenset("the a an your our their its this that these those".split())
_AFTER_HEAD = frozenset("at in of from on".split())  # the head noun of whom stands before its first preposition
_NOT_WHOM = frozenset("to if within before after by when because so unless until which that whether how not "
                      "no never only all every".split())


# what a referral may add about whom it names: "Please reach out to our support team — they'll be glad to help!"
_HELP_TAIL = re.compile(r"\s*(?:[—–,;]|\s-)\s*(?:they|she|he|who)(?:'ll| will| can| would| 'd)?\s+(?:be\s+)?"
                        r"(?:glad|happy|able|pleased)?\s*(?:to\s+)?help(?:\s+you)?(?:\s+(?:out|further))?[.!]*$",
                        re.IGNORECASE)


_ASKED_TIMING = re.compile(r"\s+(?:when|before|once|if)\s+you\s+(?P<what>[^,;:\d]{3,80})$", re.IGNORECASE)
_LABEL = re.compile(r"^(?:[\w'-]+\s+){0,2}[\w'-]+\s*:\s+")  # "Suggestion: ask at the main gate when you arrive"


def is_referral(text: str, question: str = "") -> bool:
    """Whether ``text`` only sends the user elsewhere ("Please contact the pharmacy."): see the module docstring.
    A timing may also say back what was asked ("It's worth asking at reception before you bring someone along to
    teach" to "Can I bring my own coach to teach my son?"): every content word of it from ``question``."""
    text = _LABEL.sub("", _HELP_TAIL.sub("", text.strip()).strip(" .!?\"'"))
    asked = _ASKED_TIMING.search(text) if question else None
    if asked and not content_words(asked.group("what")) - content_words(question):
        text = text[: asked.start()]
    for number, shape in enumerate(_REFERRALS):
        found = shape.match(text)
        if found is None:
            continue
        if "whom" not in found.groupdict():
            return True
        names = [found.group("whom")] + ([found.group("whom2")] if number == 0 and found.group("whom2") else [])
        if all(_names_whom(name, subject=number > 0) for name in names):
            return True
    return False


def _names_whom(name: str, subject: bool) -> bool:
    """Whether ``name`` only names whom to ask: at most five words, no digit or address, no clause; as the
    subject ("the front desk should be able to tell you"), a person, team or place (``_ASKABLE``)."""
    whom = name.split()
    head = next((w for w, after in zip(whom, [*whom[1:], ""]) if after.lower() in _AFTER_HEAD), whom[-1])
    if subject and head.lower() not in _ASKABLE:  # "the team at the marina": the team is asked
        return False
    named = [w for w in whom if w.lower() not in _DETERMINERS]  # "the team at your branch": 3 words name it
    return (len(named) <= 5 and not any(ch.isdigit() or ch == "@" for ch in name)
            and not _NOT_WHOM.intersection(w.lower() for w in whom))


_RESTATEMENT = re.compile(
    r"^(?:so\s+)?(?:you(?:'re|\s+are|\s+were)\s+(?:asking|wondering|curious)|you(?:'d|\s+would)\s+like\s+to\s+know|"
    r"you\s+(?:want|wanted|need)\s+to\s+know|you\s+asked|you(?:'ve|\s+have)\s+asked)"
    r"\s+(?:about\s+|whether\s+|if\s+|how\s+|what\s+|when\s+|where\s+|why\s+|who\s+|which\s+)?(?P<topic>.+)$",
    re.IGNORECASE,
)


# what the sources are about, said next to a refusal ("they only cover plans, storage and billing", "the billing
# article only lists 4x6 and 8x10 prints", "the only discount they mention is 15% off rentals of 7 days or more"):
# the subject is the sources and the object a list of topics. A digit or a name ("the Compact and Luton vans") is a
# fact about the product: it keeps the sentence a claim unless every word of it is in the passages (``is_scope``)
_SOURCES = (r"(?:they|it|(?:the|our|my|these|those)\s+(?:[a-z-]+\s+)?(?:help\s+)?(?:articles?|help\s*cent(?:er|re)|"
            r"docs|documentation|pages|sources|passages)(?:\s+(?:I|we)\s+(?:have|can\s+see))?)")
_SCOPE = re.compile(
    r"^(?:(?:and|but|so|unfortunately|sadly)\s+)?(?:" + _SOURCES + r"(?:'re|\s+are|'s|\s+is)?\s+"
    r"(?:(?:only|just|mainly|mostly|all)\s+)?(?:cover|covers|about|deal\s+with|deals\s+with|talk\s+about|"
    r"talks\s+about|discuss|discusses|explain|explains|describe|describes|list|lists|mention|mentions)|"
    r"I\s+can\s+(?:only\s+)?see)\s+(?P<topics>.+)$",
    re.IGNORECASE,
)
# what the sources leave out, said after what they cover: "..., but not theory classes", "..., not reservations",
# "but no results or statistics", "but nothing about reduced rates": the declined topic, not a claim
_EXCLUDED = re.compile(r"(?:\s*,\s*|\s+)(?:but\s+)?(?:not|no|nothing\s+(?:about|on|regarding))\s+"
                       r"(?P<excluded>[^,;:]+)$", re.IGNORECASE)
# "..., but water temperature isn't addressed": the declined topic, after what the sources cover
_BUT_NOT_ADDRESSED = re.compile(r",?\s+but\s+[^,;:\d]{1,60}?\s+(?:isn't|is\s+not|aren't|are\s+not)\s+(?:covered|"
                                r"addressed|mentioned|specified|explained|described|listed|discussed)$", re.IGNORECASE)
_ONLY_MENTIONED = re.compile(
    r"^(?:(?:and|but|so)\s+)?the\s+only\s+[a-z -]{1,40}?\s+(?:(?:that\s+)?" + _SOURCES +
    r"\s+(?:mention|mentions|list|lists|cover|covers|describe|describes|offer|offers)|(?:in|from)\s+" + _SOURCES +
    r")\s+(?:is|are)\s+(?P<topics>.+)$",
    re.IGNORECASE,
)


_CLAUSE_WORDS = frozenset(
    "is are was were be been can can't cannot will won't would must may might should do does don't doesn't did "
    "didn't has have had so but because which who that while unless until if than you we they it".split()
)
_THEN_REFER = re.compile(r"\s*(?:(?:,\s*|;\s*|\s)(?:so|and)\s+|;\s*)(?=\S)", re.IGNORECASE)


def is_scope(text: str, passages: Sequence[str] = ()) -> bool:
    """Whether ``text`` only says what the sources cover ("they're about rooms and prices", optionally followed
    by ", so support would be the best place to ask"): see ``_SCOPE``. The topics are a list of nouns with no verb
    or subordinate clause, and no digit or name unless each of its words is in ``passages`` ("the Compact, Medium
    and Luton vans" where a passage names them: what the sources cover is then what they say)."""
    text = text.strip(" .!?\"'")
    found = _SCOPE.match(text) or _ONLY_MENTIONED.match(text)
    if found is None:
        return False
    topics = _BUT_NOT_ADDRESSED.sub("", found.group("topics"))
    excluded = _EXCLUDED.search(topics)
    if excluded is not None and not _CLAUSE_WORDS.intersection(w.lower() for w in excluded.group("excluded").split()):
        topics = topics[: excluded.start()]
    for join in _THEN_REFER.finditer(topics):
        if is_referral(topics[join.end():]):
            topics = topics[: join.start()]
            break
    words = [w.strip(",;:") for w in topics.split()]
    if not 0 < len(words) <= 20 or _CLAUSE_WORDS.intersection(w.lower() for w in words):
        return False  # "they cover the Roamer, which is free": a clause is a claim of its own
    if not any(w[:1].isupper() or any(ch.isdigit() for ch in w) for w in words):
        return True
    said = set().union(*(content_words(p) for p in passages)) if passages else set()
    return bool(said) and content_words(topics) <= said


_SCOPE_LEAD_IN = re.compile(
    r"^(?:(?:and|but|so|unfortunately|sadly)\s+)?" + _SOURCES + r"(?:'re|\s+are|'s|\s+is)?\s+"
    r"(?:(?:only|just|mainly|mostly|all)\s+)?(?:cover|covers|about|talk\s+about|talks\s+about|discuss|discusses|"
    r"explain|explains|describe|describes|list|lists|mention|mentions)(?:\s+(?:these|the\s+following)"
    r"(?:\s+topics)?)?\s*:$", re.IGNORECASE)


def is_scope_lead_in(text: str) -> bool:
    """"They only cover:" / "The help center covers the following:": what the sources cover, as a list below."""
    return bool(_SCOPE_LEAD_IN.match(text.strip(" \"'")))


def is_restatement(text: str, question: str) -> bool:
    """Whether ``text`` only says back what was asked ("You'd like to know whether the app can group photos"):
    a "you're asking / you'd like to know" opener whose every content word comes from the question."""
    found = _RESTATEMENT.match(text.strip(" .!?\"'"))
    if found is None or not question:
        return False
    return not {w for w in content_words(found.group("topic")) if w not in FILLER} - content_words(question)


_WH_SUBJECT = re.compile(r"^(?:whether|how|what|when|where|which|who|why|if)\b", re.IGNORECASE)


def _topic_of_refusal(prefix: str, matched: str, question: str = "") -> bool:
    """``Number porting`` in "Number porting isn't something these articles explain": a short subject joined to
    the refusal by "is" / "isn't" (in the prefix or at the start of the match), with no second clause in it. An
    indirect question may be longer ("Whether it also works with other networks abroad isn't covered ..."). A
    number in it is the question's own ("Whether the 10-swim card can be paid for in instalments isn't ...")."""
    prefix = _LEADING_JOIN.sub("", prefix)  # "but personal training isn't mentioned": the join opens the clause
    limit = 16 if _WH_SUBJECT.match(prefix) else 8
    asked = set(DIGIT_NUMBER.findall(question))
    own = DIGIT_NUMBER.sub(lambda m: "" if m.group(0) in asked else m.group(0), prefix)
    if len(prefix.split()) > limit or _JOINS.search(_NOUN_PAIR.sub("", own)):
        return False
    return bool(_ENDS_WITH_BE.search(prefix) or _STARTS_WITH_BE.match(matched) or _NEVER_COMES_UP.match(matched))


# the declined topic named ahead of the refusal: "Gift vouchers: not covered in ...", "As for transferring the
# package, I don't have any information on that", "Regarding parking, ..."
_TOPIC_OPENER = re.compile(r"^(?:as\s+(?:for|to)|regarding|about|when\s+it\s+comes\s+to|on\s+the\s+subject\s+of)\s+"
                           r"[^\d]{1,80}$", re.IGNORECASE)


def _names_topic(clause: str, brk: str) -> bool:
    """A clause that only names what the next clause declines: an "As for X" opener, or a label before a colon
    (at most five words, no digit, no verb)."""
    if _TOPIC_OPENER.match(clause):
        return not _JOINS.search(clause)
    words = clause.split()
    return brk.strip() == ":" and 0 < len(words) <= 5 and not _CLAUSE_WORDS.intersection(w.lower() for w in words) \
        and not any(ch.isdigit() for ch in clause)


def _contentless(text: str) -> bool:
    """No word that could carry a factual claim: only filler, pronouns and stopwords, and no digits."""
    for word in _WORD.findall(text.lower()):
        if any(ch.isdigit() for ch in word) or (word not in FILLER and len(word) > 2):
            return False
    return True


def says_nothing(text: str) -> bool:
    """Filler only ("sorry", "unfortunately", "I'm afraid"): nothing a checker could judge."""
    return _contentless(text.strip(" .!?\"'"))


def declines_only(sentence: str, match_span: Callable[[str], tuple[int, int] | None], question: str = "",
                  passages: Sequence[str] = ()) -> bool:
    """True when ``sentence`` declines and makes no other claim. ``match_span(text)`` gives the span of a
    refusal pattern's match in ``text`` (or None); a clause restating ``question`` is not a claim either, nor one
    saying what ``passages`` cover (``is_scope``)."""
    pieces, cursor = [], 0
    for brk in _CLAUSE_BREAK.finditer(sentence):
        pieces.append((cursor, sentence[cursor : brk.start()], brk.group(0)))
        cursor = brk.end()
    pieces.append((cursor, sentence[cursor:], ""))
    declined = topic = False
    for start, piece, brk in pieces:
        clause = piece.strip(" .!?\"'")
        if not clause:
            continue
        if not declined and not topic and _names_topic(clause, brk):
            topic = True  # only if a refusal follows: "Guests: yes, ..." stays a claim
            continue
        span = match_span(clause)
        if span is not None:
            prefix = clause[: span[0]]
            if not (_contentless(prefix) or _topic_of_refusal(prefix, clause[span[0] : span[1]], question)):
                return False  # "Refunds take 5 days and I can't find ..." : a claim before the refusal
            declined = True
            continue
        if (_contentless(clause) or (declined and (_CONTINUATION.match(clause) or _NOT_ADDRESSED.match(clause)
                                                    or _ALTERNATIVES.match(clause)))
                or is_referral(clause, question) or is_restatement(clause, question)
                or is_question(piece.strip(" ,;—–-"))):  # '"Is there a fee?" — I can't say': it only asks
            continue
        which = _WHICH_COVER.match(sentence[start:].strip(" .!?\"'")) if declined else None
        if which and is_scope(f"they {which.group('scope')}", passages):
            return True  # "..., which only cover the fittings a custom suit needs": what the sources cover
        # what the sources cover, as a list of topics that runs to the end of the sentence, commas and all
        return declined and is_scope(sentence[start:], passages)
    return declined
