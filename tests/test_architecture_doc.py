"""docs/architecture.md stays true: its floors match the imports, and every file and name it points to exists.

The page says "a part imports only parts on its own floor or below" and lists each part's floor; this test reads
that table and checks every import between parts against it (with the import graph of
``tests/test_import_layers.py``), and that every part of the tree is on exactly one floor, so a new module of the
package root, or a new folder, is placed on the page when it is added. A failure names the import, with its file
and line, that climbs a floor. It also checks that every path the page names exists and that every name it gives
(``REGISTRY``, ``ALIGNMENT_RULES``, ``_reader``...) is still defined somewhere under ``src/faithkit``.
"""

from __future__ import annotations

import re

from tests.test_import_layers import SRC, folder, folder_edges, module_edges, modules

ROOT = SRC.parents[1]
DOC = ROOT / "docs" / "architecture.md"
TICKED = re.compile(r"`([^`]+)`")


def _section(title: str) -> str:
    return DOC.read_text(encoding="utf-8").split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def _node(name: str) -> str:
    """A part as the page writes it (``checkers/``, ``pipeline``, ``faithkit``) -> its node in the folder graph."""
    if name == "faithkit":
        return "faithkit"
    return name.rstrip("/") if name.endswith("/") else f"faithkit.{name}"


def floors() -> dict[str, int]:
    found: dict[str, int] = {}
    for line in _section("What each part may import").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0][:1].isdigit():
            continue
        for name in TICKED.findall(cells[1]):
            assert _node(name) not in found, f"{name} is on two floors"
            found[_node(name)] = int(cells[0].split()[0])
    return found


def test_every_part_is_on_one_floor() -> None:
    placed = floors()
    parts = {folder(name) for name in modules()}
    assert not parts - set(placed), f"parts missing from docs/architecture.md's floors: {sorted(parts - set(placed))}"
    assert not set(placed) - parts, f"docs/architecture.md names parts that do not exist: {sorted(set(placed) - parts)}"


def test_no_import_climbs_a_floor() -> None:
    placed = floors()
    climbs = list(dict.fromkeys(
        f"{e.source} (floor {placed[e.source]}) -> {e.target} (floor {placed[e.target]}): {e.where}"
        for e in folder_edges(module_edges())
        if e.source in placed and e.target in placed and placed[e.source] < placed[e.target]))
    assert not climbs, "imports that climb a floor of docs/architecture.md:\n" + "\n".join(climbs)


def test_the_paths_the_page_names_exist() -> None:
    missing = []
    for token in TICKED.findall(DOC.read_text(encoding="utf-8")):
        if "<" in token or " " in token or not (token.endswith(".py") or token.endswith("/")) or "/" not in token:
            continue
        if not any((base / token).exists() for base in (SRC, ROOT)):
            missing.append(token)
    assert not missing, f"docs/architecture.md names paths that do not exist: {missing}"


def test_the_names_the_page_gives_are_defined() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in SRC.rglob("*.py"))
    missing = []
    for token in TICKED.findall(_section("Where a new thing goes")):
        name = token.rpartition(".")[2]
        if not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)?", token) or token.endswith(".py"):
            continue
        if not re.search(rf"(^|\n)\s*(def|class)\s+{name}\b|(^|\n)\s*{name}\s*[:=]", source):
            missing.append(token)
    assert not missing, f"docs/architecture.md names what is defined nowhere under src/faithkit: {missing}"
