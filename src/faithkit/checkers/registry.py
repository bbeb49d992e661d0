"""Build a checker from a name and options: the one table that knows every checker, and the one way to build one.

``REGISTRY`` maps a name to an ``Entry``: the checker's options model (pydantic, ``faithkit.options``) and a
factory ``(options, context) -> Checker``. Every command (check, bench, mutate, sweep, agree), the Python API
(``build_checker``) and manifest rebuilds (``rebuild``) go through ``build``, so a checker is built the same
way wherever it is named. A spec string (``nli:threshold=0.6``) is built by ``build_from_spec``, whoever
names it: ``faithkit check --checker``, ``assert_faithful(checker=...)`` and the pytest plugin's
``--faithkit-checker`` all call it, so the same string gives the same checker (the same ``spec()``). Adding a
checker is one file (options model + class + factory) and one entry here (or ``register()`` from your own
code); CONTRIBUTING.md walks through it.

Default stack: every checker is wrapped in the numbers stage (missing numbers + arithmetic) unless its entry
says otherwise (the similarity baseline) or the spec turns it off (``nli:numbers=off,arithmetic=off``).
Factories are ``"module:callable"`` strings, imported only for the checker asked for, so importing the registry
imports no model code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from faithkit.checkers.base import Checker
from faithkit.checkers.detectors.detector_options import ClassifierOptions, HHEMOptions, Seq2SeqOptions
from faithkit.checkers.llm.llm_options import CascadeOptions, JudgeOptions
from faithkit.checkers.nli_options import DEFAULT_WINDOW_VETO, NLIOptions
from faithkit.checkers.options import STACK_KEYS, StackOptions
from faithkit.checkers.similarity_options import SimilarityOptions
from faithkit.checkers.spec import CheckerSpec, parse_checker_spec
from faithkit.errors import UsageError
from faithkit.options import Options, parse_options
from faithkit.suggest import did_you_mean

__all__ = ["DEFAULT_WINDOW_VETO", "REGISTRY", "BuildContext", "Entry", "build", "build_checker", "build_from_spec",
           "flag_options", "llm_checkers", "names", "rebuild", "rebuild_spec", "register", "uses_llm",
           "with_number_checks"]

CONTEXT_KEYS = frozenset({"cache", "cache_dir"})
"""Spec keys that set up the run's content cache instead of an option (``nli:cache=use,cache_dir=/tmp/c``)."""


@dataclass
class BuildContext:
    """What a factory may need besides its options: run-wide resources, shared between checkers.

    cache: a faithkit.cache.ContentCache for NLI scores and LLM replies (None: no cache).
    claims: the run's claim extraction (``sentences`` or ``llm``); judge_mode extract-and-label needs ``llm``.
    sessions: one LLM session (client + cache) per connection settings, so the judge and the LLM decomposer of
    one run share a client; extract_and_label: the one-call extractor a judge made, for the claims builder.
    """

    cache: Any = None
    claims: str = "sentences"
    sessions: dict[Any, Any] = field(default_factory=dict)
    extract_and_label: Any = None

    def llm_session(self, options: Any) -> Any:
        from faithkit.llm.session import LLMSession

        key = options.connection()
        if key not in self.sessions:
            self.sessions[key] = LLMSession(key, self.cache)
        return self.sessions[key]


Factory = Callable[[Any, BuildContext], Checker]


@dataclass(frozen=True)
class Entry:
    """options: the options model; factory: a callable or a ``"module:callable"`` string; numbers_default:
    whether the numbers stage wraps it by default; parts_default: whether claims are also checked as their parts
    (``checkers.parts``) by default; aliases: generic option names (the CLI's ``--revision``)
    mapped onto this checker's own name for the same thing (the cascade's ``nli_revision``); uses_llm: it asks an
    LLM (built on ``BuildContext.llm_session``), so ``faithkit check``'s ``--model`` names the LLM and
    ``--claims llm`` shares its settings (``llm_checkers``)."""

    options: type[Options]
    factory: Factory | str
    numbers_default: bool = True
    aliases: Mapping[str, str] = field(default_factory=dict)
    parts_default: bool = False
    uses_llm: bool = False

    def make(self, options: Options, context: BuildContext) -> Checker:
        factory = self.factory
        if isinstance(factory, str):
            module, _, path = factory.partition(":")
            target: Any = importlib.import_module(module)
            for attr in path.split("."):  # "pkg.mod:Class.from_options" names a classmethod
                target = getattr(target, attr)
            factory = target
        return factory(options, context)


