"""Vectara HHEM-2.1-Open: a detector whose modelling code ships with its weights, and the gate in front of it.

``trust_remote_code`` runs Python from the model repository with the user's permissions, so faithkit does it only
when asked (``--trust-remote-code`` / ``hhem:trust_remote_code=on``) and, for a hub model, only at a pinned 40-hex
commit (a branch or tag can move after the code was read); the manifest records both. A local folder is pinned by
content instead: the sha256 of its Python files is part of the model identity. Scoring goes through the model's
own ``predict(pairs)``, which holds HHEM's premise/hypothesis prompt template (the model card's usage).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from faithkit.checkers.detectors.detector_options import is_commit_hash
from faithkit.checkers.detectors.scorers import binary_columns, model_source, refuse_failed_smoke
from faithkit.checkers.model_load import ModelLoad
from faithkit.checkers.pairs import PairScores, weights_hash
from faithkit.errors import ModelLoadError, UsageError


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


class HHEMScorer:
    """HHEM-2.1-Open through its own ``predict`` (see module docstring); loads only past ``remote_code_gate``."""

    def __init__(self, load: ModelLoad, trust_remote_code: bool = False):
        from transformers import AutoModelForSequenceClassification

        revision, device = load.revision, load.device
        self.source, self.is_local = model_source(load.model)
        remote_code_gate(self.source, trust_remote_code, revision, self.is_local)
        self.revision, self.batch_size, self.device = revision, load.batch_size, device
        try:
            net = AutoModelForSequenceClassification.from_pretrained(
                self.source, revision=revision, trust_remote_code=True
            )
        except (OSError, ValueError) as exc:
            raise ModelLoadError(f"could not load HHEM model {self.source!r}: {exc}") from exc
        if not callable(getattr(net, "predict", None)):
            raise ModelLoadError(f"{self.source!r} has no predict(pairs): not HHEM-2.1-style remote code")
        self.model = net.to(device).eval()
        self.max_length = load.max_length
        if self.is_local:
            self.identity = f"{weights_hash(Path(self.source))}+code:{code_hash(Path(self.source))}"
        else:
            self.identity = getattr(net.config, "_commit_hash", None) or str(revision)
        if load.smoke_check:
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
