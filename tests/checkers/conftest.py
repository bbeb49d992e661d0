"""Session-scoped tiny detector models (``detector_models``): built once, loaded through the user code path."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.checkers.detector_models import build_classifier, build_hhem_standin, build_t5
from tests.extras import importorskip

SUPPORTED = {0: "not_supported", 1: "supported"}
SUPPORTED_FLIPPED = {0: "supported", 1: "not_supported"}
INDEXED = {0: "LABEL_0", 1: "LABEL_1"}
NLI_3 = {0: "entailment", 1: "neutral", 2: "contradiction"}
NLI_3_PERMUTED = {0: "contradiction", 1: "entailment", 2: "neutral"}
NLI_2 = {0: "entailment", 1: "not_entailment"}
NLI_2_FLIPPED = {0: "not_entailment", 1: "entailment"}


@pytest.fixture(scope="session")
def detector_models(tmp_path_factory) -> dict[str, Path]:
    """Every tiny detector, keyed ``ARCH/ORDER``; ``*-permuted`` folders hold the same function as their base."""
    importorskip("transformers", "torch")
    root = tmp_path_factory.mktemp("detectors")
    out: dict[str, Path] = {}
    for arch in ("bert", "roberta", "deberta-v2"):
        out[f"{arch}/supported"] = build_classifier(root / f"{arch}-sup", arch, SUPPORTED)
        out[f"{arch}/supported-permuted"] = build_classifier(
            root / f"{arch}-sup-p", arch, SUPPORTED_FLIPPED, permute_from=SUPPORTED
        )
        out[f"{arch}/nli3"] = build_classifier(root / f"{arch}-nli3", arch, NLI_3)
        out[f"{arch}/nli3-permuted"] = build_classifier(
            root / f"{arch}-nli3-p", arch, NLI_3_PERMUTED, permute_from=NLI_3
        )
    out["bert/indexed"] = build_classifier(root / "bert-idx", "bert", INDEXED)
    out["bert/indexed-permuted"] = build_classifier(
        root / "bert-idx-p", "bert", {0: "LABEL_1", 1: "LABEL_0"}, permute_from=INDEXED
    )
    out["bert/nli2"] = build_classifier(root / "bert-nli2", "bert", NLI_2)
    out["bert/nli2-permuted"] = build_classifier(root / "bert-nli2-p", "bert", NLI_2_FLIPPED, permute_from=NLI_2)
    out["t5"] = build_t5(root / "t5")
    out["hhem"] = build_hhem_standin(root / "hhem")
    return out
