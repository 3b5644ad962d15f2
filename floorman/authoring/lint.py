"""Lint the rulebook: checked first as data, then against the scenarios.

Each check is a meta-rule with a code:
  L001 schema: a rule, profile or options file that does not load (file, line, field), or a
       profile option that is not declared or has a bad value
  L002 duplicate-id: two rules with one id
  L003 uncited: a rule with no citation
  L004 expression: a param, effect or template that names something the rule does not bind
  L005 compile: `when`/`derive` the engine cannot compile safely
  L006 never-fires: no scenario makes the rule fire
  L007 no-near-miss: no scenario says the rule must not fire
  L008 conflict: two rules decide one subject differently in a scenario with no declared precedence
  L009 scenario: a scenario that does not load or does not pass
  L010 fact-field: a rule names a fact type or field the facts do not have (a typo would
       silently disable the rule), or compares a room option with a value it cannot take
  L011 override-cycle: rules that override each other in a cycle
  L012 pattern-limit: one fact could satisfy more patterns in one assert than durable-rules
       allows (error 303 above 64; lint warns above PATTERN_THRESHOLD)
  L013 coverage: docs/tda-coverage.md or docs/seed-coverage.md disagrees with the rulebook's
       citations or the scenarios' tags, or leaves an item unmapped (floorman/authoring/coverage.py)
  L014 hidden-conflict: two rules can fire on the same facts at the same priority with different
       decisions, and neither `overrides` the other nor are they declared `compatible_with` each
       other: the floor would pick one by the order of their ids (floorman/authoring/conflicts.py)
  L015 bare-none: a ruling whose effect is `{kind: none}` without a `why`: every ruling that
       leaves the hand as it is says why in one line (an answer the hand already shows, the
       floor's discretion, a penalty served after the hand...), so that a ruling which should
       change what a seat may do is not left as `none` by oversight
  L016 no-question: a rule tests a fact field that no question in the rulebook's questions.yaml
       feeds (`fields:`), and that is not a room option or a derived fact: `floorman ask` could
       never ask for it, so the rule could never be reached by a consultation
"""

from __future__ import annotations

from pathlib import Path

from floorman.errors import FloormanError
from floorman.rulebook.field_check import Problem, fact_field_problems
from floorman.rulebook.loader import (
    OPTIONS_FILE,
    Rulebook,
    item_paths,
    load_profile,
    load_rule,
    options_file,
    override_cycle,
)
from floorman.rulebook.options import load_option_specs
from floorman.source import relative

PATTERN_LIMIT = 64           # durable-rules: one fact may satisfy at most this many patterns per assert
PATTERN_THRESHOLD = 60       # lint's warning line, with room for the rules' own shared tests


def _from_error(error: FloormanError, name: str, code: str = "L001") -> Problem:
    where = (error.file or name) + (f":{error.line}" if error.line else "")
    return Problem(getattr(error, "code", code), where,
                   f"{error.field + ': ' if error.field else ''}{error.message}"
                   + (f" (expected {error.expected})" if error.expected else ""))


def lint_files(folder: Path) -> list[Problem]:
    """L001/L002/L004/L005: load every file on its own, so one bad file does not hide the others."""
    folder = Path(folder)
    problems: list[Problem] = []
    if not folder.is_dir():
        return [Problem("L001", relative(folder), "no rulebook folder here")]
    try:
        specs = load_option_specs(options_file(folder))
    except FloormanError as error:
        problems.append(_from_error(error, relative(folder / OPTIONS_FILE)))
        specs = None
    seen: dict[str, str] = {}
    # the rules that load, as a book of their own, for the fact-field check (L010), which the
    # loader also makes: a typo in `when:` is listed here, every one, before the book is loaded
    book = Rulebook(rules={}, profiles={}, option_specs=dict(specs or {}), folder=str(folder))
    for path in item_paths(sorted(folder.rglob("*.yaml")), folder):
        name = relative(path)
        try:
            if path.parent.name == "profiles":
                if specs is None:
                    continue          # reported above: nothing to check the options against
                profile, document = load_profile(path, specs)
                item_id, kind = profile.id, "profile"
            else:
                rule, document = load_rule(path)
                item_id, kind = rule.id, "rule"
                book.rules[rule.id] = rule
                book.files[rule.id] = str(path.relative_to(folder))
                book.lines[rule.id] = getattr(document, "line", 1) or 1
                book.field_lines[rule.id] = {str(k): v for k, v in getattr(document, "lines", {}).items()}
        except FloormanError as error:
            problems.append(_from_error(error, name))
            continue
        key = f"{kind}:{item_id}"
        if key in seen:
            problems.append(Problem("L002", name, f"id {item_id} is also used in {seen[key]}"))
        seen[key] = name
    if specs is not None:
        problems += fact_field_problems(book)
    return problems