REGISTRY: dict[str, Entry] = {
    "nli": Entry(NLIOptions, "faithkit.checkers.nli:NLIChecker.from_options", parts_default=True),
    "similarity": Entry(SimilarityOptions, "faithkit.checkers.similarity:SimilarityChecker.from_options",
                        numbers_default=False),
    "judge": Entry(JudgeOptions, "faithkit.checkers.factories:build_judge", uses_llm=True),
    "cascade": Entry(CascadeOptions, "faithkit.checkers.factories:build_cascade",
                     aliases={"revision": "nli_revision"}, uses_llm=True),
    "classifier": Entry(ClassifierOptions, "faithkit.checkers.detectors.detector:build_classifier"),
    "seq2seq": Entry(Seq2SeqOptions, "faithkit.checkers.detectors.detector:build_seq2seq"),
    "hhem": Entry(HHEMOptions, "faithkit.checkers.detectors.detector:build_hhem"),
}


def register(name: str, options: type[Options], factory: Factory | str, *, numbers_default: bool = True,
             aliases: Mapping[str, str] | None = None, replace: bool = False, parts_default: bool = False,
             uses_llm: bool = False) -> Entry:
    """Add a checker to the table (what a plugin or a test calls); ``replace`` to override an entry. The keywords
    are ``Entry``'s."""
    if name in REGISTRY and not replace:
        raise UsageError(f"a checker named {name!r} is already registered")
    if not name.isidentifier() or ":" in name:
        raise UsageError(f"checker name {name!r} must be an identifier (it appears in NAME:k=v specs)")
    entry = Entry(options, factory, numbers_default, dict(aliases or {}), parts_default, uses_llm)
    REGISTRY[name] = entry
    return entry


def names() -> tuple[str, ...]:
    return tuple(REGISTRY)


def llm_checkers() -> tuple[str, ...]:
    """The checkers whose entry says ``uses_llm`` (judge, cascade, and any registered so)."""
    return tuple(name for name, found in REGISTRY.items() if found.uses_llm)


def uses_llm(name: str) -> bool:
    """Whether checker ``name`` asks an LLM (an unknown name does not; building it says it is unknown)."""
    found = REGISTRY.get(name)
    return found is not None and found.uses_llm


def entry(name: str) -> Entry:
    found = REGISTRY.get(name)
    if found is None:
        raise UsageError(f"unknown checker {name!r}{did_you_mean(name, REGISTRY)}; choose one of "
                         f"{', '.join(REGISTRY)}")
    return found


def with_number_checks(inner: Checker, numbers: bool, arithmetic: bool, parts: bool = False) -> Checker:
    """The default stack around a checker: the numbers stage, then claim parts outermost (each part goes through
    the numbers stage too)."""
    if numbers or arithmetic:
        from faithkit.checkers.numbers import NumberChecks

        inner = NumberChecks(inner, arithmetic=arithmetic, missing_numbers=numbers)
    if parts:
        from faithkit.checkers.parts import ClaimParts

        inner = ClaimParts(inner)
    return inner


def _context_cache(values: dict[str, Any], context: BuildContext) -> None:
    mode, directory = values.pop("cache", None), values.pop("cache_dir", None)
    if mode is None and directory is None:
        return
    if mode == "off" or mode is False:
        context.cache = None
        return
    from faithkit.cache import ContentCache

    context.cache = ContentCache(directory, "use" if mode in (None, True) else str(mode))


def build(name: str, options: Mapping[str, Any] | None = None, context: BuildContext | None = None) -> Checker:
    """The checker ``name`` with ``options`` (a spec's key/values: the checker's own options, the stack's
    ``numbers`` / ``arithmetic``, and ``cache`` / ``cache_dir``). Bad names and values raise UsageError."""
    found = entry(name)
    context = context or BuildContext()
    values = {found.aliases.get(k, k): v for k, v in (options or {}).items()}
    _context_cache(values, context)
    stack = parse_options(StackOptions, {k: values.pop(k) for k in list(values) if k in STACK_KEYS},
                          what=f"checker {name!r}")
    parsed = parse_options(found.options, values, what=f"checker {name!r}",
                           also=(*STACK_KEYS, *CONTEXT_KEYS, *found.aliases))
    inner = found.make(parsed, context)
    if getattr(inner, "options", None) is None:
        inner.options = parsed  # a factory that did not record them: the spec still round-trips
    numbers = found.numbers_default if stack.numbers is None else stack.numbers
    arithmetic = found.numbers_default if stack.arithmetic is None else stack.arithmetic
    parts = found.parts_default if stack.parts is None else stack.parts
    return with_number_checks(inner, numbers, arithmetic, parts)


STRICT_FLAGS = frozenset({"window_sentences", "trust_remote_code"})
"""Options given beside a spec that are an error, not a no-op, for a checker without that option."""


