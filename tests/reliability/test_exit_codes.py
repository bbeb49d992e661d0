"""Bad paths and broken models give exit 2 and a message that says what is wrong, never a traceback."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from faithkit.cli import main


@pytest.fixture
def log(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text(
        json.dumps({"id": "a", "contexts": ["Refunds take 30 days."], "answer": "Refunds take 30 days."}) + "\n"
    )
    return path


def _check(log, out, *extra, model=None):
    spec = f"nli:model={model},smoke_check=off" if model else "nli:smoke_check=off"
    return main(["check", str(log), "--out", str(out), "--checker", spec, "--quiet", *map(str, extra)])


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (lambda tmp, log: log, "is a file"),  # --out equal to the input
        (lambda tmp, log: tmp / "file.txt", "is a file"),  # --out on a file
        (lambda tmp, log: tmp / "file.txt" / "sub", "cannot create"),  # --out under a file
        (lambda tmp, log: "/proc/faithkit-out", "cannot create"),  # --out under /proc
    ],
)
def test_an_unusable_out_folder_is_exit_2(tmp_path, log, tiny_nli, capsys, out, message):
    (tmp_path / "file.txt").write_text("x")
    assert _check(log, out(tmp_path, log), model=tiny_nli) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: "/dev/null", "is a device"),
        (lambda tmp: (os.mkfifo(tmp / "fifo"), tmp / "fifo")[1], "FIFO"),
        (lambda tmp: tmp, "folder"),
        (lambda tmp: tmp / "missing.jsonl", "not found"),
    ],
)
def test_an_input_that_is_not_a_regular_file_says_what_it_is(tmp_path, capsys, make, message):
    assert main(["check", str(make(tmp_path)), "--out", str(tmp_path / "out"), "--quiet"]) == 2
    assert message in capsys.readouterr().err


def test_a_missing_model_folder_is_named(tmp_path, log, capsys):
    assert _check(log, tmp_path / "out", model="/nonexistent/model") == 2
    err = capsys.readouterr().err
    assert "/nonexistent/model" in err and "folder" in err and "Repo id" not in err


def test_a_two_label_config_on_a_three_way_head_is_a_load_error(tmp_path, log, tiny_nli, capsys):
    model = tmp_path / "model"
    shutil.copytree(tiny_nli, model)
    config = json.loads((model / "config.json").read_text())
    config["id2label"], config["label2id"] = {"0": "entailment", "1": "not_entailment"}, {}
    (model / "config.json").write_text(json.dumps(config))
    assert _check(log, tmp_path / "out", model=model) == 2
    assert "could not load NLI model" in capsys.readouterr().err


def test_a_pickled_weights_file_that_is_not_a_model_is_a_load_error(tmp_path, log, tiny_nli, capsys):
    import pickle

    model = tmp_path / "model"
    shutil.copytree(tiny_nli, model)
    for weights in model.glob("*.safetensors"):
        weights.unlink()
    (model / "pytorch_model.bin").write_bytes(pickle.dumps({"not": "weights"}))
    assert _check(log, tmp_path / "out", model=model) == 2
    assert "could not load NLI model" in capsys.readouterr().err


def test_invalid_utf8_inside_results_on_resume_is_redone_not_a_crash(tmp_path, log, tiny_nli):
    out = tmp_path / "out"
    assert _check(log, out, model=tiny_nli) == 0
    (out / "results.jsonl").write_bytes(b'{"id": "a", "line": 1, "status": "\xff\xfe"}\n')
    assert _check(log, out, "--resume", model=tiny_nli) == 0
    lines = (out / "results.jsonl").read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["status"] == "scored"


@pytest.mark.parametrize(
    "changed",
    [["--no-numbers"], ["--threshold", "0.7"], ["--no-window-veto"], ["--no-reference"], ["--checker", "similarity"]],
)
def test_resume_with_other_cli_settings_is_exit_2(tmp_path, log, tiny_nli, capsys, changed):
    out = tmp_path / "out"
    assert _check(log, out, "--no-report", model=tiny_nli) == 0
    args = ["check", str(log), "--out", str(out), "--quiet", "--no-report", "--resume"]
    if "--checker" not in changed:
        args += ["--checker", f"nli:model={tiny_nli},smoke_check=off"]
    assert main(args + changed) == 2
    assert "cannot resume" in capsys.readouterr().err
    assert main(args + ["--checker", f"nli:model={tiny_nli},smoke_check=off"]) == 0  # the same settings resume


@pytest.mark.parametrize("checker", ["similarity", "classifier", "nli"])
def test_every_model_loader_names_a_missing_folder(tmp_path, log, capsys, checker):
    args = ["check", str(log), "--out", str(tmp_path / "out"), "--checker", checker, "--model", "./no/such/model"]
    assert main([*args, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "./no/such/model" in err and "folder" in err and "Repo id" not in err
