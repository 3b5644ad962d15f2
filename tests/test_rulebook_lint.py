"""The rulebook lint and the loader's checks: a bad rule is named, never a traceback, never silent.

Audit items (reliability-audit.md): M4 (bad expressions crashed lint, rule and check), L1 (a
typo'd field silently disabled a rule), L2 (overrides cycles), L3 (durable's 64-pattern limit),
L8 (error paths of a --rulebook copy).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from floorman.authoring import lint
from floorman.errors import FloormanError, InputFileError
from floorman.rulebook.loader import DEFAULT_RULEBOOK, DEFAULT_SCENARIOS, RuleCheckError, load_rulebook

ROOT = Path(__file__).resolve().parents[1]
FLOORMAN = str(Path(sys.executable).with_name("floorman"))
OVERSIZED = "betting/silent-oversized-chip.yaml"
SCENARIO = str(DEFAULT_SCENARIOS / "betting" / "ymtc-1-silent-big-chip.yaml")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([FLOORMAN, *args], capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**os.environ})   # XDG_CACHE_HOME: the tests' private cache


# ----------------------------------------------------------------------------- M4

def test_lint_prints_a_bad_params_expression_and_does_not_crash(book_copy):
    line = book_copy.edit(OVERSIZED, "call_amount: w.call_amount\n", "call_amount: w.call_amount +\n")
    result = run("rulebook", "lint", "--rulebook", str(book_copy.folder))
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    [problem] = [text for text in result.stdout.splitlines() if "L004" in text]
    assert f"{book_copy.path(OVERSIZED)}:{line}: L004 ruling.params.call_amount:" in problem
    assert "syntax error" in problem


@pytest.mark.parametrize("command", ["rule", "check"])
def test_rule_and_check_refuse_a_rulebook_with_a_bad_expression_with_its_place(book_copy, command):
    line = book_copy.edit(OVERSIZED, "change: w.chip_value - w.call_amount", "change: w.chip_value - q.call_amount")
    result = run(command, SCENARIO, "--rulebook", str(book_copy.folder))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"{book_copy.path(OVERSIZED)}:{line}: ruling.params.change:" in result.stderr
    assert "unknown alias 'q'" in result.stderr


def test_the_loader_refuses_an_uncompilable_when_at_load_with_the_condition(book_copy):
    line = book_copy.edit(OVERSIZED, "- [single_chip, '==', true]", "- [single_chip, '==', 1.5]")
    with pytest.raises(RuleCheckError) as caught:
        load_rulebook(book_copy.folder)
    error = caught.value
    assert (error.code, error.line, error.field) == ("L005", line, "when[0].where[1]")
    assert "no floats" in error.message and error.file == str(book_copy.path(OVERSIZED))


def test_the_loader_refuses_a_derive_of_a_reserved_field(book_copy):
    name = "derivations/betting-reopened.yaml"
    book_copy.edit(name, "derive: {name: betting_reopened,", "derive: {name: betting_reopened, id: '@f.seat',")
    with pytest.raises(RuleCheckError) as caught:
        load_rulebook(book_copy.folder)
    assert caught.value.field == "derive.id" and "not a settable field" in caught.value.message
    [problem] = lint.lint_files(book_copy.folder)
    assert problem.code == "L005" and "derive.id" in problem.message


def test_a_derive_from_a_field_the_facts_lack_is_named_by_lint(book_copy):
    book_copy.edit("derivations/betting-reopened.yaml", "seat: '@f.seat'", "seat: '@f.seats'")
    problems = [p for p in lint.lint_files(book_copy.folder) if "seats" in p.message]
    assert [p.code for p in problems] == ["L010"]
    assert "derive.seat: derived facts have no field 'seats' (did you mean seat?)" in problems[0].message


# ----------------------------------------------------------------------------- L1

def test_a_typo_in_a_when_field_is_named_with_did_you_mean(book_copy):
    """Audit L1: `[singel_chip, '==', true]` compiled, and the rule silently never fired."""
    book_copy.edit(OVERSIZED, "- [single_chip, '==', true]", "- [singel_chip, '==', true]")
    problems = [p for p in lint.lint_files(book_copy.folder) if "singel_chip" in p.message]
    assert [p.code for p in problems] == ["L010"]
    assert problems[0].message == ("BET-OVERSIZED-CHIP-CALL when[0].where[1]: wager facts have no field "
                                   "'singel_chip' (did you mean single_chip?)")
    assert problems[0].where.startswith(str(book_copy.path(OVERSIZED)) + ":")


@pytest.mark.parametrize("command", ["rule", "check"])
def test_n25_rule_and_check_refuse_a_typo_in_when_with_lints_message(book_copy, command):
    """Audit N25 (second audit L1): `rule --rulebook COPY` and `check --rulebook COPY` ran silently
    with a rule that could never fire. They refuse the copy at load, saying what lint's L010 says."""
    book_copy.edit(OVERSIZED, "- [single_chip, '==', true]", "- [singel_chip, '==', true]")
    [problem] = [p for p in lint.lint_files(book_copy.folder) if p.code == "L010"]
    result = run(command, SCENARIO, "--rulebook", str(book_copy.folder))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert str(problem) in result.stderr, (str(problem), result.stderr)
    linted = run("rulebook", "lint", "--rulebook", str(book_copy.folder))
    assert str(problem) in linted.stdout.splitlines()