def flag_options(name: str, flags: Mapping[str, Any]) -> dict[str, Any]:
    """The option values given beside a spec (None = not given) that checker ``name`` takes, under its option
    names: a command's flags (``--threshold``), or ``assert_faithful``'s ``threshold``. One a checker lacks is
    dropped (``--threshold`` means nothing to the judge), except ``STRICT_FLAGS``."""
    found = entry(name)
    accepted = set(found.options.model_fields) | set(found.aliases) | {"numbers", "arithmetic"}
    out = {}
    for key, value in flags.items():
        if value is None:
            continue
        if key in accepted:
            out[key] = value
        elif key in STRICT_FLAGS:
            raise UsageError(f"checker {name!r} has no option {key} (--{key.replace('_', '-')})")
    return out


def merged_options(spec: CheckerSpec, flags: Mapping[str, Any] | None, what: str = "--checker") -> dict[str, Any]:
    """The spec's options with ``flags`` added (a command's flag, ``assert_faithful``'s ``threshold``); the two
    giving different values for one option is an error."""
    options = dict(spec.options)
    for key, value in flag_options(spec.name, flags or {}).items():
        if key in options and options[key] != value:
            raise UsageError(f"{what} {spec.label!r} sets {key}={options[key]!r} but {key}={value!r} is given "
                             "beside it")
        options[key] = value
    return options


def build_from_spec(spec: CheckerSpec | str, flags: Mapping[str, Any] | None = None,
                    context: BuildContext | None = None, *, what: str = "--checker") -> Checker:
    """Build the checker a spec string names, with option values given beside it (``flag_options``): the one
    path from a spec string to a checker, for every command, ``faithkit.testing`` and the pytest plugin.

    what: how the caller's user named the spec (``--checker``, ``checker=``), the prefix of an error message
    that does not already quote the spec. Bad names and options raise UsageError with a did-you-mean guess."""
    spec = parse_checker_spec(spec) if isinstance(spec, str) else spec
    try:
        return build(spec.name, merged_options(spec, flags, what), context)
    except UsageError as exc:
        message = str(exc)
        raise UsageError(message if spec.label in message else f"{what} {spec.label!r}: {message}") from exc


_STRICT_COMPAT = frozenset({"window_sentences"})
_NOT_GIVEN: Any = object()
"""``build_checker``'s ``window_veto`` left out (None is a value there: the veto is off)."""


def build_checker(name: str = "nli", *, model: str | None = None, revision: str | None = None,
                  threshold: float | None = None, numbers: bool | None = None, arithmetic: bool | None = None,
                  batch_size: int | None = None, device: str | None = None, cache: Any = None,
                  window_veto: float | None = _NOT_GIVEN, smoke_check: bool | None = None,
                  window_sentences: int | None = None, **options: Any) -> Checker:
    """Build a checker by name or spec string (the Python API): ``build_checker("nli:threshold=0.6")`` is the
    checker ``faithkit check --checker nli:threshold=0.6``, ``assert_faithful(checker=...)`` and
    ``--faithkit-checker`` build (``build_from_spec``); an option given both in the spec and as a keyword with
    different values is an error.

    numbers / arithmetic: the numbers stage rules (None: the checker's default, on except for similarity).
    cache: a faithkit.cache.ContentCache for NLI scores and LLM replies (None: no cache).
    The keyword arguments are the checker's options (``NLIOptions``, ``JudgeOptions``...), whose defaults are
    declared there only: a named one left out (None; ``window_veto`` left out, as None turns the veto off) is
    the checker's default, and a named one given goes only to checkers that have it, except
    ``window_sentences`` and the extra ``options``, which a checker without them refuses.
    """
    spec = parse_checker_spec(name)
    found = entry(spec.name)
    context = BuildContext()
    if cache is not None and not isinstance(cache, str):
        context.cache = cache
    elif cache is not None:
        options["cache"] = cache
    fields = set(found.options.model_fields) | set(found.aliases)
    named = {"model": model, "revision": revision, "threshold": threshold, "batch_size": batch_size,
             "device": device, "window_veto": window_veto, "smoke_check": smoke_check,
             "window_sentences": window_sentences}
    values = dict(options)
    for key, value in named.items():
        if value is _NOT_GIVEN or (value is None and key != "window_veto"):
            continue
        if key in fields or key in _STRICT_COMPAT:
            values[key] = value
    values.update({k: v for k, v in (("numbers", numbers), ("arithmetic", arithmetic)) if v is not None})
    for key, value in spec.options.items():
        if key in values and values[key] != value:
            raise UsageError(f"checker {spec.label!r} sets {key}={value!r} but {key}={values[key]!r} is given "
                             "beside it")
        values[key] = value
    return build(spec.name, values, context)


