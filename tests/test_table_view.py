"""The table picture and `whats_next`: every seat with its stack, the button and blinds, the
bets, the pots, the board, and what the seat to act faces, for 2-10 seats, stud, 80-160 columns."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from floorman.cli.table_view import table_picture, whats_next
from floorman.model.events import parse_event
from floorman.model.state import HandState
from floorman.model.table import Table

NAMES = ["Ann", "Bob", "Cleo", "Dmitri", "Eve", "Farouk", "Gus", "Hanna", "Ivo", "Jo"]


def _hand(seats: int, *, betting: str = "no-limit", stacks=None, names: bool = False, button: int | None = None,
          events=(), blinds=(2, 5)) -> HandState:
    table = Table.from_data({
        "format": "cash", "variant": "holdem", "structure": {"betting": betting},
        "forced_bets": {"small_blind": blinds[0], "big_blind": blinds[1]},
        "button": button or seats, "seat_count": max(seats, 9),
        "seats": [{"number": n, "stack": (stacks or {}).get(n, 500), **({"name": NAMES[n - 1]} if names else {})}
                  for n in range(1, seats + 1)]})
    state = HandState(table)
    small, big = state.expected_blind_seats()
    for raw in ({"type": "post", "seat": small, "kind": "small-blind", "amount": blinds[0]},
                {"type": "post", "seat": big, "kind": "big-blind", "amount": blinds[1]}, *events):
        state.apply(parse_event(raw))
    return state


def _act(seat: int, action: str, amount: int | None = None) -> dict:
    return {"type": "action", "seat": seat, "action": action, **({"amount": amount} if amount else {})}


def _draw(state: HandState, width: int) -> str:
    console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    console.print(table_picture(state, width=width, profile="cash"))
    return console.export_text()


@pytest.mark.parametrize("width", [80, 100, 120, 160])
@pytest.mark.parametrize("seats", range(2, 11))
def test_every_seat_is_drawn_whole_at_every_width(seats, width):
    stacks = {n: 1000 + 111 * n for n in range(1, seats + 1)}
    state = _hand(seats, stacks=stacks, names=True)
    text = _draw(state, width)
    lines = text.splitlines()
    assert max(map(len, lines)) <= width
    small, big = state.expected_blind_seats()
    for number in range(1, seats + 1):
        seat = state.seats[number]
        # the label is intact (no other label or the oval drawn over it): number, name, stack
        assert re.search(rf"(?<!\d){number} {NAMES[number - 1][:3]}", text), (number, text)
        assert f"{seat.stack:,}" in text, (number, text)
    assert re.search(rf"(?<!\d){state.table.button} \S+ BTN", text), text      # the button
    assert re.search(rf"(?<!\d){small} \S+ (BTN/)?SB", text) and re.search(rf"(?<!\d){big} \S+ BB", text)
    assert "▶" in text                                        # whose turn it is
    assert "profile: cash" in text


def test_bets_pot_and_board_are_drawn():
    state = _hand(6, events=[_act(3, "raise", 15), _act(4, "call"), _act(5, "fold"), _act(6, "fold"),
                             _act(1, "fold"), _act(2, "call"),
                             {"type": "board", "cards": ["As", "Kd", "7c"]}, _act(2, "bet", 20)])
    text = _draw(state, 80)
    assert "As Kd 7c" in text
    assert "pot 47" in text and "bets 20" in text     # 3 x 15 + the folded small blind 2
    assert re.search(r"(?<![\d,])20(?![\d,])", text.split("As Kd 7c")[0] + text.split("As Kd 7c")[1])
    assert "folded" in text
    assert "flop" in text


def test_what_the_seat_to_act_faces_in_no_limit():
    state = _hand(6, events=[_act(3, "raise", 15)])
    assert whats_next(state) == ("Seat 4 to act: 15 to call; minimum raise to 25; all-in to 500. "
                                 "May fold, call 15 or raise to between 25 and 500.")
    assert whats_next(state) in " ".join(_draw(state, 120).split())


def test_the_pot_limit_maximum_is_shown():
    state = _hand(3, betting="pot-limit", button=3)
    # seat 3 (the button) first: the pot is 2 + 5 + the call of 5 = 12, raise by 12 to 17
    [raising] = [o for o in state.legal_options() if o.action == "raise"]
    assert raising.max_to == 17
    assert "pot-limit maximum 17" in whats_next(state)
    assert "pot-limit maximum 17" in " ".join(_draw(state, 80).split())


def test_nothing_to_call_and_no_raise_possible():
    state = _hand(2, button=1, events=[_act(1, "call")])
    assert whats_next(state).startswith("Seat 2 to act: nothing to call; minimum raise to 10")
    short = _hand(3, button=3, stacks={3: 500, 1: 500, 2: 500},
                  events=[_act(3, "raise", 15), _act(1, "fold"), _act(2, "raise", 500)])
    assert whats_next(short) == "Seat 3 to act: 485 to call; no raise possible. May fold or call 485 (all-in)."


def test_after_the_betting_what_comes_next():
    state = _hand(3, button=3, events=[_act(3, "call"), _act(1, "call"), _act(2, "check")])
    assert whats_next(state) == "The preflop betting is over: burn and deal the flop."
    folded = _hand(3, button=3, events=[_act(3, "raise", 15), _act(1, "fold"), _act(2, "fold")])
    assert whats_next(folded) == "The hand is over: seat 3 wins the pot."
    river = _hand(2, button=1, events=[_act(1, "call"), _act(2, "check"),
                                       {"type": "board", "cards": ["As", "Kd", "7c"]}, _act(2, "check"), _act(1, "check"),
                                       {"type": "board", "cards": ["2h"]}, _act(2, "check"), _act(1, "check"),
                                       {"type": "board", "cards": ["9s"]}, _act(2, "bet", 10), _act(1, "call")])
    assert whats_next(river) == "The betting is over: showdown. Hands are shown in the order: seat 2, 1."
    river.apply(parse_event({"type": "show", "seat": 2, "cards": ["Ah", "Ac"]}))
    river.apply(parse_event({"type": "show", "seat": 1, "cards": ["Kh", "Kc"]}))
    assert whats_next(river) == "The hands are shown: award the pot."
    all_in = _hand(2, button=1, events=[_act(1, "raise", 500), _act(2, "call")])
    assert whats_next(all_in).startswith("The betting is over (all-in): the hands are turned face up, then "
                                         "burn and deal the flop")


def test_side_pots_are_named():
    state = _hand(3, button=3, stacks={1: 100, 2: 500, 3: 500},
                  events=[_act(3, "raise", 300), _act(1, "call"), _act(2, "call")])
    text = _draw(state, 100)
    assert "main 300" in text and "side 1 400" in text


def test_stud_shows_the_up_cards():
    table = Table.from_data({
        "format": "cash", "variant": "stud", "structure": {"betting": "fixed-limit", "small_bet": 100, "big_bet": 200},
        "forced_bets": {"ante": 25, "ante_style": "every-player", "bring_in": 50},
        "seats": [{"number": n, "stack": 5000} for n in range(1, 5)]})
    state = HandState(table)
    ups = {1: "7h", 2: "Kc", 3: "2d", 4: "Qs"}
    for seat in range(1, 5):
        state.apply(parse_event({"type": "post", "seat": seat, "kind": "ante", "amount": 25}))
    for seat, up in ups.items():
        state.apply(parse_event({"type": "deal", "seat": seat, "cards": ["??", "??", up],
                                 "face_up": [False, False, True]}))
    for width in (80, 160):
        text = _draw(state, width)
        for up in ups.values():
            assert up in text
        assert max(map(len, text.splitlines())) <= width
    assert "Seat 3 to act" in whats_next(state)       # the low card brings it in


def test_a_hand_with_no_events_and_a_broken_state_still_draw():
    table = Table.from_data({"format": "cash", "variant": "holdem", "structure": {"betting": "no-limit"},
                             "forced_bets": {"small_blind": 1, "big_blind": 2}, "button": 1,
                             "seats": [{"number": 1, "stack": 100}, {"number": 2, "stack": 100}]})
    state = HandState(table)
    assert whats_next(state) == "Post the forced bets and deal."
    assert "pot 0" in _draw(state, 80)
    assert whats_next(None) == ""


def test_two_equal_bets_side_by_side_are_both_drawn():
    state = _hand(10, names=True, events=[_act(3, "raise", 15), _act(4, "call"), _act(5, "raise", 60)])
    picture = _draw(state, 80).split("Seat 6")[0]
    assert len(re.findall(r"(?<![\d,])15(?![\d,])", picture)) == 2
    assert len(re.findall(r"(?<![\d,])60(?![\d,])", picture)) == 1
    assert re.search(r"(?<![\d,])5(?![\d,])", picture) and re.search(r"(?<![\d,])2(?![\d,])", picture)
