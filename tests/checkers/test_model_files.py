"""The model-files part of a cached score's key (checkers/model_files.py): every file a score can depend on, and
no documentation, so editing a model card does not throw away every cached score."""

from __future__ import annotations

import json
import shutil

from faithkit.checkers.model_files import WEIGHT_SUFFIXES, model_files_hash
from faithkit.checkers.nli import bundled_model_path


def _copy_small_files(target):
    target.mkdir()
    for path in bundled_model_path().iterdir():
        if path.is_file() and path.suffix not in WEIGHT_SUFFIXES:
            shutil.copy(path, target / path.name)
    return target


def test_documentation_does_not_change_the_hash(tmp_path):
    folder = _copy_small_files(tmp_path / "model")
    assert (folder / "MODEL_CARD.md").is_file()
    before = model_files_hash(folder)
    (folder / "MODEL_CARD.md").write_text("# rewritten card\n", encoding="utf-8")
    (folder / "README.md").write_text("notes\n", encoding="utf-8")
    (folder / "NOTES.rst").write_text("notes\n", encoding="utf-8")
    assert model_files_hash(folder) == before


def test_tokenizer_and_config_files_change_the_hash(tmp_path):
    folder = _copy_small_files(tmp_path / "model")
    before = model_files_hash(folder)
    config = json.loads((folder / "tokenizer_config.json").read_text(encoding="utf-8"))
    (folder / "tokenizer_config.json").write_text(json.dumps({**config, "do_lower_case": False}), encoding="utf-8")
    changed = model_files_hash(folder)
    assert changed != before
    (folder / "vocab.txt").write_text((folder / "vocab.txt").read_text(encoding="utf-8") + "newword\n",
                                      encoding="utf-8")
    assert model_files_hash(folder) != changed  # vocab.txt is a tokenizer file, not documentation