def lint_rules(book: Rulebook) -> list[Problem]:
    """L003-L005, L010-L012, L015: citations, expressions, compilation, fact fields, cycles, the pattern
    limit, a `none` effect without its reason."""
    from floorman.engine.compiler import RuleCompileError, compile_rule
    from floorman.engine.expressions import ExpressionError
    from floorman.engine.expressions import validate as validate_expression
    from floorman.rulebook.loader import ALWAYS_IN_SCOPE, engine_spec, template_problem

    problems: list[Problem] = []
    for rule in book.rules.values():
        where = f"{book.path_of(rule.id)}:{book.lines.get(rule.id, 1)}"
        if not rule.citations:
            problems.append(Problem("L003", where, f"{rule.id} cites no source"))
        if rule.ruling is not None:
            scope = {p.alias for p in rule.when} | set(ALWAYS_IN_SCOPE)
            for name, expression in rule.ruling.params.items():
                try:
                    validate_expression(expression, scope)
                except ExpressionError as error:
                    problems.append(Problem("L004", where, f"{rule.id} params.{name}: {error}"))
            for text in (rule.ruling.explanation, *rule.ruling.steps):
                problem = template_problem(text, scope, rule.ruling.params)
                if problem:
                    problems.append(Problem("L004", where, f"{rule.id}: {problem}"))
            if any(effect.kind == "none" and not effect.why for effect in rule.ruling.effect):
                line = book.field_lines.get(rule.id, {}).get("ruling") or book.lines.get(rule.id, 1)
                problems.append(Problem("L015", f"{book.path_of(rule.id)}:{line}",
                                        f"{rule.id}: effect `none` without `why`: say in one line why the ruling "
                                        "leaves the hand as it is (or give the effect that carries it into the hand)"))
        try:
            compile_rule(engine_spec(rule))
        except RuleCompileError as error:
            problems.append(Problem("L005", where, f"{rule.id}: {error}"))
    problems += fact_field_problems(book)
    cycle = override_cycle(book)
    if cycle:
        problems.append(Problem("L011", f"{book.path_of(cycle[0])}:{book.lines.get(cycle[0], 1)}",
                                f"overrides go round in a cycle: {' -> '.join(cycle)}"))
    problems += pattern_problems(book)
    problems += coverage_problems(book)
    problems += conflict_problems(book)
    problems += question_problems(book)
    return problems


def question_problems(book: Rulebook) -> list[Problem]:
    """L016: each fact field a rule's `when:` tests is fed by a question (questions.yaml `fields:`),
    unless its fact comes from elsewhere (`{from: ...}`: the profile's options, derive rules). The
    questions are the rulebook folder's, else the bundled ones, as `floorman ask` reads them."""
    from floorman.consult.consultation import tested_fields
    from floorman.consult.questions import QUESTIONS_FILE, load_questions

    try:
        questions = load_questions(book.folder)
    except FloormanError as error:
        return [_from_error(error, relative(Path(book.folder) / QUESTIONS_FILE), "L016")]
    problems: list[Problem] = []
    for rule in book.rules.values():
        line = book.field_lines.get(rule.id, {}).get("when") or book.lines.get(rule.id, 1)
        for fact, name in sorted(tested_fields(rule)):
            if fact not in questions.sources and questions.inputs_for(fact, name) is None:
                problems.append(Problem("L016", f"{book.path_of(rule.id)}:{line}",
                                        f"{rule.id} tests {fact}.{name}, which no question feeds: `floorman ask` "
                                        f"cannot ask for it (add it under `fields: {fact}:` in {QUESTIONS_FILE})"))
    return problems


def conflict_problems(book: Rulebook) -> list[Problem]:
    """L014: pairs of rules the floor would settle by the order of their ids."""
    from floorman.authoring.conflicts import rule_conflicts

    return [Problem("L014", f"{book.path_of(c.first.id)}:{book.lines.get(c.first.id, 1)}", c.message)
            for c in rule_conflicts(book)]


def coverage_problems(book: Rulebook) -> list[Problem]:
    """L013: the TDA and seed coverage maps next to the rulebook (required for the bundled one)."""
    from floorman.authoring.coverage import lint_findings
    from floorman.resources import CHECKOUT
    from floorman.rulebook.loader import DEFAULT_RULEBOOK

    # the maps live in docs/ of a checkout; an installed wheel carries the rulebook without them
    required = CHECKOUT is not None and Path(book.folder).resolve() == DEFAULT_RULEBOOK.resolve()
    return [Problem("L013", f.where, f.message) for f in lint_findings(book, Path(book.folder), required)]


