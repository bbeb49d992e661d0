"""The hub path and remote code: revisions reach from_pretrained, trust_remote_code only when asked for with a
pinned commit, and the manifest records both. The hub is unreachable here, so from_pretrained is wrapped to record
its arguments and then load the same-named tiny model from a local folder: the code that runs is faithkit's real
loading path, only the download is replaced."""

from __future__ import annotations

import pytest

from faithkit.checkers.registry import build
from faithkit.errors import UsageError
from faithkit.records import ClaimCheck, Passage

COMMIT = "0123456789abcdef0123456789abcdef01234567"
PASSAGES = (Passage("p", "The Team plan costs 12 euros per user per month. SSO is only on the Enterprise plan."),)
RAW = {"smoke_check": False, "numbers": False, "arithmetic": False}


@pytest.fixture
def hub(monkeypatch, detector_models):
    """Hub ids (``org/NAME``) served from the tiny local folders; every from_pretrained call is recorded."""
    import transformers

    calls: list[tuple[str, str, dict]] = []
    folders = {
        "org/classifier": detector_models["roberta/supported"],
        "org/t5": detector_models["t5"],
        "vectara/hallucination_evaluation_model": detector_models["hhem"],
    }
    for cls_name in ("AutoConfig", "AutoTokenizer", "AutoModelForSequenceClassification", "AutoModelForSeq2SeqLM"):
        cls = getattr(transformers, cls_name)
        real = cls.from_pretrained

        def recorded(source, *args, _real=real, _name=cls_name, **kwargs):
            calls.append((_name, str(source), dict(kwargs)))
            local = folders.get(str(source), source)
            kwargs.pop("revision", None)  # a local folder has no revisions
            return _real(local, *args, **kwargs)

        monkeypatch.setattr(cls, "from_pretrained", recorded)
    return calls


def test_the_revision_reaches_every_hub_load(hub):
    for kind, model in (("classifier", "org/classifier"), ("seq2seq", "org/t5")):
        checker = build(kind, {"model": model, "revision": COMMIT, **RAW})
        checker.check([ClaimCheck("SSO is on the Team plan.", PASSAGES)])
        loads = [c for c in hub if c[1] == model]
        assert loads and all(kwargs.get("revision") == COMMIT for _, _, kwargs in loads)
        assert not any(kwargs.get("trust_remote_code") for _, _, kwargs in loads)
        spec = checker.spec()
        assert spec["revision"] == COMMIT and spec["rebuild"]["revision"] == COMMIT


def test_hhem_without_trust_remote_code_is_refused_before_anything_loads(hub, detector_models):
    with pytest.raises(UsageError, match="--trust-remote-code together with --revision"):
        build("hhem", {**RAW})
    with pytest.raises(UsageError, match="trust_remote_code"):
        build("hhem", {"model": str(detector_models["hhem"]), **RAW})
    assert hub == []


@pytest.mark.parametrize("revision", [None, "main", "v2.1", COMMIT[:12]])
def test_hhem_from_the_hub_needs_a_full_commit_hash(hub, revision):
    with pytest.raises(UsageError, match="40-hex commit"):
        build("hhem", {"trust_remote_code": True, "revision": revision, **RAW})
    assert hub == []


def test_hhem_with_a_pinned_commit_loads_remote_code_and_the_manifest_records_both(hub):
    checker = build("hhem", {"trust_remote_code": True, "revision": COMMIT, **RAW})
    verdict = checker.check([ClaimCheck("SSO is on the Team plan.", PASSAGES)])[0]
    model_loads = [kw for name, _, kw in hub if name == "AutoModelForSequenceClassification"]
    assert model_loads == [{"revision": COMMIT, "trust_remote_code": True}]
    spec = checker.spec()
    assert spec["trust_remote_code"] is True and spec["revision"] == COMMIT
    assert spec["rebuild"]["trust_remote_code"] is True and spec["rebuild"]["revision"] == COMMIT
    assert 0.0 <= verdict.score <= 1.0


def test_a_local_hhem_folder_scores_with_its_own_predict(detector_models):
    from transformers import AutoModelForSequenceClassification

    folder = detector_models["hhem"]
    checker = build("hhem", {"model": str(folder), "trust_remote_code": True, "premises": "passage", **RAW})
    claim = "SSO is on the Team plan."
    verdict = checker.check([ClaimCheck(claim, PASSAGES)])[0]
    model = AutoModelForSequenceClassification.from_pretrained(str(folder), trust_remote_code=True).eval()
    assert verdict.score == pytest.approx(float(model.predict([(PASSAGES[0].text, claim)])[0]), abs=1e-6)
    assert "+code:sha256:" in checker.spec()["weights"]  # the remote code is part of the model's identity
