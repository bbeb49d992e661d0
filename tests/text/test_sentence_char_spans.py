"""faithkit's ``char_spans`` finds pysbd's sentences in the text exactly as pysbd's own regex search does, on
crafted edge cases (a sentence said twice, odd whitespace, text pysbd rewrites), on generated texts, and on every
text of the repository's data."""

from __future__ import annotations

import glob
import json
from pathlib import Path

import pysbd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from faithkit.text.sentences import _segmenter, char_spans

ROOT = Path(__file__).resolve().parents[2]


def _stock(text: str) -> list[tuple[str, int, int]]:
    spans = pysbd.Segmenter(language="en", clean=False, char_span=True).segment(text)
    return [(s.sent, s.start, s.end) for s in spans]


def _ours(text: str) -> list[tuple[str, int, int]]:
    segmenter = pysbd.Segmenter(language="en", clean=False, char_span=True)
    segmenter.original_text = text
    sentences = segmenter.processor(text).process() if text else []
    return [(s.sent, s.start, s.end) for s in char_spans(text, sentences)]


EDGE_CASES = [
    "",
    "   ",
    "Refunds take 5 days. Refunds take 5 days. Refunds take 5 days.",
    "It is free.\u00a0It is free.\u2009 Then it costs $5.",
    "Plans: Lite, Core and Max.\n\nThe Core plan costs €12.50 per user, e.g. for teams of 3.",
    "He said \"it works.\" Then he left...  See p. 4 (approx. 5 min.) and the U.S. office!",
    "1. First item\n2. Second item\n3) Third item",
    "Mr. Smith arrived at 5 p.m. on Jan. 3. He left on Feb. 2nd.",
    "Wait?! Really?! Yes!!! a. b. c.",
    "Version v2.1 shipped. Version v2.1 shipped.\tVersion 3 did not.",
]


@pytest.mark.parametrize("text", EDGE_CASES)
def test_edge_cases_match_pysbd(text):
    assert _ours(text) == _stock(text)


SENTENCES = st.sampled_from(["Refunds take 5 days.", "It is free!", "See p. 4.", "Is it?", "Plans cost $4.50.",
                             "e.g. this", "Ok.", "U.S. only.", "Call Mr. Lee."])
SPACES = st.sampled_from([" ", "  ", "\n", "\n\n", "\t", "\u00a0", " \u2009", ""])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(SENTENCES, SPACES), min_size=1, max_size=8))
def test_generated_texts_match_pysbd(parts):
    text = "".join(sentence + space for sentence, space in parts)
    assert _ours(text) == _stock(text)


def test_the_running_segmenter_uses_it(monkeypatch):
    from faithkit.text import sentences

    calls = []
    monkeypatch.setattr(sentences, "char_spans", lambda text, found: calls.append(text) or char_spans(text, found))
    assert _segmenter().segment("It is free. It is free.") == ["It is free. ", "It is free."]
    assert calls == ["It is free. It is free."]


def _data_texts() -> list[str]:
    texts = set()
    for path in glob.glob(str(ROOT / "examples/**/*.jsonl"), recursive=True) + glob.glob(
            str(ROOT / "benchmarks/**/*.jsonl"), recursive=True):
        for line in Path(path).read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if not isinstance(record, dict):
                continue
            for context in record.get("contexts") or []:
                text = context.get("text") if isinstance(context, dict) else context
                if isinstance(text, str):
                    texts.add(text)
            texts.update(record[k] for k in ("answer", "question") if isinstance(record.get(k), str))
    return sorted(texts)


@pytest.mark.slow
def test_every_text_in_the_repository_data_matches_pysbd():
    texts = _data_texts()
    assert len(texts) > 1000
    assert [t for t in texts if _ours(t) != _stock(t)] == []
