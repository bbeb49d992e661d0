"""An emphatic "do" or a filler adverb in a sentence, through `faithkit check`: does the sentence keep its verdict?

    PYTHONPATH=src python benchmarks/emphatic_do.py [--claims 60]

Assistants confirm with an emphatic "do" ("Yes, members do get 10% off", "The plan does cover fillings") and
fill with adverbs ("guests still pay", "it actually costs"). The sentence states what it states without them, so a
faithful sentence must stay supported and a fault must stay flagged. Here the help-center suite's faithful claims
that the default checker supports on their own, and its faults that it flags on their own (the first ``--claims``
of each, in the suite's order, among those with a present tense verb of ``VERBS`` that is not after "to", a modal,
a negation or a determiner), are each checked again with the verb written emphatically ("gets" -> "does get",
"cover" -> "do cover") and with each of ``ADVERBS`` before it, as a one-sentence answer to the same question over
the same passages. The claims were not read to choose the rewrites (``checkers/nli_input.py``: the emphatic "do"
was chosen on the development set refusals_dev2, rd2-064; the adverbs on the model's reading of one sentence
written for it); this is their confirmation on text they were not chosen on.
"""

from __future__ import annotations

import argparse
import re

from discourse_openers import SuiteClaims

# common verbs of help-center answers, written without looking at the rewrite's list (``nli_input._EMPHASIZED``),
# so verbs it does not know are measured too
VERBS = frozenset("""get have include cover offer need pay charge apply allow accept work require give take let keep
come go run close open provide support count return add renew ship deliver refund expire last stay cost mean make
sell rent book change use send arrive earn start end reach show say limit lock block save sync""".split())

# filler adverbs before a verb ("guests still pay"): they state nothing a passage must hold
ADVERBS = ("still", "just", "actually", "really")
_THIRD = {"has": "have", "goes": "go"}
# words after which a listed word is no present-tense verb: an infinitive, a modal's verb, a negation's ("doesn't
# charge": "t"), a noun after a determiner ("the change"), an adjective after "is" ("is open")
_NOT_BEFORE = frozenset("""to can cannot will would must may might should could shall not never t the a an your our
their its this that these those my his her is are was were be been being both no of in yes""".split())
_VERB = re.compile(r"\b(?P<verb>[A-Za-z]+)\b")
_PERFECT = re.compile(r"\s+(?:\w+ed|\w+en|made|been|got|had|paid|sent|left|kept|bought)\b")  # "have made": no verb


def _base(word: str) -> tuple[str, str] | None:
    """("does" or "do", the verb's base form) for a present-tense verb of the list, else None."""
    if word in _THIRD:
        return "does", _THIRD[word]
    if word in VERBS:
        return "do", word
    for ending, back in (("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(ending) and word[: -len(ending)] + back in VERBS:
            return "does", word[: -len(ending)] + back
    return None


def _first_verb(claim: str) -> tuple[re.Match[str], tuple[str, str]] | None:
    """The claim's first present-tense verb of the list, with ("do" or "does", its base form); None if none."""
    previous = "the"  # the first word is the subject ("Refunds to your card are ...")
    for match in _VERB.finditer(claim):
        word = match.group("verb").lower()
        found = _base(word) if previous not in _NOT_BEFORE else None
        if found is not None and not (found[1] == "have" and _PERFECT.match(claim, match.end())
                                      or claim[match.end():match.end() + 1] == "-"):  # "add-ons"
            return match, found
        previous = word
    return None


def emphatic(claim: str) -> str | None:
    """``claim`` with its first present-tense verb of the list made emphatic ("costs" -> "does cost"), or None."""
    found = _first_verb(claim)
    if found is None:
        return None
    match, (auxiliary, base) = found
    return f"{claim[:match.start()]}{auxiliary} {base}{claim[match.end():]}"


def with_adverb(claim: str, adverb: str) -> str | None:
    """``claim`` with ``adverb`` before its first present-tense verb of the list ("still costs"), or None."""
    found = _first_verb(claim)
    return None if found is None else f"{claim[:found[0].start()]}{adverb} {claim[found[0].start():]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", type=int, default=60)
    args = parser.parse_args(argv)
    suite = SuiteClaims()
    suite.labels = [row for row in suite.labels if emphatic(row["claim"]) is not None]
    print(f"{len(suite.labels)} help-center claims have a verb to write emphatically")
    suite.variant_table([("as written", lambda row: row["claim"]),
                         ("emphatic do", lambda row: emphatic(row["claim"])),
                         *((f"{adverb} + verb", lambda row, a=adverb: with_adverb(row["claim"], a))
                           for adverb in ADVERBS)],
                        args.claims, "an emphatic do or a filler adverb", "variant", 16)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
