"""Lint the rulebook: checked first as data, then against the scenarios.

Each check is a meta-rule with a code:
  L001 schema: a rule or profile file that does not load (file, line, field)
  L002 duplicate-id: two rules with one id
  L003 uncited: a rule with no citation
  L004 expression: a param or template that names something the rule does not bind
  L005 compile: `when`/`derive` the engine cannot compile safely
  L006 never-fires: no scenario makes the rule fire
  L007 no-near-miss: no scenario says the rule must not fire
  L008 conflict: two rules decide one subject differently in a scenario with no declared precedence
  L009 scenario: a scenario that does not load or does not pass
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from floorman.errors import FloormanError
from floorman.rulebook.loader import Rulebook
from floorman.rulebook.schema import Profile, Rule
from floorman.source import load_yaml, relative, validate

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)?)\}")
ALWAYS_IN_SCOPE = ("hand", "profile", "ruling")


@dataclass(frozen=True)
class Problem:
    code: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.code} {self.message}"


def lint_files(folder: Path) -> list[Problem]:
    """L001/L002: load every file on its own, so one bad file does not hide the others."""
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for path in sorted(folder.rglob("*.yaml")):
        name = relative(path)
        try:
            document = load_yaml(path)
            model = Profile if path.parent.name == "profiles" else Rule
            item = validate(model, document, filename=name)
        except FloormanError as error:
            problems.append(Problem("L001", name if not error.file else f"{error.file}"
                                    + (f":{error.line}" if error.line else ""),
                                    f"{error.field + ': ' if error.field else ''}{error.message}"
                                    + (f" (expected {error.expected})" if error.expected else "")))
            continue
        key = f"{model.__name__}:{item.id}"
        if key in seen:
            problems.append(Problem("L002", name, f"id {item.id} is also used in {seen[key]}"))
        seen[key] = name
    return problems


def lint_rules(book: Rulebook) -> list[Problem]:
    """L003-L005: citations, expressions and templates, compilation."""
    from floorman.engine.compiler import RuleCompileError, compile_rule
    from floorman.engine.expressions import ExpressionError, validate as validate_expression
    from floorman.engine.floor import engine_rule

    problems: list[Problem] = []
    for rule in book.rules.values():
        where = f"{book.files[rule.id]}:{book.lines.get(rule.id, 1)}"
        if not rule.citations:
            problems.append(Problem("L003", where, f"{rule.id} cites no source"))
        aliases = [p.alias for p in rule.when]
        if rule.ruling is not None:
            scope = set(aliases) | set(ALWAYS_IN_SCOPE)
            for name, expression in rule.ruling.params.items():
                try:
                    validate_expression(expression, scope)
                except ExpressionError as error:
                    problems.append(Problem("L004", where, f"{rule.id} params.{name}: {error}"))
            for text in (rule.ruling.explanation, *rule.ruling.steps):
                for placeholder in _PLACEHOLDER.findall(text):
                    head = placeholder.split(".")[0]
                    if "." in placeholder and head not in scope:
                        problems.append(Problem("L004", where, f"{rule.id}: {{{placeholder}}} names no alias"))
                    if "." not in placeholder and placeholder not in rule.ruling.params:
                        problems.append(Problem("L004", where, f"{rule.id}: {{{placeholder}}} is not a param"))
        try:
            compile_rule(engine_rule(rule))
        except RuleCompileError as error:
            problems.append(Problem("L005", where, f"{rule.id}: {error}"))
    return problems


def lint_scenarios(book: Rulebook, scenario_paths: list[Path]) -> tuple[list[Problem], int]:
    """L006-L009: every rule fires somewhere and has a near-miss; no undeclared conflicts."""
    from floorman.engine.floor import Floor
    from floorman.scenarios import run_checks

    problems: list[Problem] = []
    floor = Floor(book)
    try:
        results = run_checks(scenario_paths, floor=floor)
    except FloormanError as error:
        return [Problem("L009", error.file or "scenarios", str(error))], 0
    fired: set[str] = set()
    near_missed: set[str] = set()
    for result in results:
        if not result.passed:
            problems.append(Problem("L009", result.path, "; ".join(result.problems)))
        report = result.report
        if report is None:
            continue
        fired.update(report.fired_rule_ids)
        for conflict in report.conflicts:
            problems.append(Problem("L008", result.path, conflict))
    for result in results:
        if result.passed:
            near_missed.update(result.expected.get("not_fires", ()))
    for rule in book.rules.values():
        where = f"{book.files[rule.id]}:{book.lines.get(rule.id, 1)}"
        if rule.id not in fired:
            problems.append(Problem("L006", where, f"{rule.id} is fired by no scenario"))
        if rule.id not in near_missed:
            problems.append(Problem("L007", where, f"{rule.id} has no near-miss scenario (expect.not_fires)"))
    floor.close()
    return problems, len(results)
