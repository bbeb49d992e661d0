"""Meaning-preserving rewrites of a training sentence: positives that are not copies (run 3).

Why: the shipped model (run 1) was too strict on paraphrase. "The Pro plan costs 25 dollars per month." scored
0.006 against "Pro costs 25 dollars per month and includes 50 GB of storage." because nearly every positive it
saw repeated the premise's words, while added-word negatives taught it that any word the premise lacks means "not
entailed". These rewrites change the surface but keep the facts: a name with or without its head noun as the
document itself uses it, synonyms and contractions (negation kept), number formats, and one verb phrase of a
conjoined pair with its subject. Each rule keeps every number, negation and name of the original, so the fault
injectors can then break a rewritten positive to make a hard negative that is just as far from a copy.
"""

from __future__ import annotations

import random
import re

HEAD_NOUNS = ("plan", "tier", "edition", "version", "account", "app", "application", "service", "product",
              "feature", "subscription", "package", "program", "programme", "platform", "system", "device",
              "company", "group", "team", "club", "band", "party", "river", "university", "film", "album", "series",
              "show", "game", "book", "store", "line", "brand", "model", "project", "festival", "award", "church")

# (pattern, replacements): applied once, whole words, case of the first letter kept
SYNONYMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"costs", ("is priced at",)),
    (r"includes", ("comes with", "contains")),
    (r"include", ("come with", "contain")),
    (r"allows", ("lets", "permits")),
    (r"lets", ("allows",)),
    (r"purchase", ("buy",)),
    (r"purchased", ("bought",)),
    (r"receives", ("gets",)),
    (r"receive", ("get",)),
    (r"received", ("got",)),
    (r"approximately", ("about", "around", "roughly")),
    (r"about", ("approximately", "around")),
    (r"begins", ("starts",)),
    (r"began", ("started",)),
    (r"starts", ("begins",)),
    (r"started", ("began",)),
    (r"founded", ("established",)),
    (r"established", ("founded",)),
    (r"is able to", ("can",)),
    (r"are able to", ("can",)),
    (r"in order to", ("to",)),
    (r"per month", ("a month", "each month", "every month")),
    (r"per year", ("a year", "each year", "every year")),
    (r"per user", ("for each user", "for every user")),
    (r"more than", ("over",)),
    (r"fewer than", ("under",)),
    (r"less than", ("under",)),
    (r"known as", ("called",)),
    (r"called", ("named",)),
    (r"named", ("called",)),
    (r"film", ("movie",)),
    (r"movie", ("film",)),
    (r"children", ("kids",)),
    (r"large", ("big",)),
    (r"big", ("large",)),
    (r"quickly", ("fast",)),
    (r"help", ("assist",)),
    (r"helps", ("assists",)),
    (r"located in", ("in",)),
    (r"does not", ("doesn't",)),
    (r"doesn't", ("does not",)),
    (r"do not", ("don't",)),
    (r"don't", ("do not",)),
    (r"is not", ("isn't",)),
    (r"isn't", ("is not",)),
    (r"are not", ("aren't",)),
    (r"aren't", ("are not",)),
    (r"cannot", ("can't", "can not")),
    (r"can't", ("cannot",)),
    (r"will not", ("won't",)),
    (r"won't", ("will not",)),
    (r"was not", ("wasn't",)),
    (r"did not", ("didn't",)),
    (r"didn't", ("did not",)),
)
_DROPPABLE = re.compile(r"^(?:However|In addition|Additionally|Also|Moreover|Furthermore|Currently|Today|"
                        r"In fact|Indeed|Overall),\s+|\s+(?:also|currently)\b")
_SMALL = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight", "9": "nine",
          "10": "ten", "12": "twelve", "20": "twenty", "30": "thirty", "60": "sixty", "90": "ninety"}
_CONJOINED = re.compile(r"^(?P<subj>[A-Z][^,;:()]{1,60}?) (?P<v1>[a-z]+(?:s|ed)) (?P<r1>[^,;:()]{3,80}?) and "
                        r"(?P<v2>[a-z]+(?:s|ed)) (?P<r2>[^;:()]{3,120}?)[.!]?$")
_PRONOUN_SUBJECT = re.compile(r"^(?:It|This|That|These|Those|They|He|She|We|You|I)\b")


def _keep_case(original: str, new: str) -> str:
    return new[:1].upper() + new[1:] if original[:1].isupper() else new


def _sub_once(text: str, pattern: str, new: str) -> str | None:
    m = re.search(rf"\b{pattern}\b", text, flags=re.IGNORECASE)
    if not m:
        return None
    return text[: m.start()] + _keep_case(m.group(0), new) + text[m.end():]


