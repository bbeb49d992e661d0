"""One registry, one construction path: typed options, spec strings, flags, round trips, no import cycle."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from faithkit.checkers import registry
from faithkit.checkers.registry import build, rebuild, rebuild_spec
from faithkit.cli import main
from faithkit.commands._checker_args import build_from_spec, format_spec, parse_checker_spec
from faithkit.errors import UsageError
from faithkit.records import ClaimCheck, Passage

SRC = Path(__file__).resolve().parents[2] / "src" / "faithkit"
PASSAGES = (Passage("plans", "The Team plan costs €12 per user per month. SSO is only on the Enterprise plan."),)


def test_every_entry_builds_from_defaults_and_lists_its_options():
    for name, entry in registry.REGISTRY.items():
        options = entry.options()
        assert options.non_defaults() == {}, name
    with pytest.raises(UsageError, match="choose one of nli, similarity, judge, cascade"):
        build("nope")


@pytest.mark.parametrize("spec, words", [
    ("nli:window_sentences=0", ["'window_sentences'", "greater than or equal to 1", "got 0"]),
    ("nli:threshold=high", ["'threshold'", "valid number"]),
    ("judge:model=m,judge_mode=fast", ["'judge_mode'", "batch, per-claim, extract-and-label"]),
    ("similarity:window_sentences=2", ["no option 'window_sentences'", "threshold"]),
    ("nli:judge_mode=batch", ["no option 'judge_mode'"]),
])
def test_bad_options_name_the_option_and_what_it_takes(spec, words):
    with pytest.raises(UsageError) as info:
        build_from_spec(spec)
    message = str(info.value)
    assert "TypeError" not in message and all(w in message for w in words), message


def test_spec_strings_round_trip_through_the_registry(tiny_nli):
    text = f"nli:model={tiny_nli},smoke_check=off,threshold=0.6,window_sentences=1,numbers=off"
    checker = build_from_spec(text)
    spec = rebuild_spec(checker)
    assert spec == {"checker": "nli", "model": str(tiny_nli), "threshold": 0.6, "window_sentences": 1,
                    "smoke_check": False, "numbers": False}
    assert parse_checker_spec(format_spec(spec)).options == parse_checker_spec(text).options
    again = rebuild(checker.spec())  # the manifest's checker section
    assert rebuild_spec(again) == spec and again.spec() == checker.spec()
    requests = [ClaimCheck("SSO is on the Team plan.", PASSAGES), ClaimCheck("The Team plan costs €12.", PASSAGES)]
    assert [v.to_dict() for v in again.check(requests)] == [v.to_dict() for v in checker.check(requests)]


def test_the_default_stack_round_trips_with_its_numbers_stage(tiny_nli):
    from faithkit.checkers.base import walk
    from faithkit.checkers.numbers import NumberChecks

    checker = build("nli", {"model": str(tiny_nli), "smoke_check": False, "arithmetic": False})
    numbers = next(c for c in walk(checker) if isinstance(c, NumberChecks))  # under the parts wrapper
    assert checker.name == "nli+numbers" and numbers.arithmetic is False and numbers.missing_numbers is True
    assert rebuild_spec(checker) == {"checker": "nli", "model": str(tiny_nli), "smoke_check": False,
                                     "arithmetic": False}
    assert rebuild_spec(rebuild(checker.spec())) == rebuild_spec(checker)


def test_a_manifest_written_with_other_defaults_is_not_rebuilt_as_something_else(tiny_nli):
    checker = build("nli", {"model": str(tiny_nli), "smoke_check": False})
    recorded = checker.spec()
    older = {k: v for k, v in recorded.items() if k != "spread_evidence"}  # written before session 11
    with pytest.raises(UsageError) as info:
        rebuild(older)
    assert "spread_evidence (recorded 'absent', now True)" in str(info.value)
    other_weights = {**recorded, "weights": "sha256:" + "0" * 64}
    with pytest.raises(UsageError, match="weights"):
        rebuild(other_weights)
    assert rebuild({**recorded, "cache": {"mode": "use", "path": "/elsewhere"}}).spec()["weights"] == \
        recorded["weights"]  # where scores were cached is no part of the instrument


def test_a_manifest_from_another_install_rebuilds_the_bundled_checker():
    """The bundled models live in each install's own folder: the weights hash, not the path, is the instrument."""
    recorded = build("nli", {}).spec()
    moved = {**recorded, "model": "/elsewhere/faithkit/models/faithkit-nli-minilm",
             "second_opinion": {**recorded["second_opinion"], "model": "/elsewhere/second-opinion"}}
    assert rebuild(moved).spec()["weights"] == recorded["weights"]
    other = {**moved, "second_opinion": {**moved["second_opinion"], "weights": "sha256:" + "1" * 64}}
    with pytest.raises(UsageError, match="second_opinion"):
        rebuild(other)


def test_judge_and_cascade_take_the_same_options_and_the_cascade_keeps_revision():
    base = {"model": "m", "base_url": "http://127.0.0.1:9/v1", "temperature": 0.5, "seed": 3}
    cascade = build("cascade", {**base, "revision": "abc123", "threshold": 0.7, "window_sentences": 2,
                                "judge_mode": "per-claim", "numbers": False, "arithmetic": False})
    assert cascade.nli.options.revision == "abc123"  # --revision reaches the NLI stage on every path
    assert cascade.nli.threshold == 0.7 and cascade.nli.window_sentences == 2
    assert cascade.judge.mode == "per-claim" and cascade.judge.caller.decoding.temperature == 0.5
    judge = build("judge", {**base, "numbers": False, "arithmetic": False})
    assert judge.caller.identity() == cascade.judge.caller.identity()
    assert rebuild_spec(cascade)["nli_revision"] == "abc123"
    assert [c.name for c in cascade.children()] == ["nli", "judge"]


