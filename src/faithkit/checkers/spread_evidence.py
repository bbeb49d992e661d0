"""Spread evidence: one more premise window for a claim whose words lie in sentences that are not neighbours.

Why: premise windows are 1-3 *adjacent* sentences (``text.windows``), so a claim that joins two facts from
sentences far apart in the passage ("Arnold is the publisher and editorial director of Media Play News, the voice
of the home entertainment industry", from the second and the fifth sentence of a staff page) has no window that
holds both, and the model rightly finds each window short of the claim. A whole passage as one premise is no
answer (WiCE dev fell to 60.3: off-topic text flips verdicts both ways). The middle way is the evidence-selection
step of fact-checking pipelines: pick the few sentences that cover the claim's content words, and let the model
read them joined, in passage order.

How the sentences are picked, per passage: greedily, the sentence that adds the most claim content words not yet
covered (the earlier one on a tie), up to ``max_sentences``, while a sentence adds at least ``min_new_words``.
The window is made only when two or more sentences are picked and they are not already one adjacent window.
Its ``text`` is the passage slice from the first picked sentence to the last (the evidence a reader is shown, as
for every window), and the model and the rules read the picked sentences joined (``Window.reads``).

The veto and the alignment rules apply to it as to any multi-sentence window: the sentences inside its span
that a claim is about must not contradict or disagree with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from faithkit.records import Passage, Window
from faithkit.text.sentences import Sentence, split_sentences
from faithkit.text.words import content_words

__all__ = ["DEFAULT_SPREAD_SENTENCES", "spread_windows"]

DEFAULT_SPREAD_SENTENCES = 3
MIN_NEW_WORDS = 1


@lru_cache(maxsize=4096)
def _sentences_and_words(text: str) -> tuple[tuple[Sentence, ...], tuple[frozenset[str], ...]]:
    """A passage's sentences and their content words, once per passage text (every claim of a log reads them)."""
    sentences = tuple(split_sentences(text))
    return sentences, tuple(frozenset(content_words(s.text)) for s in sentences)


def _picked(claim_words: set[str], sentence_words: Sequence[frozenset[str]], max_sentences: int,
            min_new_words: int) -> list[int]:
    """Indices of the sentences that cover the claim's words, greedily (module docstring), in passage order."""
    covered: set[str] = set()
    picked: list[int] = []
    while len(picked) < max_sentences:
        gains = [(len((words & claim_words) - covered), -i) for i, words in enumerate(sentence_words)
                 if i not in picked]
        if not gains:
            break
        gain, negative_index = max(gains)
        if gain < min_new_words:
            break
        picked.append(-negative_index)
        covered |= sentence_words[-negative_index] & claim_words
    return sorted(picked)


def spread_windows(claim: str, passages: Sequence[Passage], window_sentences: int,
                   max_sentences: int = DEFAULT_SPREAD_SENTENCES,
                   min_new_words: int = MIN_NEW_WORDS) -> list[Window]:
    """At most one spread window per passage for ``claim`` (module docstring); none where the picked sentences
    are already an adjacent window of at most ``window_sentences`` sentences."""
    claim_words = content_words(claim)
    out: list[Window] = []
    if not claim_words:
        return out
    for passage in passages:
        sentences, words = _sentences_and_words(passage.text)
        if len(sentences) < 2:
            continue
        picked = _picked(claim_words, words, max_sentences, min_new_words)
        if len(picked) < 2:
            continue
        if picked[-1] - picked[0] + 1 == len(picked) and len(picked) <= window_sentences:
            continue  # already a window of adjacent sentences
        first, last = sentences[picked[0]], sentences[picked[-1]]
        joined = " ".join(sentences[i].text.strip() for i in picked)
        out.append(Window(passage.id, passage.text[first.start:last.end], first.start, last.end, reads=joined))
    return out
