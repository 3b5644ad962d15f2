"""The conduct family: incident refusals, the facts the rules rest on (live hand, ladder numbers for
the table as it is), and rulings end to end, including a penalty counted for a short table and the
room's penalty type."""

from __future__ import annotations

import pytest

from floorman.engine.facts import Situation, situation_facts
from floorman.engine.floor import Floor
from floorman.errors import FloormanError, InvalidEvent
from floorman.model.events import parse_event
from floorman.model.incidents import parse_incident
from floorman.model.table import Table


@pytest.fixture(scope="module")
def floor():
    return Floor()


def _table(players=8, fmt="tournament", stack=20000, stacks=None):
    seats = [{"number": n, "stack": (stacks or {}).get(n, stack)} for n in range(1, players + 1)]
    forced = {"small_blind": 100, "big_blind": 200}
    if fmt == "tournament":
        forced.update(ante=200, ante_style="big-blind")
    return Table.from_data({"format": fmt, "button": players, "forced_bets": forced, "seats": seats})


def _events(fmt="tournament", rest=()):
    posts = [{"type": "post", "seat": 1, "kind": "small-blind", "amount": 100},
             {"type": "post", "seat": 2, "kind": "big-blind", "amount": 200}]
    if fmt == "tournament":
        posts.append({"type": "post", "seat": 2, "kind": "big-blind-ante", "amount": 200})
    return [parse_event(e) for e in posts + list(rest)]


# seat 3 raises, seat 5 calls, the rest fold: seats 3 and 5 are live
PREFLOP = [{"type": "action", "seat": 3, "action": "raise", "amount": 600},
           {"type": "action", "seat": 4, "action": "fold"},
           {"type": "action", "seat": 5, "action": "call"}]


def _situation(incident, players=8, fmt="tournament", options=None, rest=PREFLOP, stacks=None, floor=None):
    book = (floor or Floor()).rulebook
    profile = "tda-2026" if fmt == "tournament" else "cash"
    opts = dict(book.options(profile))
    opts.update(options or {})
    return Situation(_table(players, fmt, stacks=stacks), _events(fmt, rest), [parse_incident(incident)],
                     profile, opts)


def _fact(situation, kind):
    return next(f for f in situation_facts(situation) if f["type"] == kind)


def _ruling(floor, situation):
    report = floor.rule(situation)
    assert report.rulings, "no ruling"
    return report.rulings[0]


# ---------------------------------------------------------------------------- incident models
@pytest.mark.parametrize("raw, words", [
    ({"type": "conduct", "seat": 3, "offence": "cheating"}, "offence"),
    ({"type": "conduct", "seat": 3, "offence": "advice", "other_seat": 3}, "other_seat"),
    ({"type": "conduct", "seat": 3, "offence": "abuse", "prior_warnings": -1}, "prior_warnings"),
    ({"type": "penalty", "seat": 3, "severity": "awful"}, "severity"),
    ({"type": "complaint", "topic": "bad-beat"}, "topic"),
    ({"type": "chips-found-behind", "seat": 3, "all_in_seat": 5, "amount": 0}, "amount"),
    ({"type": "lost-chips", "amount": -5}, "amount"),
])
def test_bad_incidents_are_refused_naming_the_field(raw, words):
    with pytest.raises(Exception) as error:
        parse_incident(raw)
    assert words in str(error.value)


# ---------------------------------------------------------------------------- facts
def test_live_hand_and_folded_player_are_read_from_the_hand(floor):
    live = _fact(_situation({"type": "conduct", "seat": 5, "offence": "device", "prior_warnings": 1}, floor=floor),
                 "conduct")
    folded = _fact(_situation({"type": "conduct", "seat": 4, "offence": "device", "prior_warnings": 1},
                              floor=floor), "conduct")
    warned = _fact(_situation({"type": "conduct", "seat": 5, "offence": "device"}, floor=floor), "conduct")
    assert live["live_hand"] and live["starts"] == "when this hand is over"     # a penalty waits for the hand
    assert not folded["live_hand"] and folded["folded"] and folded["starts"] == "now"
    assert warned["step"] == "warning" and warned["starts"] == "now"


def test_advice_to_a_live_player_is_seen_as_such(floor):
    fact = _fact(_situation({"type": "conduct", "seat": 4, "offence": "advice", "other_seat": 5}, floor=floor),
                 "conduct")
    assert fact["other_in_hand"] and fact["other_seat"] == 5
    not_live = _fact(_situation({"type": "conduct", "seat": 5, "offence": "advice", "other_seat": 4},
                                floor=floor), "conduct")
    assert not not_live["other_in_hand"]


