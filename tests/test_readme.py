"""The README's two fresh-machine commands are exactly what CI runs."""

import re
from pathlib import Path

from tests.extras import needs_pandas, needs_similarity

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_commands_verbatim():
    readme = (ROOT / "README.md").read_text()
    quick_start = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.*?)\n```", quick_start, re.DOTALL)
    assert len(commands) == 2, "the quick start must hold exactly two commands: install+run, and tests"
    ci = (ROOT / ".ci" / "run").read_text()
    for command in commands:
        assert command.strip() in ci
    assert "faithkit check examples/" in commands[0] and "pytest" in commands[1]


def _section(title: str) -> str:
    readme = (ROOT / "README.md").read_text()
    return readme.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


@needs_similarity
@needs_pandas
def test_the_python_api_snippet_runs_as_written(monkeypatch, capsys):
    """The notebook snippet, exactly as the README prints it, from the repository root."""
    (snippet,) = re.findall(r"```python\n(.*?)\n```", _section("Python API (notebooks)"), re.DOTALL)
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    exec(compile(snippet, "README.md:python-api", "exec"), namespace)
    results, frame, first = namespace["results"], namespace["frame"], namespace["first"]
    assert len(results) == 9 and list(frame["id"])[:2] == ["cancel-A", "cancel-B"]
    assert first.question.startswith("If I cancel our Team plan")
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("9 ") and float(printed[-1]) == 1.0


def test_the_pytest_snippet_runs_as_written():
    """The `assert_faithful` snippet defines what it uses and passes with the bundled checker."""
    snippets = re.findall(r"```python\n(.*?)\n```", _section("Regression gate in CI"), re.DOTALL)
    (snippet,) = [s for s in snippets if "assert_faithful" in s]
    namespace: dict = {}
    exec(compile(snippet, "README.md:assert_faithful", "exec"), namespace)
    namespace["test_refund_answer"]("nli")


def test_every_input_format_is_listed_with_a_two_line_example():
    from faithkit.io.formats import FORMATS

    (block,) = re.findall(r"```text\n(.*?)\n```", _section("Input formats"), re.DOTALL)
    starts = [line.split()[0] for line in block.splitlines() if line and not line[0].isspace()]
    assert starts == list(FORMATS)
    lines = block.splitlines()
    for name in FORMATS:
        at = next(i for i, line in enumerate(lines) if line.startswith(name + " "))
        assert lines[at + 1].startswith(" ") and lines[at + 1].strip(), f"{name}: no second example line"
