"""Quantities written in words: number words ("fifty", "a dozen", "twenty-five"), multipliers ("twice", "three
times"), word ordinals used as quantities ("every third day"), "half" and shares ("one third off", "a quarter of").

Apart from ``extract`` because words need their own guards (a bare "one" is a pronoun, "the third quarter" is no
share) and change for their own reasons; ``extract.extract_quantities`` merges what both find.
"""

from __future__ import annotations

import re

from faithkit.checkers.numbers.quantity import (
    _DATA_UNITS,
    _TIME_UNITS,
    Quantity,
)
from faithkit.checkers.numbers.scan import (
    _IDIOMS,
    _MULTIPLIERS,
    _ORDINAL_WORDS,
    _SCALE_WORDS,
    _TENS_WORDS,
    _UNIT_WORDS,
    _WORD,
    _after,
    _is_date_context,
    _prev_word,
    _unit_after,
    counted_noun,
)


def _word_number_spans(text: str) -> list[tuple[int, int, float, int, str]]:
    """Runs of number words: (start, end, value, numeral_end, kind). ``a dozen``, ``twenty-five``,
    ``one hundred and twenty``, ``twice``, ``three times``."""
    tokens = [(m.start(), m.end(), m.group(0).lower()) for m in _WORD.finditer(text)]
    out = []
    i = 0
    while i < len(tokens):
        s, e, w = tokens[i]
        if w in _MULTIPLIERS:
            out.append((s, e, float(_MULTIPLIERS[w]), e, "multiplier"))
            i += 1
            continue
        if w == "a" and i + 1 < len(tokens) and tokens[i + 1][2] in ("dozen", "hundred", "thousand", "million"):
            nxt = tokens[i + 1]
            if text[e:nxt[0]].strip() == "":
                mult = 12.0 if nxt[2] == "dozen" else float(_SCALE_WORDS[nxt[2]])
                out.append((s, nxt[1], mult, nxt[1], "word"))
                i += 2
                continue
        if w == "dozen":
            out.append((s, e, 12.0, e, "word"))
            i += 1
            continue
        if w not in _UNIT_WORDS and w not in _TENS_WORDS:
            i += 1
            continue
        total, current, j, last_end = 0.0, 0.0, i, e
        while j < len(tokens):
            sj, ej, wj = tokens[j]
            if j > i:
                gap = text[tokens[j - 1][1]:sj]
                if gap not in (" ", "-"):
                    break
                if (wj == "and" and tokens[j - 1][2] in _SCALE_WORDS and j + 1 < len(tokens)
                        and text[ej:tokens[j + 1][0]] == " "
                        and tokens[j + 1][2] in _UNIT_WORDS.keys() | _TENS_WORDS.keys()):
                    j += 1
                    continue
            low_part = current % 100
            if wj in _UNIT_WORDS:
                v = _UNIT_WORDS[wj]
                if j > i and not (low_part == 0 or (low_part >= 20 and low_part % 10 == 0 and 0 < v < 10)):
                    break
                current += v
            elif wj in _TENS_WORDS:
                if j > i and low_part != 0:
                    break
                current += _TENS_WORDS[wj]
            elif wj in _SCALE_WORDS:
                if current == 0:
                    break
                scale = _SCALE_WORDS[wj]
                if scale == 100:
                    current *= 100
                else:
                    total += current * scale
                    current = 0.0
            elif wj == "dozen" and current:
                current *= 12
            else:
                break
            last_end = ej
            j += 1
        value = total + current
        out.append((s, last_end, value, last_end, "word"))
        i = j
    return out