def aliases(doc: str) -> dict[str, str]:
    """Names the document writes both as "the <Name> <head noun>": bare name -> long form, from the doc itself,
    so "Pro" <-> "the Pro plan" is only offered where the document uses that head noun."""
    out: dict[str, str] = {}
    for m in re.finditer(rf"\b[Tt]he ((?:[A-Z][\w&-]*)(?: [A-Z][\w&-]*){{0,2}}) ({'|'.join(HEAD_NOUNS)})\b", doc):
        out.setdefault(m.group(1), f"the {m.group(1)} {m.group(2)}")
    return out


def _alias_rewrite(sentence: str, doc: str, rng: random.Random) -> str | None:
    names = list(aliases(doc).items())
    rng.shuffle(names)
    for name, long_form in names:
        long_re = re.compile(rf"\b[Tt]he {re.escape(long_form[4:])}\b")
        if long_re.search(sentence):  # long -> short
            return long_re.sub(name, sentence, count=1)
        bare = re.search(rf"(?<![\w-])(?:[Tt]he )?{re.escape(name)}(?![\w-])", sentence)
        if bare:  # short -> long
            start = bare.start()
            form = long_form if start > 0 else long_form[:1].upper() + long_form[1:]
            return sentence[:start] + form + sentence[bare.end():]
    return None


def _synonym_rewrite(sentence: str, rng: random.Random) -> str | None:
    options = [(p, r) for p, r in SYNONYMS if re.search(rf"\b{p}\b", sentence, flags=re.IGNORECASE)]
    if not options:
        return None
    pattern, replacements = rng.choice(options)
    return _sub_once(sentence, pattern, rng.choice(replacements))


def _number_rewrite(sentence: str, rng: random.Random) -> str | None:
    forms = []
    m = re.search(r"\$(\d[\d,]*(?:\.\d+)?)", sentence)
    if m:
        forms.append(sentence[: m.start()] + f"{m.group(1)} dollars" + sentence[m.end():])
    m = re.search(r"€(\d[\d,]*(?:\.\d+)?)", sentence)
    if m:
        forms.append(sentence[: m.start()] + f"{m.group(1)} euros" + sentence[m.end():])
    m = re.search(r"(\d+(?:\.\d+)?)\s?%", sentence)
    if m:
        forms.append(sentence[: m.start()] + f"{m.group(1)} percent" + sentence[m.end():])
    m = re.search(r"(\d+(?:\.\d+)?) percent\b", sentence)
    if m:
        forms.append(sentence[: m.start()] + f"{m.group(1)}%" + sentence[m.end():])
    m = re.search(r"(?<![\d.,$€£:/-])\b(\d{1,2})\b(?![\d.,%:/-])", sentence)
    if m and m.group(1) in _SMALL:
        forms.append(sentence[: m.start()] + _SMALL[m.group(1)] + sentence[m.end():])
    m = re.search(r"\b(\d{1,3}),(\d{3})\b(?![,\d])", sentence)
    if m:
        forms.append(sentence[: m.start()] + m.group(1) + m.group(2) + sentence[m.end():])
    return rng.choice(forms) if forms else None


def _drop_rewrite(sentence: str) -> str | None:
    out = _DROPPABLE.sub("", sentence, count=1)
    return out[:1].upper() + out[1:] if out != sentence and len(out.split()) >= 4 else None


def conjoined_halves(sentence: str) -> list[str]:
    """'X costs A and includes B.' -> ['X costs A.', 'X includes B.']: each verb phrase with the subject. Only
    a plain subject (no comma, no pronoun that needs the previous sentence) and two finite-looking verbs."""
    m = _CONJOINED.match(sentence.strip())
    if not m or _PRONOUN_SUBJECT.match(m.group("subj")) or " not" in m.group("subj"):
        return []
    subj = m.group("subj")
    return [f"{subj} {m.group('v1')} {m.group('r1')}.", f"{subj} {m.group('v2')} {m.group('r2').rstrip('.!')}."]


def paraphrase(sentence: str, doc: str, rng: random.Random) -> tuple[str, str] | None:
    """One meaning-preserving rewrite of ``sentence`` (its kind, its text), or None when no rule applies.
    Up to two rules are chained so that the result is rarely one word away from the original."""
    rules = ["alias", "synonym", "number", "drop", "halves"]
    rng.shuffle(rules)
    text, kinds = sentence, []
    for rule in rules:
        if rule == "alias":
            new = _alias_rewrite(text, doc, rng)
        elif rule == "synonym":
            new = _synonym_rewrite(text, rng)
        elif rule == "number":
            new = _number_rewrite(text, rng)
        elif rule == "drop":
            new = _drop_rewrite(text)
        else:
            halves = conjoined_halves(text)
            new = rng.choice(halves) if halves else None
        if new and new != text:
            text, kinds = new, [*kinds, rule]
            if len(kinds) == 2 or rng.random() < 0.4:
                break
    return ("+".join(kinds), text) if kinds else None