def rebuild_spec(checker: Any) -> dict[str, Any] | None:
    """The spec that builds ``checker`` again through ``build``: ``{"checker": name, **options}``, with the
    numbers stage's switches where they differ from the entry's default. None if it was not built from options."""
    from faithkit.checkers.numbers import NumberChecks
    from faithkit.checkers.parts import ClaimParts

    parts = isinstance(checker, ClaimParts)
    if parts:
        checker = checker.inner
    numbers = arithmetic = False
    if isinstance(checker, NumberChecks):
        numbers, arithmetic = checker.missing_numbers, checker.arithmetic
        checker = checker.inner
    options = getattr(checker, "options", None)
    if options is None or checker.name not in REGISTRY:
        return None
    spec: dict[str, Any] = {"checker": checker.name, **options.non_defaults()}
    default = REGISTRY[checker.name].numbers_default
    if numbers != default:
        spec["numbers"] = numbers
    if arithmetic != default:
        spec["arithmetic"] = arithmetic
    if parts != REGISTRY[checker.name].parts_default:
        spec["parts"] = parts
    return spec


def spec_from_manifest(checker_spec: Mapping[str, Any]) -> dict[str, Any]:
    """The rebuild spec inside a manifest's ``checker`` section (``rebuild`` + the numbers stage's switches)."""
    inner = checker_spec.get("rebuild")
    if not isinstance(inner, Mapping) or "checker" not in inner:
        raise UsageError("this manifest's checker has no rebuild spec (written by an older faithkit, or a checker "
                         "built outside the registry): it cannot be rebuilt")
    spec = dict(inner)
    stage = checker_spec.get("numbers")
    numbers = bool(isinstance(stage, Mapping) and stage.get("missing_numbers"))
    arithmetic = bool(isinstance(stage, Mapping) and stage.get("arithmetic"))
    default = entry(str(spec["checker"])).numbers_default
    spec.pop("numbers", None)
    spec.pop("arithmetic", None)
    spec.pop("parts", None)
    if numbers != default:
        spec["numbers"] = numbers
    if arithmetic != default:
        spec["arithmetic"] = arithmetic
    parts = "parts" in checker_spec
    if parts != entry(str(spec["checker"])).parts_default:
        spec["parts"] = parts
    return spec


REBUILD_IGNORED = frozenset({"cache", "rebuild"})
"""Spec keys a rebuilt checker may differ on, at any depth: where scores are cached, and the rebuild spec itself
(compared through the settings it restates)."""


def _instrument(value: Any) -> Any:
    """A spec as an instrument: ``REBUILD_IGNORED`` keys dropped, and a model's folder dropped wherever its weights
    hash is recorded beside it (the bundled model of another install lives in another folder, with the same
    weights)."""
    if not isinstance(value, Mapping):
        return value
    return {k: _instrument(v) for k, v in value.items()
            if k not in REBUILD_IGNORED and not (k == "model" and "weights" in value)}


def spec_drift(recorded: Mapping[str, Any], rebuilt: Mapping[str, Any]) -> list[str]:
    """The settings on which a rebuilt checker's spec differs from the one a manifest recorded: ``KEY (recorded R,
    now N)``, a key the manifest lacks counted as recorded "absent" (see ``_instrument`` for what may differ)."""
    before, after = _instrument(recorded), _instrument(rebuilt)
    return [f"{key} (recorded {before.get(key, 'absent')!r}, now {after.get(key, 'absent')!r})"
            for key in sorted(set(before) | set(after)) if before.get(key, "absent") != after.get(key, "absent")]


def rebuild(checker_spec: Mapping[str, Any], context: BuildContext | None = None) -> Checker:
    """Build the checker a manifest's ``checker`` section describes (see ``spec_from_manifest``).

    The rebuild spec records only options that differ from the defaults of the faithkit that wrote it, so a
    faithkit whose defaults have changed since (``spread_evidence`` in session 11) would build another
    instrument. The rebuilt checker's spec is compared with the recorded one, and a difference is an error that
    names each setting, never a silent substitute."""
    spec = spec_from_manifest(checker_spec)
    name = str(spec.pop("checker"))
    checker = build(name, spec, context)
    drift = spec_drift(checker_spec, checker.spec()) if callable(getattr(checker, "spec", None)) else []
    if drift:
        raise UsageError("this manifest's checker cannot be rebuilt as it was: this faithkit would build it "
                         f"differently on {'; '.join(drift)}. Build it with an explicit spec instead")
    return checker
