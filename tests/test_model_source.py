"""`--model` problems are said in seconds, before torch loads: no such folder, offline, hub unreachable."""

from __future__ import annotations

import socket
import time

import pytest

from faithkit.cli import main
from faithkit.errors import ModelLoadError
from faithkit.model_source import check_model_source, looks_like_path

LOG = "examples/larkspur/interactions.jsonl"


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_a_missing_folder_is_no_such_folder(tmp_path, capsys):
    started = time.monotonic()
    assert main(["check", LOG, "--out", str(tmp_path / "out"), "--model", str(tmp_path / "nope"), "--quiet"]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert time.monotonic() - started < 5
    assert (
        main(["check", LOG, "--out", str(tmp_path / "o2"), "--checker", "similarity", "--model", "./nope/", "--quiet"])
        == 2
    )
    assert "similarity model './nope/': no such folder" in capsys.readouterr().err


def test_a_file_is_not_a_model_folder(tmp_path):
    weights = tmp_path / "model.safetensors"
    weights.write_bytes(b"x")
    with pytest.raises(ModelLoadError, match="is a file"):
        check_model_source(str(weights))


def test_hub_id_offline_fails_at_once(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(ModelLoadError, match="offline mode is on"):
        check_model_source("someorg/not-cached-nli")


def test_hub_id_with_the_hub_unreachable_fails_in_seconds(monkeypatch, tmp_path, capsys):
    for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{closed_port()}")
    started = time.monotonic()
    assert main(["check", LOG, "--out", str(tmp_path / "out"), "--model", "someorg/not-cached-nli", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "cannot be reached" in err and "not in the local Hugging Face cache" in err
    assert time.monotonic() - started < 5


def test_an_existing_results_folder_is_refused_before_the_model(tmp_path, capsys):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "results.jsonl").write_text("")
    started = time.monotonic()
    assert main(["check", LOG, "--out", str(tmp_path / "out"), "--model", str(tmp_path / "nope")]) == 2
    assert "already holds results" in capsys.readouterr().err
    assert time.monotonic() - started < 2


@pytest.mark.parametrize(
    "source,path",
    [("./m", True), ("/abs/m", True), ("~/m", True), ("a/b/c", True), ("org/name", False), ("name", False)],
)
def test_paths_and_hub_ids_told_apart(source, path):
    assert looks_like_path(source) is path


def test_the_library_loader_checks_paths_but_leaves_hub_ids_to_the_caller(tmp_path, monkeypatch):
    from faithkit.checkers.model_load import ModelLoad
    from faithkit.checkers.pairs import PairScorer

    with pytest.raises(ModelLoadError, match="no such folder"):
        PairScorer(ModelLoad(str(tmp_path / "missing")))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    check_model_source("someorg/not-cached", hub=False)  # no hub check: returns