def test_check_flags_and_spec_options_meet_in_one_options_model(tmp_path, tiny_nli):
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"id": "a", "question": "q", "contexts": [{"id": "p", "text": PASSAGES[0].text}],
                               "answer": "SSO is on the Team plan."}) + "\n")
    out = tmp_path / "run"
    assert main(["check", str(log), "--out", str(out), "--checker", "nli:threshold=0.6,window_sentences=1,"
                 "smoke_check=off", "--model", str(tiny_nli), "--no-window-veto", "--no-numbers", "--quiet",
                 "--cache", "off"]) == 0
    spec = json.loads((out / "manifest.json").read_text())["checker"]
    assert spec["threshold"] == 0.6 and spec["window_sentences"] == 1 and spec["window_veto"] is None
    assert spec["rebuild"] == {"checker": "nli", "model": str(tiny_nli), "threshold": 0.6, "window_veto": None,
                               "window_sentences": 1, "smoke_check": False}
    assert spec["numbers"]["missing_numbers"] is False and spec["numbers"]["arithmetic"] is True


def test_a_flag_that_contradicts_the_spec_string_is_a_usage_error(tmp_path, capsys):
    log = tmp_path / "log.jsonl"
    log.write_text("{}\n")
    code = main(["check", str(log), "--out", str(tmp_path / "x"), "--checker", "nli:threshold=0.6",
                 "--threshold", "0.7", "--quiet"])
    assert code == 2 and "threshold" in capsys.readouterr().err


def _module_imports(path: Path) -> set[str]:
    """Every faithkit module a file imports, at module level or inside a function: a lazy import that climbs
    back up (checkers/nli.py importing the registry that builds it) is a cycle in the design even when it
    does not break loading. A ``if __name__ == "__main__":`` block is left out: it runs only when the file is
    started as a program (``python -m faithkit.llm.loopback``), which makes it the top of the graph."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    tree.body = [n for n in tree.body if not (isinstance(n, ast.If) and "__main__" in ast.unparse(n.test))]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return {m for m in found if m.startswith("faithkit")}


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_the_module_import_graph_has_no_cycle():
    modules = {_module_name(p): p for p in SRC.rglob("*.py")}
    graph = {name: {m for m in _module_imports(path) if m in modules and m != name
                    and not m.startswith(name + ".")}  # a package importing its own module is no cycle
             for name, path in modules.items()}
    for name in list(graph):  # importing a.b.c first imports its packages a and a.b
        graph[name] |= {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)} - {name}
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = trail[trail.index(nxt):] + [nxt] if nxt in trail else [node, nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert "faithkit.checkers.registry" not in graph["faithkit.checkers.nli"]


def test_no_llm_module_imports_argparse():
    for path in (SRC / "llm").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert "argparse" not in names, path


def test_cli_choices_match_the_option_models():
    from typing import get_args

    from faithkit.checkers.llm.llm_options import JudgeOptions
    from faithkit.commands._llm_args import JUDGE_MODE_CHOICES, PROVIDERS
    from faithkit.llm.options import LLMOptions

    assert get_args(JudgeOptions.model_fields["judge_mode"].annotation) == JUDGE_MODE_CHOICES
    assert get_args(LLMOptions.model_fields["provider"].annotation) == PROVIDERS


def test_help_builds_without_option_models():
    import subprocess
    import sys

    code = ("import sys\nfrom faithkit.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in ('pydantic', 'numpy', 'faithkit.checkers.registry') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("argv, expected", [
    (["--checker", "cascade", "--model", "m", "--revision", "r1"], {"nli_revision": "r1"}),
    (["--checker", "cascade", "--model", "m", "--nli-model", "/x", "--route-below", "0.9", "--threshold", "0.6"],
     {"nli_model": "/x", "route_below": 0.9, "threshold": 0.6}),
    (["--checker", "judge", "--model", "nli-dir", "--llm-model", "qwen", "--judge-mode", "per-claim"],
     {"model": "qwen", "judge_mode": "per-claim"}),
    (["--checker", "nli", "--model", "/m", "--revision", "r1", "--no-window-veto", "--no-arithmetic"],
     {"model": "/m", "revision": "r1", "window_veto": None, "arithmetic": False}),
])
def test_check_flags_map_onto_the_same_options_as_spec_strings(argv, expected):
    """The flags of `faithkit check` become the checker's options; for a cascade `--revision` is the NLI
    stage's (check.py sent it there while the registry dropped it: both paths now agree)."""
    from faithkit.cli import build_parser
    from faithkit.commands.check import checker_flags

    args = build_parser().parse_args(["check", "log.jsonl", "--out", "o", "--base-url", "http://127.0.0.1:9/v1",
                                      *argv])
    spec = parse_checker_spec(args.checker)
    checker = build_from_spec(spec, checker_flags(args, spec.name))
    built = rebuild_spec(checker)
    assert {k: built.get(k, "<default>") for k in expected} == expected
