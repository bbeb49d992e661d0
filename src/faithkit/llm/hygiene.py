"""Judge hygiene: a judge from the generator's own model family favours its own answers (self-preference;
Zheng et al. 2023, Panickssery et al. 2024). faithkit cannot fix that, but it can say so on every answer.
"""

from __future__ import annotations

import re
from typing import Any

SAME_FAMILY_WARNING = "judge_same_family"

_FAMILIES: tuple[tuple[str, str], ...] = (
    (r"gpt|^o[1-9]\b|^o[1-9]-|chatgpt|davinci", "openai"),
    (r"claude", "anthropic"),
    (r"gemini|gemma|palm|bison", "google"),
    (r"llama|codellama", "meta-llama"),
    (r"qwen|qwq", "qwen"),
    (r"mistral|mixtral|ministral|codestral|magistral", "mistral"),
    (r"deepseek", "deepseek"),
    (r"phi-?\d", "microsoft-phi"),
    (r"command|cohere|aya", "cohere"),
    (r"grok", "xai"),
    (r"granite", "ibm-granite"),
    (r"olmo", "allenai"),
    (r"smollm", "huggingface-smollm"),
)


def model_family(name: str | None) -> str | None:
    """The family of a model name (``"openai/gpt-4o-mini"`` → ``openai``), or its first word when unknown."""
    if not name:
        return None
    base = name.strip().lower().rsplit("/", 1)[-1]
    base = base.split(":", 1)[0]
    for pattern, family in _FAMILIES:
        if re.search(pattern, base):
            return family
    first = re.match(r"[a-z]+", base)
    return first.group(0) if first else base


def same_family(judge_model: str | None, generator_model: str | None) -> bool:
    a, b = model_family(judge_model), model_family(generator_model)
    return a is not None and a == b


def hygiene_warnings(judge_model: str | None, metadata: dict[str, Any] | None) -> list[str]:
    """Warnings for one interaction, read from ``metadata.generator_model`` when the log has it."""
    generator = (metadata or {}).get("generator_model")
    if isinstance(generator, str) and same_family(judge_model, generator):
        return [SAME_FAMILY_WARNING]
    return []