def test_an_unknown_fact_type_and_a_bad_reference_are_named(book_copy):
    book_copy.edit(OVERSIZED, "fact: wager\n", "fact: wagr\n")
    problems = [p for p in lint.lint_files(book_copy.folder) if "BET-OVERSIZED-CHIP-CALL" in p.message]
    assert any("unknown fact type 'wagr' (did you mean wager?)" in p.message for p in problems)


def test_a_bad_reference_field_is_named(book_copy):
    book_copy.edit(OVERSIZED, "'@self.call_amount'", "'@self.call_amnt'")
    problems = [p for p in lint.lint_files(book_copy.folder) if "call_amnt" in p.message]
    assert len(problems) == 1 and "did you mean call_amount" in problems[0].message


def test_the_fact_builders_emit_exactly_the_declared_fields():
    """Every bundled scenario under every profile: no undeclared field, no declared field never emitted."""
    from floorman.engine.fact_fields import COMMON_FIELDS, OPTIONAL_FIELDS, fact_fields
    from floorman.engine.facts import situation_facts
    from floorman.scenarios import find_scenarios, load_scenario

    book = load_rulebook()
    declared = fact_fields(book.option_specs)
    emitted: dict[str, set[str]] = {}
    wrong_kind: list[str] = []
    kinds = {bool: "bool", int: "int", str: "str"}
    for path in find_scenarios([DEFAULT_SCENARIOS]):
        scenario = load_scenario(path)
        for profile in sorted(book.profiles):
            try:
                facts = situation_facts(scenario.situation(profile, book.options(profile)))
            except FloormanError:
                continue          # a scenario that cannot happen under this profile
            for fact in facts:
                fields = declared.get(fact["type"])
                assert fields is not None, f"{path}: fact type {fact['type']!r} is not declared"
                undeclared = set(fact) - set(fields) - set(COMMON_FIELDS)
                assert not undeclared, f"{path}: {fact['type']} fields not in fact_fields.py: {sorted(undeclared)}"
                emitted.setdefault(fact["type"], set()).update(fact)
                wrong_kind += [f"{fact['type']}.{k}" for k, v in fact.items()
                               if k in fields and kinds.get(type(v)) != fields[k]]
    assert not wrong_kind, f"fields emitted with another kind than declared: {sorted(set(wrong_kind))}"
    for fact_type, fields in declared.items():
        if fact_type == "derived":
            continue
        never = set(fields) - emitted.get(fact_type, set()) - OPTIONAL_FIELDS.get(fact_type, frozenset())
        assert not never, f"{fact_type}: declared but never emitted by any scenario: {sorted(never)}"


# ----------------------------------------------------------------------------- L2

