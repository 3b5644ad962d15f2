"""The room options the hand model follows (floorman/model/room.py): what HandState says happens
next must agree with the ruling under the same profile, or the table picture contradicts it."""

from __future__ import annotations

from pathlib import Path

import pytest

from floorman.model.room import RoomRules
from floorman.model.state import HandState
from floorman.scenarios import load_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _replayed(name: str, room: RoomRules) -> HandState:
    scenario = load_scenario(SCENARIOS / name)
    return HandState.replay(scenario.table, scenario.events, room=room)


def test_stud_tied_boards_act_by_position_or_by_the_high_upcard():
    # fourth street: seat 1 shows Kc 9d, seat 3 Kh 9h; seat 2 shows 2c 3s
    name = "variants/tda-stud-tied-boards-high-card-by-suit.yaml"
    assert _replayed(name, RoomRules(stud_showing_tie="position")).actor == 1
    assert _replayed(name, RoomRules(stud_showing_tie="high-card-by-suit")).actor == 3   # Kh over Kc


def test_razz_odd_chip_to_the_high_or_the_lowest_card_by_suit():
    # 7-5-4-3-2 twice: seat 1 holds the 2c (the lowest card), seat 2 the 7d (the high card by suit)
    name = "variants/razz-split-odd-chip-tda.yaml"
    tda = _replayed(name, RoomRules(stud_showing_tie="high-card-by-suit")).result()
    assert tda.awards[0].shares == {1: 1, 2: 2}
    cash = _replayed("variants/razz-split-odd-chip-cash.yaml",
                     RoomRules(stud_showing_tie="position", razz_odd_chip="lowest-card-by-suit")).result()
    assert cash.awards[0].shares == {1: 2, 2: 1}


def test_the_profiles_options_reach_the_hand():
    assert RoomRules.from_options({}) == RoomRules()
    cash = RoomRules.from_options({"limit_cap_lifted_heads_up": True, "stud_showing_tie": "position",
                                   "razz_odd_chip": "lowest-card-by-suit", "words_vs_chips": "verbal"})
    assert cash == RoomRules(cap_lifted_heads_up=True, stud_showing_tie="position",
                             razz_odd_chip="lowest-card-by-suit")
    with pytest.raises(ValueError, match="stud_showing_tie"):
        RoomRules(stud_showing_tie="by-seat-number")  # type: ignore[arg-type]


def test_a_scenario_is_replayed_under_its_profile():
    from floorman.engine.floor import Floor

    floor = Floor()
    scenario = load_scenario(SCENARIOS / "variants/tda-stud-tied-boards-high-card-by-suit.yaml")
    report = floor.rule(scenario.situation("tda-2026", floor.situation_options("tda-2026")))
    assert report.state is not None and report.state.actor == 3
    report = floor.rule(scenario.situation("cash", floor.situation_options("cash")))
    assert report.state is not None and report.state.actor == 1
