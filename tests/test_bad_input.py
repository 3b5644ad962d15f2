"""Bad input gets a clear error naming the file, line and field; YAML is loaded safely."""

from __future__ import annotations

import textwrap

import pytest

from floorman.checks.runner import run_checks
from floorman.errors import FloormanError
from floorman.scenarios import load_scenario

GOOD = """\
title: test
table:
  button: 3
  forced_bets: {small_blind: 5, big_blind: 10}
  seats:
    - {number: 1, stack: 1000}
    - {number: 2, stack: 1000}
    - {number: 3, stack: 1000}
events:
  - {type: post, seat: 1, kind: small-blind, amount: 5}
  - {type: post, seat: 2, kind: big-blind, amount: 10}
incidents:
  - {type: wager, seat: 3, chips: [100]}
expect: {rule: BET-OVERSIZED-CHIP-CALL}
"""


def write(tmp_path, text):
    path = tmp_path / "case.yaml"
    path.write_text(textwrap.dedent(text))
    return path


def error_of(path) -> FloormanError:
    with pytest.raises(FloormanError) as caught:
        load_scenario(path)
    return caught.value


def test_the_good_scenario_loads(tmp_path):
    assert load_scenario(write(tmp_path, GOOD)).incidents[0].seat == 3


def test_a_wrong_type_names_file_line_field_and_what_was_expected(tmp_path):
    path = write(tmp_path, GOOD.replace("{number: 2, stack: 1000}", "{number: 2, stack: lots}"))
    error = error_of(path)
    assert error.line == 7 and error.field == "table.seats[1].stack"
    assert "whole number" in str(error) and str(error).startswith(str(path))


def test_an_unknown_field_is_refused(tmp_path):
    error = error_of(write(tmp_path, GOOD.replace("kind: big-blind, amount: 10", "kind: big-blind, amont: 10")))
    assert error.line == 11 and error.field == "events[1].amont" and "unknown field" in str(error)


def test_an_unknown_incident_type_lists_the_known_ones(tmp_path):
    error = error_of(write(tmp_path, GOOD.replace("type: wager", "type: wagr")))
    assert error.line == 13 and error.field == "incidents[0].type" and "wager" in str(error)


def test_an_unknown_section_is_refused(tmp_path):
    error = error_of(write(tmp_path, GOOD + "expects: {}\n"))
    assert error.line == 15 and "unknown section" in str(error)


def test_yaml_syntax_error_has_a_line(tmp_path):
    error = error_of(write(tmp_path, GOOD.replace("seats:\n", "seats: [\n")))
    assert error.line is not None and "not valid YAML" in str(error)


def test_yaml_never_executes_anything(tmp_path):
    error = error_of(write(tmp_path, GOOD.replace("title: test", "title: !!python/object/apply:os.system ['echo hi']")))
    assert "not valid YAML" in str(error)


def test_duplicate_keys_are_refused(tmp_path):
    error = error_of(write(tmp_path, GOOD.replace("title: test", "title: test\ntitle: again")))
    assert "duplicate key" in str(error)


def test_a_seat_that_does_not_exist_is_located_at_its_event(tmp_path):
    path = write(tmp_path, GOOD.replace("{type: post, seat: 2,", "{type: post, seat: 7,"))
    [result] = run_checks([path])
    assert not result.passed
    assert result.problems[0].startswith(f"{path}:11: events[1].seat: seat 7 is not at this table")


def test_a_bet_beyond_the_stack_is_refused_with_its_place(tmp_path):
    path = write(tmp_path, GOOD.replace("chips: [100]", "chips: [5000]"))
    [result] = run_checks([path])
    assert "incidents[0].chips" in result.problems[0] and "table stakes" in result.problems[0]
    assert result.problems[0].startswith(f"{path}:13:")


def test_the_incident_family_index_matches_the_registrations():
    """FAMILY_OF lets a scenario import only the family it needs; it must name every type."""
    from floorman.model.incidents import FAMILY_OF, INCIDENT_TYPES, _load_families

    _load_families()
    assert {name: cls.__module__.rsplit(".", 1)[1] for name, cls in INCIDENT_TYPES.items()} == FAMILY_OF


def test_the_fact_extension_index_names_every_extending_family():
    from floorman.engine.facts import EXTENDED_BY, EXTENDERS, _load_builders
    from floorman.model.incidents import FAMILY_OF

    _load_builders()
    for incident_type, extenders in EXTENDERS.items():
        families = {extender.__module__.rsplit(".", 1)[1] for extender in extenders}
        assert families - {FAMILY_OF[incident_type]} <= set(EXTENDED_BY.get(incident_type, ()))


@pytest.mark.parametrize("incident", [
    "{type: out-of-turn, seat: 9, action: call}",
    "{type: exposed-card, seat: 9, by: player, cards: [As]}",
    "{type: show-request, seat: 9, target: 1}",
])
def test_an_incident_naming_a_seat_that_is_not_there_is_located(tmp_path, incident):
    path = write(tmp_path, GOOD.replace("{type: wager, seat: 3, chips: [100]}", incident))
    [result] = run_checks([path])
    assert not result.passed
    assert result.problems[0].startswith(f"{path}:13: incidents[0].seat: seat 9 is not at this table")


def test_an_unknown_field_lists_the_valid_names_with_a_did_you_mean(tmp_path):
    error = error_of(write(tmp_path, GOOD.replace("{number: 2, stack: 1000}", "{number: 2, stak: 1000}")))
    assert error.field == "table.seats[1].stak" and error.line == 7
    assert "did you mean 'stack'?" in str(error)
    assert "(valid: number, name, stack, present, sitting_out" in str(error)


def test_the_other_problems_are_shown_not_just_counted(tmp_path):
    """Up to three problems are named; beyond that, how many more."""
    two = error_of(write(tmp_path, GOOD.replace("{number: 1, stack: 1000}", "{number: 1, stack: lots}")
                         .replace("{number: 2, stack: 1000}", "{number: 2, stack: heaps}")))
    assert str(two).startswith(f"{tmp_path / 'case.yaml'}:6: table.seats[0].stack:")
    assert "; also table.seats[1].stack (line 7): Input should be a valid integer" in str(two)
    assert "more problem" not in str(two)
    five = error_of(write(tmp_path, GOOD.replace("stack: 1000}", "stack: lots}").replace(
        "small_blind: 5, big_blind: 10", "small_blind: five, big_blind: ten")))
    text = str(five)
    assert text.count("; also ") == 1 and text.count("(line ") == 2 and "(expected a whole number); also" in text
    assert text.endswith("(and 3 more problems)")