def test_an_overrides_cycle_is_refused_naming_the_rules(book_copy):
    """Audit L2: BET-OVERSIZED-CHIP-OPENS overriding ACT-POT-LIMIT-OVER-MAX (which overrides it)."""
    from floorman.rulebook.loader import override_cycle

    bundled = load_rulebook()
    assert "BET-OVERSIZED-CHIP-OPENS" in bundled.rules["ACT-POT-LIMIT-OVER-MAX"].overrides
    line = book_copy.edit("betting/oversized-chip-no-bet-faced.yaml", "\nwhen:",
                          "\noverrides: [ACT-POT-LIMIT-OVER-MAX]\nwhen:") + 1
    with pytest.raises(InputFileError) as caught:
        load_rulebook(book_copy.folder)
    error = caught.value
    assert "cycle" in error.message and error.field == "overrides"
    assert "BET-OVERSIZED-CHIP-OPENS" in error.message and "ACT-POT-LIMIT-OVER-MAX" in error.message
    # the cycle is reported at the `overrides:` of one of its rules
    assert (error.file.endswith("oversized-chip-no-bet-faced.yaml") and error.line == line) or \
        (error.file.endswith("pot-limit-over-max.yaml") and error.line is not None)
    # lint names it too, on a rulebook built without the loader's check
    bundled_rules = dict(bundled.rules)
    opens = bundled_rules["BET-OVERSIZED-CHIP-OPENS"]
    bundled_rules["BET-OVERSIZED-CHIP-OPENS"] = opens.model_copy(update={"overrides": ("ACT-POT-LIMIT-OVER-MAX",)})
    from dataclasses import replace

    cyclic = replace(bundled, rules=bundled_rules)
    assert override_cycle(cyclic) in (["BET-OVERSIZED-CHIP-OPENS", "ACT-POT-LIMIT-OVER-MAX", "BET-OVERSIZED-CHIP-OPENS"],
                                      ["ACT-POT-LIMIT-OVER-MAX", "BET-OVERSIZED-CHIP-OPENS", "ACT-POT-LIMIT-OVER-MAX"])
    assert [p.code for p in lint.lint_rules(cyclic) if p.code == "L011"] == ["L011"]


def test_a_rule_overriding_itself_is_a_cycle(book_copy):
    book_copy.edit(OVERSIZED, "\nwhen:", "\noverrides: [BET-OVERSIZED-CHIP-CALL]\nwhen:")
    with pytest.raises(InputFileError, match="BET-OVERSIZED-CHIP-CALL -> BET-OVERSIZED-CHIP-CALL"):
        load_rulebook(book_copy.folder)


# ----------------------------------------------------------------------------- L3

def _always_true(count: int, fact: str = "wager") -> list[dict]:
    return [{"id": f"X{i}", "when": [{"as": "w", "fact": fact, "where": [["chip_count", ">", -1 - i]]}]}
            for i in range(count)]


def _split(count: int, values: str, first: bool) -> list[dict]:
    rules = []
    for i in range(count):
        tests = [["kind", "==", values[i % len(values)]], ["amount", ">", -1 - i]]
        rules.append({"id": f"S{i}", "when": [{"as": "a", "fact": "action",
                                                "where": tests if first else tests[::-1]}]})
    return rules


def _bound(rules: list[dict]) -> int:
    from floorman.engine.compiler import compile_rulebook

    compiled = compile_rulebook(rules)
    return lint.stack_bound([next(iter(p.values()))["$and"][1:] for s in compiled.specs.values()
                             for p in s.durable["all"]])


@pytest.mark.parametrize("rules, fact, fails", [
    (_always_true(64), {"type": "wager", "id": "wager:0", "chip_count": 1}, False),
    (_always_true(65), {"type": "wager", "id": "wager:0", "chip_count": 1}, True),
    (_split(120, "ab", first=True), {"type": "action", "id": "action:1", "kind": "a", "amount": 1}, False),
    (_split(120, "ab", first=False), {"type": "action", "id": "action:1", "kind": "a", "amount": 1}, True),
])
def test_the_lint_bound_is_safe_against_the_engine(rules, fact, fails):
    """The engine fails (error 303) exactly where the bound says it may: 65 always-true patterns,
    or patterns whose `==` discriminator comes after a test every fact passes."""
    from floorman.engine.backend_durable import DurableBackend, EngineError

    bound = _bound(rules)
    backend = DurableBackend(rules, name="limit")
    try:
        if fails:
            with pytest.raises(EngineError, match="64 patterns"):
                backend.run([fact])
            assert bound > lint.PATTERN_LIMIT
        else:
            assert len(backend.run([fact]).activations) == (60 if len(rules) == 120 else 64)
            assert bound <= lint.PATTERN_LIMIT
    finally:
        backend.close()


