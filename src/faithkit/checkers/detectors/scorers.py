"""Pair scorers of the public-detector kinds: one interface, ``score(pairs) -> PairScores``, three model shapes.

Every scorer returns probabilities in the role columns of ``checkers.pairs`` (supported, not supported /
neutral, contradiction; a binary detector leaves contradiction at 0) with per-pair truncation flags, and says
what its scores depend on (``cache_identity``) so ``pairs.CachedPairScoring`` can cache any of them. They also
count tokens (``count_tokens``) for the chunked premises of ``checkers.premises``.

* ``ClassifierScorer``: a binary "supported" sequence-classification head (MiniCheck-RoBERTa / -DeBERTa); the
  ``PairScorer`` of the NLI checker, with the positive output resolved by ``labels.resolve_positive_label`` and
  MiniCheck's joined input (premise + eos + claim) as an option.
* ``Seq2SeqScorer``: MiniCheck-Flan-T5: the input is the template, the score is the softmax of the "1" logit
  against the "0" logit at the first decoding step (``minicheck/inference.py``: decoder input = the start token,
  token ids 209 and 3 on the T5 vocabulary, i.e. the first token of "1" and of "0").
* ``hhem.HHEMScorer``: Vectara HHEM-2.1-Open, which runs its own modelling code (its own module, for the gate).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from faithkit.checkers.labels import resolve_positive_label
from faithkit.checkers.model_load import ModelLoad
from faithkit.checkers.pairs import (
    SMOKE_CONTRADICTED,
    SMOKE_ENTAILED,
    SMOKE_PREMISE,
    PairScorer,
    PairScores,
    weights_hash,
)
from faithkit.errors import ModelLoadError


class Scorer(Protocol):
    """What every detector kind implements (and all ``DetectorChecker`` needs): a new kind is one more of these.

    identity: the weights' identity (a sha256 of a local folder's files, or the hub commit); max_length: the input
    limit in tokens (None: the model's own code decides)."""

    identity: str
    max_length: int | None

    def score(self, pairs: Sequence[tuple[str, str]]) -> PairScores:
        """Columns (supported, not supported / neutral, contradiction) and per-pair truncation flags."""
        ...

    def count_tokens(self, text: str) -> int:
        """Tokens of ``text`` in the model's tokenizer (chunk sizes are counted with it)."""
        ...

    def cache_identity(self) -> dict[str, Any]:
        """Everything besides the pair that changes a score: weights, revision, template, label ids, limits."""
        ...

    def describe(self) -> dict[str, Any]:
        """Kind-specific settings for the manifest (labels, template, trust_remote_code)."""
        ...


SEQ2SEQ_MAX_LENGTH = 2048  # MiniCheck-Flan-T5's max_model_len (relative positions: no hard limit in the config)


def model_source(model: str | Path) -> tuple[str, bool]:
    from faithkit.checkers.model_files import require_model_folder

    require_model_folder(model, "detector model")  # a path that is not a folder: say so, not a hub-id error
    local = Path(model).expanduser()
    return (str(local), True) if local.is_dir() else (str(model), False)


def smoke_ok(scorer: Any) -> bool:
    probs = scorer.score([(SMOKE_PREMISE, SMOKE_ENTAILED), (SMOKE_PREMISE, SMOKE_CONTRADICTED)]).probs
    return bool(probs[0, 0] >= 0.5 > probs[1, 0])


def refuse_failed_smoke(scorer: Any, source: str) -> None:
    if not smoke_ok(scorer):
        raise ModelLoadError(
            f"detector {source!r} failed the smoke check: it did not score an obvious supported "
            "pair >= 0.5 and an obvious contradiction < 0.5 (wrong positive label or head?)"
        )


def binary_columns(support: np.ndarray) -> np.ndarray:
    cols = np.zeros((len(support), 3))
    cols[:, 0] = support
    cols[:, 1] = 1.0 - support
    return cols


class ClassifierScorer(PairScorer):
    """A binary "supported" head through the NLI checker's pair scorer (see module docstring)."""

    def __init__(self, load: ModelLoad, positive_label: str | None = None, input_format: str = "pair"):
        from transformers import AutoConfig

        source, _ = model_source(load.model)
        try:
            config = AutoConfig.from_pretrained(source, revision=load.revision)
        except (OSError, ValueError) as exc:
            raise ModelLoadError(f"could not load classifier {str(load.model)!r}: {exc}") from exc
        labels = resolve_positive_label(config.id2label, positive_label)
        self.input_format = input_format
        self.positive_label = positive_label
        super().__init__(replace(load, smoke_check=False), entailment_label=labels.names[labels.entailment])
        self.labels = labels
        if load.smoke_check:
            refuse_failed_smoke(self, self.source)

    def encode(self, premises: list[str], hypotheses: list[str], **kwargs: Any) -> Any:
        if self.input_format == "eos":  # MiniCheck: one text, doc + eos token + claim
            eos = self.tokenizer.eos_token or self.tokenizer.sep_token
            return self.tokenizer([f"{p}{eos}{h}" for p, h in zip(premises, hypotheses)], **kwargs)
        return super().encode(premises, hypotheses, **kwargs)

    def count_tokens(self, text: str) -> int:
        return len(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def cache_identity(self) -> dict[str, Any]:
        return {
            "weights": self.identity,
            "revision": self.revision,
            "max_length": self.max_length,
            "labels": list(self.labels.names),
            "positive": self.labels.names[self.labels.entailment],
            "input_format": self.input_format,
        }

    def describe(self) -> dict[str, Any]:
        return {
            "labels": list(self.labels.names),
            "positive_label": self.labels.names[self.labels.entailment],
            "input_format": self.input_format,
        }


class Seq2SeqScorer:
    """MiniCheck-Flan-T5 style: P("1") against P("0") at the first decoding step (see module docstring)."""

    def __init__(self, load: ModelLoad, template: str = "", positive_token: str = "1", negative_token: str = "0"):
        from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

        revision, device = load.revision, load.device
        self.source, self.is_local = model_source(load.model)
        self.revision, self.batch_size, self.device, self.template = revision, load.batch_size, device, template
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(self.source, revision=revision)
            net = AutoModelForSeq2SeqLM.from_pretrained(self.source, revision=revision)
        except (OSError, ValueError) as exc:
            raise ModelLoadError(f"could not load seq2seq detector {self.source!r}: {exc}") from exc
        self.model = net.float().to(device).eval()
        self.max_length = load.max_length or SEQ2SEQ_MAX_LENGTH
        self.tokens = {
            negative_token: self._first_token(negative_token),
            positive_token: self._first_token(positive_token),
        }
        self.token_ids = (self.tokens[negative_token], self.tokens[positive_token])
        if self.token_ids[0] == self.token_ids[1]:
            raise ModelLoadError(
                f"{self.source!r}: {negative_token!r} and {positive_token!r} start with the same "
                "token; choose label tokens the vocabulary tells apart"
            )
        start = self.model.config.decoder_start_token_id
        self.decoder_start = 0 if start is None else int(start)
        self.identity = (
            weights_hash(Path(self.source))
            if self.is_local
            else (getattr(self.model.config, "_commit_hash", None) or revision or "unpinned")
        )
        if load.smoke_check:
            refuse_failed_smoke(self, self.source)

    def _first_token(self, text: str) -> int:
        ids = self.tokenizer(text, add_special_tokens=False)["input_ids"]
        unknown = self.tokenizer.unk_token_id
        if not ids or (unknown is not None and ids[0] == unknown and text.strip() != self.tokenizer.unk_token):
            raise ModelLoadError(f"{self.source!r}: the label token {text!r} is not in the vocabulary")
        return int(ids[0])

    def texts(self, pairs: Sequence[tuple[str, str]]) -> list[str]:
        eos = self.tokenizer.eos_token or ""
        return [self.template.format(premise=p, claim=h, eos=eos) for p, h in pairs]

    def count_tokens(self, text: str) -> int:
        return len(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def score(self, pairs: Sequence[tuple[str, str]]) -> PairScores:
        import torch

        if not pairs:
            return PairScores(np.zeros((0, 3)), np.zeros(0, dtype=bool))
        texts = self.texts(pairs)
        lengths = [len(ids) for ids in self.tokenizer(texts, truncation=False)["input_ids"]]
        order = np.argsort(lengths, kind="stable")
        support = np.zeros(len(pairs))
        with torch.inference_mode():
            for begin in range(0, len(order), self.batch_size):
                idx = order[begin : begin + self.batch_size]
                batch = self.tokenizer(
                    [texts[i] for i in idx],
                    truncation=True,
                    max_length=self.max_length,
                    padding="longest",
                    return_tensors="pt",
                ).to(self.device)
                start = torch.full((len(idx), 1), self.decoder_start, dtype=torch.long, device=self.device)
                logits = (
                    self.model(
                        input_ids=batch["input_ids"], attention_mask=batch["attention_mask"], decoder_input_ids=start
                    )
                    .logits[:, 0, :]
                    .float()
                )
                two = torch.softmax(logits[:, list(self.token_ids)], dim=-1)
                support[idx] = two[:, 1].cpu().numpy()
        return PairScores(binary_columns(support), np.array([n > self.max_length for n in lengths]))

    def cache_identity(self) -> dict[str, Any]:
        return {
            "weights": self.identity,
            "revision": self.revision,
            "max_length": self.max_length,
            "template": self.template,
            "token_ids": list(self.token_ids),
        }

    def describe(self) -> dict[str, Any]:
        return {"template": self.template, "label_token_ids": self.tokens}
