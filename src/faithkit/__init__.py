"""faithkit: offline faithfulness testing of RAG answers.

The public API is re-exported here. Names are resolved lazily (PEP 562) so that ``import faithkit`` and
``faithkit --help`` stay instant: torch, transformers and the LLM SDKs load only when a checker is built.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_EXPORTS: dict[str, str] = {
    # data
    "Passage": "faithkit.records", "Interaction": "faithkit.records", "Claim": "faithkit.records",
    "Window": "faithkit.records", "Evidence": "faithkit.records", "ClaimCheck": "faithkit.records",
    "Verdict": "faithkit.records", "ClaimResult": "faithkit.records", "AnswerResult": "faithkit.records",
    "RunManifest": "faithkit.records",
    # errors
    "FaithkitError": "faithkit.errors", "UsageError": "faithkit.errors", "InputFormatError": "faithkit.errors",
    "ModelLoadError": "faithkit.errors", "LabelOrderError": "faithkit.errors", "BackendError": "faithkit.errors",
    "MissingDependencyError": "faithkit.errors", "ResultsError": "faithkit.errors",
    # checkers
    "Checker": "faithkit.checkers.base", "CheckerBase": "faithkit.checkers.base",
    "build_checker": "faithkit.checkers.registry", "build": "faithkit.checkers.registry",
    "register": "faithkit.checkers.registry", "rebuild": "faithkit.checkers.registry",
    "BuildContext": "faithkit.checkers.registry", "Options": "faithkit.options",
    "NLIOptions": "faithkit.checkers.nli_options", "SimilarityOptions": "faithkit.checkers.similarity_options",
    "JudgeOptions": "faithkit.checkers.llm.llm_options", "CascadeOptions": "faithkit.checkers.llm.llm_options",
    "LLMOptions": "faithkit.llm.options", "parse_checker_spec": "faithkit.checkers.spec",
    "NLIChecker": "faithkit.checkers.nli", "SimilarityChecker": "faithkit.checkers.similarity",
    "NumberChecks": "faithkit.checkers.numbers", "ScriptedChecker": "faithkit.checkers.fake",
    # pipeline and results
    "run_check": "faithkit.pipeline", "check_chunk": "faithkit.pipeline", "CheckOptions": "faithkit.pipeline",
    "read_log": "faithkit.io.log", "read_results": "faithkit.io.results", "rescore": "faithkit.rescore",
    "SentenceClaims": "faithkit.claims.sentences", "split_sentences": "faithkit.text.sentences",
    "passage_windows": "faithkit.text.windows",
    "check": "faithkit.api", "load_results": "faithkit.api", "CheckResults": "faithkit.api",
    # testing
    "assert_faithful": "faithkit.testing",
    "assert_unfaithful": "faithkit.testing",
}

__all__ = ["__version__", *sorted(_EXPORTS)]


def __getattr__(name: str) -> Any:
    if name == "io":  # faithkit.io.read(...) after a plain `import faithkit`
        return importlib.import_module("faithkit.io")
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'faithkit' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__() -> list[str]:
    return __all__