# ----------------------------------------------------------------------------- pattern limit

def pattern_problems(book: Rulebook, threshold: int = PATTERN_THRESHOLD) -> list[Problem]:
    """L012: per profile's engine and fact type, an upper bound on durable's matching stack for
    one fact. The plain count of patterns (`patterns_per_type`) is a safe bound; when it is over
    the threshold, the bound is taken on the compiled tests (`stack_bound`), where patterns that
    branch on an `==` literal count only the branch a fact can take."""
    from floorman.engine.compiler import TYPE_FIELD, compile_rulebook
    from floorman.rulebook.loader import engine_spec

    problems: list[Problem] = []
    reported: set[str] = set()
    for profile in sorted(book.profiles):
        try:
            compiled = compile_rulebook(engine_spec(rule) for rule in book.rules_for(profile))
        except Exception:      # noqa: BLE001 - compile problems are L005's to report
            continue
        tests: dict[str, list[list[dict]]] = {}
        for spec in compiled.specs.values():
            for pattern in spec.durable["all"]:
                conditions = next(iter(pattern.values()))["$and"]
                tests.setdefault(conditions[0][TYPE_FIELD], []).append(conditions[1:])
        for fact, count in sorted(compiled.patterns_per_type.items()):
            if count <= threshold or fact in reported:
                continue
            bound = stack_bound(tests[fact])
            if bound <= threshold:
                continue
            reported.add(fact)
            problems.append(Problem("L012", relative(Path(book.folder)),
                                    f"profile {profile}: one {fact} fact may reach {min(bound, count)} patterns at "
                                    f"once ({count} {fact} patterns); durable-rules fails above {PATTERN_LIMIT} "
                                    f"(error 303) and lint stops at {threshold}. Branch the patterns on an '==' "
                                    "discriminator (docs/rulebook-format.md, 'The pattern limit')"))
    return problems


def stack_bound(patterns: list[list[dict]]) -> int:
    """An upper bound on durable's alpha-node stack for one fact, given each pattern's compiled
    tests after the type test. Patterns share a node while their tests are equal (durable merges
    them); a node pushes every child that may match: each test that is not `field == literal`,
    and for `==` tests one child per field (one value at most can match)."""
    import json

    root: dict[str, dict] = {}
    for tests in patterns:
        node = root
        for test in tests:
            node = node.setdefault(json.dumps(test, sort_keys=True), {})

    def high_water(node: dict[str, dict]) -> int:
        if not node:
            return 0
        equality_fields: set[str] = set()
        others = 0
        for key in node:
            test = json.loads(key)
            name, value = next(iter(test.items()))
            if not name.startswith("$") and not isinstance(value, dict):
                equality_fields.add(name)
            else:
                others += 1
        pushed = others + len(equality_fields)
        return max(pushed, pushed - 1 + max(high_water(child) for child in node.values()))

    return high_water(root)


# ----------------------------------------------------------------------------- scenarios

def lint_scenarios(book: Rulebook, scenario_paths: list[Path]) -> tuple[list[Problem], int]:
    """L006-L009: every rule fires somewhere and has a near-miss; no undeclared conflicts."""
    from floorman.checks.runner import run_checks
    from floorman.engine.backend_durable import EngineError, FactError, RuleActionError
    from floorman.engine.compiler import RuleCompileError
    from floorman.engine.expressions import ExpressionError
    from floorman.engine.floor import Floor

    problems: list[Problem] = []
    floor = Floor(book)
    try:
        results = run_checks(scenario_paths, floor=floor)
    except FloormanError as error:
        floor.close()
        return [Problem("L009", error.file or "scenarios", str(error))], 0
    except (ExpressionError, RuleCompileError, RuleActionError, FactError, EngineError) as error:
        # a rulebook problem the checks above did not catch: report it, never a traceback
        floor.close()
        return [Problem("L009", "scenarios", f"the rules could not run: {type(error).__name__}: {error}")], 0
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
            near_missed.update(result.near_misses)   # every expectation's, one per incident too
    for rule in book.rules.values():
        where = f"{book.path_of(rule.id)}:{book.lines.get(rule.id, 1)}"
        if rule.id not in fired:
            problems.append(Problem("L006", where, f"{rule.id} is fired by no scenario"))
        if rule.id not in near_missed:
            problems.append(Problem("L007", where, f"{rule.id} has no near-miss scenario (expect.not_fires)"))
    floor.close()
    return problems, len(results)
