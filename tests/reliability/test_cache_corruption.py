"""A damaged, forged or stale cache never changes a verdict and never crashes a run.

Every variant is compared with the same checks made without a cache: the verdicts must be identical.
"""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest

from faithkit.cache import CACHE_FILE, ContentCache
from faithkit.checkers.nli import NLIChecker
from faithkit.records import ClaimCheck, Passage

PASSAGES = (Passage("plans", "The Team plan costs 12 euros per user. SSO is only on the Enterprise plan."),)
CLAIMS = [
    "The Team plan costs 12 euros per user.",
    "SSO is on every plan.",
    "Storage is pooled.",
    "The Enterprise plan has SSO.",
]


def _requests():
    return [ClaimCheck(c, PASSAGES, group="g") for c in CLAIMS]


def _labels(model, cache=None, **kwargs):
    checker = NLIChecker(model, smoke_check=False, threshold=0.34, cache=cache, **kwargs)
    return [(v.label, round(v.score or 0, 6)) for v in checker.check(_requests())], checker.counters


@pytest.fixture(scope="module")
def model(tiny_nli, tmp_path_factory):
    copy = tmp_path_factory.mktemp("cache-model") / "model"
    shutil.copytree(tiny_nli, copy)
    return copy


@pytest.fixture(scope="module")
def expected(model):
    return _labels(model)[0]


def _filled(model, folder):
    cache = ContentCache(folder)
    _labels(model, cache)
    cache.close()
    return folder / CACHE_FILE


def _edit_json(path, **changes):
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("file", "change"),
    [
        ("config.json", {"num_hidden_layers": 1}),
        ("tokenizer_config.json", {"do_lower_case": False}),
    ],
)
def test_a_changed_config_or_tokenizer_misses_the_cache(model, tmp_path, file, change):
    _filled(model, tmp_path / "cache")
    other = tmp_path / "other-model"
    shutil.copytree(model, other)
    _edit_json(other / file, **change)
    _, counters = _labels(other, ContentCache(tmp_path / "cache"))
    assert counters["nli_cache_hits"] == 0 and counters["nli_pairs_scored"] > 0
    _, again = _labels(model, ContentCache(tmp_path / "cache"))  # the unchanged model still hits
    assert again["nli_pairs_scored"] == 0 and again["nli_cache_hits"] > 0


def _garbage_file(path):
    path.write_bytes(b"this is not a database" * 100)


def _wrong_schema(path):
    path.unlink()
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE entries (k TEXT, v TEXT)")
    db.commit()
    db.close()


def _bad_pages(path):
    data = bytearray(path.read_bytes())
    for offset in range(4096, len(data), 4096):  # every page after the header page
        data[offset : offset + 64] = b"\xde\xad" * 32
    path.write_bytes(bytes(data))


def _update_values(value):
    def edit(path):
        db = sqlite3.connect(path)
        db.execute("UPDATE entries SET value = ?", (value,))
        db.commit()
        db.close()

    return edit


@pytest.mark.parametrize(
    "damage",
    [
        _garbage_file,
        _wrong_schema,
        _bad_pages,
        _update_values("{not json"),
        _update_values("[1, 0]"),
        _update_values("[1, 1, 0, false]"),
        _update_values('["a", 0, 0, false]'),
        _update_values("[1, 0, 0, 0]"),
        _update_values('{"probs": 1}'),
        _update_values("null"),
        _update_values("[1e999, 0, 0, false]"),
        _update_values("[1, 0, 0, false]"),
        _update_values("[0.02, 0.03, 0.95, false]"),
    ],
    ids=[
        "not-sqlite",
        "wrong-schema",
        "bad-pages",
        "not-json",
        "short-row",
        "sum-2",
        "string-prob",
        "flag-not-bool",
        "object",
        "null",
        "infinite",
        "forged-entailment",
        "forged-contradiction",
    ],
)
def test_a_damaged_cache_is_recomputed_or_rebuilt_with_a_warning(model, tmp_path, expected, damage):
    path = _filled(model, tmp_path / "cache")
    damage(path)
    cache = ContentCache(tmp_path / "cache")
    got, counters = _labels(model, cache)
    assert got == expected
    assert cache.warnings or counters.get("nli_cache_invalid") or counters["nli_cache_hits"] == 0
    again = ContentCache(tmp_path / "cache")  # the next run reads the repaired store
    got_again, counters_again = _labels(model, again)
    assert got_again == expected and counters_again["nli_cache_hits"] > 0 and not again.warnings


def test_a_full_disk_turns_cache_writes_off_with_a_warning(model, tmp_path):
    cache = ContentCache(tmp_path / "cache")
    pages = cache._db.execute("PRAGMA page_count").fetchone()[0]
    cache._db.execute(f"PRAGMA max_page_count = {pages}")  # sqlite's own SQLITE_FULL: "database or disk is full"
    many = [ClaimCheck(f"Plan {i} costs {i} euros per user per month.", PASSAGES, group="g") for i in range(60)]
    plain = NLIChecker(model, smoke_check=False, threshold=0.34).check(many)
    cached = NLIChecker(model, smoke_check=False, threshold=0.34, cache=cache).check(many)
    assert [v.label for v in cached] == [v.label for v in plain]
    assert any("full" in w for w in cache.warnings), cache.warnings


def test_values_sealed_under_another_secret_are_misses_not_verdicts(model, tmp_path, expected, monkeypatch):
    """A cache file from elsewhere (a restored CI artifact, a shared folder) is only trusted under the same
    FAITHKIT_CACHE_SECRET; under the same secret it is a full hit."""
    monkeypatch.setenv("FAITHKIT_CACHE_SECRET", "team-secret-one-1234")
    _filled(model, tmp_path / "cache")
    monkeypatch.setenv("FAITHKIT_CACHE_SECRET", "someone-else-5678")
    other = ContentCache(tmp_path / "cache")
    got, counters = _labels(model, other)
    assert got == expected and counters["nli_cache_hits"] == 0 and counters["nli_pairs_scored"] > 0
    assert any("no valid seal" in w for w in other.warnings)
    monkeypatch.setenv("FAITHKIT_CACHE_SECRET", "someone-else-5678")
    again = ContentCache(tmp_path / "cache")  # the recomputed values were sealed under the new secret
    got_again, counters_again = _labels(model, again)
    assert got_again == expected and counters_again["nli_pairs_scored"] == 0 and not again.warnings


def test_a_forged_plausible_value_never_changes_a_verdict(model, tmp_path, expected):
    """The issue's attack: every stored value replaced by a well-formed, confident entailment."""
    path = _filled(model, tmp_path / "cache")
    _update_values("[1, 0, 0, false]")(path)
    cache = ContentCache(tmp_path / "cache")
    got, counters = _labels(model, cache)
    assert got == expected and counters["nli_cache_hits"] == 0
    assert [w for w in cache.warnings if "no valid seal" in w] == [
        f"{cache.unsealed} cache value(s) had no valid seal (written before faithkit sealed its cache, "
        "edited, or written elsewhere without the same FAITHKIT_CACHE_SECRET): recomputed"
    ]

