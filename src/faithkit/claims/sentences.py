"""Default claims: the sentences of the answer, read the way its user reads them.

The answer is read as markdown first (``claims.markdown``): list items, headings and paragraphs are blocks no
sentence crosses, and emphasis, inline code and link syntax are dropped. In each block, citation markers are
taken out of the text (``claims.citations``) and recorded on the claim as ``cited``; then the block is split into
sentences, and each sentence becomes one claim whose ``span`` points at its original characters.

What is not checked, and why:

- answer particles ("Yes.", "No.", "Sure!", "Partly.", "It depends."): they score near zero against any window
  and would turn a faithful answer into an unsupported one. So do greetings, sign-offs, offers of more help and
  questions back to the user ("Hi there!", "I hope this helps!", "Let me know if you need anything else.", "Would
  you like help finding the Orders page?"): with one added, 0 of 25 faithful help-center answers stayed faithful
  (``benchmarks/pleasantries.py``). A leading "No," / "Unfortunately not:" attached to a sentence goes too (the
  model read it as negating the fact after it); a leading "Yes," stays: removing it lost a help-center negation
  fault ("Yes, you can add a tip to a cash order ...");
- attribution frames ("According to the help center,", "Based on the articles I have,", "The docs say that",
  "It looks like"): they say where the fact comes from, not what it is ("According to the docs," in front of a
  supported claim dropped it from 0.99 to 0.30). Hedges that change meaning ("might", "usually", "up to") stay.
  So does a text source that lists or gives what the claim states ("The pages list a monthly pass at COP 280,000
  for 30 days", "The largest room it lists is the party room"): the claim is what is listed. Refusals say it so
  ("... the package it describes includes breakfast, dinner and 5 group lessons"), and the model read the frame as
  a claim about the pages (0.17 against the sentence it restates, 0.93 without it);
- a discourse opener ("Either way,", "Also,", "Note that", "Keep in mind that", "However,"): it ties the sentence
  to the one before and states nothing; so do steps in order ("First,", "Then,"), fillers ("Basically,", "So,")
  and the assistant's framing and confidence ("To answer your question,", "Here's what I found:", "I think").
  With one of 40 in front, 1273 of 1600 faithful help-center claims stayed supported and 1528 of 1600 faults
  stayed flagged; without it, the sentence is its fact (``benchmarks/discourse_openers.py``);
- a generic label before a colon ("**Short answer:**", "Details:", "Good to know:", "TL;DR:"): it names the kind of
  line, not its subject. A label that names a subject ("**Vans:** $15/hour") stays, and bold label lines one
  newline apart are one claim each (``claims.markdown``). Written as such lines, 107 of 120 help-center answers
  had kept their status; now 119 (``benchmarks/label_lines.py``);
- decorative emoji before or after a line ("✅", "👉", "⚠️"; ``claims.markdown.without_pictographs``): with one in
  front, 216 of 320 supported help-center claims stayed supported (``benchmarks/line_marks.py``). A mark that says
  "not" ("❌") stays: it reverses the words;
- a question ("Need more storage?", "Is the pool heated in winter?" said back, a quoted "Do your instructors speak
  German?"; ``is_question``): it asks, it does not state. Confirmed on the held-out refusals_holdout2 (+2 refusals,
  no answer of any set lost);
- a "Sources:" / "References:" line and the items under one (``is_sources_line``): where the answer came from. A
  reference to a source inside a sentence ("(see the Plans article)") is a citation (``claims.citations``);
- a table's header cells and each row's first cell: they name what the other cells are about. Each other cell is
  checked with both names in front ("Overhaul: Price: €180"; ``claims.markdown``);
- a lead-in with no number of its own ("Here's the pricing:", "**Printed tickets:**", a heading): it carries no
  checkable fact. The items under a lead-in that names a subject are checked with that subject in front
  ("Printed tickets: Delivered within 5 working days"), so "Delivered within 5 working days" is checked as being
  about printed tickets.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from faithkit.claims.base import ClaimsOrError
from faithkit.claims.citations import find_markers
from faithkit.claims.markdown import Plain, markdown_blocks, without_pictographs
from faithkit.records import Claim, Interaction
from faithkit.text.sentences import is_question, split_sentences
from faithkit.text.split_cache import splitter_identity
from faithkit.text.words import DIGIT_NUMBER

_PARTICLE = re.compile(
    r"^(?:(?:sorry|unfortunately|sadly|alas)[,!]?\s+)?"
    r"(yes|no|yep|nope|sure|ok|okay|of course|certainly|absolutely|correct|right|great|thanks|thank you|"
    r"good question|unfortunately not|not quite|indeed|partly|partially|in part|mostly|it depends|that depends|"
    r"i (?:think|believe) so|i (?:don't|do not) think so|(?:i'm|i am) afraid not)"
    r"[.!?]*$",
    re.IGNORECASE,
)
# what an assistant says to the user rather than about the sources: a greeting, a sign-off, an offer of more help, a
# question back ("Hi there!", "I hope this helps!", "Let me know if you need anything else.", "Would you like help
# finding the Orders page?"). Read as claims they score near zero and fail a faithful answer
_PLEASANTRY = re.compile(
    r"^(?:(?:hi|hello|hey)(?: there)?(?:,? [a-z]+)?|good (?:morning|afternoon|evening)|"
    r"(?:i )?hope (?:this|that) (?:helps|answers your question)(?: you)?|"
    r"(?:i'm |i am |i'd be |i would be )?(?:always )?(?:happy|glad) to help(?: with anything else| further| more)?|"
    r"let me know if (?:you (?:need|have|want|would like)|there(?:'s| is)|i can) [^.?!]*|"
    r"(?:please )?(?:feel free|don't hesitate|do not hesitate) to (?:ask|reach out|get in touch|contact (?:us|me))"
    r"[^.?!]*|have a (?:great|good|nice|lovely|wonderful) (?:day|evening|weekend|trip|stay)|"
    r"thanks? (?:you )?for (?:reaching out|asking|your question|getting in touch|contacting us|your patience)|"
    r"(?:that's a |what a )?(?:great|good) question|"
    r"(?:is there )?anything else(?: (?:about|on|regarding|for) [^.?!\d]{1,40}?)? (?:i can (?:help (?:you )?with|"
    r"do for you|check(?: for you)?|look into(?: for you)?)|you(?:'d| would) like to know))[.!?,]*$"
    r"|^(?:(?:would|do) you (?:like|want|need)|(?:shall|should|can|could|may) i (?:help|show|check|walk|send|look)|"
    r"(?:need|want) (?:any )?(?:more )?help)\b[^.!?]*\?$",
    re.IGNORECASE,
)
_DIGIT = re.compile(r"\d")  # a sentence with a number states something: "Let me know if you want the $5 add-on."
_HAS_WORD = re.compile(r"\w")
# a negative answer particle opening a sentence that goes on to state the fact: "No, bed linen is always
# included.", "Unfortunately not: drivers must be at least 21 ...". It answers the question; read by the model
# it negates the fact after it. "Yes," is left: it changes no fact's polarity. "No fee:" and "There's no charge —"
# answer "Is there a fee?" the same way, before the sentence says what is free (session 30, shapes_dev2)
_LEADING_NO = re.compile(
    r"^(?:(?:sorry|unfortunately|sadly)[,!]?\s+)?(?:no|nope|unfortunately not|sadly not|not quite|"
    r"(?:I'm|I am) afraid not|unfortunately|sadly"
    r"|(?:there(?:'s|’s| is| are) )?no (?:extra |additional |hidden )?(?:fees?|charges?|costs?))"
    r"(?:,? (?:I'm afraid|unfortunately|sadly))?\s*[,:;—–]\s*(?=\w)"
    # "Unfortunately it doesn't — the ticket isn't included": the short answer before a dash or colon
    r"|^(?:(?:unfortunately|sadly),?\s+)?(?:it|they|that|this)\s+(?:doesn't|does\s+not|don't|do\s+not|isn't|"
    r"is\s+not|aren't|are\s+not|won't|can't|cannot)(?:,? (?:I'm afraid|unfortunately|sadly))?\s*[:;—–]\s*(?=\w)",
    re.IGNORECASE)
# a discourse opener that ties the sentence to the one before and states nothing itself: "Either way, most bikes
# are ready within two working days." (module docstring; benchmarks/discourse_openers.py)
_OPENER = re.compile(
    r"^(?:either way|in any case|in either case|also|plus|in addition|additionally|on top of that|besides|"
    r"however|that said|by the way|as a reminder|(?:the )?(?:good|great) news(?: is)?|just so you know|"
    r"just a heads[- ]up|(?:also |please )?note|(?:please )?(?:keep|bear) in mind|remember|"
    r"(?:it's |it is )?worth noting|one thing to note|importantly)(?:\s*[,:—–]\s*|\s+that\s+)(?=\w)"
    # with a comma, colon or dash only: steps in order, fillers, a summing-up ("So that you ..." is a purpose
    # clause), the assistant's own framing ("To answer your question,", "Here's what I found:")
    r"|^(?:first|then|next|after that|finally|lastly|basically|actually|so|in short|in brief|in a nutshell|"
    r"put simply|simply put|to be clear|for reference|here's the (?:deal|thing)|here's how it works|"
    r"to answer your question|here's what I found|if I understand (?:it )?correctly|from what I understand)"
    r"\s*[,:—–]\s*(?=\w)"
    # the assistant's confidence, not the fact's: "I think DVDs are lent for 7 days." ("might", "usually" stay)
    r"|^I (?:think|believe)(?: that)?\s+(?=\w)",
    re.IGNORECASE)
# a generic label before a colon, bold or not ("**Short answer:** ...", "Details: ...", "Good to know: ..."): it
# names the kind of line, not its subject, so it is taken out like an opener. Left in, "Answer: The daily cash
# withdrawal limit is €500" read as contradicted (0.82) by the very sentence it copies (benchmarks/label_lines.py).
# A label naming a subject ("Cars: $11/hour") stays: it says what the line is about
_GENERIC_LABEL = re.compile(
    r"^(?:(?:the )?(?:short|quick|brief) answer|answer|details|more details|summary|tl;? ?dr|bottom line|"
    r"in short|in brief|good to know|heads[- ]up|(?:pro |quick )?tip|fyi|important|update|step \d{1,2}|a)"
    r"\s*:\s*(?=\w)",
    re.IGNORECASE)
# the user's question restated under a "Q:" label, as FAQ-style answers do ("**Q:** Is dental covered?"): it asks,
# it does not state; a line of its own, whatever its sentences ("Q: I spent €200 abroad. What's the fee?")
_QUESTION_LINE = re.compile(r"^\W*(?:q|question)\s*:", re.IGNORECASE)


def is_question_line(block: Plain) -> bool:
    """Whether a block restates the user's question under a "Q:" label (``_QUESTION_LINE``)."""
    return bool(_QUESTION_LINE.match(block.text))
