"""Text utilities: sentence splitting with character spans, premise windows, content words."""

from faithkit.text.sentences import Sentence, split_sentences
from faithkit.text.windows import passage_windows

__all__ = ["Sentence", "passage_windows", "split_sentences"]
