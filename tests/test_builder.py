"""The situation builder: the one-line set-up and a hand built event by event, ruled, undone and
written as a scenario that `check` passes."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from floorman.builder import HandBuilder
from floorman.checks.runner import run_checks
from floorman.engine.floor import Floor
from floorman.errors import ActionOutOfTurn, FloormanError, InvalidEvent
from floorman.model.events import Action, Board
from floorman.model.incidents import parse_incident
from floorman.notation import NotationError
from floorman.notation.setup import parse_setup
from floorman.scenarios import load_scenario


@pytest.fixture(scope="module")
def floor() -> Floor:
    return Floor()


def test_setup_line_of_the_issue():
    setup = parse_setup("nl 2/5 cash 6 seats 500 button 6")
    table = setup.table
    assert (setup.profile, setup.profile_named) == ("cash", False)
    assert [s.number for s in table.seats] == [1, 2, 3, 4, 5, 6] and {s.stack for s in table.seats} == {500}
    assert (table.seat_count, table.button, table.format.value) == (6, 6, "cash")
    assert (table.forced_bets.small_blind, table.forced_bets.big_blind) == (2, 5)
    assert table.structure.betting.value == "no-limit" and table.variant.value == "holdem"


def test_setup_tournament_with_seats_and_big_blind_ante():
    setup = parse_setup("plo 1000/2000 bba tournament seats 1:50000 3:42000:Ann button 3")
    table = setup.table
    assert setup.profile == "tda-2026"
    assert [(s.number, s.stack, s.name) for s in table.seats] == [(1, 50000, ""), (3, 42000, "Ann")]
    assert table.seat_count == 9 and table.button == 3
    assert (table.variant.value, table.structure.betting.value) == ("omaha", "pot-limit")
    assert (table.forced_bets.ante, table.forced_bets.ante_style) == (2000, "big-blind")


def test_setup_defaults_and_options():
    table = parse_setup("").table
    assert len(table.seats) == 9 and {s.stack for s in table.seats} == {200} and table.button == 1
    named = parse_setup("nl 100/200 tournament profile cash ante 25 straddle 400 chips 25/100/500 left 12")
    assert (named.profile, named.profile_named) == ("cash", True)
    fb = named.table.forced_bets
    assert (fb.ante, fb.ante_style, fb.straddles) == (25, "every-player", (400,))
    assert named.table.chip_denominations == (25, 100, 500) and named.table.players_left_in_event == 12
    limit = parse_setup("fl 10/20").table
    assert (limit.structure.small_bet, limit.structure.big_bet, limit.forced_bets.big_blind) == (10, 20, 10)
    assert parse_setup("nl 1k/2k stack 50k").table.seats[0].stack == 50_000


@pytest.mark.parametrize(("line", "column", "message"), [
    ("nl 2/5 csh", 8, "'csh' is not part of a set-up"),
    ("nl 2/5 button", 14, "button needs"),
    ("nl 2/5 button x", 15, "'x' is not an amount"),
    ("nl 2/5 seats 1:abc", 16, "'abc' is not an amount"),
    ("nl 2/5 6 seats button 9", 1, "button 9 is not a seat"),
])
def test_setup_errors_are_located(line, column, message):
    with pytest.raises(NotationError) as caught:
        parse_setup(line)
    assert message in caught.value.message and caught.value.column == column, str(caught.value)


def test_forced_bets_are_posted_in_order(floor):
    setup = parse_setup("nl 100/200 ante 25 tournament 4 seats 10000 button 4")
    builder = HandBuilder(setup.table, setup.profile, floor=floor)
    posts = [(p.seat, p.kind, p.amount) for p in builder.post_forced_bets()]
    assert posts == [(1, "ante", 25), (2, "ante", 25), (3, "ante", 25), (4, "ante", 25),
                     (1, "small-blind", 100), (2, "big-blind", 200)]
    assert builder.state.actor == 3 and builder.state.pot == 400
    bba = parse_setup("nl 100/200 bba straddle 400 tournament 5 seats button 1")
    built = HandBuilder(bba.table, bba.profile, floor=floor)
    assert [(p.seat, p.kind) for p in built.post_forced_bets()] == \
        [(2, "small-blind"), (3, "big-blind"), (3, "big-blind-ante"), (4, "straddle")]
    heads_up = parse_setup("nl 1/2 2 seats button 2")
    two = HandBuilder(heads_up.table, heads_up.profile, floor=floor)
    assert [(p.seat, p.kind) for p in two.post_forced_bets()] == [(2, "small-blind"), (1, "big-blind")]
    short = parse_setup("nl 100/200 seats 1:50 2:5000 3:5000 button 3")
    assert [p.amount for p in HandBuilder(short.table, short.profile, floor=floor).post_forced_bets()] == [50, 200]


def _dispute_one(floor) -> HandBuilder:
    setup = parse_setup("nl 2/5 cash 6 seats 500 button 6")
    builder = HandBuilder(setup.table, setup.profile, floor=floor)
    builder.post_forced_bets()
    builder.add_event(Action(seat=3, action="raise", amount=25))
    return builder


def test_a_refused_event_changes_nothing(floor):
    builder = _dispute_one(floor)
    before = (list(builder.events), builder.state.actor, builder.state.pot)
    with pytest.raises(ActionOutOfTurn):
        builder.add_event(Action(seat=6, action="call"))
    with pytest.raises(InvalidEvent):
        builder.add_event(Action(seat=4, action="raise", amount=5000))
    assert (list(builder.events), builder.state.actor, builder.state.pot) == before


def test_an_incident_is_ruled_and_the_hand_carries_on_from_its_effect(floor):
    builder = _dispute_one(floor)
    report = builder.add_incident(parse_incident({"type": "wager", "seat": 4, "chips": [100]}))
    ruling = report.rulings[0]
    assert (ruling.rule_id, ruling.params["call_amount"], ruling.params["change"]) == \
        ("BET-OVERSIZED-CHIP-CALL", 25, 75)
    assert builder.state.actor == 5 and builder.state.seats[4].street_bet == 25
    builder.add_event(Action(seat=5, action="fold"))          # carries on from the call
    assert builder.state.actor == 6 and builder.incidents == []
    assert [r.rulings[0].rule_id for r in builder.earlier_reports] == ["BET-OVERSIZED-CHIP-CALL"]
    # a second dispute builds on the first
    second = builder.add_incident(parse_incident({"type": "wager", "seat": 6, "chips": [100]}))
    assert second.rulings and second.rulings[0].decision == "call"
    assert builder.state.seats[6].street_bet == 25


def test_undo_takes_back_the_last_entry(floor):
    builder = _dispute_one(floor)
    builder.add_incident(parse_incident({"type": "wager", "seat": 4, "chips": [100]}))
    builder.add_event(Action(seat=5, action="fold"))
    assert builder.undo() == Action(seat=5, action="fold")
    assert builder.state.actor == 5 and len(builder.incidents) == 1
    assert builder.undo().type == "wager"
    assert builder.state.actor == 4 and builder.incidents == []
    builder.undo()
    builder.undo()
    builder.undo()
    assert builder.undo() is None and builder.events == []


def test_what_if_leaves_the_hand_alone(floor):
    builder = _dispute_one(floor)
    report = builder.what_if(parse_incident({"type": "wager", "seat": 4, "chips": [100]}))
    assert report.rulings[0].rule_id == "BET-OVERSIZED-CHIP-CALL"
    assert builder.incidents == [] and builder.state.actor == 4


def test_an_unknown_profile_is_refused(floor):
    setup = parse_setup("nl 2/5")
    with pytest.raises(FloormanError, match="unknown profile"):
        HandBuilder(setup.table, "tda-1999", floor=floor)


def test_to_scenario_is_a_check_that_passes(floor, tmp_path: Path):
    builder = _dispute_one(floor)
    builder.add_incident(parse_incident({"type": "wager", "seat": 4, "chips": [100]}))
    document = builder.to_scenario("dispute", "s3 raise 25\ns4 chips 100 silent")
    assert document["expect"]["rule"] == "BET-OVERSIZED-CHIP-CALL"
    assert document["expect"]["params"]["change"] == 75
    path = tmp_path / "dispute.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    scenario = load_scenario(path)
    assert scenario.table == builder.table and scenario.events == builder.events
    [result] = run_checks([path], floor=floor)
    assert result.passed, result
    # after the hand went on, the scenario stops at the dispute: still the check
    builder.add_event(Action(seat=5, action="fold"))
    later = builder.to_scenario("dispute")
    assert later["incidents"] and later["expect"]["rule"] == "BET-OVERSIZED-CHIP-CALL"


def test_to_scenario_with_two_incidents_has_one_expect_each(floor, tmp_path: Path):
    setup = parse_setup("nl 100/200 tournament 3 seats button 3")
    builder = HandBuilder(setup.table, setup.profile, floor=floor)
    builder.post_forced_bets()
    for seat, action in ((3, "call"), (1, "call"), (2, "check")):
        builder.add_event(Action(seat=seat, action=action))
    builder.add_event(Board(cards=("Kh", "Td", "6c")))
    builder.add_incident(parse_incident({"type": "question", "seat": 1, "asks": "min-bet"}))
    builder.add_incident(parse_incident({"type": "out-of-turn", "seat": 2, "action": "bet", "amount": 500,
                                         "then": [{"seat": 1, "action": "check"}]}))
    document = builder.to_scenario("two")
    assert isinstance(document["expect"], list) and len(document["expect"]) == 2
    assert document["expect"][1]["rule"] == "ACT-OOT-BINDS"
    path = tmp_path / "two.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    [result] = run_checks([path], floor=floor)
    assert result.passed, result


@pytest.mark.parametrize("line, variant, forced", [
    ("stud 20/40 tournament 6 seats 1000", "stud", {"ante": 5, "bring_in": 10}),
    ("razz 20/40 ante 3 bring-in 5 4 seats", "razz", {"ante": 3, "bring_in": 5}),
    ("stud8 100/200 3 seats", "stud-hi-lo", {"ante": 25, "bring_in": 50}),
])
def test_stud_games_set_up_with_antes_and_a_bring_in_and_no_button(line, variant, forced):
    table = parse_setup(line).table
    assert table.variant.value == variant and table.button is None
    assert {"ante": table.forced_bets.ante, "bring_in": table.forced_bets.bring_in} == forced
    assert table.forced_bets.big_blind == 0


@pytest.mark.parametrize("line, variant", [("piquet 1/2 4 seats", "piquet"), ("2-7 10/20 6 seats", "2-7-triple-draw"),
                                           ("27sd 5/10 3 seats", "2-7-single-draw")])
def test_the_other_games_set_up_with_blinds_and_a_button(line, variant):
    table = parse_setup(line).table
    assert table.variant.value == variant and table.button == 1 and table.forced_bets.big_blind > 0


def test_a_bring_in_outside_stud_is_refused():
    with pytest.raises(NotationError, match="bring-in is made only in stud"):
        parse_setup("nl 1/2 bring-in 5")
