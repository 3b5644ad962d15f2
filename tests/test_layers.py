"""The architecture as a test: floorman's packages in layers, lowest first, and imports go down.

Every top-level unit under floorman/ (a package such as `engine/`, or a module such as
`scenarios.py`; `phh` counts as one unit whether it is a module or a package, and `cli/` is one
unit) has a layer. A module-level import (run when the module is imported: at the top, in a class
body, in a `try`) may only name a unit in the same layer or a lower one, and no two units may
import each other at module level, directly or round a circle. Imports under
`if TYPE_CHECKING:` never run and are not counted.

A function-level import (run when the function is called) may go up only where UPWARD lists it,
with the reason it is kept; any other upward import, and any listed one that is gone, fails.
The source is read with `ast`, nothing is imported, so the test takes a fraction of a second.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "floorman"

#: lowest first; a unit may import its own layer and those before it
LAYERS: list[tuple[str, set[str]]] = [
    # `floorman` is the package's own __init__ (its version)
    ("foundation: errors, reading data files safely, writing files, bundled paths",
     {"floorman", "errors", "source", "writing", "resources"}),
    # evaluation reads the cards of model/; the hand state asks it at showdown, at call time
    ("the table and the hand: cards, events, incidents, state, pots; hand reading",
     {"model", "evaluation"}),
    ("the rulebook core: rule and profile schema, loader, room options, profiles, house rules",
     {"rulebook"}),
    ("what a ruling is: the objects the engine returns and the interfaces show",
     {"ruling"}),
    ("the engine: facts from the hand, rules compiled and fired on durable-rules",
     {"engine"}),
    ("the hand as typed or filed: table notation and set-up line, scenario files, the hand builder",
     {"notation", "scenarios", "builder"}),
    ("library capabilities: each one job, built on the layers below",
     {"session", "journal", "training", "audit", "checks", "consult", "classroom", "authoring", "phh"}),
    ("interfaces: the command line and the browser class",
     {"cli", "serve", "__main__"}),
]

#: function-level imports that go up a layer, kept on purpose: (importing module, imported unit) -> why
UPWARD: dict[tuple[str, str], str] = {
    ("floorman.rulebook.loader", "engine"):
        "loading a rulebook compiles each rule with the engine's compiler and checks its expressions, so a "
        "rule the engine cannot run is refused at load with its file and line (L004, L005); at call time, "
        "so that the engine can import the rulebook core at module level",
    ("floorman.rulebook.field_check", "engine"):
        "the loader refuses a rule naming a fact field the engine's facts do not have (L010); the fields "
        "are the engine's (engine/fact_fields.py), read when a rulebook is loaded",
    ("floorman.engine.assumed", "consult"):
        "a ruling resting on a field nobody gave names the question that would settle it; those questions "
        "are `floorman ask`'s (consult/questions.py reads rulebook/questions.yaml), read on the first "
        "ruling that assumed a field",
}


# ----------------------------------------------------------------------------- the checker

@dataclass(frozen=True)
class Import:
    module: str           # the importing module, e.g. floorman.engine.floor
    target: str           # the imported module, e.g. floorman.rulebook.loader
    line: int
    module_level: bool


def unit(module: str) -> str:
    """floorman.engine.facts.betting -> engine; floorman -> floorman (the package's __init__)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(source: str, module: str, is_package: bool = False) -> list[Import]:
    """The floorman imports in one module's source, each marked module-level or not."""
    package = module if is_package else module.rpartition(".")[0]
    found: list[Import] = []

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [alias.name for alias in node.names]
        if node.level:
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            name = ".".join(base + ([node.module] if node.module else []))
        else:
            name = node.module or ""
        if name == "floorman":        # `from floorman import phh`: the names are the units
            return [f"floorman.{alias.name}" if not alias.name.startswith("_") else name for alias in node.names]
        return [name]

    def visit(node: ast.AST, module_level: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for child in node.orelse:
                visit(child, module_level)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for target in targets(node):
                if target == "floorman" or target.startswith("floorman."):
                    found.append(Import(module, target, node.lineno, module_level))
            return
        inner = module_level and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(ast.parse(source), True)
    return found


def package_imports(package: Path = PACKAGE) -> list[Import]:
    found: list[Import] = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        module = ".".join(parts[:-1] if is_package else parts)
        found += imports_of(path.read_text(encoding="utf-8"), module, is_package)
    return found


def units_on_disk(package: Path = PACKAGE) -> set[str]:
    return {"floorman"} | {p.stem for p in package.iterdir()
                           if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()}


def layer_of(layers: list[tuple[str, set[str]]]) -> dict[str, int]:
    return {name: index for index, (_, units) in enumerate(layers) for name in units}


def upward(imports: Iterable[Import], layers: list[tuple[str, set[str]]]) -> list[Import]:
    """Imports that name a unit in a higher layer than the importer's."""
    rank = layer_of(layers)
    return [i for i in imports if rank[unit(i.target)] > rank[unit(i.module)]]


def graph(imports: Iterable[Import]) -> dict[str, set[str]]:
    """unit -> the other units it imports at module level."""
    edges: dict[str, set[str]] = {}
    for i in imports:
        if i.module_level and unit(i.module) != unit(i.target):
            edges.setdefault(unit(i.module), set()).add(unit(i.target))
    return edges


def circles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """Each group of units that import one another round a circle (strongly connected, Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return sorted(found)


def _where(i: Import) -> str:
    return f"{i.module} line {i.line}: imports {i.target}"


# ----------------------------------------------------------------------------- floorman as it is

@pytest.fixture(scope="module")
def imports() -> list[Import]:
    return package_imports()


def test_every_unit_has_exactly_one_layer():
    placed = [name for _, units in LAYERS for name in units]
    assert len(placed) == len(set(placed)), "a unit is in two layers"
    missing = units_on_disk() - set(placed)
    assert not missing, f"place these in LAYERS (tests/test_layers.py) and in docs/architecture.md: {sorted(missing)}"


def test_no_module_level_import_goes_up(imports):
    wrong = [_where(i) for i in upward(imports, LAYERS) if i.module_level]
    assert not wrong, "module-level imports of a higher layer:\n" + "\n".join(wrong)


def test_upward_function_level_imports_are_the_listed_ones(imports):
    found: dict[tuple[str, str], list[Import]] = {}
    for i in upward(imports, LAYERS):
        if not i.module_level:
            found.setdefault((i.module, unit(i.target)), []).append(i)
    unlisted = [_where(i) for key, group in found.items() if key not in UPWARD for i in group]
    assert not unlisted, "upward imports not in UPWARD (import from below, or list it with why):\n" + "\n".join(unlisted)
    gone = sorted(set(UPWARD) - set(found))
    assert not gone, f"UPWARD lists imports that are gone (remove them): {gone}"


def test_no_circle_among_packages_at_module_level(imports):
    assert circles(graph(imports)) == []


# ----------------------------------------------------------------------------- the checker can fail

ENGINE_RULEBOOK_SCENARIOS = {      # the circle this test was written to guard, in miniature
    "floorman.engine.floor": "from floorman.rulebook.loader import load_rulebook\n",
    "floorman.rulebook.catalogue": "import json\nfrom floorman.scenarios import Scenario\n",
    "floorman.scenarios": "from floorman.engine.facts import Situation\n",
}


def _synthetic(sources: dict[str, str]) -> list[Import]:
    return [i for module, source in sources.items() for i in imports_of(source, module)]


def test_the_checker_finds_a_circle_and_the_import_that_goes_up():
    found = _synthetic(ENGINE_RULEBOOK_SCENARIOS)
    assert circles(graph(found)) == [["engine", "rulebook", "scenarios"]]
    assert [(i.module, i.target) for i in upward(found, LAYERS)] == [("floorman.rulebook.catalogue",
                                                                      "floorman.scenarios")]


def test_an_import_inside_a_function_is_no_circle_but_is_still_upward():
    sources = dict(ENGINE_RULEBOOK_SCENARIOS)
    sources["floorman.rulebook.catalogue"] = "def scenarios():\n    from floorman.scenarios import Scenario\n"
    found = _synthetic(sources)
    assert circles(graph(found)) == []
    (up,) = upward(found, LAYERS)
    assert up.target == "floorman.scenarios" and not up.module_level and up.line == 2


def test_the_checker_reads_relative_type_checking_class_level_and_phh_either_way():
    source = ("from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from floorman.cli.app import app\n"
              "from . import loader\n"
              "from ..engine import floor\n"
              "class Book:\n    from floorman import phh\n")
    found = imports_of(source, "floorman.rulebook.schema")
    assert [(i.target, i.module_level) for i in found] == [
        ("floorman.rulebook", True), ("floorman.engine", True), ("floorman.phh", True)]
    # phh as a module or as a package is one unit
    assert unit("floorman.phh") == unit("floorman.phh.reader") == "phh"
    assert unit("floorman.cli.launch") == unit("floorman.cli") == "cli"
