"""Typed options, the base of every component's options model (checkers, LLM providers).

Why pydantic: a spec string (``nli:threshold=0.6,window_sentences=1``), a CLI flag and a manifest all end up
as the same validated object, and a bad value gets one error that names the option and what it accepts
(``checker 'nli': option 'window_sentences': ... (got 0; expects int)``), raised as faithkit's ``UsageError``
(exit 2) instead of a Python ``TypeError`` about keyword arguments. ``non_defaults()`` is what a spec records,
so a spec never repeats defaults (pydantic_evals builds an evaluator's spec the same way).

At the bottom of the import graph with ``errors`` and ``records``: it imports only pydantic.
"""

from __future__ import annotations

from typing import Any, get_args

from pydantic import BaseModel, ConfigDict, ValidationError

from faithkit.errors import UsageError
from faithkit.suggest import did_you_mean


class Options(BaseModel):
    """Base of every options model: unknown keys are refused, instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, protected_namespaces=())

    def non_defaults(self) -> dict[str, Any]:
        """The options that differ from their defaults, JSON-able (what a spec records)."""
        data = self.model_dump(mode="json")
        defaults = type(self)().model_dump(mode="json") if _all_defaulted(type(self)) else {}
        return {k: v for k, v in data.items() if k not in defaults or defaults[k] != v}


def _all_defaulted(cls: type[BaseModel]) -> bool:
    return all(not f.is_required() for f in cls.model_fields.values())


def _allowed(cls: type[BaseModel], field: str) -> str:
    """A short description of what an option accepts, read from its annotation (for error messages)."""
    info = cls.model_fields.get(field)
    if info is None:
        return ", ".join(sorted(cls.model_fields))
    literal = [a for a in get_args(info.annotation) or (info.annotation,) if get_args(a)]
    choices = [str(c) for a in [info.annotation, *literal] for c in get_args(a) if isinstance(c, (str, int))
               and not isinstance(c, bool)]
    if choices:
        return "one of " + ", ".join(choices)
    return str(info.annotation).replace("typing.", "").replace("<class '", "").replace("'>", "")


def parse_options(cls: type[Options], values: dict[str, Any], *, what: str, also: tuple[str, ...] = ()) -> Options:
    """Validate ``values`` into ``cls``; any problem becomes a UsageError naming the option and what it takes.
    An unknown option gets the closest known one as a "did you mean" (``also``: other keys accepted in the same
    place, such as a spec's ``numbers``, offered as guesses too)."""
    try:
        return cls(**values)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            field = ".".join(str(p) for p in error["loc"]) or "?"
            if error["type"] == "extra_forbidden":
                guess = did_you_mean(field, [*cls.model_fields, *also])
                problems.append(f"no option {field!r}{guess} (options: {', '.join(sorted(cls.model_fields))})")
            else:
                message = error["msg"]
                problems.append(f"option {field!r}: {message} (got {error.get('input')!r}; expects "
                                f"{_allowed(cls, field)})")
        raise UsageError(f"{what}: " + "; ".join(problems)) from None
