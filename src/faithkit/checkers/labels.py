"""Reading an NLI head's label order from its config, by name, never by position.

cross-encoder/nli-deberta-v3-base orders its outputs contradiction, entailment, neutral; facebook/bart-large-mnli
orders them contradiction, neutral, entailment. A hard-coded index silently reads one label as another, so the
order is resolved from ``config.id2label`` and anything unknown or ambiguous is refused.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from faithkit.errors import LabelOrderError

_ALIASES: dict[str, str] = {
    "entailment": "entailment", "entails": "entailment", "entailed": "entailment", "entail": "entailment",
    "supported": "entailment", "support": "entailment", "consistent": "entailment",
    "neutral": "neutral", "not_found": "neutral", "notfound": "neutral", "unknown": "neutral",
    "contradiction": "contradiction", "contradicts": "contradiction", "contradicted": "contradiction",
    "contradict": "contradiction", "refuted": "contradiction", "refutes": "contradiction",
    "not_entailment": "not_entailment", "non_entailment": "not_entailment", "not_entailed": "not_entailment",
    "unsupported": "not_entailment", "not_supported": "not_entailment", "inconsistent": "not_entailment",
    "hallucinated": "not_entailment",
}


class LabelOrder(NamedTuple):
    """Indices of the model's outputs. ``neutral``/``contradiction`` are None for a 2-way head
    (entailment vs not_entailment), whose non-entailment mass is reported as neutral."""

    entailment: int
    neutral: int | None
    contradiction: int | None
    not_entailment: int | None
    names: tuple[str, ...]


def _canonical(name: str) -> str | None:
    key = re.sub(r"[\s\-]+", "_", str(name).strip().lower())
    return _ALIASES.get(key)


def resolve_label_order(id2label: dict[int | str, str]) -> LabelOrder:
    """Map output indices to entailment / neutral / contradiction (or entailment / not_entailment).

    Raises LabelOrderError when a label is unknown (e.g. LABEL_0), two outputs claim the same meaning, or the
    set of meanings is not one of the two supported shapes.
    """
    if not id2label:
        raise LabelOrderError("model config has no id2label: cannot tell which output is entailment")
    found: dict[str, int] = {}
    names = []
    for raw_index, name in sorted(id2label.items(), key=lambda kv: int(kv[0])):
        index = int(raw_index)
        names.append(str(name))
        meaning = _canonical(name)
        if meaning is None:
            raise LabelOrderError(
                f"unknown label {name!r} at index {index} in id2label {dict(id2label)}; "
                "expected names like entailment / neutral / contradiction"
            )
        if meaning in found:
            raise LabelOrderError(f"ambiguous id2label {dict(id2label)}: two outputs mean {meaning!r}")
        found[meaning] = index
    shape = set(found)
    if shape == {"entailment", "neutral", "contradiction"}:
        return LabelOrder(found["entailment"], found["neutral"], found["contradiction"], None, tuple(names))
    if shape == {"entailment", "not_entailment"}:
        return LabelOrder(found["entailment"], None, None, found["not_entailment"], tuple(names))
    raise LabelOrderError(
        f"unsupported label set {sorted(shape)} in id2label {dict(id2label)}; need entailment/neutral/"
        "contradiction or entailment/not_entailment"
    )
