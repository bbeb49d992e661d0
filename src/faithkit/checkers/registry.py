"""Build a checker from a name and options: the one place that knows every checker and the default stack.

Default stack: NLI with the bundled model, wrapped in the numbers stage (missing numbers + arithmetic).
Heavy modules are imported only for the checker asked for.
"""

from __future__ import annotations

import argparse
from typing import Any

from faithkit.checkers.alignment import DEFAULT_ALIGNMENT
from faithkit.checkers.base import Checker
from faithkit.errors import UsageError

CHECKER_NAMES = ("nli", "similarity", "judge", "cascade")
DEFAULT_WINDOW_VETO = 0.8  # chosen on dev (benchmarks/window_veto_dev.py); see the bundled model's card


def _as_bool(value: Any) -> bool:
    """A flag from a spec string ("on"/"off", "true"/"false", "1"/"0") or a bool."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("on", "true", "1", "yes"):
        return True
    if text in ("off", "false", "0", "no"):
        return False
    raise UsageError(f"alignment must be on or off, got {value!r}")


def with_number_checks(inner: Checker, numbers: bool, arithmetic: bool) -> Checker:
    if not (numbers or arithmetic):
        return inner
    from faithkit.checkers.numbers import NumberChecks

    return NumberChecks(inner, arithmetic=arithmetic, missing_numbers=numbers)


def build_checker(name: str = "nli", *, model: str | None = None, revision: str | None = None,
                  threshold: float | None = None, numbers: bool | None = None, arithmetic: bool | None = None,
                  batch_size: int = 32, device: str = "cpu", cache: Any = None,
                  window_veto: float | None = DEFAULT_WINDOW_VETO, smoke_check: bool = True,
                  window_sentences: int | None = None, alignment: bool | None = None,
                  **llm_options: Any) -> Checker:
    """Build a checker by name.

    numbers / arithmetic: the numbers stage rules (flag numbers in no passage; accept verified arithmetic).
    None means the default: on for nli / judge / cascade, off for the similarity baseline.
    cache: a faithkit.cache.ContentCache for NLI scores and, for judge / cascade, LLM replies (None: no cache).
    window_veto, smoke_check, window_sentences: NLI options (see NLIChecker); window_veto None turns the veto
    off; window_sentences None is the default window size (1-3 sentences).
    llm_options: for judge / cascade, the same names as the CLI options (base_url, api_key_env, judge_mode...).
    """
    stage_default = name != "similarity"
    numbers = stage_default if numbers is None else numbers
    arithmetic = stage_default if arithmetic is None else arithmetic
    if window_veto is False:  # "nli:window_veto=off" in a checker spec
        window_veto = None
    nli_windows: dict[str, Any] = {} if window_sentences is None else {"window_sentences": int(window_sentences)}
    nli_windows["alignment"] = DEFAULT_ALIGNMENT if alignment is None else _as_bool(alignment)
    if name == "similarity":
        if window_sentences is not None or alignment is not None:
            raise UsageError("checker 'similarity' has no option window_sentences or alignment")
        nli_windows = {}
    if llm_options and name not in ("judge", "cascade"):
        raise UsageError(f"checker {name!r} has no option(s) {', '.join(sorted(llm_options))}")
    if name == "nli":
        from faithkit.checkers.nli import NLIChecker

        inner: Checker = NLIChecker(model=model, revision=revision,
                                    threshold=0.5 if threshold is None else threshold,
                                    batch_size=batch_size, device=device, cache=cache,
                                    window_veto=window_veto, smoke_check=smoke_check, **nli_windows)
    elif name == "similarity":
        from faithkit.checkers.similarity import DEFAULT_THRESHOLD, SimilarityChecker

        inner = SimilarityChecker(model=model, threshold=DEFAULT_THRESHOLD if threshold is None else threshold,
                                  device=device)
    elif name in ("judge", "cascade"):
        from faithkit.llm.cli_options import build_llm_checker

        llm_options.setdefault("cache", cache.mode if cache is not None else "off")  # LLM calls share the store
        llm_options.setdefault("cache_dir", str(cache.directory) if cache is not None else None)
        args = argparse.Namespace(checker=name, model=model, threshold=threshold, revision=revision,
                                  batch_size=batch_size, device=device, **llm_options)

        def nli_factory() -> Checker:
            from faithkit.checkers.nli import NLIChecker

            return NLIChecker(model=llm_options.get("nli_model"), threshold=0.5 if threshold is None else threshold,
                              batch_size=batch_size, device=device, cache=cache, window_veto=window_veto,
                              **nli_windows)

        inner = build_llm_checker(args, nli_factory)
    else:
        raise UsageError(f"unknown checker {name!r}; choose one of {', '.join(CHECKER_NAMES)}")
    return with_number_checks(inner, numbers, arithmetic)
