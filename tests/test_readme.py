"""The README's two fresh-machine commands are exactly what CI runs."""

import re
from pathlib import Path

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