def _word_quantities(text: str, taken: list[tuple[int, int]]) -> list[Quantity]:
    out: list[Quantity] = []
    for s, e, value, num_end, kind in _word_number_spans(text):
        if any(a <= s < b for a, b in taken):
            continue
        hyphen_form = re.match(r"[A-Za-z]+(?:-[A-Za-z]+)+", _after(text, s))
        if hyphen_form and hyphen_form.group(0).lower() in _IDIOMS:
            continue
        if s > 0 and text[s - 1] == "-" and s > 1 and text[s - 2].isalpha():
            continue
        word = text[s:e].lower()
        prev = _prev_word(text, s)
        after = re.match(r"\s*([A-Za-z]+)", _after(text, e))
        nxt = after.group(1).lower() if after else ""
        if word == "one" and (prev in {"no", "any", "every", "some", "the", "this", "that", "which", "each",
                                       "someone", "anyone", "everyone", "no-"}
                              or nxt in {"of", "another", "or", "by", "day", "thing"} or prev == "one"):
            continue
        if word == "one" and not after:
            continue
        if kind == "multiplier":
            if word in ("double", "triple", "quadruple") and nxt not in {"the", "that", "what", "your", "our",
                                                                        "its", "their"}:
                continue
            out.append(Quantity(value, "times", s, e, s, e, text[s:e], "multiplier"))
            continue
        unit = counted_noun(text, _unit_after(text, e), value, word_number=True)
        if unit.unit is None and (word == "one" or _is_date_context(text, s, e)):
            continue  # a bare "one" is a pronoun far more often than a quantity ("one can export")
        if unit.unit == "times":
            kind = "multiplier"
        end = unit.end if unit.unit else e
        out.append(Quantity(
            value=value, unit=unit.unit, start=s, end=end, num_start=s, num_end=num_end,
            text=text[s:end], kind=kind, per=unit.per, unit_start=unit.noun_start, unit_end=unit.noun_end,
        ))
    return out


def _ordinal_word_quantities(text: str, taken: list[tuple[int, int]]) -> list[Quantity]:
    """Word ordinals used as quantities: "every third day", "the fifth attempt" (never in dates)."""
    out = []
    for m in _WORD.finditer(text):
        w = m.group(0).lower()
        if w not in _ORDINAL_WORDS or any(a <= m.start() < b for a, b in taken):
            continue
        if _prev_word(text, m.start()) not in {"the", "every", "each", "a"}:
            continue
        if _is_date_context(text, m.start(), m.end()):
            continue
        unit = _unit_after(text, m.end())
        if unit.unit is None:
            continue
        out.append(Quantity(float(_ORDINAL_WORDS[w]), unit.unit, m.start(), unit.end, m.start(), m.end(),
                            text[m.start():unit.end], "ordinal", per=unit.per,
                            unit_start=unit.noun_start, unit_end=unit.noun_end))
    return out


def _half_quantities(text: str, taken: list[tuple[int, int]]) -> list[Quantity]:
    """"half an hour", "half a day", "half a terabyte": 0.5 of a time or data unit (30 minutes == half an hour)."""
    out = []
    for m in re.finditer(r"\b([Hh]alf)\s+an?\s+([A-Za-z]+)\b", text):
        unit = _TIME_UNITS.get(m.group(2).lower()) or _DATA_UNITS.get(m.group(2).lower())
        if unit is None or any(a <= m.start() < b for a, b in taken):
            continue
        out.append(Quantity(0.5, unit, m.start(), m.end(), m.start(1), m.end(1), m.group(0), "word", decimals=1))
    return out


_FRACTION = re.compile(
    r"\b(?P<num>[Oo]ne|[Aa]|[Tt]wo|[Tt]hree|[Ff]our)[ -](?P<den>third|thirds|quarter|quarters|fifth|fifths|"
    r"tenth|tenths)\b(?=\s+(?:off\b|of\b(?!\s+(?:an?|the)\s+(?:hour|day|week|month|year|century)\b)))")
_NUMERATORS = {"one": 1, "a": 1, "two": 2, "three": 3, "four": 4}
_DENOMINATORS = {"third": 3, "quarter": 4, "fifth": 5, "tenth": 10}


def _fraction_quantities(text: str, taken: list[tuple[int, int]]) -> list[Quantity]:
    """"one third off", "a quarter of the fare", "two thirds of": a share, as a percentage (one third ->
    33.33%), so that "a quarter" and "25%" are the same amount and a fraction scales a price as a percentage
    does. Only before "off" or "of" (not "of an hour"): "the third quarter" and "a quarter" alone are not
    shares."""
    out = []
    for m in _FRACTION.finditer(text):
        if any(a <= m.start() < b for a, b in taken):
            continue
        num = _NUMERATORS[m.group("num").lower()]
        den = _DENOMINATORS[m.group("den").lower().removesuffix("s")]
        if num >= den or (num > 1) != m.group("den").endswith("s"):
            continue  # "two third", "four quarters": not a share a text states
        out.append(Quantity(100 * num / den, "%", m.start(), m.end(), m.start(), m.end(), m.group(0),
                            "fraction"))
    return out