def _add_rules(book_copy, count: int, where: str) -> None:
    for i in range(count):
        book_copy.write(f"extra/extra-{i}.yaml", f"""\
id: EXTRA-R{chr(65 + i // 26)}{chr(65 + i % 26)}
name: extra-{i}
title: extra
category: betting
summary: extra
citations: [{{source: house, edition: "x", confidence: house}}]
subject: extra
when:
  - {{as: w, fact: wager, where: {where.format(i=i + 1, v=("chips", "words", "floor")[i % 3])}}}
ruling:
  decision: extra
  effect: {{kind: none}}
  explanation: extra
""")


def test_lint_stops_a_rulebook_over_the_pattern_threshold(book_copy):
    """Audit L3: nothing failed before durable's error 303 did."""
    _add_rules(book_copy, 62, "[[chip_count, '>', -{i}]]")
    [problem] = lint.pattern_problems(load_rulebook(book_copy.folder))
    assert problem.code == "L012" and "wager" in problem.message and "error 303" in problem.message
    assert "discriminator" in problem.message and "docs/rulebook-format.md" in problem.message


def test_patterns_split_by_a_discriminator_pass_the_lint(book_copy):
    _add_rules(book_copy, 62, "[[decided_by, '==', {v}], [chip_count, '>', -{i}]]")
    book = load_rulebook(book_copy.folder)
    from floorman.engine.compiler import compile_rulebook
    from floorman.rulebook.loader import engine_spec

    assert compile_rulebook(engine_spec(r) for r in book.rules_for("cash")).patterns_per_type["wager"] > 100
    assert lint.pattern_problems(book) == []


# ----------------------------------------------------------------------------- L8

def test_errors_in_a_rulebook_copy_name_the_copy_not_the_bundled_file(book_copy, tmp_path):
    book_copy.edit(OVERSIZED, "priority: 60", "priority: lots")
    with pytest.raises(InputFileError) as caught:
        load_rulebook(book_copy.folder)
    assert Path(caught.value.file).resolve() == book_copy.path(OVERSIZED).resolve()
    assert not caught.value.file.startswith("rulebook/")


def test_an_unknown_profile_names_where_it_came_from(book_copy):
    line = book_copy.edit("profiles/cash.yaml", "tda_edition:", "extends: tda-2062\ntda_edition:")
    with pytest.raises(InputFileError) as caught:
        load_rulebook(book_copy.folder)
    error = caught.value
    assert (error.line, error.field) == (line, "extends") and error.file.endswith("profiles/cash.yaml")
    assert "did you mean tda-2026" in error.message
    with pytest.raises(InputFileError) as caught:
        load_rulebook().options("tda-2062")
    assert caught.value.field == "profile" and "did you mean tda-2026" in caught.value.message


def test_the_bundled_rulebook_lints_clean_on_its_own():
    assert [str(p) for p in lint.lint_files(DEFAULT_RULEBOOK)] == []
    assert [str(p) for p in lint.lint_rules(load_rulebook())] == []


# ----------------------------------------------------------------------------- L014 hidden conflicts

def test_l014_the_bundled_rulebook_has_no_hidden_conflict():
    """Issue 14 item 2: no two rules the floor would settle by the order of their ids. Without the
    fields' relations the conditions alone leave about a hundred pairs; the relations (checked on
    every built fact below) rule out all of them, every real one being declared."""
    from floorman.authoring.conflicts import rule_conflicts

    book = load_rulebook()
    assert [c.message for c in rule_conflicts(book)] == []
    assert len(rule_conflicts(book, relations={})) > 90
    assert [p for p in lint.lint_rules(book) if p.code == "L014"] == []


def test_l014_names_two_rules_that_can_fire_together_until_one_wins_or_they_agree(book_copy):
    """The audit's N2 pair, undone: a raise declared when raising is closed, and a question."""
    name = "declarations/question-not-a-declaration.yaml"
    book_copy.edit(name, "      - [in_question, '==', true]\n", "      - [act_raise_closed_declared, '==', true]\n")
    [problem] = [p for p in lint.lint_rules(load_rulebook(book_copy.folder)) if p.code == "L014"]
    assert "ACT-RAISE-CLOSED-DECLARED (call) and DECL-QUESTION-NOT-A-DECLARATION (floor-decides)" in problem.message
    assert "priority 90" in problem.message and "overrides" in problem.message
    assert problem.where.startswith(str(book_copy.path("action/raise-closed-declared.yaml")))
    # declared either way, it is settled on purpose (each load reads the edited files again)
    from floorman.rulebook.loader import _load
    book_copy.edit(name, "priority: 90\n", "priority: 90\ncompatible_with: {ACT-RAISE-CLOSED-DECLARED: both stand}\n")
    _load.cache_clear()
    assert [p.message for p in lint.lint_rules(load_rulebook(book_copy.folder)) if p.code == "L014"] == []
    book_copy.edit(name, "compatible_with: {ACT-RAISE-CLOSED-DECLARED: both stand}\n",
                   "overrides: [ACT-RAISE-CLOSED-DECLARED]\n")
    _load.cache_clear()
    assert [p for p in lint.lint_rules(load_rulebook(book_copy.folder)) if p.code == "L014"] == []


