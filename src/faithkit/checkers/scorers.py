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
* ``HHEMScorer``: Vectara HHEM-2.1-Open, whose modelling code ships with the weights: loaded with
  ``trust_remote_code`` only when asked for with a pinned commit (``remote_code_gate``), scored by its own
  ``model.predict(pairs)``, which holds the prompt template.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from faithkit.checkers.detector_options import is_commit_hash
from faithkit.checkers.labels import resolve_positive_label
from faithkit.checkers.pairs import (
    SMOKE_CONTRADICTED,
    SMOKE_ENTAILED,
    SMOKE_PREMISE,
    PairScorer,
    PairScores,
    weights_hash,
)
from faithkit.errors import ModelLoadError, UsageError

SEQ2SEQ_MAX_LENGTH = 2048  # MiniCheck-Flan-T5's max_model_len (relative positions: no hard limit in the config)


def _source(model: str | Path) -> tuple[str, bool]:
    local = Path(model).expanduser()
    return (str(local), True) if local.is_dir() else (str(model), False)


def code_hash(folder: Path) -> str:
    """sha256 over the Python files of a model folder: remote code changes scores as much as weights do."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return "sha256:" + digest.hexdigest()


def remote_code_gate(model: str, trust_remote_code: bool, revision: str | None, is_local: bool) -> None:
    """Refuse to run a model's own Python code unless the user asked for it, pinned to a commit on the hub."""
    if not trust_remote_code:
        raise UsageError(
            f"model {model!r} runs its own Python code from the model repository (trust_remote_code); faithkit "
            "runs it only when you ask: pass --trust-remote-code together with --revision <40-hex commit> "
            "(in a spec: hhem:trust_remote_code=on,revision=<commit>), after reading that code"
        )
    if not is_local and not is_commit_hash(revision):
        raise UsageError(
            f"--trust-remote-code on hub model {model!r} needs --revision pinned to a full 40-hex commit hash "
            f"(got {revision!r}): a branch or tag can change the code you run after you read it"
        )


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

    def __init__(
        self,
        model: str | Path,
        revision: str | None = None,
        batch_size: int = 16,
        max_length: int | None = None,
        device: str = "cpu",
        smoke_check: bool = True,
        positive_label: str | None = None,
        input_format: str = "pair",
    ):
        from transformers import AutoConfig

        source, _ = _source(model)
        try:
            config = AutoConfig.from_pretrained(source, revision=revision)
        except (OSError, ValueError) as exc:
            raise ModelLoadError(f"could not load classifier {str(model)!r}: {exc}") from exc
        labels = resolve_positive_label(config.id2label, positive_label)
        self.input_format = input_format
        self.positive_label = positive_label
        super().__init__(
            model,
            revision=revision,
            batch_size=batch_size,
            max_length=max_length,
            device=device,
            smoke_check=False,
            entailment_label=labels.names[labels.entailment],
        )
        self.labels = labels
        if smoke_check:
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

    def __init__(
        self,
        model: str | Path,
        revision: str | None = None,
        batch_size: int = 16,
        max_length: int | None = None,
        device: str = "cpu",
        smoke_check: bool = True,
        template: str = "",
        positive_token: str = "1",
        negative_token: str = "0",
    ):
        from transformers import AutoModelForSeq2SeqLM, AutoTokenizer

        self.source, self.is_local = _source(model)
        self.revision, self.batch_size, self.device, self.template = revision, batch_size, device, template
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(self.source, revision=revision)
            net = AutoModelForSeq2SeqLM.from_pretrained(self.source, revision=revision)
        except (OSError, ValueError) as exc:
            raise ModelLoadError(f"could not load seq2seq detector {self.source!r}: {exc}") from exc
        self.model = net.float().to(device).eval()
        self.max_length = max_length or SEQ2SEQ_MAX_LENGTH
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
        if smoke_check:
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
            "max_length": self.max_length,
            "template": self.template,
            "token_ids": list(self.token_ids),
        }

    def describe(self) -> dict[str, Any]:
        return {"template": self.template, "label_token_ids": self.tokens}


class HHEMScorer:
    """HHEM-2.1-Open through its own ``predict`` (see module docstring); loads only past ``remote_code_gate``."""

    def __init__(
        self,
        model: str | Path,
        revision: str | None = None,
        batch_size: int = 16,
        max_length: int | None = None,
        device: str = "cpu",
        smoke_check: bool = True,
        trust_remote_code: bool = False,
    ):
        from transformers import AutoModelForSequenceClassification

        self.source, self.is_local = _source(model)
        remote_code_gate(self.source, trust_remote_code, revision, self.is_local)
        self.revision, self.batch_size, self.device = revision, batch_size, device
        try:
            net = AutoModelForSequenceClassification.from_pretrained(
                self.source, revision=revision, trust_remote_code=True
            )
        except (OSError, ValueError) as exc:
            raise ModelLoadError(f"could not load HHEM model {self.source!r}: {exc}") from exc
        if not callable(getattr(net, "predict", None)):
            raise ModelLoadError(f"{self.source!r} has no predict(pairs): not HHEM-2.1-style remote code")
        self.model = net.to(device).eval()
        self.max_length = max_length
        if self.is_local:
            self.identity = f"{weights_hash(Path(self.source))}+code:{code_hash(Path(self.source))}"
        else:
            self.identity = getattr(net.config, "_commit_hash", None) or str(revision)
        if smoke_check:
            refuse_failed_smoke(self, self.source)

    def count_tokens(self, text: str) -> int:
        tokenizer = getattr(self.model, "tokenizer", None)
        if tokenizer is None:
            return len(text.split())
        return len(tokenizer(text, add_special_tokens=False)["input_ids"])

    def score(self, pairs: Sequence[tuple[str, str]]) -> PairScores:
        import torch

        support = np.zeros(len(pairs))
        with torch.inference_mode():
            for begin in range(0, len(pairs), self.batch_size):
                chunk = [(p, h) for p, h in pairs[begin : begin + self.batch_size]]
                out = self.model.predict(chunk)
                values = np.asarray(out.detach().cpu() if hasattr(out, "detach") else out, dtype=float).reshape(-1)
                if len(values) != len(chunk) or not np.all((values >= 0) & (values <= 1)):
                    raise ModelLoadError(
                        f"{self.source!r}: predict() returned {values!r} for {len(chunk)} pairs; "
                        "expected one score in [0, 1] per pair"
                    )
                support[begin : begin + len(chunk)] = values
        return PairScores(binary_columns(support), np.zeros(len(pairs), dtype=bool))

    def cache_identity(self) -> dict[str, Any]:
        return {"weights": self.identity, "revision": self.revision, "remote_code": True}

    def describe(self) -> dict[str, Any]:
        return {"trust_remote_code": True, "truncation": "inside the model's own code (not counted)"}
