"""The command line's modules import each other without a circle (issue 21 item 2).

Every import of a sibling counts, at module level or inside a function: the fast start
(floorman/cli/launch.py) imports inside functions, and a circle through such imports is still
a circle a maintainer has to keep in their head. Read from the source with ast, never imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

CLI = Path(__file__).resolve().parents[1] / "floorman" / "cli"
PACKAGE = "floorman.cli"


def siblings_imported(source: str, modules: set[str]) -> set[str]:
    """The cli modules one module's source imports, anywhere in it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # `from floorman.cli import a, b` imports modules a and b; `from floorman.cli.a import x`, module a
            names = [f"{node.module}.{alias.name}" for alias in node.names] + [node.module]
        else:
            continue
        for name in names:
            if name.startswith(PACKAGE + "."):
                module = name[len(PACKAGE) + 1:].split(".")[0]
                if module in modules:
                    found.add(module)
    return found


def import_graph(sources: dict[str, str]) -> dict[str, set[str]]:
    modules = set(sources)
    return {name: siblings_imported(source, modules) - {name} for name, source in sources.items()}


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle (`a -> b -> a`), or None."""
    state: dict[str, int] = {}        # 1: on the current path, 2: done

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [node, target] if target in path else [node, target]
            if not state.get(target):
                circle = visit(target, path + [node])
                if circle:
                    return circle
        state[node] = 2
        return None

    for start in sorted(graph):
        if not state.get(start):
            circle = visit(start, [])
            if circle:
                return circle
    return None


def cli_sources() -> dict[str, str]:
    return {path.stem: path.read_text(encoding="utf-8") for path in sorted(CLI.glob("*.py"))}


def test_no_cli_module_imports_a_sibling_that_imports_it_back():
    graph = import_graph(cli_sources())
    assert graph["launch"] >= {"rule_command", "app"}, "the test no longer sees launch's function-level imports"
    assert find_circle(graph) is None, " -> ".join(find_circle(graph) or [])


def test_the_rule_command_and_the_error_helpers_import_no_typer_command_module():
    """The fast path loads rule_command and errors: neither may pull in the typer app."""
    graph = import_graph(cli_sources())
    assert graph["rule_command"] <= {"errors", "ruling_view", "table_view"}
    assert graph["errors"] == set()
    for module in ("rule_command", "errors"):
        tree = ast.parse(cli_sources()[module])
        top = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
        assert not any("typer" in ast.unparse(node) for node in top), module


def test_the_check_finds_a_circle_through_function_level_imports():
    sources = {
        "app": "from floorman.cli import floor_commands\n",
        "floor_commands": "def rule():\n    from floorman.cli.launch import run_rule\n",
        "launch": "def main():\n    import floorman.cli.app\n",
        "errors": "import sys\n",
    }
    circle = find_circle(import_graph(sources))
    assert circle is not None and set(circle) == {"app", "floor_commands", "launch"}
    assert circle[0] == circle[-1]
    sources["launch"] = "def main():\n    import sys\n"
    assert find_circle(import_graph(sources)) is None