def test_l014_a_compatible_rule_must_exist(book_copy):
    book_copy.edit(OVERSIZED, "subject: wager\n", "subject: wager\ncompatible_with: {BET-NO-SUCH-RULE: x}\n")
    with pytest.raises(FloormanError, match="compatible with unknown rule BET-NO-SUCH-RULE"):
        load_rulebook(book_copy.folder)


def test_l014_rules_declared_compatible_both_stand():
    """Two flushes tie over a full house in short deck: the flush wins, and the split's odd chip
    rule stands beside it (VAR-FLUSH-OVER-FULL-HOUSE is declared compatible with it)."""
    from floorman.engine.floor import settle
    from floorman.ruling import Ruling

    book = load_rulebook()

    def ruling(rule_id: str, decision: str) -> Ruling:
        return Ruling(rule_id, "", "", "showdown", decision, {}, (), "", (), "ranking", 60, {"r": "ranking_question:0"})

    kept, beaten, conflicts = settle([ruling("VAR-FLUSH-OVER-FULL-HOUSE", "flush-wins"),
                                      ruling("VAR-ODD-CHIP-WORST-POSITION", "split-odd-chip-worst-position")], book)
    assert [r.rule_id for r in kept] == ["VAR-FLUSH-OVER-FULL-HOUSE", "VAR-ODD-CHIP-WORST-POSITION"]
    assert beaten == {} and conflicts == []


def test_the_fact_relations_hold_on_every_fact_built():
    """floorman/engine/fact_relations.py makes claims about the builders; L014 rests on them. Every
    relation holds on every fact of the bundled scenarios under every profile, and on the facts of
    random wager spots (in turn, two in a hand, out of turn)."""
    import random

    from floorman.engine.fact_relations import RELATIONS
    from floorman.engine.facts import Situation, situation_facts
    from floorman.engine.floor import Floor
    from floorman.scenarios import find_scenarios, load_scenario
    from test_wager_legality import PROFILES, STRUCTURES, out_of_turn, random_hand, random_table, random_wager

    book = load_rulebook()
    broken: list[str] = []
    seen: dict[str, int] = {}

    def check(facts: list[dict], where: str) -> None:
        for fact in facts:
            seen[fact["type"]] = seen.get(fact["type"], 0) + 1
            for relation in RELATIONS.get(fact["type"], ()):
                if not relation.holds(fact):
                    broken.append(f"{where}: {fact['type']} {relation.given} -> {relation.then}")

    for path in find_scenarios([DEFAULT_SCENARIOS]):
        scenario = load_scenario(path)
        for profile in sorted(book.profiles):
            try:
                check(situation_facts(scenario.situation(profile, book.options(profile))), str(path))
            except FloormanError:
                continue
    floor = Floor(book)
    rng = random.Random(3)
    options = {profile: book.options(profile) for profile in PROFILES}
    spots = 0
    while spots < 3000:
        table = random_table(rng, rng.choice(STRUCTURES))
        hand = random_hand(rng, table)
        if hand is None:
            continue
        events, state = hand
        wager = out_of_turn(rng, state) if rng.random() < 0.25 else random_wager(rng, state)
        if wager is None:
            continue
        spots += 1
        profile = rng.choice(PROFILES)
        try:
            report = floor.rule(Situation(table, events, [wager], profile, options[profile]))
        except FloormanError:
            continue
        check(report.trace.facts, f"spot {spots} {wager!r}")
    assert not broken, f"{len(broken)} facts break a relation, e.g.:\n" + "\n".join(broken[:10])
    assert seen.get("wager", 0) > 3000 and seen.get("oot", 0) > 300
    related = {fact for fact in RELATIONS if seen.get(fact)}
    assert related == set(RELATIONS), f"relations never checked on a fact: {sorted(set(RELATIONS) - related)}"