# a list of the sources the answer drew on ("Sources: [Plans](https://...)", "**References:**" over a list): where the
# answer came from, not what it says. Read as a claim, "Sources: plans, downloads" failed every answer it ended
_SOURCES_LINE = re.compile(
    r"^\W*(?:sources?|references?|citations?|learn more|read more|related (?:articles?|pages?)|further reading|"
    r"more info(?:rmation)?)\s*:", re.IGNORECASE)


def is_sources_line(block: Plain) -> bool:
    """Whether a block lists sources, or is an item under a lead-in that does (``_SOURCES_LINE``)."""
    return bool(_SOURCES_LINE.match(block.text) or block.kind == "item" and block.under is not None
                and _SOURCES_LINE.match(block.under.text))


# a source that is only ever text, and the nouns a frame may also name ("According to the policy, ...") that a
# product could be too (a policy gives you days, a guide gives a tour): only the first "lists" or "gives" a claim
_TEXT_SOURCE_NOUN = (r"help ?cent(?:er|re)|help (?:articles?|pages?|docs)|articles?|docs|documentation|passages?|"
                     r"sources?|knowledge base|faqs?|pages?|what I (?:found|have|can see)")
_SOURCE_NOUN = rf"(?:{_TEXT_SOURCE_NOUN}|context|information|guides?|policy|policies|terms)"
_FRAME = re.compile(
    r"^(?:"
    rf"(?:according to|based on|going by|per|from|as (?:stated|mentioned|noted|described|explained) in) "
    rf"(?:the |our |my |these |those |this |your )?(?:[\w-]+ ){{0,2}}?{_SOURCE_NOUN}"
    r"(?: (?:I|we) (?:have|found|can see|was given|were given|have access to))?\s*[,:]\s*"
    rf"|(?:the |our |these |my )?{_SOURCE_NOUN} (?:only |just )?"
    r"(?:says?|states?|mentions?|explains?|notes?|indicates?|shows?)"
    r"(?: that)?\s*[,:]?\s+"
    r"|(?:it|this) (?:looks|seems|appears) (?:like|that)\s+|it (?:looks|seems|appears),?\s+"
    r"|(?:from what I can (?:see|tell)|as far as I can (?:see|tell)|as far as I know)\s*,\s*"
    r")",
    re.IGNORECASE,
)
# a text source with up to two words naming it ("the pricing article", "the lesson page"): only such a source
# "lists", "gives" or "describes" what it says
_TEXT_SOURCE = (r"(?:the |our |these |those |this |my )?(?:(?!(?:the|a|an|it|they)\b)[\w-]+ ){0,2}?"
                rf"(?:{_TEXT_SOURCE_NOUN})")
