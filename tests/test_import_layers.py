"""Imports point one way: no circle between modules, no loop between folders.

Every module under ``src/faithkit`` is parsed with ``ast`` (nothing is imported), and every ``import`` counts:
at the top of a file, inside a function (a lazy import that climbs back up is a circle in the design even when
loading survives it) and under ``if __name__ == "__main__":`` (``llm/loopback.py`` once started its program
from ``commands/`` that way, a circle with ``commands/serve_loopback.py``). Two graphs are checked:

- modules: ``faithkit.checkers.llm.judge`` -> ``faithkit.llm.prompts``;
- folders: each top-level package (``checkers``, ``claims``, ``llm``, ``mutation``, ``report``...) is one node
  and each module of the package root its own, so ``checkers/factories`` -> ``claims/llm`` and ``claims/llm`` ->
  ``checkers/llm/judge`` is a loop even though no module imports itself back.

Dynamic imports (``importlib.import_module``: the CLI's command table, the registry's ``"module:callable"``
factories, the lazy public API) are not edges: they are how the top of the graph reaches down by name.
A failure names the circle and, for each step, the file and line of the import that makes it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

SRC = Path(__file__).resolve().parents[1] / "src" / "faithkit"
FOLDERS_ONCE_IN_A_LOOP = [("checkers", "claims"), ("mutation", "report"), ("llm", "commands")]
"""Pairs issue 33 found importing each other (``checkers/factories`` <-> ``claims/llm``, ``mutation/suite`` <->
``report/table``, ``llm/loopback`` <-> ``commands/serve_loopback``)."""


class Edge(NamedTuple):
    """One import: the importing module, the module imported, and where (``path:line``)."""

    source: str
    target: str
    where: str


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(SRC.rglob("*.py"))}


def _known(name: str, known: Mapping[str, Path]) -> str | None:
    """The module ``name`` names: itself, or the longest module prefix (``faithkit.records.Verdict``)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _imported(node: ast.Import | ast.ImportFrom, package: str, known: Mapping[str, Path]) -> Iterator[str]:
    """The modules one import statement loads: ``from a import b`` is module ``a.b`` when that is a module,
    else an attribute of ``a``; relative imports are resolved against the importing module's package."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if found := _known(alias.name, known):
                yield found
        return
    base = node.module or ""
    if node.level:
        parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
        base = ".".join([*parts, base] if base else parts)
    owner = _known(base, known)
    for alias in node.names:
        submodule = _known(f"{base}.{alias.name}", known)
        target = submodule if submodule and submodule != owner else owner
        if target:
            yield target


def module_edges(known: Mapping[str, Path] | None = None) -> list[Edge]:
    """Every import between two faithkit modules, wherever in the file it is written."""
    known = known if known is not None else modules()
    edges = []
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _imported(node, package, known):
                    if target != name:
                        edges.append(Edge(name, target, f"{path.relative_to(SRC.parent)}:{node.lineno}"))
    return edges


def folder(module: str) -> str:
    """The top-level package a module lives in (``checkers`` for ``faithkit.checkers.numbers.rules``), or the
    module itself for a module of the package root (``faithkit.pipeline``)."""
    parts = module.split(".")
    if len(parts) > 2 or (len(parts) == 2 and (SRC / parts[1]).is_dir()):
        return parts[1]
    return module


def folder_edges(edges: list[Edge]) -> list[Edge]:
    return [Edge(folder(e.source), folder(e.target), f"{e.source} -> {e.target} ({e.where})")
            for e in edges if folder(e.source) != folder(e.target)]


def find_cycle(edges: list[Edge]) -> list[Edge] | None:
    """One cycle of the graph as its edges (first by sorted name), or None when the graph has none."""
    graph: dict[str, dict[str, Edge]] = {}
    for edge in edges:
        graph.setdefault(edge.source, {}).setdefault(edge.target, edge)
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(node: str, trail: list[Edge]) -> list[Edge] | None:
        state[node] = 1
        for target, edge in sorted(graph.get(node, {}).items()):
            if state.get(target) == 1:  # back on the path: the cycle runs from where the path left target
                start = next((i for i, e in enumerate(trail) if e.source == target), len(trail))
                return [*trail[start:], edge]
            if target not in state and (found := visit(target, [*trail, edge])):
                return found
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node, [])):
            return found
    return None


def describe(cycle: list[Edge]) -> str:
    return "\n".join(f"  {e.source} -> {e.target}   [{e.where}]" for e in cycle)


def reaches(edges: list[Edge], start: str, goal: str) -> bool:
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.source, set()).add(edge.target)
    seen, todo = {start}, [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def test_the_graph_sees_every_kind_of_import():
    """The edges the rest relies on: a function-level import, a ``__main__`` block, a relative import."""
    edges = {(e.source, e.target) for e in module_edges()}
    assert ("faithkit.checkers.factories", "faithkit.checkers.llm.extract_label") in edges  # inside a function
    assert ("faithkit.commands.serve_loopback", "faithkit.llm.loopback") in edges
    tree = ast.parse("if __name__ == '__main__':\n    from faithkit.commands.serve_loopback import main\n"
                     "from . import records\n")
    known = {"faithkit.llm.loopback": SRC / "llm" / "loopback.py", "faithkit.llm": SRC / "llm" / "__init__.py",
             "faithkit.commands.serve_loopback": SRC / "commands" / "serve_loopback.py"}
    found = {t for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
             for t in _imported(node, "faithkit.llm", known)}
    assert found == {"faithkit.commands.serve_loopback", "faithkit.llm"}


def test_no_import_circle_between_modules():
    cycle = find_cycle(module_edges())
    assert cycle is None, "import circle between modules:\n" + describe(cycle or [])


def test_no_loop_between_folders():
    edges = folder_edges(module_edges())
    cycle = find_cycle(edges)
    assert cycle is None, "folders import each other:\n" + describe(cycle or [])
    for first, second in FOLDERS_ONCE_IN_A_LOOP:
        assert not (reaches(edges, first, second) and reaches(edges, second, first)), (first, second)


def test_the_checks_catch_the_old_loops():
    """The checks themselves, on the imports issue 33 removed (a graph of their own, not the tree's): the failure
    names each step with the file and line that makes it."""
    server, program = "faithkit.llm.loopback", "faithkit.commands.serve_loopback"
    circle = [Edge(server, program, "faithkit/llm/loopback.py:309"),
              Edge(program, server, "faithkit/commands/serve_loopback.py:14"),
              Edge(program, "faithkit.errors", "faithkit/commands/serve_loopback.py:15")]
    assert {e.source for e in find_cycle(circle) or []} == {server, program}
    loop = [Edge("faithkit.checkers.factories", "faithkit.claims.llm", "faithkit/checkers/factories.py:108"),
            Edge("faithkit.claims.llm", "faithkit.checkers.llm.judge", "faithkit/claims/llm.py:21")]
    assert find_cycle(loop) is None  # no module imports itself back ...
    found = find_cycle(folder_edges(loop))  # ... but the two folders do
    assert found is not None and "faithkit/claims/llm.py:21" in describe(found)
    assert reaches(folder_edges(loop), "checkers", "claims") and reaches(folder_edges(loop), "claims", "checkers")