@pytest.mark.parametrize("players", [5, 6, 9])
def test_a_missed_round_is_one_hand_per_player_seated(floor, players):
    fact = _fact(_situation({"type": "penalty", "seat": 3, "prior_warnings": 1}, players=players, floor=floor),
                 "penalty")
    assert fact["seats_at_table"] == players
    assert fact["hands_missed"] == players and fact["rounds"] == 1
    assert fact["forced_bets_while_away"] == 100 + 200 + 200      # one round: SB, BB and the BB ante


def test_an_unknown_seat_is_refused_with_its_field(floor):
    with pytest.raises(InvalidEvent) as error:
        _fact(_situation({"type": "conduct", "seat": 9, "offence": "abuse"}, floor=floor), "conduct")
    assert "seat" in str(error.value)


def test_chips_found_behind_needs_an_all_in(floor):
    with pytest.raises(FloormanError) as error:
        _fact(_situation({"type": "chips-found-behind", "seat": 3, "all_in_seat": 5, "amount": 500},
                         floor=floor), "chips_found_behind")
    assert "all-in" in str(error.value)


def test_chips_found_behind_a_call_still_to_make_is_taken_as_made(floor):
    rest = PREFLOP + [{"type": "action", "seat": n, "action": "fold"} for n in (6, 7, 8, 1, 2)] + [
        {"type": "board", "cards": "Qs9h4d"}, {"type": "action", "seat": 3, "action": "bet", "amount": 1000},
        {"type": "action", "seat": 5, "action": "all-in"}]
    situation = _situation({"type": "chips-found-behind", "seat": 3, "all_in_seat": 5, "amount": 1000,
                            "part_of_action": True}, rest=rest, stacks={5: 3000}, floor=floor)
    fact = _fact(situation, "chips_found_behind")
    assert fact["all_in_total"] == 3000 and fact["caller_total"] == 3000
    assert fact["caller_behind"] == 20000 - 3000 and fact["extra_to_call"] == 1000
    ruling = _ruling(floor, situation)
    assert ruling.rule_id == "CHIPS-BEHIND-IN-ACTION" and ruling.params["extra_to_call"] == 1000


# ---------------------------------------------------------------------------- rulings
def test_repeat_disclosure_at_a_five_player_table_is_five_hands(floor):
    situation = _situation({"type": "conduct", "seat": 4, "offence": "disclosure", "prior_warnings": 1},
                           players=5, floor=floor)
    ruling = _ruling(floor, situation)
    assert ruling.rule_id == "CONDUCT-ONE-PLAYER-TO-A-HAND"
    assert (ruling.params["step"], ruling.params["hands_missed"]) == ("missed-rounds", 5)


def test_the_room_penalty_type_changes_the_step(floor):
    incident = {"type": "penalty", "seat": 6, "prior_warnings": 1}
    chips = _ruling(floor, _situation(incident, options={"penalty_type": "chip-penalty"}, floor=floor))
    hands = _ruling(floor, _situation(incident, options={"penalty_type": "missed-hands", "penalty_hands": 2},
                                      floor=floor))
    assert (chips.rule_id, chips.params["chips_forfeited"]) == ("PENALTY-CHIP-PENALTY", 500)
    assert (hands.rule_id, hands.params["hands_missed"]) == ("PENALTY-MISSED-HANDS", 2)


def test_a_bad_room_penalty_type_is_refused(floor):
    with pytest.raises(FloormanError) as error:
        _fact(_situation({"type": "penalty", "seat": 6}, options={"penalty_type": "timeout"}, floor=floor),
              "penalty")
    assert "penalty_type" in str(error.value)


def test_collusion_differs_between_tournament_and_cash(floor):
    incident = {"type": "conduct", "seat": 3, "offence": "chip-dumping", "other_seat": 5}
    tournament = _ruling(floor, _situation(incident, floor=floor))
    cash = _ruling(floor, _situation(incident, fmt="cash", floor=floor))
    assert (tournament.rule_id, tournament.decision) == ("CONDUCT-COLLUSION-DISQUALIFIED", "disqualification")
    assert tournament.params["chips_removed"] == 20000 - 600
    assert (cash.rule_id, cash.decision) == ("CONDUCT-COLLUSION-CASH-REMOVED", "removal-and-ban")


def test_legal_strategy_complaint_gets_an_explicit_no_ruling(floor):
    ruling = _ruling(floor, _situation({"type": "complaint", "topic": "legal-strategy", "seat": 5}, floor=floor))
    assert (ruling.rule_id, ruling.decision) == ("FLOOR-LEGAL-PLAY", "no-ruling-legal-play")