_LISTS = r"(?:lists?|gives?|describes?|names?|prices?|quotes?|shows?|mentions?)"
# "The pages list a monthly pass at COP 280,000 for 30 days": what the pages list is the claim
# ("describes the instructors as certified" is not a claim that the instructors exist: left to the model)
_SOURCE_LISTS = re.compile(rf"^{_TEXT_SOURCE} (?:only |just |also )?{_LISTS}\s+(?!you\b|us\b|that\b|how\b|what\b|"
                           r"which\b|whether\b|when\b|where\b|why\b|(?:[\w-]+ ){1,4}as\b)(?=\w)", re.IGNORECASE)
# the text source a sentence opens with, as its subject ("The docs describe Fundamentos ...", "The lesson page
# [lessons] gives ..."): a later part of the same sentence may decline with that source left implicit ("..., but
# they don't mention an online course", "... but doesn't mention a waiting list"; ``RefusalDetector.undeclined``)
_OPENING_SOURCE = re.compile(rf"^\W*(?P<source>{_TEXT_SOURCE})(?:\s*\[[^\]]*\])? (?:only |just |also )?[a-z]+s?\b",
                             re.IGNORECASE)
# "The package it describes includes breakfast": the relative clause names the source, not the package
_SOURCE_RELATIVE = re.compile(rf"(?<=\w) (?:that |which )?(?:it|they|(?=the |these |those |this ){_TEXT_SOURCE}) "
                              rf"{_LISTS}(?= (?:is|are|was|were|"
                              r"includes?|costs?|has|have|about|for)\b)", re.IGNORECASE)
