"""Reading a pair classifier's label roles from its config, by name, never by position.

cross-encoder/nli-deberta-v3-base orders its outputs contradiction, entailment, neutral; facebook/bart-large-mnli
orders them contradiction, neutral, entailment. A hard-coded index silently reads one label as another, so the
order is resolved from ``config.id2label`` and anything unknown or ambiguous is refused.

Roles, not NLI labels: what a checker needs is which output means "entailed / supported" and which mean "not"
(and, for a 3-way head, which of those is "contradiction", for the diagnostic and the window veto). A binary
detector (MiniCheck-style ``{0: "not_supported", 1: "supported"}``) resolves by name; one whose names say nothing
(``LABEL_0`` / ``LABEL_1``) fits when the user names its entailment output (``entailment_label="LABEL_1"``): the
other outputs are then "not supported". Nothing is ever guessed from positions.
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


def _declared(id2label: dict[int | str, str], entailment_label: str) -> LabelOrder:
    """The roles when the user named the entailment output: a 3-way head keeps neutral / contradiction if the
    other names say so; otherwise every other output is "not entailment" (summed)."""
    items = sorted(((int(k), str(v)) for k, v in id2label.items()), key=lambda kv: kv[0])
    names = tuple(v for _, v in items)
    matches = [i for i, v in items if v == entailment_label]
    if len(matches) != 1:
        raise LabelOrderError(f"entailment_label {entailment_label!r} names {len(matches)} outputs of id2label "
                              f"{dict(id2label)}; it must name exactly one of {list(names)}")
    entail = matches[0]
    rest = {_canonical(v): i for i, v in items if i != entail}
    if len(items) == 3 and set(rest) == {"neutral", "contradiction"}:
        return LabelOrder(entail, rest["neutral"], rest["contradiction"], None, names)
    if len(items) != 2:
        raise LabelOrderError(f"entailment_label fits a 2-output head, or a 3-output head whose other labels are "
                              f"neutral and contradiction; id2label is {dict(id2label)}")
    other = next(i for i, _ in items if i != entail)
    return LabelOrder(entail, None, None, other, names)


def resolve_label_order(id2label: dict[int | str, str], entailment_label: str | None = None) -> LabelOrder:
    """Map output indices to entailment / neutral / contradiction (or entailment / not_entailment).

    entailment_label: the id2label name of the "supported" output, for heads whose names are not meanings.
    Raises LabelOrderError when a label is unknown (e.g. LABEL_0) and not declared, two outputs claim the same
    meaning, or the set of meanings is not one of the two supported shapes.
    """
    if not id2label:
        raise LabelOrderError("model config has no id2label: cannot tell which output is entailment")
    if entailment_label is not None:
        return _declared(id2label, entailment_label)
    found: dict[str, int] = {}
    names = []
    for raw_index, name in sorted(id2label.items(), key=lambda kv: int(kv[0])):
        index = int(raw_index)
        names.append(str(name))
        meaning = _canonical(name)
        if meaning is None:
            raise LabelOrderError(
                f"unknown label {name!r} at index {index} in id2label {dict(id2label)}; "
                "expected names like entailment / neutral / contradiction (or supported / not_supported), or "
                "name the entailment output with the option entailment_label (e.g. entailment_label=LABEL_1)"
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


def resolve_positive_label(id2label: dict[int | str, str], positive_label: str | None = None) -> LabelOrder:
    """The roles of a binary "supported" head (the ``classifier`` kind): which output means supported.

    positive_label None: resolved by name only (supported / entailment / consistent vs their negatives);
    names that say nothing (``LABEL_0``/``LABEL_1``, ``0``/``1``) are refused with a hint. Given, it must be
    exactly one output's name; a bare index (``1``) is accepted only spelled as its default name ``LABEL_1``
    would be, i.e. when id2label names that output ``1`` or ``LABEL_1``: the user said so, nothing is guessed.
    A head with other than two outputs is refused (a 3-way NLI head is the ``nli`` kind).
    """
    if not id2label:
        raise LabelOrderError("model config has no id2label: cannot tell which output is 'supported'")
    items = sorted(((int(k), str(v)) for k, v in id2label.items()), key=lambda kv: kv[0])
    if len(items) != 2:
        raise LabelOrderError(f"the classifier kind reads binary 'supported' heads; id2label {dict(id2label)} has "
                              f"{len(items)} outputs (a 3-way NLI head is the nli kind: --checker nli:model=...)")
    if positive_label is None:
        try:
            return resolve_label_order(id2label)
        except LabelOrderError as exc:
            raise LabelOrderError(
                f"cannot tell which output of id2label {dict(id2label)} means 'supported' ({exc}); name it "
                "with the option positive_label (e.g. positive_label=LABEL_1, after checking the model card)"
            ) from None
    wanted = str(positive_label)
    matches = [i for i, v in items if v == wanted or (wanted.isdigit() and v == f"LABEL_{wanted}")]
    if len(matches) != 1:
        raise LabelOrderError(f"positive_label {wanted!r} names {len(matches)} outputs of id2label "
                              f"{dict(id2label)}; it must name exactly one of {[v for _, v in items]}")
    positive = matches[0]
    other = next(i for i, _ in items if i != positive)
    other_meaning = _canonical(items[other][1])
    if _canonical(items[positive][1]) == "not_entailment" or other_meaning == "entailment":
        raise LabelOrderError(f"positive_label {wanted!r} contradicts the label names of id2label "
                              f"{dict(id2label)}: refusing to read the 'not supported' output as support")
    return LabelOrder(positive, None, None, other, tuple(v for _, v in items))