_GENERIC_LEAD_IN = re.compile(
    r"^(?:sure[,!.]?\s*|of course[,!.]?\s*|great question[,!.]?\s*)?(?:here(?:'s| is| are)|these are|there are|"
    r"the following|below|in short|in summary|to summari[sz]e|summary|overview|details|options|key points|"
    r"you (?:have|can choose)|(?:the )?(?:main|key) )",
    re.IGNORECASE,
)
_PARENTHETICAL = re.compile(r"\s*\([^()]*\)")


def drop_kind(sentence: str) -> str | None:
    """Why a sentence is not a claim (module docstring): ``"particle"`` (an answer particle, bare punctuation),
    ``"talk_to_user"`` (a greeting, sign-off, offer of more help or question back), or None: it is checked."""
    text = _OPENER.sub("", _GENERIC_LABEL.sub("", sentence.strip(), count=1), count=1)  # "Short answer: no."
    if not _HAS_WORD.search(text) or _PARTICLE.match(text) or _PARTICLE.match(sentence.strip()):  # "I think so."
        return "particle"
    if _PLEASANTRY.match(text) and not _DIGIT.search(text):
        return "talk_to_user"
    if is_question(text):
        return "asks"
    return None


def is_particle(sentence: str) -> bool:
    """True for sentences that carry no checkable content (answer particles, talk to the user, punctuation)."""
    return drop_kind(sentence) is not None


def opening_source(sentence: str) -> str | None:
    """The text source that is the subject of ``sentence`` ("the pricing article"), or None."""
    found = _OPENING_SOURCE.match(sentence)
    return found.group("source") if found else None


def checked_text(sentence: str) -> str:
    """The part of a sentence that states a fact: attribution frames removed (module docstring); the sentence
    itself when nothing is left."""
    text = without_pictographs(sentence.strip())
    for _ in range(2):  # "According to the docs, it looks like ...": two frames
        stripped = _SOURCE_LISTS.sub("", _FRAME.sub("", text, count=1), count=1)
        if stripped == text:
            break
        text = stripped
    text = _SOURCE_RELATIVE.sub("", text, count=1)
    text = _GENERIC_LABEL.sub("", text, count=1)
    text = _LEADING_NO.sub("", text, count=1)
    text = _OPENER.sub("", text, count=1)
    if not _HAS_WORD.search(text) or is_particle(text):
        return sentence.strip()
    return text[0].upper() + text[1:] if text[0].islower() else text


def without_markers(block: Plain, passage_ids: Sequence[str]) -> tuple[Plain, list[tuple[int, tuple[str, ...]]]]:
    """The block with its citation markers taken out, and (position in the new text, cited) for each marker."""
    markers = find_markers(block.text, passage_ids)
    if not markers:
        return block, []
    clean = Plain(kind=block.kind, lead_in=block.lead_in, under=block.under)
    found: list[tuple[int, tuple[str, ...]]] = []
    cursor = 0
    for marker in markers:
        clean.text += block.text[cursor:marker.start]
        clean.offsets += block.offsets[cursor:marker.start]
        found.append((len(clean.text), marker.cited))
        cursor = marker.end
    clean.text += block.text[cursor:]
    clean.offsets += block.offsets[cursor:]
    return clean, found


def _subject(lead_in: Plain | None) -> str | None:
    """What a lead-in says its items are about ("Printed tickets"), or None for a generic one ("Here's the
    pricing:") or none at all."""
    if lead_in is None:
        return None
    text = without_pictographs(_PARENTHETICAL.sub("", lead_in.text).strip()).rstrip(":").strip()
    if not text or _GENERIC_LEAD_IN.match(text) or len(text.split()) > 8:
        return None
    return text


def _has_fact(text: str, question: str) -> bool:
    """Whether a lead-in states something of its own: a number the question does not give ("Here's the
    breakdown for 4 days from Monday:" only repeats "a 4-day rental, starting Monday")."""
    return bool(set(DIGIT_NUMBER.findall(text)) - set(DIGIT_NUMBER.findall(question)))


def sentence_claims(answer: str, passage_ids: Sequence[str] = (), question: str = "") -> list[Claim]:
    """The claims of ``answer`` (module docstring), each with its span in the answer and the passages it cites
    (numeric markers name ``passage_ids`` in prompt order); ``question``: what a lead-in may repeat without
    stating a fact of its own."""
    claims: list[Claim] = []
    for raw in markdown_blocks(answer):
        block, markers = without_markers(raw, passage_ids)
        if (block.label or block.lead_in and not _has_fact(block.text, question) or is_sources_line(block)
                or is_question_line(block)):
            continue
        subject = _subject(without_markers(block.under, passage_ids)[0] if block.under is not None else None) \
            if block.kind in ("item", "cell") else None
        sentences = split_sentences(block.text)
        for index, sentence in enumerate(sentences):
            upper = sentences[index + 1].start if index + 1 < len(sentences) else len(block.text) + 1
            cited = tuple(dict.fromkeys(c for at, cs in markers if sentence.start < at <= upper or
                                        (index == 0 and at <= sentence.start) for c in cs))
            if is_particle(sentence.text) and not (block.kind == "cell" and subject):  # a "yes" cell is a fact
                continue
            text = checked_text(sentence.text)
            if block.lead_in:
                text = text.rstrip(":").strip()
            elif subject is not None:
                text = f"{subject}: {text}"
            start, end = block.span(sentence.start, sentence.end)
            claims.append(Claim(text, start, end, "sentence", cited))
    return claims


def answer_sentences(answer: str) -> list[str]:
    """The answer's sentences as its reader sees them (markdown and citation markers out), particles dropped: what
    the refusal detector reads."""
    out = []
    for raw in markdown_blocks(answer):
        block, _ = without_markers(raw, ())
        out += [s.text for s in split_sentences(block.text) if not is_particle(s.text)]
    return out


class SentenceClaims:
    """Claim extractor that splits answers into sentences (rule-based, deterministic, no model)."""

    name = "sentences"

    def spec(self) -> dict[str, Any]:
        # the splitter's version is part of the run's identity: a run resumed by another splitter would mix claims
        return {"claims": self.name, "splitter": f"pysbd+blocks ({splitter_identity()})",
                "answer": "markdown-v9 (markdown-it-py; citations, frames, a source that lists, questions, a "
                          "leading no, sorry no, it doesn't or no fee, discourse openers, generic labels and lead-ins "
                          "out; table cells named by their row and column; bold label lines one claim each)",
                "drops": "answer particles, greetings, sign-offs and questions back (v2: 'anything else about your "
                         "visit I can help with?')"}

    def extract(self, interactions: Sequence[Interaction]) -> list[ClaimsOrError]:
        return [sentence_claims(i.answer, [p.id for p in i.contexts], i.question) for i in interactions]
